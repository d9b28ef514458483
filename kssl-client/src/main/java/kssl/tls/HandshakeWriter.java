package kssl.tls;

/**
 * Builds a flight of handshake messages in one reused, growing buffer; vector lengths are
 * written back when a vector ends.
 */
final class HandshakeWriter {
    private byte[] buf = new byte[512];
    private int len;

    /** Starts a message; returns the mark to pass to {@link #end}. */
    int begin(int type) {
        u8(type);
        return open(3);
    }

    void end(int mark) {
        close(mark, 3);
    }

    /** Starts a vector with a lenBytes length field; returns its mark. */
    int open(int lenBytes) {
        ensure(lenBytes);
        int mark = len;
        len += lenBytes;
        return mark;
    }

    void close(int mark, int lenBytes) {
        int n = len - mark - lenBytes;
        if (lenBytes == 1) {
            buf[mark] = (byte) n;
        } else if (lenBytes == 2) {
            Bytes.put16(buf, mark, n);
        } else {
            Bytes.put24(buf, mark, n);
        }
    }

    void u8(int v) {
        ensure(1);
        buf[len++] = (byte) v;
    }

    void u16(int v) {
        ensure(2);
        Bytes.put16(buf, len, v);
        len += 2;
    }

    void u24(int v) {
        ensure(3);
        Bytes.put24(buf, len, v);
        len += 3;
    }

    void bytes(byte[] b, int off, int n) {
        ensure(n);
        System.arraycopy(b, off, buf, len, n);
        len += n;
    }

    void bytes(byte[] b) {
        bytes(b, 0, b.length);
    }

    byte[] buffer() {
        return buf;
    }

    int length() {
        return len;
    }

    void reset() {
        len = 0;
    }

    private void ensure(int n) {
        if (len + n > buf.length) {
            int size = buf.length * 2;
            while (size < len + n) {
                size *= 2;
            }
            byte[] b = new byte[size];
            System.arraycopy(buf, 0, b, 0, len);
            buf = b;
        }
    }
}
