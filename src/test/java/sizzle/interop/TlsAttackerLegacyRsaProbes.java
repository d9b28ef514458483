package sizzle.interop;

import static sizzle.interop.Attacker.FINISH;
import static sizzle.interop.Attacker.FLIGHT_NO_SKE;

import de.rub.nds.modifiablevariable.util.Modifiable;
import de.rub.nds.tlsattacker.core.config.Config;
import de.rub.nds.tlsattacker.core.constants.CipherSuite;
import de.rub.nds.tlsattacker.core.constants.NamedGroup;
import de.rub.nds.tlsattacker.core.constants.ProtocolVersion;
import de.rub.nds.tlsattacker.core.protocol.message.CertificateMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ChangeCipherSpecMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ClientHelloMessage;
import de.rub.nds.tlsattacker.core.protocol.message.FinishedMessage;
import de.rub.nds.tlsattacker.core.protocol.message.RSAClientKeyExchangeMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ServerHelloDoneMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ServerHelloMessage;
import de.rub.nds.tlsattacker.core.workflow.action.ReceiveAction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * TLS-Attacker's probes of the legacy profile's RSA key exchange (INSECURE: SSL 3.0, RC4,
 * RSA-1024; for the papers and old peers only), against {@link #server} as a subclass starts it:
 * the Java server (TlsAttackerLegacyTest) or the C firmware's host build legacy-rsa
 * (TlsAttackerLegacyRsaFirmwareTest), which must answer each alike.
 */
@Timeout(60)
abstract class TlsAttackerLegacyRsaProbes {
    static ProbedServer server;

    /**
     * RSA key transport with a broken premaster secret (RFC 5246 §7.4.7.1: the server MUST NOT
     * tell a bad PKCS#1 block or a wrong client_version apart; it goes on with a random premaster
     * secret): every kind ends the same way, at the client's Finished, whose record then fails
     * its MAC under the keys the server derived. The Bleichenbacher oracle that ROBOT looks for
     * would be a difference here.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({
        "TLS10, leading 00 made 01", "TLS10, block type 02 made 01", "TLS10, premaster client_version 3.127",
        "SSL3, leading 00 made 01", "SSL3, block type 02 made 01", "SSL3, premaster client_version 3.127",
    })
    void rsaPremasterBrokenIsBadRecordMac(ProtocolVersion version, String what) throws Exception {
        Config c = Attacker.legacy(server.port(), version, CipherSuite.TLS_RSA_WITH_RC4_128_SHA, NamedGroup.SECP160R1);
        RSAClientKeyExchangeMessage cke = new RSAClientKeyExchangeMessage();
        cke.prepareComputations();
        // The block before RSA encryption: 00 02, nonzero padding, 00, the premaster secret.
        if (what.startsWith("leading")) {
            cke.getComputations().setPlainPaddedPremasterSecret(Modifiable.xor(new byte[] {1}, 0));
        } else if (what.startsWith("block type")) {
            cke.getComputations().setPlainPaddedPremasterSecret(Modifiable.xor(new byte[] {3}, 1));
        } else {
            cke.getComputations().setPremasterSecretProtocolVersion(Modifiable.explicit(new byte[] {3, 127}));
        }
        AttackerOutcome o = server.run(c, Attacker.hello(c),
                new ReceiveAction(new ServerHelloMessage(), new CertificateMessage(), new ServerHelloDoneMessage()),
                Attacker.send(cke, new ChangeCipherSpecMessage(), new FinishedMessage()), Attacker.anything());
        server.assertRefused(o, "BAD_RECORD_MAC", FLIGHT_NO_SKE);
    }

    /**
     * Row "ClientHello with TLS_FALLBACK_SCSV below the best version": an SSL 3.0 hello with
     * the SCSV to a server that speaks TLS 1.0 (RFC 7507 §3: MUST answer inappropriate_fallback).
     */
    @Test
    void fallbackScsvBelowBestVersion() throws Exception {
        Config c = Attacker.legacy(server.port(), ProtocolVersion.SSL3, CipherSuite.TLS_RSA_WITH_RC4_128_SHA, NamedGroup.SECP160R1);
        ClientHelloMessage ch = new ClientHelloMessage(c);
        byte[] suites = new byte[4];
        System.arraycopy(CipherSuite.TLS_RSA_WITH_RC4_128_SHA.getByteValue(), 0, suites, 0, 2);
        System.arraycopy(CipherSuite.TLS_FALLBACK_SCSV.getByteValue(), 0, suites, 2, 2);
        ch.setCipherSuites(Modifiable.explicit(suites));
        AttackerOutcome o = server.run(c, Attacker.send(ch), Attacker.anything());
        server.assertRefused(o, "INAPPROPRIATE_FALLBACK");
    }

    /**
     * The note under STATES.md's table: SSL 3.0 has no no_renegotiation, so a ClientHello after
     * the handshake is a fatal handshake_failure there.
     */
    @Test
    void ssl3RenegotiationIsFatal() throws Exception {
        Config c = Attacker.legacy(server.port(), ProtocolVersion.SSL3, CipherSuite.TLS_RSA_WITH_RC4_128_SHA, NamedGroup.SECP160R1);
        AttackerOutcome o = server.run(c, Attacker.hello(c),
                new ReceiveAction(new ServerHelloMessage(), new CertificateMessage(), new ServerHelloDoneMessage()),
                Attacker.send(new RSAClientKeyExchangeMessage(), new ChangeCipherSpecMessage(), new FinishedMessage()),
                Attacker.serverFinish(), Attacker.send(new ClientHelloMessage(c)), Attacker.anything());
        server.assertRefused(o, "HANDSHAKE_FAILURE", FLIGHT_NO_SKE, FINISH);
    }
}
