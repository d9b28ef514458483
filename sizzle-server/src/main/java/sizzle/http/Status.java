package sizzle.http;

/**
 * The status codes this server sends and their reason phrases (RFC 9110 section 15, RFC 6585
 * for 429 and 431). The phrase doubles as the short text/plain body of an error response.
 */
public final class Status {
    public static final int OK = 200;
    public static final int SEE_OTHER = 303;
    public static final int BAD_REQUEST = 400;
    public static final int UNAUTHORIZED = 401;
    public static final int NOT_FOUND = 404;
    public static final int METHOD_NOT_ALLOWED = 405;
    public static final int REQUEST_TIMEOUT = 408;
    public static final int LENGTH_REQUIRED = 411;
    public static final int CONTENT_TOO_LARGE = 413;
    public static final int UNSUPPORTED_MEDIA_TYPE = 415;
    public static final int TOO_MANY_REQUESTS = 429;
    public static final int HEADER_FIELDS_TOO_LARGE = 431;
    public static final int INTERNAL_SERVER_ERROR = 500;
    public static final int NOT_IMPLEMENTED = 501;
    public static final int VERSION_NOT_SUPPORTED = 505;

    private static final int[] CODES = {
        OK, SEE_OTHER, BAD_REQUEST, UNAUTHORIZED, NOT_FOUND, METHOD_NOT_ALLOWED, REQUEST_TIMEOUT,
        LENGTH_REQUIRED, CONTENT_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, TOO_MANY_REQUESTS,
        HEADER_FIELDS_TOO_LARGE, INTERNAL_SERVER_ERROR, NOT_IMPLEMENTED, VERSION_NOT_SUPPORTED,
    };
    private static final byte[][] REASONS = {
        Ascii.bytes("OK"), Ascii.bytes("See Other"), Ascii.bytes("Bad Request"),
        Ascii.bytes("Unauthorized"), Ascii.bytes("Not Found"), Ascii.bytes("Method Not Allowed"),
        Ascii.bytes("Request Timeout"), Ascii.bytes("Length Required"),
        Ascii.bytes("Content Too Large"), Ascii.bytes("Unsupported Media Type"),
        Ascii.bytes("Too Many Requests"), Ascii.bytes("Request Header Fields Too Large"),
        Ascii.bytes("Internal Server Error"), Ascii.bytes("Not Implemented"),
        Ascii.bytes("HTTP Version Not Supported"),
    };

    private Status() {
    }

    /** The reason phrase of {@code code}; fails for a code this server never sends. */
    public static byte[] reason(int code) {
        for (int i = 0; i < CODES.length; i++) {
            if (CODES[i] == code) {
                return REASONS[i];
            }
        }
        throw new IllegalArgumentException("status not sent by this server");
    }
}
