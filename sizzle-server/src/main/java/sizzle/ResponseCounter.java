package sizzle;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The application-data output of a TLS connection, counting responses for the connection's log
 * line: the HTTP layer (ResponseWriter) flushes exactly once per complete response.
 */
final class ResponseCounter extends OutputStream {
    private final OutputStream out;
    private int flushes;

    ResponseCounter(OutputStream out) {
        this.out = out;
    }

    public void write(int b) throws IOException {
        out.write(b);
    }

    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
    }

    public void flush() throws IOException {
        out.flush();
        synchronized (this) {
            flushes++;
        }
    }

    public void close() throws IOException {
        out.close();
    }

    synchronized int responses() {
        return flushes;
    }
}
