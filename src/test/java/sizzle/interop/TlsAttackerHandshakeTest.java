package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static sizzle.interop.Attacker.FINISH;
import static sizzle.interop.Attacker.FLIGHT;
import static sizzle.interop.Attacker.RESUMED;

import de.rub.nds.tlsattacker.core.config.Config;
import de.rub.nds.tlsattacker.core.constants.CipherSuite;
import de.rub.nds.tlsattacker.core.constants.SignatureAndHashAlgorithm;
import de.rub.nds.tlsattacker.core.protocol.message.ChangeCipherSpecMessage;
import de.rub.nds.tlsattacker.core.protocol.message.FinishedMessage;
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
 * TLS-Attacker as an ordinary client of the Sizzle server, modern profile: full handshakes with
 * both suites, a page fetched through each, and an abbreviated handshake. TLS-Attacker derives
 * the keys on its own; the server's Finished and its ServerKeyExchange signature are checked
 * here against TLS-Attacker's transcript and PRF and the JDK's ECDSA, and the page against the
 * thermostat answering in plaintext.
 */
@Timeout(60)
class TlsAttackerHandshakeTest {
    private static InteropPki pki;
    private static ProbedServer server;

    @BeforeAll
    static void start() throws Exception {
        pki = InteropPki.get();
        server = new ProbedServer(Profile.MODERN, pki.p256);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    /**
     * A full handshake, then GET /status.json with Connection: close: the server's flights, its
     * Finished, the page and the server's close; the server logged a full handshake.
     */
    private static AttackerOutcome fullHandshakeAndPage(Config c) throws Exception {
        List<TlsAction> actions = new ArrayList<>(Attacker.fullHandshake(c));
        actions.add(Attacker.send(Attacker.get("/status.json")));
        actions.add(Attacker.anything());
        AttackerOutcome o = server.run(c, actions);
        assertEquals(List.of(FLIGHT, FINISH), o.received.subList(0, 2), o.toString());
        assertPageThenClose(o, "/status.json");
        assertArrayEquals(ServerChecks.expectedServerFinished(o), ServerChecks.lastServerFinished(o), "the server's Finished");
        ServerLog.Handshake h = server.lastConnection();
        assertFalse(h.failed || h.resumed, h.toString());
        return o;
    }

    /** The full handshake with one suite, and what the server said about it. */
    private static void fullHandshakeWith(CipherSuite suite) throws Exception {
        AttackerOutcome o = fullHandshakeAndPage(Attacker.modern(server.port(), suite));
        ServerHelloMessage sh = o.first(ServerHelloMessage.class);
        assertArrayEquals(new byte[] {3, 3}, sh.getProtocolVersion().getValue(), "TLS 1.2");
        assertArrayEquals(suite.getByteValue(), sh.getSelectedCipherSuite().getValue(), "the suite offered");
        assertEquals(4, sh.getSessionId().getValue().length, "Sizzle's 4-byte session ids");
        // Answers to what was offered, and nothing else (RFC 5246 §7.4.1.4): renegotiation_info
        // (RFC 5746 §3.6), extended_master_secret (RFC 7627 §5.1), ec_point_formats (RFC 8422 §5.2).
        assertEquals(List.of("RENEGOTIATION_INFO", "EXTENDED_MASTER_SECRET", "EC_POINT_FORMATS"), Attacker.extensionTypes(sh));
        assertTrue(ServerChecks.serverKeyExchangeVerifies(o, InteropPki.jdkCertificate(pki.p256.cert).getPublicKey(),
                SignatureAndHashAlgorithm.ECDSA_SHA256), "the ServerKeyExchange is signed by the certificate's key");
        assertEquals(suite.getValue(), server.lastConnection().suite, server.lastConnection().toString());
    }

    /** The page's exact body after a 200 status line, then close_notify, then the server closes. */
    private static void assertPageThenClose(AttackerOutcome o, String path) throws Exception {
        List<String> last = o.last();
        assertTrue(last.size() >= 2, o.toString());
        for (String m : last.subList(0, last.size() - 1)) {
            assertEquals("APPLICATION", m, o.toString());
        }
        assertEquals("Alert(WARNING,CLOSE_NOTIFY)", last.get(last.size() - 1), o.toString());
        assertEquals(SocketState.CLOSED, o.socket, o.toString());
        String response = o.applicationData();
        assertTrue(response.startsWith("HTTP/1.1 200 OK\r\n"), response);
        assertTrue(response.endsWith("\r\n\r\n" + SizzleFixture.expectedBody(path)), response);
    }

    @Test
    void gcmFullHandshakeAndPage() throws Exception {
        fullHandshakeWith(CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256);
    }

    @Test
    void ccm8FullHandshakeAndPage() throws Exception {
        fullHandshakeWith(CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8);
    }

    /**
     * A client that prefers ECDSA with SHA-224 (offering SHA-256 after it) gets a
     * ServerKeyExchange signed with SHA-224 (RFC 5246 §7.4.1.4.1: a pair the client listed; the
     * server takes the client's first ECDSA SHA-2 scheme it has).
     */
    @Test
    void serverKeyExchangeSignedWithTheClientsPreferredHash() throws Exception {
        Config c = Attacker.modernGcm(server.port());
        c.setDefaultClientSupportedSignatureAndHashAlgorithms(SignatureAndHashAlgorithm.ECDSA_SHA224,
                SignatureAndHashAlgorithm.ECDSA_SHA256);
        AttackerOutcome o = fullHandshakeAndPage(c);
        assertTrue(ServerChecks.serverKeyExchangeVerifies(o, InteropPki.jdkCertificate(pki.p256.cert).getPublicKey(),
                SignatureAndHashAlgorithm.ECDSA_SHA224), "the ServerKeyExchange is signed by the certificate's key");
    }

    /**
     * Every record TLS-Attacker sends carries at most 16 bytes of plaintext, so each handshake
     * message comes in pieces (RFC 5246 §6.2.1 lets a message span records): what a server that
     * reads a hello as a stream must put back together.
     */
    @Test
    void handshakeInRecordsOf16Bytes() throws Exception {
        Config c = Attacker.modernGcm(server.port());
        c.setDefaultMaxRecordData(16);
        fullHandshakeAndPage(c);
    }

    /**
     * A full handshake, then a new connection offering its session id: ServerHello with the
     * same id, ChangeCipherSpec and Finished (RFC 5246 §7.3), and a page over the resumed session.
     */
    @Test
    void resumedSession() throws Exception {
        Config c = Attacker.modernGcm(server.port());
        List<TlsAction> actions = new ArrayList<>(Attacker.fullHandshake(c));
        actions.add(Attacker.reconnect());
        actions.add(Attacker.hello(c));
        actions.add(new ReceiveAction(new ServerHelloMessage(), new ChangeCipherSpecMessage(), new FinishedMessage()));
        actions.add(Attacker.send(new ChangeCipherSpecMessage(), new FinishedMessage()));
        actions.add(Attacker.send(Attacker.get("/status.json")));
        actions.add(Attacker.anything());
        AttackerOutcome o = server.run(c, actions);

        assertEquals(List.of(FLIGHT, FINISH, RESUMED), o.received.subList(0, 3), o.toString());
        assertPageThenClose(o, "/status.json");
        List<byte[]> ids = o.serverSessionIds();
        assertArrayEquals(ids.get(0), ids.get(1), "the session resumed is the one made");
        assertArrayEquals(ServerChecks.expectedServerFinished(o), ServerChecks.lastServerFinished(o), "the server's Finished");
        // The server logs a connection when it ends: the resumed one may come first.
        List<ServerLog.Handshake> two = new ArrayList<>(server.serverSaw());
        two.sort((a, b) -> Boolean.compare(a.resumed, b.resumed));
        assertFalse(two.get(0).resumed || two.get(0).failed, two.toString());
        assertTrue(two.get(1).resumed && !two.get(1).failed, two.toString());
    }
}
