package sizzle.interop;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;

/**
 * SslyzeLegacyScanTest's scan and checks against the C firmware's host build legacy-rsa (INSECURE,
 * for reproducing the papers): SSL 3.0 and TLS 1.0 with its two RSA RC4 suites and nothing else,
 * no ROBOT oracle in the C's RSA key exchange (sslyze's thousands of crafted premaster secrets),
 * no compression, secure renegotiation, TLS_FALLBACK_SCSV, session ids and no tickets.
 */
class SslyzeLegacyScanFirmwareTest extends SslyzeLegacyScanTest {
    /** Hides the Java server's scan: the shared host firmware legacy-rsa instead. */
    @BeforeAll
    static void scan() throws Exception {
        FirmwareFixture fw = FirmwareFixture.shared("host", "legacy-rsa");
        List<String> rsa = List.of("TLS_RSA_WITH_RC4_128_SHA", "TLS_RSA_WITH_RC4_128_MD5");
        scan(fw.port(), fw.dir, rsa, rsa);
    }
}
