package kssl.tls;

import ksecurity.prim.Bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** In-process handshakes, client against server, for every profile, version and suite. */
class HandshakeTest {
    static Stream<Arguments> suites() {
        return Stream.of(
                Arguments.of(Profile.MODERN, ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256),
                Arguments.of(Profile.MODERN, ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8),
                Arguments.of(Profile.LEGACY, ProtocolVersion.TLS10, CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA),
                Arguments.of(Profile.LEGACY, ProtocolVersion.SSL30, CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA),
                Arguments.of(Profile.LEGACY, ProtocolVersion.TLS10, CipherSuite.TLS_RSA_WITH_RC4_128_SHA),
                Arguments.of(Profile.LEGACY, ProtocolVersion.SSL30, CipherSuite.TLS_RSA_WITH_RC4_128_SHA),
                Arguments.of(Profile.LEGACY, ProtocolVersion.TLS10, CipherSuite.TLS_RSA_WITH_RC4_128_MD5),
                Arguments.of(Profile.LEGACY, ProtocolVersion.SSL30, CipherSuite.TLS_RSA_WITH_RC4_128_MD5),
                Arguments.of(Profile.LEGACY, ProtocolVersion.TLS10, CipherSuite.TLS_RSA_EXPORT_WITH_RC4_40_MD5),
                Arguments.of(Profile.LEGACY, ProtocolVersion.SSL30, CipherSuite.TLS_RSA_EXPORT_WITH_RC4_40_MD5));
    }

    static TlsConfig server(int profile, int version, int suite, String seed) {
        TlsConfig s = TlsConfig.server(profile, new SeededRandom("server " + seed)).allowWeakRandom(SeededRandom.WHY);
        s.setVersions(Profile.minVersion(profile), version).setCipherSuites(new int[] {suite});
        if (CipherSuite.keyExchange(suite) == CipherSuite.KX_RSA || CipherSuite.isExport(suite)) {
            s.addIdentity(TestPki.rsa1024()); // for RSA_EXPORT, it signs a temporary 512-bit key
        } else {
            s.addIdentity(profile == Profile.LEGACY ? TestPki.P160 : TestPki.P256);
        }
        return s;
    }

    static TlsConfig client(int profile, int version, String seed) {
        TlsConfig c = TlsConfig.client(profile, new SeededRandom("client " + seed)).allowWeakRandom(SeededRandom.WHY);
        c.setVersions(Profile.minVersion(profile), version).setTrustStore(TestPki.trustStore());
        return c;
    }

    @ParameterizedTest
    @MethodSource("suites")
    void fullThenAbbreviatedWithSeveralRequests(int profile, int version, int suite) throws Exception {
        TlsConfig s = server(profile, version, suite, "a");
        TlsConfig c = client(profile, version, "a");
        Exchange full = new Exchange().run(c, s, 3, 40000);
        full.assertOk();
        assertEquals(version, full.client.getVersion());
        assertEquals(suite, full.client.getCipherSuite());
        assertEquals(suite, full.server.getCipherSuite());
        assertFalse(full.client.isResumed());
        assertEquals(version != ProtocolVersion.SSL30, full.server.isExtendedMasterSecret());
        assertEquals(4, full.server.getSession().getId().length, "Sizzle's 4-byte session ids");
        assertEquals(version == ProtocolVersion.SSL30 ? null : TestPki.HOST, full.server.getServerName());

        Exchange again = new Exchange().run(c, s, 2, 100);
        again.assertOk();
        assertTrue(again.client.isResumed(), "second connection resumes");
        assertTrue(again.server.isResumed());
        assertEquals(suite, again.client.getCipherSuite());
    }

    @ParameterizedTest
    @MethodSource("suites")
    void smallRecordsNegotiated(int profile, int version, int suite) throws Exception {
        TlsConfig s = server(profile, version, suite, "b");
        TlsConfig c = client(profile, version, "b").setMaxFragment(512);
        Exchange e = new Exchange().run(c, s, 2, 5000);
        e.assertOk();
        int expected = version == ProtocolVersion.SSL30 ? RecordLayer.MAX_FRAGMENT : 512;
        assertEquals(expected, e.server.getSendLimit(), "server honours the client's record limit");
        if (version != ProtocolVersion.SSL30) {
            assertMaxRecord(e.s2c.written(), 512 + 24);
        }
    }

    /** Every record in the stream has a fragment of at most max bytes. */
    static void assertMaxRecord(byte[] wire, int max) {
        int p = 0;
        while (p < wire.length) {
            int len = Bytes.u16(wire, p + 3);
            assertTrue(len <= max, "record of " + len + " bytes");
            p += 5 + len;
        }
        assertEquals(wire.length, p);
    }

    @Test
    void modernClientOffersEcdheRsaAndGetsGcmFromRsaServer() throws Exception {
        // The Sizzle server does not do ECDHE_RSA; the client's own offer is checked by parsing it.
        TlsConfig c = client(Profile.MODERN, ProtocolVersion.TLS12, "c");
        Pipe c2s = new Pipe();
        Pipe s2c = new Pipe();
        s2c.out.close();
        TlsConnection conn = TlsConnection.client(s2c.in, c2s.out, c, TestPki.HOST, 443);
        try {
            conn.handshake();
        } catch (TlsException expected) {
            assertEquals(Alert.HANDSHAKE_FAILURE, expected.getAlert());
        }
        ClientHello ch = new ClientHello();
        byte[] wire = c2s.written();
        HandshakeReader r = new HandshakeReader(new RecordLayer(new java.io.ByteArrayInputStream(wire),
                new java.io.ByteArrayOutputStream(), 16384, 16384, ProtocolVersion.TLS10), new HandshakeHash());
        r.begin(65536);
        ch.parse(r);
        assertTrue(ch.offers(CipherSuite.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256));
        assertTrue(ch.offers(CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8));
        assertEquals(TestPki.HOST, ch.serverName());
        assertTrue(ch.extendedMasterSecret);
        assertTrue(ch.renegotiationInfo);
    }

    @Test
    void precomputedEphemeralKeyIsUsedOnce() throws Exception {
        TlsConfig s = server(Profile.MODERN, ProtocolVersion.TLS12,
                CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, "d");
        s.precomputeEphemeral();
        EcdhKey pre = s.takeEphemeral(Extensions.SECP256R1);
        s.precomputeEphemeral();
        Exchange e = new Exchange().run(client(Profile.MODERN, ProtocolVersion.TLS12, "d"), s, 1, 10);
        e.assertOk();
        EcdhKey next = s.takeEphemeral(Extensions.SECP256R1);
        assertFalse(java.util.Arrays.equals(pre.point, next.point), "fresh key after the precomputed one is used");
        byte[] wire = e.s2c.written();
        assertTrue(indexOf(wire, pre.point) < 0, "the first precomputed key was taken out before the handshake");
    }

    static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
