package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.Socket;
import kssl.tls.Profile;
import org.bouncycastle.tls.CipherSuite;
import org.bouncycastle.tls.ProtocolVersion;
import org.bouncycastle.tls.TlsClientProtocol;
import org.bouncycastle.tls.TlsSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Bouncy Castle's TLS client (bctls, BcTlsCrypto) against the Sizzle server, modern profile. */
@Timeout(60)
class BcTlsClientTest {
    private static InteropPki pki;
    private static SizzleFixture sizzle;

    @BeforeAll
    static void start() throws Exception {
        pki = InteropPki.get();
        sizzle = new SizzleFixture(Profile.MODERN, pki.p256);
    }

    @AfterAll
    static void stop() throws Exception {
        sizzle.close();
    }

    /** One connection: the handshake, then requests on it; returns what the client negotiated. */
    private static BcPeers.Client connect(int suite, TlsSession resume, String... paths) throws Exception {
        return connect(new BcPeers.Client(suite, resume, pki.ca), new RecordSniffer[1], paths);
    }

    private static BcPeers.Client connect(BcPeers.Client client, RecordSniffer[] sniffer, String... paths) throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), sizzle.port())) {
            s.setTcpNoDelay(true);
            s.setSoTimeout(10000);
            sniffer[0] = new RecordSniffer(s.getInputStream());
            TlsClientProtocol tls = new TlsClientProtocol(sniffer[0], s.getOutputStream());
            tls.connect(client);
            for (int i = 0; i < paths.length; i++) {
                assertEquals(SizzleFixture.expectedBody(paths[i]),
                        Http.get(tls.getInputStream(), tls.getOutputStream(), paths[i], i == paths.length - 1));
            }
            tls.close();
        }
        return client;
    }

    /** A full handshake with two requests on the connection, then a second connection that resumes. */
    @ParameterizedTest(name = "suite 0x{0}")
    @ValueSource(ints = {CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8})
    void fullThenResumed(int suite) throws Exception {
        int before = sizzle.handshakes().size();
        BcPeers.Client full = connect(suite, null, "/", "/status.json");
        assertEquals(suite, full.negotiated.getCipherSuite());
        assertEquals(ProtocolVersion.TLSv12, full.negotiated.getNegotiatedVersion());
        assertFalse(full.negotiated.isResumedSession());
        assertTrue(full.negotiated.isExtendedMasterSecret());
        assertTrue(full.negotiated.isSecureRenegotiation());
        assertTrue(full.session != null && full.session.isResumable(), "the session is resumable");
        assertEquals(4, full.session.getSessionID().length, "Sizzle's 4-byte session ids");

        BcPeers.Client again = connect(suite, full.session, "/status.json");
        assertTrue(again.negotiated.isResumedSession(), "the second connection resumes");
        assertArrayEquals(full.session.getSessionID(), again.session.getSessionID());
        assertEquals(suite, again.negotiated.getCipherSuite());

        var hs = sizzle.fullThenResumed(before);
        assertEquals(suite, hs.get(0).suite, "server side: " + hs);
        assertFalse(hs.get(0).resumed);
        assertTrue(hs.get(1).resumed, "server side: " + hs);
    }

    /**
     * record_size_limit (RFC 8449): bctls asks for records of at most 256 bytes; the server
     * answers with its own limit and splits everything it sends, the 312-byte home page too.
     */
    @Test
    void recordSizeLimit() throws Exception {
        BcPeers.Client client = new BcPeers.Client(CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, null, pki.ca);
        client.recordSizeLimit = 256;
        RecordSniffer[] wire = new RecordSniffer[1];
        connect(client, wire, "/");
        assertTrue(client.serverRecordSizeLimit >= 64, "the server sent record_size_limit: " + client.serverRecordSizeLimit);
        // Protected records carry at most 256 bytes of plaintext plus 24 (GCM explicit nonce and tag).
        assertTrue(wire[0].largest() <= 256 + 24, "largest record " + wire[0].largest());
        assertTrue(wire[0].applicationDataRecords() >= 2, "the page took " + wire[0].applicationDataRecords() + " records");
    }
}
