package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A profile is a floor, not a default: the setters refuse what the modern profile does not
 * allow (RC4, RFC 7465; export suites and versions before TLS 1.2, RFC 5246 Appendix E), in
 * client and server configurations alike; the legacy profile takes everything the engine has.
 */
class TlsConfigTest {
    private static final int[] LEGACY_ONLY = {CipherSuite.TLS_RSA_WITH_RC4_128_SHA, CipherSuite.TLS_RSA_WITH_RC4_128_MD5,
        CipherSuite.TLS_RSA_EXPORT_WITH_RC4_40_MD5, CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA};
    private static final int[] MODERN = {CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
        CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8, CipherSuite.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256};

    private static TlsConfig config(boolean client, int profile) {
        SeededRandom r = new SeededRandom("config");
        return client ? TlsConfig.client(profile, r) : TlsConfig.server(profile, r);
    }

    private static void refused(Runnable r, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(booleans = {true, false})
    void modernRefusesLegacySuites(boolean client) {
        for (int suite : LEGACY_ONLY) {
            TlsConfig c = config(client, Profile.MODERN);
            refused(() -> c.setCipherSuites(new int[] {CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, suite}),
                    CipherSuite.name(suite) + " in the modern profile");
            assertArrayEquals(Profile.suites(Profile.MODERN, client), c.suites, "unchanged");
        }
        TlsConfig c = config(client, Profile.MODERN);
        c.setCipherSuites(MODERN);
        assertArrayEquals(MODERN, c.suites);
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(booleans = {true, false})
    void modernRefusesVersionsBeforeTls12(boolean client) {
        TlsConfig c = config(client, Profile.MODERN);
        refused(() -> c.setVersions(ProtocolVersion.TLS10, ProtocolVersion.TLS12), "TLSv1 in the modern profile");
        refused(() -> c.setVersions(ProtocolVersion.SSL30, ProtocolVersion.SSL30), "SSLv3 in the modern profile");
        c.setVersions(ProtocolVersion.TLS12, ProtocolVersion.TLS12);
        refused(() -> c.setVersions(ProtocolVersion.TLS12, ProtocolVersion.TLS10), "unsupported version range");
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(booleans = {true, false})
    void legacyTakesEverythingTheEngineHas(boolean client) {
        TlsConfig c = config(client, Profile.LEGACY);
        c.setVersions(ProtocolVersion.SSL30, ProtocolVersion.TLS12);
        c.setCipherSuites(LEGACY_ONLY).setCipherSuites(MODERN);
        c.setAcceptSsl2Hello(true);
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(booleans = {true, false})
    void otherBadArguments(boolean client) {
        TlsConfig c = config(client, Profile.MODERN);
        refused(() -> c.setAcceptSsl2Hello(true), "SSLv2-compatible ClientHello in the modern profile");
        c.setAcceptSsl2Hello(false);
        refused(() -> c.setCipherSuites(new int[0]), "no cipher suites");
        refused(() -> c.setCipherSuites(new int[] {0x0035}), "unknown cipher suite");
        // The array is copied: changing it afterwards cannot slip RC4 past the check.
        int[] suites = {CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256};
        c.setCipherSuites(suites);
        suites[0] = CipherSuite.TLS_RSA_WITH_RC4_128_SHA;
        assertArrayEquals(new int[] {CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256}, c.suites);
    }
}
