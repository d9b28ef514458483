package sizzle;

import java.io.IOException;
import java.io.InputStream;

/**
 * A transport's input handed to the TLS engine, which closes its streams when it is done: here
 * close() does nothing, because the {@link Connection} underneath closes the transport itself
 * (a socket lingers so that the last records are not lost to a reset).
 */
final class KeepOpenInputStream extends InputStream {
    private final InputStream in;

    KeepOpenInputStream(InputStream in) {
        this.in = in;
    }

    public int read() throws IOException {
        return in.read();
    }

    public int read(byte[] b, int off, int len) throws IOException {
        return in.read(b, off, len);
    }

    public int available() throws IOException {
        return in.available();
    }

    public void close() {
    }
}
