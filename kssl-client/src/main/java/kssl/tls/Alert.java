package kssl.tls;

/**
 * Alert levels and descriptions (RFC 5246 §7.2; SSL 3.0's subset in RFC 6101 §5.4.2), and the
 * mapping of TLS-only descriptions onto the ones an SSL 3.0 peer understands.
 */
public final class Alert {
    public static final int WARNING = 1;
    public static final int FATAL = 2;

    public static final int CLOSE_NOTIFY = 0;
    public static final int UNEXPECTED_MESSAGE = 10;
    public static final int BAD_RECORD_MAC = 20;
    public static final int RECORD_OVERFLOW = 22;
    public static final int DECOMPRESSION_FAILURE = 30;
    public static final int HANDSHAKE_FAILURE = 40;
    public static final int BAD_CERTIFICATE = 42;
    public static final int UNSUPPORTED_CERTIFICATE = 43;
    public static final int CERTIFICATE_EXPIRED = 45;
    public static final int CERTIFICATE_UNKNOWN = 46;
    public static final int ILLEGAL_PARAMETER = 47;
    public static final int UNKNOWN_CA = 48;
    public static final int DECODE_ERROR = 50;
    public static final int DECRYPT_ERROR = 51;
    public static final int PROTOCOL_VERSION = 70;
    public static final int INSUFFICIENT_SECURITY = 71;
    public static final int INTERNAL_ERROR = 80;
    public static final int INAPPROPRIATE_FALLBACK = 86;
    public static final int USER_CANCELED = 90;
    public static final int NO_RENEGOTIATION = 100;
    public static final int UNSUPPORTED_EXTENSION = 110;
    /** RFC 6066 §3: no server of the requested name (a gateway routing by server_name sends it). */
    public static final int UNRECOGNIZED_NAME = 112;

    private Alert() {
    }

    /** The RFC's name of a description, or "alert_N". */
    public static String name(int description) {
        switch (description) {
            case CLOSE_NOTIFY: return "close_notify";
            case UNEXPECTED_MESSAGE: return "unexpected_message";
            case BAD_RECORD_MAC: return "bad_record_mac";
            case RECORD_OVERFLOW: return "record_overflow";
            case DECOMPRESSION_FAILURE: return "decompression_failure";
            case HANDSHAKE_FAILURE: return "handshake_failure";
            case BAD_CERTIFICATE: return "bad_certificate";
            case UNSUPPORTED_CERTIFICATE: return "unsupported_certificate";
            case CERTIFICATE_EXPIRED: return "certificate_expired";
            case CERTIFICATE_UNKNOWN: return "certificate_unknown";
            case ILLEGAL_PARAMETER: return "illegal_parameter";
            case UNKNOWN_CA: return "unknown_ca";
            case DECODE_ERROR: return "decode_error";
            case DECRYPT_ERROR: return "decrypt_error";
            case PROTOCOL_VERSION: return "protocol_version";
            case INSUFFICIENT_SECURITY: return "insufficient_security";
            case INTERNAL_ERROR: return "internal_error";
            case INAPPROPRIATE_FALLBACK: return "inappropriate_fallback";
            case USER_CANCELED: return "user_canceled";
            case NO_RENEGOTIATION: return "no_renegotiation";
            case UNSUPPORTED_EXTENSION: return "unsupported_extension";
            case UNRECOGNIZED_NAME: return "unrecognized_name";
            default: return "alert_".concat(Integer.toString(description));
        }
    }

    /**
     * The description to put on the wire for this version: SSL 3.0 defines only descriptions
     * up to illegal_parameter (47), so the TLS-only ones become the nearest SSL 3.0 one, as
     * OpenSSL's SSL 3.0 code does.
     */
    public static int forVersion(int description, int version) {
        if (version != ProtocolVersion.SSL30) {
            return description;
        }
        switch (description) {
            case RECORD_OVERFLOW:
            case DECODE_ERROR:
            case UNKNOWN_CA:
            case INAPPROPRIATE_FALLBACK:
            case UNSUPPORTED_EXTENSION:
                return ILLEGAL_PARAMETER;
            case DECRYPT_ERROR:
            case PROTOCOL_VERSION:
            case INSUFFICIENT_SECURITY:
            case INTERNAL_ERROR:
            case USER_CANCELED:
            case NO_RENEGOTIATION:
            case UNRECOGNIZED_NAME:
                return HANDSHAKE_FAILURE;
            default:
                return description;
        }
    }
}
