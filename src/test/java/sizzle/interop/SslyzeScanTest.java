package sizzle.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import kssl.tls.Profile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The scanner sslyze 6.3.1 (PyPI, on nassl 5.4.0: OpenSSL 1.0.2 and 1.1.1 clients; about 600
 * connections, a few seconds) against the modern server, and the posture it must report:
 * TLS 1.2 only, the two ECDHE-ECDSA AEAD suites only, ECDHE on P-256 only, no compression,
 * secure renegotiation with client-initiated renegotiation refused, session ids but no
 * tickets, extended_master_secret, TLS_FALLBACK_SCSV, none of the OpenSSL-era bugs, and the
 * certificate chain valid for "localhost" under the test CA (pyca/cryptography's validator),
 * and HSTS on the page sslyze fetches.
 */
@Timeout(120)
class SslyzeScanTest {
    private static SizzleFixture sizzle;
    private static Sslyze scan;
    /** The CA the server's chain must validate under. */
    private static Path caPem;
    /** The certificates the server sends. */
    private static int chainLength;

    @BeforeAll
    static void scan() throws Exception {
        InteropPki pki = InteropPki.get();
        sizzle = new SizzleFixture(Profile.MODERN, pki.p256);
        scan(sizzle.port(), pki.dir, pki.caPem, 2); // the leaf and the CA
    }

    /** Scans the modern server on port, which sends chain certificates that validate under ca (the JSON output in dir). */
    static void scan(int port, Path dir, Path ca, int chain) throws Exception {
        caPem = ca;
        chainLength = chain;
        scan = Sslyze.scan(port, dir, List.of("--certinfo", "--certinfo_ca_file=" + ca, "--sslv2", "--sslv3",
                "--tlsv1", "--tlsv1_1", "--tlsv1_2", "--tlsv1_3", "--compression", "--reneg", "--resum", "--elliptic_curves",
                "--fallback", "--heartbleed", "--openssl_ccs", "--robot", "--early_data", "--ems", "--http_headers"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (sizzle != null) {
            sizzle.close();
        }
    }

    private static JsonObject result(String command) {
        return scan.result(command);
    }

    @Test
    void onlyTls12() {
        for (String v : List.of("ssl_2_0", "ssl_3_0", "tls_1_0", "tls_1_1", "tls_1_3")) {
            JsonObject r = result(v + "_cipher_suites");
            assertFalse(r.get("is_tls_version_supported").getAsBoolean(), v + ": " + r);
            assertEquals(List.of(), scan.accepted(v), v + ": " + r);
        }
        assertTrue(result("tls_1_2_cipher_suites").get("is_tls_version_supported").getAsBoolean());
    }

    /** Both AEAD suites, nothing else, each with an ephemeral key on P-256. */
    @Test
    void onlyTheTwoEcdheEcdsaAeadSuitesOnP256() {
        assertEquals(List.of("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8"), scan.accepted("tls_1_2"));
        JsonArray accepted = result("tls_1_2_cipher_suites").getAsJsonArray("accepted_cipher_suites");
        assertEquals(List.of("secp256r1", "secp256r1"), Sslyze.names(accepted, "ephemeral_key", "curve_name"));
    }

    @Test
    void ecdheOnP256Only() {
        JsonObject r = result("elliptic_curves");
        assertTrue(r.get("supports_ecdh_key_exchange").getAsBoolean());
        assertEquals(List.of("secp256r1"), Sslyze.names(r.getAsJsonArray("supported_curves"), "name"));
    }

    @Test
    void noCompression() {
        assertFalse(result("tls_compression").get("supports_compression").getAsBoolean());
    }

    /** RFC 5746 renegotiation_info answered; a renegotiation the client starts is refused. */
    @Test
    void secureRenegotiationAndClientRenegotiationRefused() {
        JsonObject r = result("session_renegotiation");
        assertTrue(r.get("supports_secure_renegotiation").getAsBoolean(), r.toString());
        assertFalse(r.get("is_vulnerable_to_client_renegotiation_dos").getAsBoolean(), r.toString());
        assertEquals(0, r.get("client_renegotiations_success_count").getAsInt(), r.toString());
    }

    /** Sizzle's session cache (every resumption by id works), no RFC 5077 tickets. */
    @Test
    void sessionIdsButNoTickets() {
        JsonObject r = result("session_resumption");
        assertEquals("FULLY_SUPPORTED", r.get("session_id_resumption_result").getAsString(), r.toString());
        assertEquals("NOT_SUPPORTED", r.get("tls_ticket_resumption_result").getAsString(), r.toString());
        assertEquals(0, r.get("tls_ticket_successful_resumptions_count").getAsInt(), r.toString());
    }

    @Test
    void extendedMasterSecretAndFallbackScsv() {
        assertTrue(result("tls_extended_master_secret").get("supports_ems_extension").getAsBoolean());
        assertTrue(result("tls_fallback_scsv").get("supports_fallback_scsv").getAsBoolean());
        assertFalse(result("tls_1_3_early_data").get("supports_early_data").getAsBoolean());
    }

    /** Strict-Transport-Security for a year (RFC 6797 §6.1), no preload or subdomains claimed for a device. */
    @Test
    void hsts() {
        JsonObject r = result("http_headers");
        assertEquals("/", r.get("http_path_redirected_to").getAsString(), r.toString());
        JsonObject hsts = r.getAsJsonObject("strict_transport_security_header");
        assertTrue(hsts != null, "no Strict-Transport-Security: " + r);
        assertEquals(31_536_000, hsts.get("max_age").getAsInt(), hsts.toString());
        assertFalse(hsts.get("preload").getAsBoolean(), hsts.toString());
        assertFalse(hsts.get("include_subdomains").getAsBoolean(), hsts.toString());
    }

    @Test
    void noneOfTheKnownServerBugs() {
        assertFalse(result("heartbleed").get("is_vulnerable_to_heartbleed").getAsBoolean());
        assertFalse(result("openssl_ccs_injection").get("is_vulnerable_to_ccs_injection").getAsBoolean());
        assertEquals("NOT_VULNERABLE_RSA_NOT_SUPPORTED", result("robot").get("robot_result").getAsString());
    }

    /** The chain the server sends, in order, validates for "localhost" under the test CA alone. */
    @Test
    void certificateChainValidUnderTheTestCa() {
        JsonObject r = result("certificate_info");
        assertEquals(InteropPki.HOST, r.get("hostname_used_for_server_name_indication").getAsString());
        JsonObject deployment = r.getAsJsonArray("certificate_deployments").get(0).getAsJsonObject();
        assertTrue(deployment.get("received_chain_has_valid_order").getAsBoolean());
        assertEquals(chainLength, deployment.getAsJsonArray("received_certificate_chain").size(), "leaf and CA, or the leaf alone");
        boolean validUnderTestCa = false;
        for (JsonElement e : deployment.getAsJsonArray("path_validation_results")) {
            JsonObject v = e.getAsJsonObject();
            if (v.getAsJsonObject("trust_store").get("path").getAsString().equals(caPem.toString())) {
                assertTrue(v.get("was_validation_successful").getAsBoolean(), v.toString());
                validUnderTestCa = true;
            }
        }
        assertTrue(validUnderTestCa, "no validation against the test CA: " + deployment);
    }
}
