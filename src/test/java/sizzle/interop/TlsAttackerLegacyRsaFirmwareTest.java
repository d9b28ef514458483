package sizzle.interop;

import org.junit.jupiter.api.BeforeAll;

/**
 * TlsAttackerLegacyTest's probes against the C firmware's host build legacy-rsa (INSECURE, the
 * papers' RSA-1024 and RC4; for reproduction only): the broken premaster secrets (RFC 5246
 * §7.4.7.1: every kind ends at the client's Finished with bad_record_mac, no Bleichenbacher
 * oracle in the C either), TLS_FALLBACK_SCSV below the best version, renegotiation in SSL 3.0.
 * The full handshakes with a page are the Java test's (they compare the Java thermostat's page);
 * the firmware's are FirmwareClientsTest's nassl cases. The secp160r1 ones need the legacy-ecc
 * build: FirmwareClientsTest's too.
 */
class TlsAttackerLegacyRsaFirmwareTest extends TlsAttackerLegacyTest {
    /** Hides the Java server's start: the C host build legacy-rsa, with its DEMO identity, instead. */
    @BeforeAll
    static void start() throws Exception {
        server = ProbedServer.firmware("legacy-rsa");
    }

    // Overridden without @Test: not run here (see above).
    @Override
    void ssl3EcdhEcdsaRc4OnSecp160r1() {
    }

    @Override
    void tls10EcdhEcdsaRc4OnSecp160r1() {
    }

    @Override
    void tls10RsaRc4() {
    }

    @Override
    void ssl3RsaRc4() {
    }
}
