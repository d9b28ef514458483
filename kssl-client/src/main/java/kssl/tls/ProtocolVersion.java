package kssl.tls;

/** The protocol versions the engine speaks, as their two wire bytes (major 3). */
public final class ProtocolVersion {
    /** SSL 3.0 (RFC 6101). Legacy profile only: insecure (POODLE, no extensions by design). */
    public static final int SSL30 = 0x0300;
    /** TLS 1.0 (RFC 2246). Legacy profile only. */
    public static final int TLS10 = 0x0301;
    /** TLS 1.1: not implemented; a peer offering it is answered with TLS 1.0. */
    public static final int TLS11 = 0x0302;
    /** TLS 1.2 (RFC 5246): the modern profile. */
    public static final int TLS12 = 0x0303;

    private ProtocolVersion() {
    }

    public static String name(int v) {
        switch (v) {
            case SSL30: return "SSLv3";
            case TLS10: return "TLSv1";
            case TLS11: return "TLSv1.1";
            case TLS12: return "TLSv1.2";
            default: return "0x".concat(Integer.toHexString(v));
        }
    }

    /** True for a version this engine can run. */
    public static boolean isSupported(int v) {
        return v == SSL30 || v == TLS10 || v == TLS12;
    }

    /**
     * The highest supported version in [min, max] that is at most {@code offered}, or -1. A
     * TLS 1.1 offer (or higher than 1.2) maps down as RFC 5246 Appendix E.1 requires.
     */
    public static int negotiate(int offered, int min, int max) {
        int v = offered < max ? offered : max;
        if (v == TLS11) {
            v = TLS10;
        }
        return v >= min && isSupported(v) ? v : -1;
    }
}
