package kssl.tls;

/**
 * The two profiles (../shared/DESIGN.md §2). MODERN is the default. LEGACY is what the papers
 * ran and is insecure today (SSL 3.0, RC4, an 80-bit curve, RSA-1024): never the default, and
 * labelled with {@link #LEGACY_WARNING} wherever it is used.
 */
public final class Profile {
    public static final int MODERN = 0;
    public static final int LEGACY = 1;

    /** The line a server or client logs when it runs the legacy profile. */
    public static final String LEGACY_WARNING = "WARNING: legacy profile is INSECURE (SSL 3.0/TLS 1.0, RC4, "
            + "secp160r1, RSA-1024): for old peers and reproducing the papers only";

    private Profile() {
    }

    public static String name(int profile) {
        return profile == LEGACY ? "legacy" : "modern";
    }

    public static int minVersion(int profile) {
        return profile == LEGACY ? ProtocolVersion.SSL30 : ProtocolVersion.TLS12;
    }

    public static int maxVersion(int profile) {
        return profile == LEGACY ? ProtocolVersion.TLS10 : ProtocolVersion.TLS12;
    }

    /** The suites in preference order; the client offers ECDHE_RSA and RSA_EXPORT in addition. */
    public static int[] suites(int profile, boolean client) {
        if (profile == LEGACY) {
            if (client) {
                return new int[] {CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA, CipherSuite.TLS_RSA_WITH_RC4_128_SHA,
                    CipherSuite.TLS_RSA_WITH_RC4_128_MD5, CipherSuite.TLS_RSA_EXPORT_WITH_RC4_40_MD5};
            }
            return new int[] {CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA, CipherSuite.TLS_RSA_WITH_RC4_128_SHA,
                CipherSuite.TLS_RSA_WITH_RC4_128_MD5};
        }
        if (client) {
            return new int[] {CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
                CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8, CipherSuite.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256};
        }
        return new int[] {CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
            CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8};
    }

    public static int[] groups(int profile) {
        return profile == LEGACY ? new int[] {Extensions.SECP160R1} : new int[] {Extensions.SECP256R1};
    }
}
