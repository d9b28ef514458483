package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import ksecurity.cert.CertificateFactory;
import ksecurity.cert.PrivateKeys;
import ksecurity.cert.X509Certificate;
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
    static final String SERVER_SEED = "kssl transcript server";

    /** One stored conversation: the server it runs against, and how its client behaves. */
    abstract static class Scenario {
        final String name;
        final int profile;
        final int version;
        final int suite;

        Scenario(String name, int profile, int version, int suite) {
            this.name = name;
            this.profile = profile;
            this.version = version;
            this.suite = suite;
        }

        /** The server: one suite, the scenario's highest version, a TestPki identity that fits the suite. */
        TlsConfig server() {
            TlsConfig s = TlsConfig.server(profile, new SeededRandom(SERVER_SEED)).allowWeakRandom(SeededRandom.WHY);
            s.setVersions(Profile.minVersion(profile), version).setCipherSuites(new int[] {suite});
            s.addIdentity(identity());
            return s;
        }

        ServerIdentity identity() {
            int kx = CipherSuite.keyExchange(suite);
            return kx == CipherSuite.KX_RSA ? TestPki.rsa1024() : profile == Profile.LEGACY ? TestPki.P160 : TestPki.P256;
        }

        String identityName() {
            int kx = CipherSuite.keyExchange(suite);
            return kx == CipherSuite.KX_RSA ? "RSA-1024 (TestPki.rsa1024)" : profile == Profile.LEGACY ? "P160" : "P256";
        }

        Transcript record() throws Exception {
            Transcript t = new Transcript();
            t.header.add("kssl transcript v1: " + name + " (TEST KEYS ONLY)");
            t.header.add("profile " + Profile.name(profile) + ", " + ProtocolVersion.name(version) + ", "
                    + CipherSuite.name(suite) + describe());
            t.header.add("server random: SeededRandom(\"" + SERVER_SEED + "\"); client: " + clientName());
            t.header.add("server key: TestPki " + identityName() + more());
            converse(server(), t);
            return t;
        }

        String describe() {
            return "";
        }

        String clientName() {
            return "SeededRandom(\"kssl transcript client\")";
        }

        String more() {
            return "; connection 2 resumes connection 1";
        }

        abstract void converse(TlsConfig server, Transcript t) throws Exception;

        @Override
        public String toString() {
            return name;
        }
    }

    /** A connection as it went: both sides' records, in the order they were written. */
    static Transcript.Connection connection(int requests, int responseSize, Pipe c2s, Pipe s2c, Pipe.Journal journal) {
        Transcript.Connection c = new Transcript.Connection();
        c.requests = requests;
        c.responseSize = responseSize;
        c.client = c2s.written();
        c.server = s2c.written();
        c.order = Transcript.order(journal);
        return c;
    }

    /** The script of the KSSL client's scenarios: 2 requests of 1,500 bytes, then a resumed connection with 1 of 600. */
    static final int[][] SCRIPT = {{2, 1500}, {1, 600}};

    /** The KSSL client against the server. */
    static Scenario kssl(String name, int profile, int version, int suite, int fragment) {
        return new Scenario(name, profile, version, suite) {
            @Override
            String describe() {
                return ", client max fragment " + fragment;
            }

            @Override
            void converse(TlsConfig s, Transcript t) throws Exception {
                TlsConfig c = TlsConfig.client(profile, new SeededRandom("kssl transcript client")).allowWeakRandom(SeededRandom.WHY);
                c.setVersions(Profile.minVersion(profile), version).setTrustStore(TestPki.trustStore())
                        .setMaxFragment(fragment);
                for (int[] step : SCRIPT) {
                    Exchange e = new Exchange().run(c, s, step[0], step[1]);
                    e.assertOk();
                    t.connections.add(connection(step[0], step[1], e.c2s, e.s2c, e.journal));
                }
            }
        };
    }

    /** A browser's ClientHello (Chromium-shaped, ~2 KB, GREASE), then the same browser resuming. */
    static Scenario browser() {
        return new Scenario("modern-browser-hello-ecdhe-ecdsa-aes128-gcm", Profile.MODERN, ProtocolVersion.TLS12,
                CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256) {
            @Override
            String describe() {
                return ", a Chromium-shaped ClientHello (TestHello.chromiumLike)";
            }

            @Override
            String clientName() {
                return "ScriptedClient, SeededRandom(\"browser 1\") and (\"browser 2\") for its hellos";
            }

            @Override
            void converse(TlsConfig s, Transcript t) throws Exception {
                byte[] master;
                byte[] id;
                try (ScriptedClient c = new ScriptedClient(s, "browser 1", 2, 1500)) {
                    TestHello h = TestHello.chromiumLike(new SeededRandom("browser 1"));
                    assertTrue(h.message().length > 1900, "browser-sized: " + h.message().length);
                    c.hello(h).readFlight().keyExchange().finish().requests(2, 1500);
                    master = c.keys.master.clone();
                    id = c.serverHello.sessionId;
                    t.connections.add(connection(2, 1500, c.c2s, c.s2c, c.journal));
                }
                try (ScriptedClient c = new ScriptedClient(s, "browser 2", 1, 600)) {
                    TestHello h = TestHello.chromiumLike(new SeededRandom("browser 2"));
                    h.sessionId = id;
                    c.hello(h).readFlight().resume(master).requests(1, 600);
                    t.connections.add(connection(1, 600, c.c2s, c.s2c, c.journal));
                }
            }
        };
    }

    /** An old client's SSLv2-compatible ClientHello (RFC 5246 App. E.2), RSA key transport; then it resumes. */
    static Scenario ssl2Hello() {
        return new Scenario("legacy-sslv2-hello-rsa-rc4-sha-tls10", Profile.LEGACY, ProtocolVersion.TLS10,
                CipherSuite.TLS_RSA_WITH_RC4_128_SHA) {
            @Override
            String describe() {
                return ", an SSLv2-compatible ClientHello for TLS 1.0 (INSECURE, legacy)";
            }

            @Override
            String clientName() {
                return "ScriptedClient, SeededRandom(\"sslv2 1\") and (\"sslv2 2\")";
            }

            @Override
            void converse(TlsConfig s, Transcript t) throws Exception {
                byte[] master;
                byte[] id;
                try (ScriptedClient c = new ScriptedClient(s, "sslv2 1", 2, 1500)) {
                    byte[] challenge = new byte[16];
                    new SeededRandom("sslv2 1").generateData(challenge, (short) 0, (short) 16);
                    c.ssl2Hello(ProtocolVersion.TLS10, new int[] {CipherSuite.TLS_RSA_WITH_RC4_128_SHA,
                        CipherSuite.TLS_RSA_WITH_RC4_128_MD5, CipherSuite.TLS_EMPTY_RENEGOTIATION_INFO_SCSV}, challenge);
                    c.readFlight().keyExchange().finish().requests(2, 1500);
                    master = c.keys.master.clone();
                    id = c.serverHello.sessionId;
                    t.connections.add(connection(2, 1500, c.c2s, c.s2c, c.journal));
                }
                try (ScriptedClient c = new ScriptedClient(s, "sslv2 2", 1, 600)) {
                    TestHello h = new TestHello();
                    new SeededRandom("sslv2 2").generateData(h.random, (short) 0, (short) 32);
                    h.version = ProtocolVersion.TLS10;
                    h.suites = new int[] {CipherSuite.TLS_RSA_WITH_RC4_128_SHA, CipherSuite.TLS_EMPTY_RENEGOTIATION_INFO_SCSV};
                    h.extensions = null;
                    h.sessionId = id;
                    c.hello(h).readFlight().resume(master).requests(1, 600);
                    t.connections.add(connection(1, 600, c.c2s, c.s2c, c.journal));
                }
            }
        };
    }

    /** Bad input: a ClientHello whose extensions block is two bytes longer than the message: one fatal alert. */
    static Scenario badHello() {
        return new Scenario("modern-bad-hello-decode-error", Profile.MODERN, ProtocolVersion.TLS12,
                CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256) {
            @Override
            String describe() {
                return ", a ClientHello whose extensions length is 2 too long: decode_error";
            }

            @Override
            String clientName() {
                return "ScriptedClient, TestHello defaults";
            }

            @Override
            String more() {
                return "; one connection, ended by the server's fatal alert";
            }

            @Override
            void converse(TlsConfig s, Transcript t) throws Exception {
                try (ScriptedClient c = new ScriptedClient(s, "bad", 0, 0)) {
                    TestHello h = new TestHello().serverName(TestPki.HOST);
                    h.message();
                    TestHello.LengthField f = h.lengthFields().stream().filter(x -> x.name().equals("extensions"))
                            .findFirst().get();
                    byte[] m = h.messageWithLength(f, 2);
                    c.records.write(RecordLayer.HANDSHAKE, m, 0, m.length);
                    c.records.flush();
                    c.close();
                    assertNotNull(c.serverError);
                    assertEquals(Alert.DECODE_ERROR, ((TlsException) c.serverError).getAlert());
                    Transcript.Connection conn = connection(0, 0, c.c2s, c.s2c, c.journal);
                    conn.fails = Alert.DECODE_ERROR;
                    t.connections.add(conn);
                }
            }
        };
    }

    static Stream<Arguments> scenarios() {
        return Stream.of(
                kssl("modern-ecdhe-ecdsa-aes128-gcm", Profile.MODERN, ProtocolVersion.TLS12,
                        CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, RecordLayer.MAX_FRAGMENT),
                kssl("modern-ecdhe-ecdsa-aes128-ccm8-512", Profile.MODERN, ProtocolVersion.TLS12,
                        CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8, 512),
                kssl("legacy-ecdh-ecdsa-rc4-sha-tls10", Profile.LEGACY, ProtocolVersion.TLS10,
                        CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA, RecordLayer.MAX_FRAGMENT),
                kssl("legacy-ecdh-ecdsa-rc4-sha-ssl3", Profile.LEGACY, ProtocolVersion.SSL30,
                        CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA, RecordLayer.MAX_FRAGMENT),
                kssl("legacy-rsa-rc4-sha-tls10", Profile.LEGACY, ProtocolVersion.TLS10,
                        CipherSuite.TLS_RSA_WITH_RC4_128_SHA, RecordLayer.MAX_FRAGMENT),
                browser(), ssl2Hello(), badHello()).map(Arguments::of);
    }

    static Stream<Arguments> identities() {
        return Stream.of(Arguments.of("p256", TestPki.P256), Arguments.of("p160", TestPki.P160),
                Arguments.of("rsa1024", TestPki.rsa1024()));
    }

    /**
     * The servers' identities as PEM files beside the transcripts (keys/NAME-key.pem and
     * keys/NAME-chain.pem, TEST KEYS ONLY): what the C firmware's transcript builds are made
     * from (sizzle.desktop.FirmwareIdentity), so they serve with exactly these keys.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("identities")
    void identitiesAsStored(String name, ServerIdentity id) throws Exception {
        String mark = "# TEST KEY ONLY (kssl-client TestPki, derived from a public label): never use it.\n";
        X509Certificate[] chain = id.getChain();
        String key = mark + PrivateKeys.toPem(id.getKey(), chain[0].getPublicKey());
        StringBuilder pem = new StringBuilder(mark);
        for (X509Certificate c : chain) {
            pem.append(CertificateFactory.toPem(c));
        }
        Path dir = DIR.resolve("keys");
        if (Boolean.getBoolean("kssl.transcripts.write")) {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(name + "-key.pem"), key, StandardCharsets.US_ASCII);
            Files.writeString(dir.resolve(name + "-chain.pem"), pem.toString(), StandardCharsets.US_ASCII);
        }
        assertEquals(Files.readString(dir.resolve(name + "-key.pem"), StandardCharsets.US_ASCII), key);
        assertEquals(Files.readString(dir.resolve(name + "-chain.pem"), StandardCharsets.US_ASCII), pem.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void sameBytesEveryRunAndAsStored(Scenario sc) throws Exception {
        Transcript a = sc.record();
        Transcript b = sc.record();
        assertEquals(a.format(), b.format(), "two runs give the same bytes");
        Path file = DIR.resolve(sc.name + ".txt");
        if (Boolean.getBoolean("kssl.transcripts.write")) {
            Files.createDirectories(DIR);
            Files.writeString(file, a.format(), StandardCharsets.US_ASCII);
        }
        assertEquals(Files.readString(file, StandardCharsets.US_ASCII), a.format(), "matches " + file);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void storedClientBytesReplayToStoredServerBytes(Scenario sc) throws Exception {
        Transcript t = Transcript.parse(Files.readString(DIR.resolve(sc.name + ".txt"), StandardCharsets.US_ASCII));
        TlsConfig s = sc.server();
        assertTrue(!t.connections.isEmpty());
        for (Transcript.Connection c : t.connections) {
            if (c.fails >= 0) {
                BadInputTest.Outcome o = BadInputTest.serve(s, c.client);
                assertEquals(Alert.name(c.fails), Alert.name(o.error.getAlert()), o.error.getMessage());
                assertArrayEquals(c.server, o.wire, "server bytes of " + sc.name);
                continue;
            }
            Pipe in = Pipe.of(c.client);
            Pipe out = new Pipe();
            TlsConnection server = TlsConnection.server(in.in, out.out, s);
            Exchange.serve(server, c.requests, c.responseSize);
            assertArrayEquals(c.server, out.written(), "server bytes of " + sc.name);
        }
    }
}
