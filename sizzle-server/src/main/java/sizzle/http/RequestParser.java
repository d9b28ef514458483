package sizzle.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;

/**
 * Reads HTTP/1.1 requests (RFC 9112) from a stream into a {@link Request}, with one fixed line
 * buffer: nothing grows with the input. Every malformed or oversized request yields a specific
 * status, after which the caller answers and closes the connection (the parser stops reading
 * where it found the fault, so the rest of the stream is no longer in step).
 *
 * <p>Decisions, each tested:
 * <ul>
 * <li>Lines end with CRLF. A bare LF or a bare CR is 400: strict, as the C firmware is, so the
 *     two never disagree on where a request ends (RFC 9112 2.2 allows either choice).</li>
 * <li>One empty line before the request line is skipped (RFC 9112 2.2: some clients send CRLF
 *     after a POST body); a second is 400.</li>
 * <li>Request line: method SP target SP "HTTP/" DIGIT "." DIGIT with single spaces. A request
 *     line over {@link Request#MAX_LINE} is 400 (the reference application's rule: 431 or 400,
 *     and 431 names header fields). Major version other than 1: 505.</li>
 * <li>Target: origin-form "/path[?query]", or absolute-form "http(s)://authority/path" (which
 *     a server must accept, RFC 9112 3.2.2); characters outside RFC 3986's set or a broken
 *     percent-escape: 400. The path is kept undecoded; routes compare bytes.</li>
 * <li>Header lines: name ":" OWS value OWS, name a token, no space before the colon, no
 *     obsolete line folding, no control characters but HT in the value: otherwise 400. A line
 *     over {@link Request#MAX_LINE} or more than {@link Request#MAX_HEADERS} lines: 431.</li>
 * <li>Host, Content-Length and Content-Type at most once each (400). HTTP/1.1 without Host:
 *     400 (RFC 9112 3.2 says must).</li>
 * <li>Content-Length: digits only (a list or sign is 400); over {@link Request#MAX_BODY}: 413.
 *     A POST without it: 411 (a length is required, bodies are never delimited by close).</li>
 * <li>Transfer-Encoding of any kind: 501. The device decodes no transfer coding, and a
 *     chunked body could not be bounded before reading it.</li>
 * <li>A stream that ends inside a request: 400. A read timeout (InterruptedIOException)
 *     inside a request: 408.</li>
 * </ul>
 */
public final class RequestParser {
    /** {@link #parse} result for a well-formed request. */
    public static final int COMPLETE = 0;

    private static final int LINE_EOF = -1;
    private static final int LINE_TOO_LONG = -2;
    private static final int LINE_BAD_END = -3;

    private static final byte[] GET = Ascii.bytes("GET");
    private static final byte[] POST = Ascii.bytes("POST");
    private static final byte[] HTTP_SLASH = Ascii.bytes("HTTP/");
    private static final byte[] HTTP_SCHEME = Ascii.bytes("http://");
    private static final byte[] HTTPS_SCHEME = Ascii.bytes("https://");
    private static final byte[] HOST = Ascii.bytes("host");
    private static final byte[] CONTENT_LENGTH = Ascii.bytes("content-length");
    private static final byte[] CONTENT_TYPE = Ascii.bytes("content-type");
    private static final byte[] CONNECTION = Ascii.bytes("connection");
    private static final byte[] TRANSFER_ENCODING = Ascii.bytes("transfer-encoding");
    private static final byte[] CLOSE = Ascii.bytes("close");
    private static final byte[] KEEP_ALIVE = Ascii.bytes("keep-alive");
    private static final byte[] FORM = Ascii.bytes("application/x-www-form-urlencoded");

    private final InputStream in;
    private final byte[] line = new byte[Request.MAX_LINE];
    /** The first byte of the next request once {@link #awaitRequest} has read it, else -1. */
    private int pending = -1;

    // Per-request header facts, checked once the header section has ended.
    private boolean hostSeen;
    private boolean typeSeen;
    private boolean transferEncoding;
    /** -1 when absent; saturates at MAX_BODY + 1. */
    private int contentLength;

    public RequestParser(InputStream in) {
        this.in = in;
    }

    /**
     * Blocks until the first byte of the next request arrives (true) or the stream ends
     * (false: the peer closed between requests, the normal end of a persistent connection).
     * An IOException here (a timeout on an idle connection included) is the caller's to end on.
     */
    public boolean awaitRequest() throws IOException {
        if (pending < 0) {
            pending = in.read();
        }
        return pending >= 0;
    }

