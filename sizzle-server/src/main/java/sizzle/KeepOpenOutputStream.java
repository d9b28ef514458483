package sizzle;

import java.io.OutputStream;
import kssl.ForwardingOutputStream;

/** The output side of {@link KeepOpenInputStream}: close() is left to the transport's Connection. */
final class KeepOpenOutputStream extends ForwardingOutputStream {
    KeepOpenOutputStream(OutputStream out) {
        super(out);
    }

    public void close() {
    }
}
