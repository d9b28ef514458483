package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An output stream that changes one byte of the n-th record of a content type on its way (the
 * record layer writes each record with one write call).
 */
final class Tamper extends FilterOutputStream {
    private final int type;
    private int nth;
    private final int offsetFromEnd;

    /** Flips the low bit of the byte offsetFromEnd from the end (1 = last) of the n-th record of type. */
    Tamper(OutputStream out, int type, int nth, int offsetFromEnd) {
        super(out);
        this.type = type;
        this.nth = nth;
        this.offsetFromEnd = offsetFromEnd;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (len >= 5 && b[off] == type && nth-- == 0) {
            byte[] c = Bytes.copy(b, off, len);
            c[len - offsetFromEnd] ^= 1;
            out.write(c, 0, len);
        } else {
            out.write(b, off, len);
        }
    }
}
