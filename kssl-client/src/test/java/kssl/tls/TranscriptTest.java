package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Deterministic transcripts: with seeded random sources the server's bytes are the same on
 * every run, they equal the stored test vectors, and a fresh server fed the stored client bytes
 * answers with exactly the stored server bytes (what the motes' C firmware is held to).
 * Run with -Dkssl.transcripts.write=true to write the files again (after a deliberate change).
 */
class TranscriptTest {
    static final Path DIR = Path.of("src/test/resources/transcripts");

    static Stream<Arguments> scenarios() {
        return Stream.of(
                Arguments.of("modern-ecdhe-ecdsa-aes128-gcm", Profile.MODERN, ProtocolVersion.TLS12,
                        CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, RecordLayer.MAX_FRAGMENT),
                Arguments.of("modern-ecdhe-ecdsa-aes128-ccm8-512", Profile.MODERN, ProtocolVersion.TLS12,
                        CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8, 512),
                Arguments.of("legacy-ecdh-ecdsa-rc4-sha-tls10", Profile.LEGACY, ProtocolVersion.TLS10,
                        CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA, RecordLayer.MAX_FRAGMENT),
                Arguments.of("legacy-ecdh-ecdsa-rc4-sha-ssl3", Profile.LEGACY, ProtocolVersion.SSL30,
                        CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA, RecordLayer.MAX_FRAGMENT));
    }

    static final int[][] SCRIPT = {{2, 1500}, {1, 600}};

    static TlsConfig serverConfig(int profile, int version, int suite) {
        TlsConfig s = TlsConfig.server(profile, new SeededRandom("kssl transcript server")).allowWeakRandom(SeededRandom.WHY);
        s.setVersions(Profile.minVersion(profile), version).setCipherSuites(new int[] {suite});
        s.addIdentity(profile == Profile.LEGACY ? TestPki.P160 : TestPki.P256);
        return s;
    }

    static Transcript record(String name, int profile, int version, int suite, int fragment) throws Exception {
        TlsConfig s = serverConfig(profile, version, suite);
        TlsConfig c = TlsConfig.client(profile, new SeededRandom("kssl transcript client")).allowWeakRandom(SeededRandom.WHY);
        c.setVersions(Profile.minVersion(profile), version).setTrustStore(TestPki.trustStore()).setMaxFragment(fragment);
        Transcript t = new Transcript();
        t.header.add("kssl transcript v1: " + name + " (TEST KEYS ONLY)");
        t.header.add("profile " + Profile.name(profile) + ", " + ProtocolVersion.name(version) + ", "
                + CipherSuite.name(suite) + ", client max fragment " + fragment);
        t.header.add("server random: SeededRandom(\"kssl transcript server\"); client: SeededRandom(\"kssl transcript client\")");
        t.header.add("server key: TestPki " + (profile == Profile.LEGACY ? "P160" : "P256") + "; connection 2 resumes connection 1");
        for (int[] step : SCRIPT) {
            Exchange e = new Exchange().run(c, s, step[0], step[1]);
            e.assertOk();
            Transcript.Connection conn = new Transcript.Connection();
            conn.requests = step[0];
            conn.responseSize = step[1];
            conn.client = e.c2s.written();
            conn.server = e.s2c.written();
            t.connections.add(conn);
        }
        assertTrue(!t.connections.isEmpty());
        return t;
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void sameBytesEveryRunAndAsStored(String name, int profile, int version, int suite, int fragment) throws Exception {
        Transcript a = record(name, profile, version, suite, fragment);
        Transcript b = record(name, profile, version, suite, fragment);
        assertEquals(a.format(), b.format(), "two runs give the same bytes");
        Path file = DIR.resolve(name + ".txt");
        if (Boolean.getBoolean("kssl.transcripts.write")) {
            Files.createDirectories(DIR);
            Files.writeString(file, a.format(), StandardCharsets.US_ASCII);
        }
        assertEquals(Files.readString(file, StandardCharsets.US_ASCII), a.format(), "matches " + file);
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void storedClientBytesReplayToStoredServerBytes(String name, int profile, int version, int suite, int fragment)
            throws Exception {
        Transcript t = Transcript.parse(Files.readString(DIR.resolve(name + ".txt"), StandardCharsets.US_ASCII));
        TlsConfig s = serverConfig(profile, version, suite);
        assertEquals(2, t.connections.size());
        for (Transcript.Connection c : t.connections) {
            Pipe in = Pipe.of(c.client);
            Pipe out = new Pipe();
            TlsConnection server = TlsConnection.server(in.in, out.out, s);
            Exchange.serve(server, c.requests, c.responseSize);
            assertArrayEquals(c.server, out.written(), "server bytes of " + name);
        }
    }
}
