package kssl.tls;

/**
 * The cipher suites the engine implements, by their IANA code points, and what each one is
 * made of. Suites are plain ints (CLDC has no enums); the properties are small switches so the
 * C firmware can mirror them as a table.
 */
public final class CipherSuite {
    /** Legacy: RSA limited to 512 bits (a temporary key when the certificate's is longer) and a 40-bit RC4 key (RFC 2246 Appendix A.5). */
    public static final int TLS_RSA_EXPORT_WITH_RC4_40_MD5 = 0x0003;
    /** Legacy: RSA key transport, RC4-128, MD5 MAC. */
    public static final int TLS_RSA_WITH_RC4_128_MD5 = 0x0004;
    /** Legacy: RSA key transport, RC4-128, SHA-1 MAC. */
    public static final int TLS_RSA_WITH_RC4_128_SHA = 0x0005;
    /** Legacy: static ECDH with the key of the server's ECDSA-signed certificate (RFC 4492). */
    public static final int TLS_ECDH_ECDSA_WITH_RC4_128_SHA = 0xC002;
    /** Modern (the browsers' suite): ephemeral ECDH, ECDSA signature, AES-128-GCM (RFC 5289). */
    public static final int TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 = 0xC02B;
    /** Modern, client only: ephemeral ECDH signed with RSA, AES-128-GCM (ordinary web servers). */
    public static final int TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 = 0xC02F;
    /** Modern (the IoT suite): ephemeral ECDH, ECDSA, AES-128-CCM with an 8-byte tag (RFC 7251). */
    public static final int TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8 = 0xC0AE;
    /** Signalling value for secure renegotiation (RFC 5746 §3.3), not a suite. */
    public static final int TLS_EMPTY_RENEGOTIATION_INFO_SCSV = 0x00FF;
    /** Signalling value of a client that retried with a lower version (RFC 7507). */
    public static final int TLS_FALLBACK_SCSV = 0x5600;

    public static final int KX_RSA = 1;
    public static final int KX_RSA_EXPORT = 2;
    public static final int KX_ECDH_ECDSA = 3;
    public static final int KX_ECDHE_ECDSA = 4;
    public static final int KX_ECDHE_RSA = 5;

    public static final int CIPHER_RC4_128 = 1;
    public static final int CIPHER_RC4_40 = 2;
    public static final int CIPHER_AES_128_GCM = 3;
    public static final int CIPHER_AES_128_CCM_8 = 4;

    public static final int MAC_NONE = 0;
    public static final int MAC_MD5 = 1;
    public static final int MAC_SHA1 = 2;

    private CipherSuite() {
    }

    /**
     * The suite's bit in the mask a server keeps of a ClientHello's cipher_suites (the suites
     * the engine knows, and the two signalling values), or 0 for any other value: a client may
     * offer 32,000 suites, and the server keeps one int.
     */
    public static int bit(int suite) {
        switch (suite) {
            case TLS_RSA_EXPORT_WITH_RC4_40_MD5: return 1;
            case TLS_RSA_WITH_RC4_128_MD5: return 1 << 1;
            case TLS_RSA_WITH_RC4_128_SHA: return 1 << 2;
            case TLS_ECDH_ECDSA_WITH_RC4_128_SHA: return 1 << 3;
            case TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256: return 1 << 4;
            case TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256: return 1 << 5;
            case TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8: return 1 << 6;
            case TLS_EMPTY_RENEGOTIATION_INFO_SCSV: return 1 << 7;
            case TLS_FALLBACK_SCSV: return 1 << 8;
            default: return 0;
        }
    }

    /** True if the engine implements the suite. */
    public static boolean isKnown(int suite) {
        return keyExchange(suite) != 0;
    }

    public static int keyExchange(int suite) {
        switch (suite) {
            case TLS_RSA_EXPORT_WITH_RC4_40_MD5: return KX_RSA_EXPORT;
            case TLS_RSA_WITH_RC4_128_MD5:
            case TLS_RSA_WITH_RC4_128_SHA: return KX_RSA;
            case TLS_ECDH_ECDSA_WITH_RC4_128_SHA: return KX_ECDH_ECDSA;
            case TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256:
            case TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8: return KX_ECDHE_ECDSA;
            case TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256: return KX_ECDHE_RSA;
            default: return 0;
        }
    }

    public static int cipher(int suite) {
        switch (suite) {
            case TLS_RSA_EXPORT_WITH_RC4_40_MD5: return CIPHER_RC4_40;
            case TLS_RSA_WITH_RC4_128_MD5:
            case TLS_RSA_WITH_RC4_128_SHA:
            case TLS_ECDH_ECDSA_WITH_RC4_128_SHA: return CIPHER_RC4_128;
            case TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256:
            case TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256: return CIPHER_AES_128_GCM;
            case TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8: return CIPHER_AES_128_CCM_8;
            default: return 0;
        }
    }

    public static int mac(int suite) {
        switch (suite) {
            case TLS_RSA_EXPORT_WITH_RC4_40_MD5:
            case TLS_RSA_WITH_RC4_128_MD5: return MAC_MD5;
            case TLS_RSA_WITH_RC4_128_SHA:
            case TLS_ECDH_ECDSA_WITH_RC4_128_SHA: return MAC_SHA1;
            default: return MAC_NONE;
        }
    }

    /** MAC key and MAC length in bytes (0 for the AEAD suites). */
    public static int macLength(int suite) {
        int m = mac(suite);
        return m == MAC_MD5 ? 16 : m == MAC_SHA1 ? 20 : 0;
    }

    /** Bytes of key material per direction taken from the key block (5 for RC4-40). */
    public static int keyMaterialLength(int suite) {
        return cipher(suite) == CIPHER_RC4_40 ? 5 : 16;
    }

    /** The implicit (fixed) IV per direction: the 4-byte salt of GCM and CCM (RFC 5288 §3). */
    public static int fixedIvLength(int suite) {
        return isAead(suite) ? 4 : 0;
    }

    public static boolean isAead(int suite) {
        int c = cipher(suite);
        return c == CIPHER_AES_128_GCM || c == CIPHER_AES_128_CCM_8;
    }

    public static boolean isExport(int suite) {
        return suite == TLS_RSA_EXPORT_WITH_RC4_40_MD5;
    }

    /** True if the suite uses elliptic curves (so supported_groups and point formats apply). */
    public static boolean isEcc(int suite) {
        int kx = keyExchange(suite);
        return kx == KX_ECDH_ECDSA || kx == KX_ECDHE_ECDSA || kx == KX_ECDHE_RSA;
    }

    /** True if the suite may be used at this version: the AEAD suites need TLS 1.2. */
    public static boolean allowedIn(int suite, int version) {
        return isAead(suite) ? version >= ProtocolVersion.TLS12 : isKnown(suite);
    }

    public static String name(int suite) {
        switch (suite) {
            case TLS_RSA_EXPORT_WITH_RC4_40_MD5: return "TLS_RSA_EXPORT_WITH_RC4_40_MD5";
            case TLS_RSA_WITH_RC4_128_MD5: return "TLS_RSA_WITH_RC4_128_MD5";
            case TLS_RSA_WITH_RC4_128_SHA: return "TLS_RSA_WITH_RC4_128_SHA";
            case TLS_ECDH_ECDSA_WITH_RC4_128_SHA: return "TLS_ECDH_ECDSA_WITH_RC4_128_SHA";
            case TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256: return "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256";
            case TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256: return "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256";
            case TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8: return "TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8";
            default: return "0x".concat(Integer.toHexString(suite));
        }
    }
}
