package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static sizzle.interop.Attacker.FINISH;
import static sizzle.interop.Attacker.FLIGHT_NO_SKE;

import de.rub.nds.tlsattacker.core.config.Config;
import de.rub.nds.tlsattacker.core.constants.CipherSuite;
import de.rub.nds.tlsattacker.core.constants.NamedGroup;
import de.rub.nds.tlsattacker.core.constants.ProtocolVersion;
import de.rub.nds.tlsattacker.core.protocol.ProtocolMessage;
import de.rub.nds.tlsattacker.core.protocol.message.CertificateMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ChangeCipherSpecMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ECDHClientKeyExchangeMessage;
import de.rub.nds.tlsattacker.core.protocol.message.FinishedMessage;
import de.rub.nds.tlsattacker.core.protocol.message.RSAClientKeyExchangeMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ServerHelloDoneMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ServerHelloMessage;
import de.rub.nds.tlsattacker.core.workflow.action.ReceiveAction;
import de.rub.nds.tlsattacker.core.workflow.action.TlsAction;
import de.rub.nds.tlsattacker.transport.socket.SocketState;
import java.util.ArrayList;
import java.util.List;
import kssl.tls.Profile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * TLS-Attacker against the Sizzle server in the legacy profile: SSL 3.0 and TLS 1.0 with RC4,
 * static ECDH on secp160r1 and RSA-1024. THE LEGACY PROFILE IS INSECURE (SSL 3.0, RC4, an
 * 80-bit curve, 1024-bit RSA): it exists only to reproduce the papers and talk to old peers,
 * and these tests only show that an outside implementation agrees with ours on it. The RSA
 * key exchange's probes are TlsAttackerLegacyRsaProbes', run here against the Java server.
 */
@Timeout(60)
class TlsAttackerLegacyTest extends TlsAttackerLegacyRsaProbes {

    @BeforeAll
    static void start() throws Exception {
        InteropPki pki = InteropPki.get();
        server = new ProbedServer(Profile.LEGACY, pki.p160, pki.rsa1024);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    /** A full handshake without ServerKeyExchange, a page, close_notify and the server's close. */
    private static void fullHandshakeAndPage(ProtocolVersion version, CipherSuite suite, ProtocolMessage keyExchange)
            throws Exception {
        Config c = Attacker.legacy(server.port(), version, suite, NamedGroup.SECP160R1);
        List<TlsAction> actions = new ArrayList<>(List.of(Attacker.hello(c),
                new ReceiveAction(new ServerHelloMessage(), new CertificateMessage(), new ServerHelloDoneMessage()),
                Attacker.send(keyExchange, new ChangeCipherSpecMessage(), new FinishedMessage()), Attacker.serverFinish(),
                Attacker.send(Attacker.get("/")), Attacker.anything()));
        AttackerOutcome o = server.run(c, actions);

        assertEquals(List.of(FLIGHT_NO_SKE, FINISH), o.received.subList(0, 2), o + "; the server: " + server.serverSaw());
        assertEquals("Alert(WARNING,CLOSE_NOTIFY)", o.last().get(o.last().size() - 1), o.toString());
        assertEquals(SocketState.CLOSED, o.socket, o.toString());
        String response = o.applicationData();
        assertTrue(response.startsWith("HTTP/1.1 200 OK\r\n") && response.endsWith("\r\n\r\n" + SizzleFixture.expectedBody("/")),
                response);
        ServerHelloMessage sh = o.first(ServerHelloMessage.class);
        assertArrayEquals(version.getValue(), sh.getProtocolVersion().getValue());
        assertArrayEquals(suite.getByteValue(), sh.getSelectedCipherSuite().getValue());
        assertArrayEquals(ServerChecks.expectedServerFinished(o), ServerChecks.lastServerFinished(o), "the server's Finished");
        ServerLog.Handshake h = server.lastConnection();
        assertFalse(h.failed || h.resumed, h.toString());
        assertEquals(suite.getValue(), h.suite, h.toString());
    }

    /** The papers' suite: SSL 3.0, static ECDH with the server's secp160r1 certificate key, RC4. */
    @Test
    void ssl3EcdhEcdsaRc4OnSecp160r1() throws Exception {
        fullHandshakeAndPage(ProtocolVersion.SSL3, CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA, new ECDHClientKeyExchangeMessage());
    }

    /** The same suite in TLS 1.0, the hello naming secp160r1 in supported_groups. */
    @Test
    void tls10EcdhEcdsaRc4OnSecp160r1() throws Exception {
        fullHandshakeAndPage(ProtocolVersion.TLS10, CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA, new ECDHClientKeyExchangeMessage());
    }

    /** RSA-1024 key transport with RC4 in TLS 1.0. */
    @Test
    void tls10RsaRc4() throws Exception {
        fullHandshakeAndPage(ProtocolVersion.TLS10, CipherSuite.TLS_RSA_WITH_RC4_128_SHA, new RSAClientKeyExchangeMessage());
    }

    /** The same in SSL 3.0. */
    @Test
    void ssl3RsaRc4() throws Exception {
        fullHandshakeAndPage(ProtocolVersion.SSL3, CipherSuite.TLS_RSA_WITH_RC4_128_SHA, new RSAClientKeyExchangeMessage());
    }
}
