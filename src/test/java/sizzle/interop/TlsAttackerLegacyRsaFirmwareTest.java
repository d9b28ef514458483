package sizzle.interop;

import org.junit.jupiter.api.BeforeAll;

/**
 * TlsAttackerLegacyRsaProbes against the C firmware's host build legacy-rsa (INSECURE, the papers'
 * RSA-1024 and RC4; for reproduction only): the broken premaster secrets (RFC 5246 §7.4.7.1:
 * every kind ends at the client's Finished with bad_record_mac, no Bleichenbacher oracle in the C
 * either), TLS_FALLBACK_SCSV below the best version, renegotiation in SSL 3.0. The full
 * handshakes with a page are the Java test's (they compare the Java thermostat's page); the
 * firmware's are FirmwareClientsTest's nassl cases.
 */
class TlsAttackerLegacyRsaFirmwareTest extends TlsAttackerLegacyRsaProbes {
    @BeforeAll
    static void start() throws Exception {
        server = ProbedServer.firmware("legacy-rsa");
    }
}
