package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import ksecurity.cert.CertificateException;
import ksecurity.cert.KeyStore;
import org.junit.jupiter.api.Test;

/** The client's certificate decisions, its caches, and the refusal of renegotiation. */
class ClientTest {
    static TlsConfig server() {
        return HandshakeTest.server(Profile.MODERN, ProtocolVersion.TLS12,
                CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, "client test");
    }

    static TlsConfig client() {
        return TlsConfig.client(Profile.MODERN, new SeededRandom("client test")).allowWeakRandom(SeededRandom.WHY).setTrustStore(TestPki.trustStore());
    }

    @Test
    void callbackDecidesAboutAnUntrustedCertificate() throws Exception {
        AtomicReference<CertificateException> seen = new AtomicReference<>();
        TlsConfig c = client().setTrustStore(new KeyStore()).setCertificateCallback((host, chain, problem) -> {
            seen.set(problem);
            return host.equals(TestPki.HOST) && chain.length == 2;
        });
        new Exchange().run(c, server(), 1, 10).assertOk();
        assertNotNull(seen.get());
        assertEquals(CertificateException.UNTRUSTED, seen.get().getReason());
    }

    @Test
    void callbackRefusalIsUnknownCa() throws Exception {
        TlsConfig c = client().setTrustStore(new KeyStore()).setCertificateCallback((host, chain, problem) -> false);
        Exchange e = new Exchange().run(c, server(), 1, 10);
        TamperTest.assertLocal(Alert.UNKNOWN_CA, e.clientError);
    }

    @Test
    void hostNameMismatch() throws Exception {
        Exchange e = new Exchange();
        e.host = "other.test";
        e.run(client(), server(), 1, 10);
        TamperTest.assertLocal(Alert.CERTIFICATE_UNKNOWN, e.clientError);
        TamperTest.assertRemote(Alert.CERTIFICATE_UNKNOWN, e.serverError);
    }

    @Test
    void verifiedCertificateCacheSkipsTheChainOnRepeatVisits() throws Exception {
        TlsConfig c = client().setSessionCache(null);
        new Exchange().run(c, server(), 1, 10).assertOk();
        assertEquals(1, c.getVerifiedCertificates().size());
        // Without its trust anchor the chain would not verify: the cached fingerprint is what lets it through.
        c.setTrustStore(new KeyStore());
        Exchange again = new Exchange().run(c, server(), 1, 10);
        again.assertOk();
        assertFalse(again.client.isResumed(), "a full handshake");
    }

    @Test
    void sessionCacheIsPerHostAndPort() throws Exception {
        TlsConfig c = client();
        TlsConfig s = server();
        new Exchange().run(c, s, 1, 10).assertOk();
        Exchange otherPort = new Exchange();
        otherPort.port = 8443;
        otherPort.run(c, s, 1, 10).assertOk();
        assertFalse(otherPort.client.isResumed());
        Exchange same = new Exchange().run(c, s, 1, 10);
        same.assertOk();
        assertTrue(same.client.isResumed());
    }

    @Test
    void serverForgettingTheSessionGivesAFullHandshake() throws Exception {
        TlsConfig c = client();
        new Exchange().run(c, server(), 1, 10).assertOk();
        // A fresh server (empty cache; another seed, so not the same session id by construction).
        TlsConfig fresh = HandshakeTest.server(Profile.MODERN, ProtocolVersion.TLS12,
                CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, "another server");
        Exchange e = new Exchange().run(c, fresh, 1, 10);
        e.assertOk();
        assertFalse(e.client.isResumed());
    }

