package kssl.tls;

import ksecurity.prim.Bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import ksecurity.cert.CertificateException;
import ksecurity.cert.KeyStore;
import ksecurity.cert.X509Certificate;
import ksecurity.security.Signature;
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

    /** A server config of the modern profile with this identity alone. */
    /**
     * An exchange with a server that sends a chain signed with SHA-1 although the client did not
     * list it: our server will not (RFC 5246 §7.4.2), so the client's ClientHello is changed on
     * the way: its signature_algorithms (ecdsa_secp256r1_sha256, rsa_pkcs1_sha256) reaches the
     * server as (ecdsa_secp256r1_sha256, ecdsa_sha1). The client judges the chain before any
     * Finished could notice the change.
     */
    static Exchange againstAServerSendingSha1(TlsConfig client, ServerIdentity id) throws Exception {
        byte[] offered = {0, 13, 0, 6, 0, 4, 4, 3, 4, 1};
        Exchange e = new Exchange();
        e.clientOut = out -> new java.io.FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                byte[] c = java.util.Arrays.copyOfRange(b, off, off + len);
                int at = HandshakeTest.indexOf(c, offered);
                if (at >= 0) {
                    c[at + 8] = 2;
                    c[at + 9] = 3;
                }
                out.write(c);
            }
        };
        return e.run(client, serverWith(id), 1, 10);
    }

    static TlsConfig serverWith(ServerIdentity id) {
        return TlsConfig.server(Profile.MODERN, new SeededRandom("server with")).allowWeakRandom(SeededRandom.WHY)
                .setCipherSuites(new int[] {CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256}).addIdentity(id);
    }

    /**
     * The cache of verified chains answers only the very check it holds: a repeat visit is a
     * hit, but once the CA has left the trust store the chain is refused (the old cache, keyed
     * by host and leaf, kept accepting it), and another store is a miss.
     */
    @Test
    void verifiedChainCacheHitsOnlyWhileTheTrustStoreIsUnchanged() throws Exception {
        KeyStore ks = TestPki.trustStore();
        TlsConfig c = client().setTrustStore(ks).setSessionCache(null);
        VerifiedCertificates cache = c.getVerifiedCertificates();
        new Exchange().run(c, server(), 1, 10).assertOk();
        assertEquals(1, cache.size());
        assertEquals(0, cache.hits);
        new Exchange().run(c, server(), 1, 10).assertOk();
        assertEquals(1, cache.hits, "a repeat visit is answered from the cache");

        ks.deleteEntry("test-ca");
        Exchange removed = new Exchange().run(c, server(), 1, 10);
        TamperTest.assertLocal(Alert.UNKNOWN_CA, removed.clientError);
        assertEquals(1, cache.hits);

        c.setTrustStore(new KeyStore());
        TamperTest.assertLocal(Alert.UNKNOWN_CA, new Exchange().run(c, server(), 1, 10).clientError);
        c.setTrustStore(TestPki.trustStore());
        new Exchange().run(c, server(), 1, 10).assertOk();
        assertEquals(1, cache.hits, "another store (another generation) is a miss");
        assertEquals(2, cache.size());
    }

    /**
     * A leaf verified once for key encipherment (RSA key transport) is not thereby good for
     * signing (RSA_EXPORT's temporary key): the usage is part of the cached check.
     */
    @Test
    void chainVerifiedForKeyEnciphermentIsNotTrustedForSigning() throws Exception {
        ServerIdentity id = TestPki.rsaKeyEnciphermentOnly();
        TlsConfig c = TlsConfig.client(Profile.LEGACY, new SeededRandom("usage")).allowWeakRandom(SeededRandom.WHY).setTrustStore(TestPki.trustStore())
                .setSessionCache(null);
        TlsConfig rsa = TlsConfig.server(Profile.LEGACY, new SeededRandom("usage rsa")).allowWeakRandom(SeededRandom.WHY)
                .setCipherSuites(new int[] {CipherSuite.TLS_RSA_WITH_RC4_128_SHA}).addIdentity(id);
        new Exchange().run(c, rsa, 1, 10).assertOk();
        assertEquals(1, c.getVerifiedCertificates().size());
        TlsConfig export = TlsConfig.server(Profile.LEGACY, new SeededRandom("usage export")).allowWeakRandom(SeededRandom.WHY)
                .setCipherSuites(new int[] {CipherSuite.TLS_RSA_EXPORT_WITH_RC4_40_MD5}).addIdentity(id);
        Exchange e = new Exchange().run(c, export, 1, 10);
        TamperTest.assertLocal(Alert.BAD_CERTIFICATE, e.clientError);
        assertTrue(e.clientError.getMessage().contains("KEY_USAGE"), e.clientError.getMessage());
        assertEquals(0, c.getVerifiedCertificates().hits);
    }

    @Test
    void modernClientRefusesAChainWithASha1SignedIntermediate() throws Exception {
        Exchange e = againstAServerSendingSha1(client(), TestPki.sha1Intermediate());
        TamperTest.assertLocal(Alert.BAD_CERTIFICATE, e.clientError);
        assertTrue(e.clientError.getMessage().contains("WEAK_ALGORITHM: signature SHA1withECDSA"),
                e.clientError.getMessage());
        TamperTest.assertRemote(Alert.BAD_CERTIFICATE, e.serverError);
    }

    @Test
    void modernClientRefusesASecp160r1CaKey() throws Exception {
        KeyStore ks = new KeyStore();
        ks.setCertificateEntry("ca160", TestPki.CA160);
        Exchange e = new Exchange().run(client().setTrustStore(ks), serverWith(TestPki.underCa160()), 1, 10);
        TamperTest.assertLocal(Alert.BAD_CERTIFICATE, e.clientError);
        assertTrue(e.clientError.getMessage().contains("EC key on secp160r1"), e.clientError.getMessage());
    }

    /** The callback may accept a chain that does not verify, never one below the floor: it is not even asked. */
    @Test
    void callbackIsNotAskedAboutAChainBelowTheFloor() throws Exception {
        AtomicReference<CertificateException> seen = new AtomicReference<>();
        CertificateCallback yes = (host, chain, problem) -> {
            seen.set(problem);
            return true;
        };
        for (KeyStore ks : new KeyStore[] {new KeyStore(), null, TestPki.trustStore()}) {
            TlsConfig c = client().setTrustStore(ks).setCertificateCallback(yes);
            Exchange e = againstAServerSendingSha1(c, TestPki.sha1Intermediate());
            TamperTest.assertLocal(Alert.BAD_CERTIFICATE, e.clientError);
            assertEquals(null, seen.get());
        }
        // Without a trust store a chain above the floor still goes to the callback.
        new Exchange().run(client().setTrustStore(null).setCertificateCallback(yes), server(), 1, 10).assertOk();
        assertEquals(CertificateException.UNTRUSTED, seen.get().getReason());
    }

    /**
     * A cached session is offered only while its certificates are valid: here the session's
     * leaf expired (2021) since the full handshake, so the client does not offer it, though the
     * server would still resume it, and a full handshake verifies the chain the server sends now.
     */
    @Test
    void sessionWithAnExpiredCertificateIsNotOffered() throws Exception {
        TlsConfig c = client();
        TlsConfig s = server();
        new Exchange().run(c, s, 1, 10).assertOk();
        String key = TestPki.HOST + ":443";
        Session session = c.getSessionCache().get(key);
        X509Certificate expired = TestPki.issue(TestPki.CA, TestPki.CA_KEY, TestPki.HOST,
                TestPki.ecPublic(256, TestPki.P256_LABEL), Signature.ALG_ECDSA_SHA_256, false,
                Instant.parse("2020-01-01T00:00:00Z").toEpochMilli(), Instant.parse("2021-01-01T00:00:00Z").toEpochMilli(), 20);
        c.getSessionCache().put(key, new Session(session.id, session.version, session.suite, session.master,
                session.extendedMasterSecret, new X509Certificate[] {expired, TestPki.CA}, session.trustGeneration));
        Exchange again = new Exchange().run(c, s, 1, 10);
        again.assertOk();
        assertFalse(again.client.isResumed(), "a full handshake");
        Session fresh = c.getSessionCache().get(key);
        assertFalse(java.util.Arrays.equals(session.id, fresh.id), "a new session");
        assertEquals(TestPki.P256.chain[0], fresh.getPeerCertificates()[0]);
        // Still valid: resumed as before.
        Exchange third = new Exchange().run(c, s, 1, 10);
        third.assertOk();
        assertTrue(third.client.isResumed());
    }

    @Test
    void nullHostIsAnError() {
        Pipe p = new Pipe();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TlsConnection.client(p.in, p.out, client(), null, 443));
        assertTrue(e.getMessage().contains("host"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TlsConnection.client(p.in, p.out, client(), "", 443));
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

    /** A session's chain was judged by the trust store of its day: after any change, a full handshake. */
    @Test
    void sessionIsNotResumedAfterTheTrustStoreChanged() throws Exception {
        KeyStore ks = TestPki.trustStore();
        TlsConfig c = client().setTrustStore(ks);
        TlsConfig s = server();
        new Exchange().run(c, s, 1, 10).assertOk();
        Exchange resumed = new Exchange().run(c, s, 1, 10);
        resumed.assertOk();
        assertTrue(resumed.client.isResumed());
        ks.setCertificateEntry("another", TestPki.rsa1024().chain[0]);
        Exchange after = new Exchange().run(c, s, 1, 10);
        after.assertOk();
        assertFalse(after.client.isResumed(), "a full handshake after the trust store changed");
    }

    @Test
    void sessionCacheDropsTheOldestWhenFull() {
        SessionCache cache = new SessionCache(2);
        Session s = new Session(new byte[] {1, 2, 3, 4}, ProtocolVersion.TLS12, 0xC02B, new byte[48], true, null, -1);
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
