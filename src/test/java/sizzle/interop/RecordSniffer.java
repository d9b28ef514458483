package sizzle.interop;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Passes a TLS byte stream through unchanged while noting each record's content type and
 * length from the 5-byte record headers: what a peer under test put on the wire.
 */
final class RecordSniffer extends FilterInputStream {
    private final byte[] header = new byte[5];
    private int inHeader;
    private int bodyLeft;
    private int largest;
    private int records;
    private int applicationDataRecords;

    RecordSniffer(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            see(new byte[] {(byte) b}, 0, 1);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            see(b, off, n);
        }
        return n;
    }

    private synchronized void see(byte[] b, int off, int n) {
        for (int i = off; i < off + n; ) {
            if (bodyLeft > 0) {
                int take = Math.min(bodyLeft, off + n - i);
                bodyLeft -= take;
                i += take;
                continue;
            }
            header[inHeader++] = b[i++];
            if (inHeader == 5) {
                inHeader = 0;
                bodyLeft = ((header[3] & 0xFF) << 8) | (header[4] & 0xFF);
                largest = Math.max(largest, bodyLeft);
                records++;
                if (header[0] == 23) {
                    applicationDataRecords++;
                }
            }
        }
    }

    /** The largest record body (ciphertext, or plaintext before encryption starts) seen. */
    synchronized int largest() {
        return largest;
    }

    synchronized int records() {
        return records;
    }

    synchronized int applicationDataRecords() {
        return applicationDataRecords;
    }
}
