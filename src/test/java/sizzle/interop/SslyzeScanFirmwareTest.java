package sizzle.interop;

import org.junit.jupiter.api.BeforeAll;

/**
 * SslyzeScanTest's scan and every check of its posture, against the C firmware's host build
 * (modern): TLS 1.2 only, the two ECDHE-ECDSA AEAD suites on P-256, secure renegotiation,
 * session ids, extended_master_secret, TLS_FALLBACK_SCSV, none of the OpenSSL-era bugs (ROBOT
 * included), the chain valid for "localhost" under the firmware's DEMO CA, and HSTS.
 */
class SslyzeScanFirmwareTest extends SslyzeScanTest {
    /** Hides the Java server's scan: the shared host firmware instead. */
    @BeforeAll
    static void scan() throws Exception {
        FirmwareFixture fw = FirmwareFixture.shared("host", "modern");
        scan(fw.port(), fw.dir, fw.caPem, 1); // the device certificate alone, as the papers' motes (RFC 5246 7.4.2)
    }
}
