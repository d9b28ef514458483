package sizzle.http;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes responses with the fewest header bytes a browser accepts (the Sizzle papers cut
 * requests from 400 to about 100 bytes of headers; responses here are as lean), always in
 * this order, which the motes' firmware reproduces byte for byte:
 * <ol>
 * <li>the status line;</li>
 * <li>Date, only on a device that knows the time (a clock for dates was given);</li>
 * <li>the security headers, one constant block: Strict-Transport-Security (a year; the server
 * speaks HTTPS only), Content-Security-Policy "default-src 'none'; frame-ancestors 'none'"
 * (the pages load nothing and may not be framed) and X-Content-Type-Options: nosniff;</li>
 * <li>any header the status needs (Location, Allow, Retry-After);</li>
 * <li>Content-Type, Content-Length and, only when it changes the default, Connection.</li>
 * </ol>
 *
 * <p>Bytes go out through a buffer of the caller's chunk size: every {@code write} on the
 * stream below carries at most that many bytes and all but the last of a response carry
 * exactly that many, so a TLS layer with a small record size sends full records. Bodies are
 * written from constant arrays (a mote sends them from flash) and a few small values.
 *
 * <p>Order of calls for one response: {@link #status}, any {@link #header}, {@link #body},
 * {@link #write} until the declared length is reached (then the response is flushed), or one of
 * the whole-response shorthands.
 */
public final class ResponseWriter {
    private static final byte[] HTTP11 = Ascii.bytes("HTTP/1.1 ");
    private static final byte[] CRLF = Ascii.bytes("\r\n");
    private static final byte[] COLON = Ascii.bytes(": ");
    private static final byte[] CONTENT_TYPE = Ascii.bytes("Content-Type");
    private static final byte[] CONTENT_LENGTH = Ascii.bytes("Content-Length");
    private static final byte[] CONNECTION = Ascii.bytes("Connection");
    private static final byte[] CLOSE = Ascii.bytes("close");
    private static final byte[] KEEP_ALIVE = Ascii.bytes("keep-alive");
    private static final byte[] LOCATION = Ascii.bytes("Location");
    private static final byte[] ALLOW = Ascii.bytes("Allow");
    private static final byte[] TEXT_PLAIN = Ascii.bytes("text/plain");
    private static final byte[] NEWLINE = Ascii.bytes("\n");
    private static final byte[] DATE = Ascii.bytes("Date");
    /** The security headers, each with its CRLF: a constant a mote keeps in flash. */
    private static final byte[] SECURITY = Ascii.bytes("Strict-Transport-Security: max-age=31536000\r\n"
            + "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n"
            + "X-Content-Type-Options: nosniff\r\n");

    private static final int IDLE = 0;
    private static final int HEADERS = 1;
    private static final int BODY = 2;

    private final OutputStream out;
    private final byte[] buf;
    private final byte[] digits = new byte[HttpDate.LENGTH];
    private final Clock dates;
    private int used;
    private int state = IDLE;
    private int remaining;
    private boolean close;
    private boolean keepAliveHeader;
    private boolean answered;

    /**
     * {@code chunk}: the most bytes handed to {@code out} in one write (at least 1);
     * {@code dates}: the wall clock for the Date header, or null on a device that does not
     * know the time (then no Date is sent).
     */
    public ResponseWriter(OutputStream out, int chunk, Clock dates) {
        if (chunk < 1) {
            throw new IllegalArgumentException("chunk < 1");
        }
        this.out = out;
        this.buf = new byte[chunk];
        this.dates = dates;
    }

    /**
     * Sets how the next response ends: {@code close} adds "Connection: close" (the connection
     * closes after it); {@code keepAliveHeader} adds "Connection: keep-alive", which an
     * HTTP/1.0 client needs to keep the connection.
     */
    public void prepare(boolean close, boolean keepAliveHeader) {
        this.close = close;
        this.keepAliveHeader = keepAliveHeader && !close;
        this.state = IDLE;
        this.answered = false;
    }

    /** Whether the response being written announces that the connection closes. */
    public boolean closes() {
        return close;
    }

    /** True once a whole response has been written since {@link #prepare}. */
    public boolean answered() {
        return answered;
    }

    /** True once a status line has been started and until the response is complete. */
    public boolean inResponse() {
        return state != IDLE;
    }

    public void status(int code) throws IOException {
        if (state != IDLE || answered) {
            throw new IllegalStateException("one response per request");
        }
        state = HEADERS;
        put(HTTP11, 0, HTTP11.length);
        putDecimal(code);
        put(HTTP11, HTTP11.length - 1, 1); // the space
        byte[] reason = Status.reason(code);
        put(reason, 0, reason.length);
        put(CRLF, 0, 2);
        if (dates != null) {
            headerName(DATE);
            put(digits, 0, HttpDate.format(dates.millis(), digits, 0));
            put(CRLF, 0, 2);
        }
        put(SECURITY, 0, SECURITY.length);
    }

    public void header(byte[] name, byte[] value) throws IOException {
        headerName(name);
        put(value, 0, value.length);
        put(CRLF, 0, 2);
    }

    public void header(byte[] name, int value) throws IOException {
        headerName(name);
        putDecimal(value);
        put(CRLF, 0, 2);
    }

    /**
     * Ends the header section with Content-Type (if {@code type} is not null), Content-Length
     * and Connection when needed. A zero {@code length} completes the response at once.
     */
    public void body(byte[] type, int length) throws IOException {
        if (type != null) {
            header(CONTENT_TYPE, type);
        }
        header(CONTENT_LENGTH, length);
        if (close) {
            header(CONNECTION, CLOSE);
        } else if (keepAliveHeader) {
            header(CONNECTION, KEEP_ALIVE);
        }
        put(CRLF, 0, 2);
        state = BODY;
        remaining = length;
        if (length == 0) {
            complete();
        }
    }

    public void write(byte[] b) throws IOException {
        write(b, 0, b.length);
    }

    /** Body bytes; the last of the declared length flushes the response. */
    public void write(byte[] b, int off, int len) throws IOException {
        if (state != BODY || len > remaining) {
            throw new IllegalStateException("body longer than declared");
        }
        put(b, off, len);
        remaining -= len;
        if (remaining == 0) {
            complete();
        }
    }

    /** A whole response with one constant body. */
    public void send(int code, byte[] type, byte[] body) throws IOException {
        status(code);
        body(type, body.length);
        write(body);
    }

    /** A whole error response: the reason phrase and a newline as text/plain. */
    public void error(int code) throws IOException {
        status(code);
        reasonBody(code);
    }

    /** 405 with the Allow header RFC 9110 15.5.6 requires, e.g. "GET, POST". */
    public void methodNotAllowed(byte[] allow) throws IOException {
        status(Status.METHOD_NOT_ALLOWED);
        header(ALLOW, allow);
        reasonBody(Status.METHOD_NOT_ALLOWED);
    }

    /** Ends an error response whose status and extra headers are written: the reason phrase as text/plain. */
    public void reasonBody(int code) throws IOException {
        byte[] reason = Status.reason(code);
        body(TEXT_PLAIN, reason.length + 1);
        write(reason);
        write(NEWLINE);
    }

    /** 303 See Other to {@code location}, no body. */
    public void seeOther(byte[] location) throws IOException {
        status(Status.SEE_OTHER);
        header(LOCATION, location);
        body(null, 0);
    }

    private void headerName(byte[] name) throws IOException {
        if (state != HEADERS) {
            throw new IllegalStateException("header outside the header section");
        }
        put(name, 0, name.length);
        put(COLON, 0, 2);
    }

    private void putDecimal(int n) throws IOException {
        put(digits, 0, Ascii.decimal(n, digits, 0));
    }

    private void put(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            int n = buf.length - used;
            if (n > len) {
                n = len;
            }
            System.arraycopy(b, off, buf, used, n);
            used += n;
            off += n;
            len -= n;
            if (used == buf.length) {
                out.write(buf, 0, used);
                used = 0;
            }
        }
    }

    private void complete() throws IOException {
        if (used > 0) {
            out.write(buf, 0, used);
            used = 0;
        }
        out.flush();
        state = IDLE;
        answered = true;
    }
}