    @Test
    void sessionEndedByAFatalAlertIsNotResumed() throws Exception {
        TlsConfig c = client();
        TlsConfig s = server();
        new Exchange().run(c, s, 1, 10).assertOk();
        Exchange bad = new Exchange();
        bad.clientOut = o -> new Tamper(o, RecordLayer.APPLICATION_DATA, 0, 1);
        bad.run(c, s, 1, 10);
        assertTrue(bad.client.isResumed(), "the resumed connection then failed");
        TamperTest.assertLocal(Alert.BAD_RECORD_MAC, bad.serverError);
        assertEquals(0, s.getSessionCache().size(), "server forgot it");
        assertEquals(0, c.getSessionCache().size(), "client forgot it");
        Exchange next = new Exchange().run(c, s, 1, 10);
        next.assertOk();
        assertFalse(next.client.isResumed());
    }

    @Test
    void renegotiationIsRefusedAndTheConnectionGoesOn() throws Exception {
        Pipe c2s = new Pipe();
        Pipe s2c = new Pipe();
        TlsConnection server = TlsConnection.server(c2s.in, s2c.out, server());
        TlsConnection client = TlsConnection.client(s2c.in, c2s.out, client(), TestPki.HOST, 443);
        ExecutorService ex = Executors.newSingleThreadExecutor();
        try {
            Future<?> f = ex.submit(() -> {
                Exchange.serve(server, 1, 100);
                return null;
            });
            client.handshake();
            byte[] hello = BadInputTest.helloMessage(ch -> { });
            client.records.write(RecordLayer.HANDSHAKE, hello, 0, hello.length);
            OutputStream out = client.getOutputStream();
            out.write(Exchange.request(0));
            out.flush();
            InputStream in = client.getInputStream();
            byte[] resp = new byte[100];
            Exchange.readFully(in, resp);
            assertEquals(new String(Exchange.response(0, 100)), new String(resp));
            client.close();
            f.get(30, TimeUnit.SECONDS);
        } finally {
            ex.shutdownNow();
        }
        // The server's no_renegotiation warning went out (encrypted) before close_notify; the connection stayed up.
        assertTrue(server.getFailure() == null && client.getFailure() == null);
        assertEquals(2, countRecords(s2c.written(), RecordLayer.ALERT), "no_renegotiation and close_notify");
    }

    static int countRecords(byte[] wire, int type) {
        int n = 0;
        for (int p = 0; p < wire.length; p += 5 + Bytes.u16(wire, p + 3)) {
            if (wire[p] == type) {
                n++;
            }
        }
        return n;
    }

    @Test
    void versionNegotiatedDownToTheServersBest() throws Exception {
        TlsConfig c = TlsConfig.client(Profile.LEGACY, new SeededRandom("down")).allowWeakRandom(SeededRandom.WHY).setTrustStore(TestPki.trustStore())
                .setVersions(ProtocolVersion.SSL30, ProtocolVersion.TLS12);
        TlsConfig s = HandshakeTest.server(Profile.LEGACY, ProtocolVersion.TLS10, CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA,
                "down");
        Exchange e = new Exchange().run(c, s, 1, 10);
        e.assertOk();
        assertEquals(ProtocolVersion.TLS10, e.client.getVersion());
    }

    @Test
    void sessionCacheDropsTheOldestWhenFull() {
        SessionCache cache = new SessionCache(2);
        Session s = new Session(new byte[] {1, 2, 3, 4}, ProtocolVersion.TLS12, 0xC02B, new byte[48], true, null);
        cache.put("a", s);
        cache.put("b", s);
        cache.put("a", s); // refreshed: now the newest
        cache.put("c", s);
        assertEquals(2, cache.size());
        assertNotNull(cache.get("a"));
        assertEquals(null, cache.get("b"));
        assertNotNull(cache.get("c"));
    }

    @Test
    void legacyProfileIsLabelledInsecure() {
        assertTrue(Profile.LEGACY_WARNING.contains("INSECURE"));
        assertTrue(TlsConfig.server(Profile.LEGACY, new SeededRandom("x")).allowWeakRandom(SeededRandom.WHY).isLegacy());
        assertFalse(TlsConfig.server(Profile.MODERN, new SeededRandom("x")).allowWeakRandom(SeededRandom.WHY).isLegacy());
    }
}