    /**
     * Reads one request into {@code r}: {@link #COMPLETE}, or the status to answer with before
     * closing the connection. IOExceptions other than a timeout mean the stream is broken.
     */
    public int parse(Request r) throws IOException {
        r.reset();
        hostSeen = false;
        typeSeen = false;
        transferEncoding = false;
        contentLength = -1;
        try {
            return parseMessage(r);
        } catch (InterruptedIOException e) {
            return Status.REQUEST_TIMEOUT;
        }
    }

    private int parseMessage(Request r) throws IOException {
        int len = readLine();
        if (len == 0) {
            len = readLine();
        }
        if (len <= 0) {
            return Status.BAD_REQUEST; // a second empty line, too long, bad end or truncated
        }
        int status = requestLine(r, len);
        if (status != COMPLETE) {
            return status;
        }
        int headers = 0;
        while (true) {
            len = readLine();
            if (len == 0) {
                break;
            }
            if (len == LINE_TOO_LONG) {
                return Status.HEADER_FIELDS_TOO_LARGE;
            }
            if (len < 0) {
                return Status.BAD_REQUEST;
            }
            if (++headers > Request.MAX_HEADERS) {
                return Status.HEADER_FIELDS_TOO_LARGE;
            }
            status = headerLine(r, len);
            if (status != COMPLETE) {
                return status;
            }
        }
        if (transferEncoding) {
            return Status.NOT_IMPLEMENTED;
        }
        if (!r.http10 && !hostSeen) {
            return Status.BAD_REQUEST;
        }
        if (contentLength > Request.MAX_BODY) {
            return Status.CONTENT_TOO_LARGE;
        }
        if (contentLength < 0) {
            return r.method == Request.POST ? Status.LENGTH_REQUIRED : COMPLETE;
        }
        // The request line was read, so no byte is pending: read the body straight in.
        for (int n = 0; n < contentLength; ) {
            int got = in.read(r.body, n, contentLength - n);
            if (got < 0) {
                return Status.BAD_REQUEST;
            }
            n += got;
        }
        r.bodyLength = contentLength;
        return COMPLETE;
    }

    private int next() throws IOException {
        if (pending >= 0) {
            int b = pending;
            pending = -1;
            return b;
        }
        return in.read();
    }

    /**
     * One line into {@link #line}: its length without CRLF, or LINE_EOF, LINE_TOO_LONG (stops
     * reading at once) or LINE_BAD_END (bare LF, or CR not followed by LF).
     */
    private int readLine() throws IOException {
        int n = 0;
        while (true) {
            int b = next();
            if (b < 0) {
                return LINE_EOF;
            }
            if (b == '\r') {
                b = next();
                if (b < 0) {
                    return LINE_EOF;
                }
                return b == '\n' ? n : LINE_BAD_END;
            }
            if (b == '\n') {
                return LINE_BAD_END;
            }
            if (n == line.length) {
                return LINE_TOO_LONG;
            }
            line[n++] = (byte) b;
        }
    }

    private int requestLine(Request r, int len) {
        int i = 0;
        while (i < len && Ascii.isTchar(line[i])) {
            i++;
        }
        if (i == 0 || i == len || line[i] != ' ') {
            return Status.BAD_REQUEST;
        }
        if (startsWith(0, i, GET, false) && i == GET.length) {
            r.method = Request.GET; // methods are case-sensitive (RFC 9110 9.1)
        } else if (startsWith(0, i, POST, false) && i == POST.length) {
            r.method = Request.POST;
        } else {
            r.method = Request.OTHER;
        }
        int t0 = i + 1;
        int t1 = t0;
        while (t1 < len && line[t1] != ' ') {
            t1++;
        }
        int v = t1 + 1;
        if (t1 == t0 || len - v != 8 || !startsWith(v, len, HTTP_SLASH, false)
                || !isDigit(line[v + 5]) || line[v + 6] != '.' || !isDigit(line[v + 7])) {
            return Status.BAD_REQUEST;
        }
        if (line[v + 5] != '1') {
            return Status.VERSION_NOT_SUPPORTED;
        }
        r.http10 = line[v + 7] == '0';
        return target(r, t0, t1);
    }

    /** Checks the target's characters and keeps its path (RFC 9112 3.2, RFC 3986 3.3). */
    private int target(Request r, int from, int to) {
        for (int i = from; i < to; i++) {
            int b = line[i] & 0xff;
            if (b == '%') {
                if (i + 2 >= to || Ascii.hexValue(line[i + 1]) < 0 || Ascii.hexValue(line[i + 2]) < 0) {
                    return Status.BAD_REQUEST;
                }
            } else if (!isTargetChar(b)) {
                return Status.BAD_REQUEST;
            }
        }
        int p = from;
        if (line[from] != '/') {
            int scheme = startsWith(from, to, HTTP_SCHEME, true) ? HTTP_SCHEME.length
                    : startsWith(from, to, HTTPS_SCHEME, true) ? HTTPS_SCHEME.length : 0;
            if (scheme == 0) {
                return Status.BAD_REQUEST;
            }
            p = from + scheme;
            while (p < to && line[p] != '/' && line[p] != '?') {
                p++;
            }
            if (p == from + scheme) {
                return Status.BAD_REQUEST; // no authority
            }
        }
        int n = 0;
        if (p == to || line[p] != '/') {
            r.path[n++] = '/'; // "http://host" or "http://host?q" names the root
        }
        while (p < to && line[p] != '?') {
            r.path[n++] = line[p++];
        }
        r.pathLength = n;
        return COMPLETE;
    }

