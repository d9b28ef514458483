package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.IOException;

/**
 * Reads handshake messages as a stream from the record layer's handshake fragments: a message
 * may span records and records may hold several messages, and no message is ever buffered
 * whole (a 2 KB ClientHello is parsed field by field). Each byte consumed goes into the
 * handshake hash. Reading past the declared end of a message is a decode_error; so is a
 * message that does not use all of its declared length.
 */
final class HandshakeReader {
    private final RecordLayer records;
    private final HandshakeHash hash;
    private final byte[] tmp = new byte[4];
    private int type = -1;
    private int length;
    private int remaining;

    HandshakeReader(RecordLayer records, HandshakeHash hash) {
        this.records = records;
        this.hash = hash;
    }

    /**
     * Reads the next message header and returns its type; the body follows. A message longer
     * than {@code maxLength} (64 KiB by default: TLS allows 16 MiB, far more than any hello
     * or chain a small server needs) is a decode_error, sent once the record that declared it
     * has been read to its end.
     */
    int begin(int maxLength) throws IOException {
        remaining = 4;
        raw(tmp, 0, 4);
        type = tmp[0] & 0xFF;
        length = Bytes.u24(tmp, 1);
        if (length > maxLength) {
            records.discardRecord();
            throw new TlsException(Alert.DECODE_ERROR, HandshakeType.name(type).concat(" longer than ")
                    .concat(Integer.toString(maxLength)).concat(" bytes"));
        }
        remaining = length;
        return type;
    }

    /** Ends the message: all of it must have been read. */
    void end() throws TlsException {
        if (remaining != 0) {
            throw new TlsException(Alert.DECODE_ERROR, "trailing bytes in ".concat(HandshakeType.name(type)));
        }
        type = -1;
    }

    /** Bytes of the current message read so far. */
    int position() {
        return length - remaining;
    }

    int remaining() {
        return remaining;
    }

    int u8() throws IOException {
        raw(tmp, 0, 1);
        return tmp[0] & 0xFF;
    }

    int u16() throws IOException {
        raw(tmp, 0, 2);
        return Bytes.u16(tmp, 0);
    }

    int u24() throws IOException {
        raw(tmp, 0, 3);
        return Bytes.u24(tmp, 0);
    }

    void read(byte[] b, int off, int len) throws IOException {
        raw(b, off, len);
    }

    byte[] read(int len) throws IOException {
        need(len);
        byte[] b = new byte[len];
        raw(b, 0, len);
        return b;
    }

    void skip(int len) throws IOException {
        need(len);
        while (len > 0) {
            next();
            int n = records.available() < len ? records.available() : len;
            hash.update(records.buffer(), records.position(), n);
            records.consume(n);
            remaining -= n;
            len -= n;
        }
    }

    /** Fails with decode_error unless the current message has len more bytes. */
    void need(int len) throws TlsException {
        if (len > remaining || len < 0) {
            throw new TlsException(Alert.DECODE_ERROR, HandshakeType.name(type).concat(" truncated"));
        }
    }

    private void raw(byte[] b, int off, int len) throws IOException {
        need(len);
        while (len > 0) {
            next();
            int n = records.available() < len ? records.available() : len;
            System.arraycopy(records.buffer(), records.position(), b, off, n);
            hash.update(records.buffer(), records.position(), n);
            records.consume(n);
            remaining -= n;
            off += n;
            len -= n;
        }
    }

    private void next() throws IOException {
        int t = records.next();
        if (t == RecordLayer.HANDSHAKE) {
            return;
        }
        if (t == RecordLayer.EOF) {
            throw new TlsException(Alert.HANDSHAKE_FAILURE, "connection closed during the handshake");
        }
        if (t == RecordLayer.CLOSE_NOTIFY) {
            throw new TlsException(Alert.HANDSHAKE_FAILURE, "close_notify during the handshake");
        }
        throw new TlsException(Alert.UNEXPECTED_MESSAGE, "record of type ".concat(Integer.toString(t))
                .concat(" where a handshake message was expected"));
    }
}
