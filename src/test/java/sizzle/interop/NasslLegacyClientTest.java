package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;
import kssl.tls.CipherSuite;
import kssl.tls.Profile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The OpenSSL 1.0.2 client of the PyPI package nassl (LegacySslClient, the s_client family the
 * papers used) against the Sizzle server in the legacy profile: a full handshake and a second
 * connection that resumes the saved session, for each legacy suite. The client runs in the
 * virtualenv that ./sizzle test makes (.cache/nassl-venv); src/test/python/nassl_legacy_client.py.
 * OpenSSL 1.0.2's TLS 1.0 ClientHello does not offer secp160r1, so the ECDH suite is run in
 * SSL 3.0 (no extensions: the curve is not negotiated), as the papers did.
 */
@Timeout(90)
class NasslLegacyClientTest {
    private static InteropPki pki;
    private static SizzleFixture sizzle;

    @BeforeAll
    static void start() throws Exception {
        pki = InteropPki.get();
        sizzle = new SizzleFixture(Profile.LEGACY, pki.p160, pki.rsa1024);
        // RSA_EXPORT is the client's (the profile's server leaves it off): enabled here, last, so
        // that OpenSSL checks the temporary 512-bit key Sizzle signs with its 1024-bit one.
        int[] suites = Profile.suites(Profile.LEGACY, false);
        int[] withExport = java.util.Arrays.copyOf(suites, suites.length + 1);
        withExport[suites.length] = CipherSuite.TLS_RSA_EXPORT_WITH_RC4_40_MD5;
        sizzle.config().setCipherSuites(withExport);
    }

    @AfterAll
    static void stop() throws Exception {
        sizzle.close();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "SSLV3, ECDH-ECDSA-RC4-SHA, SSLv3, 0x0300, 0xC002, 0x16",
        "SSLV3, RC4-MD5,            SSLv3, 0x0300, 0x0004, 0x16",
        "TLSV1, RC4-MD5,            TLSv1, 0x0301, 0x0004, 0x16",
        "TLSV1, RC4-SHA,            TLSv1, 0x0301, 0x0005, 0x16",
        "SSLV3, EXP-RC4-MD5,        SSLv3, 0x0300, 0x0003, 0x16",
        "TLSV1, EXP-RC4-MD5,        TLSv1, 0x0301, 0x0003, 0x16",
        // SSLv23 with a cipher SSL 2.0 also has: OpenSSL opens with the SSLv2-compatible
        // ClientHello (offering up to TLS 1.0 in it), as in the Sizzle paper's Figure 13.
        "SSLV23, RC4-MD5,           TLSv1, 0x0301, 0x0004, 0x80",
    })
    void fullThenResumed(String version, String cipher, String protocol, String wireVersion, String suite, String firstByte)
            throws Exception {
        int before = sizzle.handshakes().size();
        List<JsonObject> results = new ArrayList<>();
        String out;
        List<Integer> firstBytes;
        // Through a relay that notes the format of each ClientHello.
        try (FirstByteRelay relay = new FirstByteRelay(sizzle.port());
                PeerProcess p = PeerProcess.start(List.of(ProjectVenv.python().toString(),
                ProjectVenv.projectRoot().resolve("src/test/python/nassl_legacy_client.py").toString(), "--port",
                Integer.toString(relay.port()), "--ca", pki.caPem.toString(), "--version", version, "--cipher", cipher,
                "--path", "/status.json", "--resume"))) {
            int exit = p.waitFor(60);
            out = p.output();
            for (String line : out.split("\n")) {
                if (line.startsWith("{")) {
                    results.add(JsonParser.parseString(line).getAsJsonObject());
                }
            }
            assertEquals(0, exit, "nassl client failed; server saw " + sizzle.handshakes() + "; output:\n" + out);
            firstBytes = relay.firstBytes();
        }
        assertEquals(2, results.size(), out);
        String body = SizzleFixture.expectedBody("/status.json");
        for (JsonObject r : results) {
            assertEquals(protocol, r.get("protocol").getAsString(), out);
            assertEquals(cipher, r.get("cipher").getAsString(), out);
            assertEquals(0, r.get("verify_result").getAsInt(), "certificate verified against the test CA");
            assertEquals("HTTP/1.1 200 OK", r.get("status").getAsString());
            assertEquals(body, r.get("body").getAsString());
        }
        String id = results.get(0).get("session_id").getAsString();
        assertEquals(8, id.length(), "Sizzle's 4-byte session ids: " + id);
        assertEquals(id, results.get(1).get("session_id").getAsString(), "the second connection resumed the session");

        List<ServerLog.Handshake> hs = sizzle.fullThenResumed(before);
        assertEquals(Integer.decode(firstByte), firstBytes.get(0), "the first connection's hello format: " + firstBytes);
        assertEquals(Integer.decode(wireVersion), hs.get(0).version, hs.toString());
        assertEquals(Integer.decode(suite), hs.get(0).suite, CipherSuite.name(hs.get(0).suite));
        assertFalse(hs.get(0).resumed);
        assertTrue(hs.get(1).resumed, "server side: " + hs);
    }
}
