package kssl;

import kssl.tls.TlsConnection;
import java.io.IOException;
import java.io.InputStream;

/**
 * A response body as HTTP/1.1 frames it (RFC 9112 §6.3): exactly Content-Length bytes, the
 * chunked transfer coding (chunk extensions and trailer fields are read and dropped), or
 * everything until the server closes. A body that ends early is an IOException, never a
 * silently short page; so is a close-delimited body whose TLS stream ended without
 * close_notify (it may have been truncated by an attacker).
 */
public final class HttpBodyInputStream extends InputStream {
    public static final int LENGTH = 0;
    public static final int CHUNKED = 1;
    public static final int UNTIL_CLOSE = 2;

    private final InputStream in;
    private final int framing;
    private final TlsConnection tls;
    /** Bytes left in the body (LENGTH) or in the current chunk (CHUNKED). */
    private long remaining;
    private boolean done;
    private final byte[] one = new byte[1];

    /**
     * @param length the Content-Length (LENGTH only)
     * @param tls the connection under {@code in}, asked whether a close was a clean one
     *        (UNTIL_CLOSE); null if {@code in} is not TLS
     */
    public HttpBodyInputStream(InputStream in, int framing, long length, TlsConnection tls) {
        if (framing < LENGTH || framing > UNTIL_CLOSE || length < 0) {
            throw new IllegalArgumentException("framing");
        }
        this.in = in;
        this.framing = framing;
        this.tls = tls;
        remaining = framing == LENGTH ? length : 0;
        done = framing == LENGTH && length == 0;
    }

    public int read() throws IOException {
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    public int read(byte[] b, int off, int len) throws IOException {
        if (off < 0 || len < 0 || off + len > b.length) {
            throw new IndexOutOfBoundsException();
        }
        if (len == 0) {
            return 0;
        }
        if (done) {
            return -1;
        }
        if (framing == UNTIL_CLOSE) {
            int n = in.read(b, off, len);
            if (n < 0) {
                done = true;
                if (tls != null && tls.isTruncated()) {
                    throw new IOException("response truncated: the connection closed without close_notify");
                }
            }
            return n;
        }
        if (framing == CHUNKED && remaining == 0) {
            nextChunk();
            if (done) {
                return -1;
            }
        }
        int want = remaining < len ? (int) remaining : len;
        int n = in.read(b, off, want);
        if (n < 0) {
            throw new IOException("response body truncated: the connection closed early");
        }
        remaining -= n;
        if (remaining == 0) {
            if (framing == LENGTH) {
                done = true;
            } else {
                crlf();
            }
        }
        return n;
    }

    /** chunk = chunk-size [ chunk-ext ] CRLF chunk-data CRLF; last-chunk = 1*"0" [ chunk-ext ] CRLF. */
    private void nextChunk() throws IOException {
        String line = HttpResponseHead.line(in);
        int end = line.indexOf(';');
        String hex = (end < 0 ? line : line.substring(0, end)).trim();
        if (hex.length() == 0) {
            throw new IOException("malformed chunk size");
        }
        long size = 0;
        for (int i = 0; i < hex.length(); i++) {
            int d = Character.digit(hex.charAt(i), 16);
            if (d < 0) {
                throw new IOException("malformed chunk size: ".concat(hex));
            }
            size = size * 16 + d;
            if (size > Integer.MAX_VALUE) {
                throw new IOException("chunk larger than 2^31 bytes");
            }
        }
        if (size > 0) {
            remaining = size;
            return;
        }
        // The trailer section: fields until an empty line.
        for (int fields = 0; HttpResponseHead.line(in).length() > 0; fields++) {
            if (fields == HttpResponseHead.MAX_FIELDS) {
                throw new IOException("more than 100 trailer fields");
            }
        }
        done = true;
    }

    private void crlf() throws IOException {
        if (HttpResponseHead.line(in).length() != 0) {
            throw new IOException("chunk data longer than its size");
        }
    }

    /** Bytes readable without blocking: what the current record still holds, within the body. */
    public int available() throws IOException {
        if (done || (framing != UNTIL_CLOSE && remaining == 0)) {
            return 0;
        }
        int n = in.available();
        return framing == UNTIL_CLOSE || n < remaining ? n : (int) remaining;
    }
}
