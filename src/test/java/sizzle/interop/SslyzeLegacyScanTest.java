package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kssl.tls.Profile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * sslyze against the legacy profile, which is INSECURE (SSL 3.0, TLS 1.0, RC4, RSA-1024: for
 * reproducing the papers only). What a scan must still find there: SSL 3.0 and TLS 1.0 and
 * nothing else, exactly the profile's RC4 suites (OpenSSL 1.0.2 offers secp160r1 only in SSL 3.0,
 * without extensions), no ROBOT oracle on the RSA key exchange, no compression, secure
 * renegotiation, TLS_FALLBACK_SCSV honoured, session ids and no tickets.
 */
@Timeout(120)
class SslyzeLegacyScanTest {
    private static SizzleFixture sizzle;
    private static Sslyze scan;
    /** The suites the server must accept in SSL 3.0, and in TLS 1.0. */
    private static List<String> ssl3Suites, tls10Suites;

    @BeforeAll
    static void scan() throws Exception {
        InteropPki pki = InteropPki.get();
        sizzle = new SizzleFixture(Profile.LEGACY, pki.p160, pki.rsa1024);
        List<String> rsa = List.of("TLS_RSA_WITH_RC4_128_SHA", "TLS_RSA_WITH_RC4_128_MD5");
        List<String> all = new java.util.ArrayList<>(rsa);
        all.add("TLS_ECDH_ECDSA_WITH_RC4_128_SHA");
        scan(sizzle.port(), pki.dir, all, rsa);
    }

    /** Scans the legacy server on port (the JSON output in dir), which must accept these suites and no other. */
    static void scan(int port, java.nio.file.Path dir, List<String> ssl3, List<String> tls10) throws Exception {
        ssl3Suites = ssl3;
        tls10Suites = tls10;
        scan = Sslyze.scan(port, dir, List.of("--sslv2", "--sslv3", "--tlsv1", "--tlsv1_1", "--tlsv1_2", "--tlsv1_3",
                "--robot", "--compression", "--reneg", "--fallback", "--resum", "--heartbleed", "--openssl_ccs"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (sizzle != null) {
            sizzle.close();
        }
    }

    @Test
    void sslv3AndTls10WithTheProfilesSuitesOnly() {
        assertEquals(ssl3Suites, scan.accepted("ssl_3_0"));
        assertEquals(tls10Suites, scan.accepted("tls_1_0"));
        for (String v : List.of("ssl_2_0", "tls_1_1", "tls_1_2", "tls_1_3")) {
            assertEquals(List.of(), scan.accepted(v), v);
        }
    }

    /** ROBOT (Böck et al. 2018): no Bleichenbacher oracle in the RSA-1024 key exchange. */
    @Test
    void noRobotOracle() {
        assertEquals("NOT_VULNERABLE_NO_ORACLE", scan.result("robot").get("robot_result").getAsString());
    }

    @Test
    void noCompressionSecureRenegotiationFallbackScsv() {
        assertFalse(scan.result("tls_compression").get("supports_compression").getAsBoolean());
        assertTrue(scan.result("session_renegotiation").get("supports_secure_renegotiation").getAsBoolean());
        assertFalse(scan.result("session_renegotiation").get("is_vulnerable_to_client_renegotiation_dos").getAsBoolean());
        assertTrue(scan.result("tls_fallback_scsv").get("supports_fallback_scsv").getAsBoolean());
        assertFalse(scan.result("heartbleed").get("is_vulnerable_to_heartbleed").getAsBoolean());
        assertFalse(scan.result("openssl_ccs_injection").get("is_vulnerable_to_ccs_injection").getAsBoolean());
    }

    @Test
    void sessionIdsButNoTickets() {
        assertEquals("FULLY_SUPPORTED", scan.result("session_resumption").get("session_id_resumption_result").getAsString());
        assertEquals("NOT_SUPPORTED", scan.result("session_resumption").get("tls_ticket_resumption_result").getAsString());
    }
}
