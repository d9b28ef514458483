package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.IOException;

/**
 * Writes handshake messages straight into the record layer's write buffer, hashing each byte
 * as it goes: a flight is never built apart, so a device needs no buffer beyond its one record
 * (a mote's C firmware streams the same way). The price is that every length is known before
 * its vector is written: each message's writer computes its lengths first, and {@link #end}
 * checks that exactly the declared number of bytes followed.
 */
final class HandshakeWriter {
    private final RecordLayer records;
    private final HandshakeHash hash;
    private final byte[] tmp = new byte[4];
    /** Bytes of the current message still to be written; -1 between messages. */
    private int remaining = -1;

    HandshakeWriter(RecordLayer records, HandshakeHash hash) {
        this.records = records;
        this.hash = hash;
    }

    /** Starts a message of {@code length} body bytes. */
    void begin(int type, int length) throws IOException {
        if (remaining >= 0) {
            throw new IllegalStateException(HandshakeType.name(type).concat(" begun inside another message"));
        }
        tmp[0] = (byte) type;
        Bytes.put24(tmp, 1, length);
        remaining = length + 4;
        put(tmp, 0, 4);
    }

    /** Ends the message: it must be exactly as long as declared. */
    void end() {
        if (remaining != 0) {
            throw new IllegalStateException("handshake message length mismatch: ".concat(Integer.toString(remaining)));
        }
        remaining = -1;
    }

    void u8(int v) throws IOException {
        tmp[0] = (byte) v;
        put(tmp, 0, 1);
    }

    void u16(int v) throws IOException {
        Bytes.put16(tmp, 0, v);
        put(tmp, 0, 2);
    }

    void u24(int v) throws IOException {
        Bytes.put24(tmp, 0, v);
        put(tmp, 0, 3);
    }

    void bytes(byte[] b, int off, int n) throws IOException {
        put(b, off, n);
    }

    void bytes(byte[] b) throws IOException {
        put(b, 0, b.length);
    }

    private void put(byte[] b, int off, int n) throws IOException {
        if (n > remaining) {
            throw new IllegalStateException("handshake message longer than declared");
        }
        remaining -= n;
        hash.update(b, off, n);
        records.append(RecordLayer.HANDSHAKE, b, off, n);
    }
}
