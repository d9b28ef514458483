package kssl.tls;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Application data out: bytes are gathered into records of the negotiated size; flush() sends
 * what is gathered as one record (so HTTP should flush once per response).
 */
final class AppOutputStream extends OutputStream {
    private final TlsConnection conn;
    private final byte[] one = new byte[1];

    AppOutputStream(TlsConnection conn) {
        this.conn = conn;
    }

    public void write(int b) throws IOException {
        one[0] = (byte) b;
        conn.write(one, 0, 1);
    }

    public void write(byte[] b, int off, int len) throws IOException {
        if (off < 0 || len < 0 || off + len > b.length) {
            throw new IndexOutOfBoundsException();
        }
        conn.write(b, off, len);
    }

    public void flush() throws IOException {
        conn.flush();
    }

    public void close() {
        conn.close();
    }
}