    private int headerLine(Request r, int len) {
        int i = 0;
        while (i < len && Ascii.isTchar(line[i])) {
            i++;
        }
        if (i == 0 || i == len || line[i] != ':') {
            return Status.BAD_REQUEST; // obs-fold, space before the colon, no colon, bad name
        }
        int name = i;
        int v0 = i + 1;
        int v1 = len;
        while (v0 < v1 && isOws(line[v0])) {
            v0++;
        }
        while (v1 > v0 && isOws(line[v1 - 1])) {
            v1--;
        }
        for (int k = v0; k < v1; k++) {
            int b = line[k] & 0xff;
            if ((b < 0x20 && b != '\t') || b == 0x7f) {
                return Status.BAD_REQUEST;
            }
        }
        if (Ascii.equalsIgnoreCase(line, 0, name, HOST)) {
            if (hostSeen) {
                return Status.BAD_REQUEST;
            }
            hostSeen = true;
            for (int k = v0; k < v1; k++) {
                if (isOws(line[k])) {
                    return Status.BAD_REQUEST;
                }
            }
        } else if (Ascii.equalsIgnoreCase(line, 0, name, CONTENT_LENGTH)) {
            return contentLength(v0, v1);
        } else if (Ascii.equalsIgnoreCase(line, 0, name, CONTENT_TYPE)) {
            if (typeSeen) {
                return Status.BAD_REQUEST;
            }
            typeSeen = true;
            int end = v0;
            while (end < v1 && line[end] != ';' && !isOws(line[end])) {
                end++;
            }
            r.form = Ascii.equalsIgnoreCase(line, v0, end - v0, FORM);
        } else if (Ascii.equalsIgnoreCase(line, 0, name, CONNECTION)) {
            connection(r, v0, v1);
        } else if (Ascii.equalsIgnoreCase(line, 0, name, TRANSFER_ENCODING)) {
            transferEncoding = true;
        }
        return COMPLETE;
    }

    private int contentLength(int from, int to) {
        if (contentLength >= 0 || from == to) {
            return Status.BAD_REQUEST;
        }
        int n = 0;
        for (int k = from; k < to; k++) {
            if (!isDigit(line[k])) {
                return Status.BAD_REQUEST;
            }
            if (n <= Request.MAX_BODY) {
                n = n * 10 + (line[k] - '0'); // at most 10 * 257 + 9: no overflow
            }
        }
        contentLength = n > Request.MAX_BODY ? Request.MAX_BODY + 1 : n;
        return COMPLETE;
    }

    /** The comma-separated options of Connection (RFC 9110 7.6.1); unknown ones are ignored. */
    private void connection(Request r, int from, int to) {
        int k = from;
        while (k < to) {
            while (k < to && (line[k] == ',' || isOws(line[k]))) {
                k++;
            }
            int start = k;
            while (k < to && line[k] != ',' && !isOws(line[k])) {
                k++;
            }
            if (Ascii.equalsIgnoreCase(line, start, k - start, CLOSE)) {
                r.connectionClose = true;
            } else if (Ascii.equalsIgnoreCase(line, start, k - start, KEEP_ALIVE)) {
                r.connectionKeepAlive = true;
            }
        }
    }

    /** True if line[off..limit) starts with {@code prefix} (lower case when ignoring case). */
    private boolean startsWith(int off, int limit, byte[] prefix, boolean ignoreCase) {
        if (off + prefix.length > limit) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            int b = line[off + i] & 0xff;
            if ((ignoreCase ? Ascii.lower(b) : b) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(int b) {
        return b >= '0' && b <= '9';
    }

    private static boolean isOws(int b) {
        return b == ' ' || b == '\t';
    }

    /** RFC 3986 unreserved, sub-delims, ":", "@", "/", "?" ("%" is checked by the caller). */
    private static boolean isTargetChar(int b) {
        if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9')) {
            return true;
        }
        switch (b) {
            case '-': case '.': case '_': case '~': case '!': case '$': case '&': case '\'':
            case '(': case ')': case '*': case '+': case ',': case ';': case '=': case ':':
            case '@': case '/': case '?':
                return true;
            default:
                return false;
        }
    }
}
