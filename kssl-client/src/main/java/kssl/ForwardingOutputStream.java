package kssl;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An OutputStream that forwards everything to another (CLDC has no FilterOutputStream):
 * subclasses change the one call they are about.
 */
public class ForwardingOutputStream extends OutputStream {
    protected final OutputStream out;

    public ForwardingOutputStream(OutputStream out) {
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

    public void close() throws IOException {
        out.close();
    }
}
