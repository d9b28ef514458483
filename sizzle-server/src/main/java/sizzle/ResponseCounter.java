package sizzle;

import java.io.IOException;
import java.io.OutputStream;
import kssl.ForwardingOutputStream;

/**
 * The application-data output of a TLS connection, counting responses for the connection's log
 * line: the HTTP layer (ResponseWriter) flushes exactly once per complete response.
 */
final class ResponseCounter extends ForwardingOutputStream {
    private int flushes;

    ResponseCounter(OutputStream out) {
        super(out);
    }

    public void flush() throws IOException {
        out.flush();
        synchronized (this) {
            flushes++;
        }
    }

    synchronized int responses() {
        return flushes;
    }
}
