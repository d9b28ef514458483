package sizzle.http;

/**
 * One parsed request, reused for every request on a connection so that serving allocates
 * nothing per request. It holds only what the server acts on: the method, the path (the
 * request target up to any query), the protocol minor version, the persistence asked for, whether
 * the body is a form, and the body itself. Every other header is checked and dropped.
 *
 * <p>The bounds below are the device's: a mote has about 4 KB of RAM, so one line buffer and
 * one body buffer of a few hundred bytes each are what it can spare.
 */
public final class Request {
    /** Longest request line or header line, CRLF excluded. Longer: 400 (request line) or 431. */
    public static final int MAX_LINE = 256;
    /** Most header lines in one request. More: 431. */
    public static final int MAX_HEADERS = 24;
    /** Largest body (Content-Length). Larger: 413. */
    public static final int MAX_BODY = 256;

    public static final int GET = 1;
    public static final int POST = 2;
    /** Any other syntactically valid method: the application answers 405 (or 404). */
    public static final int OTHER = 3;
    /** The peer of a connection whose transport does not say (a test's stream pair). */
    public static final String UNKNOWN_PEER = "unknown";

    int method;
    final byte[] path = new byte[MAX_LINE];
    int pathLength;
    boolean http10;
    boolean connectionClose;
    boolean connectionKeepAlive;
    boolean form;
    final byte[] body = new byte[MAX_BODY];
    int bodyLength;
    /** The client's address, for the whole connection. */
    String peer = UNKNOWN_PEER;

    /** Clears what the previous request on the connection left. */
    void reset() {
        method = 0;
        pathLength = 0;
        http10 = false;
        connectionClose = false;
        connectionKeepAlive = false;
        form = false;
        bodyLength = 0;
    }

    /** {@link #GET}, {@link #POST} or {@link #OTHER}. */
    public int method() {
        return method;
    }

    /** True if the path (percent-encoding untouched, query dropped) is exactly {@code p}. */
    public boolean pathIs(byte[] p) {
        if (p.length != pathLength) {
            return false;
        }
        for (int i = 0; i < pathLength; i++) {
            if (path[i] != p[i]) {
                return false;
            }
        }
        return true;
    }

    /** True for an HTTP/1.0 request (the response still says HTTP/1.1, RFC 9110 6.2). */
    public boolean isHttp10() {
        return http10;
    }

    /**
     * Whether the client lets the connection stay open: HTTP/1.1 unless it sent
     * "Connection: close", HTTP/1.0 only if it sent "Connection: keep-alive" (RFC 9112 9.3).
     */
    public boolean keepAlive() {
        if (connectionClose) {
            return false;
        }
        return http10 ? connectionKeepAlive : true;
    }

    /** True if Content-Type is application/x-www-form-urlencoded (parameters ignored). */
    public boolean isForm() {
        return form;
    }

    /** The body buffer; its first {@link #bodyLength()} bytes are the body. */
    public byte[] body() {
        return body;
    }

    public int bodyLength() {
        return bodyLength;
    }

    /**
     * The client's address as the transport knows it, without a port (the key of per-client
     * limits); {@link #UNKNOWN_PEER} where the transport does not say.
     */
    public String peer() {
        return peer;
    }
}
