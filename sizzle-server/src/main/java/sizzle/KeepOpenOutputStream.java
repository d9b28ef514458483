package sizzle;

import java.io.IOException;
import java.io.OutputStream;

/** The output side of {@link KeepOpenInputStream}: close() is left to the transport's Connection. */
final class KeepOpenOutputStream extends OutputStream {
    private final OutputStream out;

    KeepOpenOutputStream(OutputStream out) {
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
    }

    public void close() {
    }
}
