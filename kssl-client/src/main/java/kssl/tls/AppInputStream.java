package kssl.tls;

import java.io.IOException;
import java.io.InputStream;

/** Application data in: decrypted records of the connection (runs the handshake first). */
final class AppInputStream extends InputStream {
    private final TlsConnection conn;
    private final byte[] one = new byte[1];

    AppInputStream(TlsConnection conn) {
        this.conn = conn;
    }

    public int read() throws IOException {
        int n = conn.read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    public int read(byte[] b, int off, int len) throws IOException {
        if (off < 0 || len < 0 || off + len > b.length) {
            throw new IndexOutOfBoundsException();
        }
        if (len == 0) {
            return 0;
        }
        return conn.read(b, off, len);
    }

    public int available() {
        return conn.available();
    }

    public void close() {
        conn.close();
    }
}
