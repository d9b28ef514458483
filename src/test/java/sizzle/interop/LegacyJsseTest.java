package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import ksecurity.security.RandomData;
import kssl.tls.CipherSuite;
import kssl.Connector;
import kssl.tls.Profile;
import kssl.tls.ProtocolVersion;
import kssl.tls.TlsConfig;
import kssl.tls.TlsConnection;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import sizzle.desktop.DesktopSockets;

/**
 * Legacy interop with JSSE relaxed as ../shared/DESIGN.md §5 says, in a forked JVM
 * ({@link RelaxedJsse}) so the emptied disabledAlgorithms never weaken this JVM: the relaxed
 * JSSE client against the legacy Sizzle server, and the KSSL client (legacy profile) against a
 * relaxed JSSE server. Each pair runs a full handshake and a resumed one.
 */
@Timeout(90)
class LegacyJsseTest {
    private static InteropPki pki;
    private static SizzleFixture sizzle;
    private static Path trust;

    @BeforeAll
    static void start() throws Exception {
        pki = InteropPki.get();
        sizzle = new SizzleFixture(Profile.LEGACY, pki.p160, pki.rsa1024);
        trust = store(pki.jdkTrustStore(), "trust.p12");
    }

    @AfterAll
    static void stop() throws Exception {
        sizzle.close();
    }

    private static Path store(KeyStore ks, String name) throws Exception {
        Path file = pki.dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            ks.store(out, InteropPki.PASSWORD);
        }
        return file;
    }

    /** java RelaxedJsse ARGS in a new JVM with this test's classpath and secp160r1 enabled. */
    private static PeerProcess fork(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Djdk.tls.namedGroups=secp160r1,secp256r1",
                "-XX:TieredStopAtLevel=1", RelaxedJsse.class.getName()));
        cmd.addAll(List.of(args));
        return PeerProcess.start(cmd);
    }

    /*
     * JSSE (JDK 17) resumes a TLS 1.0-1.2 session only if it used extended_master_secret: a
     * ClientHello without the extension makes its server abort resumption and do a full
     * handshake ("abort session resumption, missing Extended Master Secret extension", even
     * with jdk.tls.allowLegacyResumption), and SSL 3.0 has no extensions at all. So with JSSE
     * the second SSL 3.0 connection is a full handshake by JSSE's design; the engine's SSL 3.0
     * resumption is shown against OpenSSL 1.0.2 (NasslLegacyClientTest).
     */
    @ParameterizedTest(name = "JSSE client {0} {1}")
    @CsvSource({
        "TLSv1, TLS_ECDH_ECDSA_WITH_RC4_128_SHA, 0x0301, 0xC002, true",
        "SSLv3, TLS_ECDH_ECDSA_WITH_RC4_128_SHA, 0x0300, 0xC002, false",
        "TLSv1, SSL_RSA_WITH_RC4_128_SHA,        0x0301, 0x0005, true",
        "SSLv3, SSL_RSA_WITH_RC4_128_MD5,        0x0300, 0x0004, false",
    })
    void relaxedJsseClientToSizzle(String protocol, String suite, String wireVersion, String code, boolean resumes) throws Exception {
        int before = sizzle.handshakes().size();
        String out;
        try (PeerProcess p = fork("client", Integer.toString(sizzle.port()), protocol, suite, trust.toString(), "/status.json")) {
            int exit = p.waitFor(60);
            out = p.output();
            assertEquals(0, exit, "relaxed JSSE client failed; server saw " + sizzle.handshakes() + "; output:\n" + out);
        }
        String body = HexFormat.of().formatHex(SizzleFixture.expectedBody("/status.json").getBytes(StandardCharsets.ISO_8859_1));
        Matcher m = Pattern.compile("(?m)^CONNECTION (\\d) (\\S+) (\\S+) id=(\\S+) body=(\\S+)$").matcher(out);
        List<String> ids = new ArrayList<>();
        while (m.find()) {
            assertEquals(protocol, m.group(2), out);
            assertEquals(suite, m.group(3), out);
            assertEquals(body, m.group(5), "the page's exact bytes");
            ids.add(m.group(4));
        }
        assertEquals(2, ids.size(), out);
        assertEquals(8, ids.get(0).length(), "Sizzle's 4-byte session ids");
        assertEquals(resumes, ids.get(0).equals(ids.get(1)), "the second connection resumed: " + ids);
        List<ServerLog.Handshake> hs = sizzle.fullThenResumed(before);
        for (ServerLog.Handshake h : hs) {
            assertEquals(Integer.decode(wireVersion), h.version, hs.toString());
            assertEquals(Integer.decode(code), h.suite, hs.toString());
        }
        assertFalse(hs.get(0).resumed);
        assertEquals(resumes, hs.get(1).resumed, "server side: " + hs);
    }

    @ParameterizedTest(name = "KSSL client to JSSE server {0} {1}")
    @CsvSource({
        "TLSv1, SSL_RSA_WITH_RC4_128_SHA,        rsa1024, 0x0301, 0x0005, true",
        "TLSv1, TLS_ECDH_ECDSA_WITH_RC4_128_SHA, p160,    0x0301, 0xC002, true",
        "SSLv3, TLS_ECDH_ECDSA_WITH_RC4_128_SHA, p160,    0x0300, 0xC002, false",
    })
    void ksslClientToRelaxedJsseServer(String protocol, String suite, String key, String wireVersion, String code, boolean resumes)
            throws Exception {
        InteropPki.Entry identity = key.equals("p160") ? pki.p160 : pki.rsa1024;
        Path keys = store(pki.jdkKeyStore(identity, key.equals("p160") ? new BouncyCastleProvider() : null), key + ".p12");
        int version = Integer.decode(wireVersion);
        TlsConfig client = TlsConfig.client(Profile.LEGACY, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM))
                .setTrustStore(pki.ksslTrustStore()).setVersions(ProtocolVersion.SSL30, version);
        try (PeerProcess server = fork("server", protocol, suite, keys.toString(), "2")) {
            int port = Integer.parseInt(server.await(Pattern.compile("PORT (\\d+)"), 30).group(1));
            List<TlsConnection> connections = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                TlsConnection c = Connector.openSecure(InteropPki.HOST, port, client, new DesktopSockets(10000));
                try {
                    String answer;
                    try {
                        answer = Http.get(c.getInputStream(), c.getOutputStream(), "/", true);
                    } catch (IOException e) {
                        throw new AssertionError("KSSL client: " + e + "; JSSE server:\n" + server.output(), e);
                    }
                    String id = HexFormat.of().formatHex(c.getSession().getId());
                    assertEquals(protocol + " " + suite + " id=" + id, answer, "what the JSSE server negotiated");
                } finally {
                    c.close();
                }
                connections.add(c);
            }
            assertEquals(version, connections.get(0).getVersion());
            assertEquals(Integer.decode(code), connections.get(0).getCipherSuite());
            assertFalse(connections.get(0).isResumed());
            assertEquals(resumes, connections.get(1).isResumed(), "the KSSL client resumed the JSSE session; JSSE server:\n"
                    + server.output());
            assertEquals(protocol.equals("TLSv1"), connections.get(0).isExtendedMasterSecret());
            assertEquals(CipherSuite.name(Integer.decode(code)), CipherSuite.name(connections.get(1).getCipherSuite()));
            server.await(Pattern.compile("SERVED 2 "), 10);
        }
    }
}
