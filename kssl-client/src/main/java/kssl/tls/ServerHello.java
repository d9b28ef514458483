package kssl.tls;

import java.io.IOException;

/** ServerHello (RFC 5246 §7.4.1.3): read by the client, written by the server. */
final class ServerHello {
    int version;
    final byte[] random = new byte[32];
    byte[] sessionId = new byte[0];
    int suite;
    final Extensions extensions = new Extensions();

    void parse(HandshakeReader r) throws IOException {
        version = r.u16();
        r.read(random, 0, 32);
        int sid = r.u8();
        if (sid > 32) {
            throw new TlsException(Alert.DECODE_ERROR, "session_id longer than 32");
        }
        sessionId = r.read(sid);
        suite = r.u16();
        if (r.u8() != 0) {
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "compression method not offered");
        }
        if (r.remaining() > 0) {
            extensions.parse(r);
        }
    }

    void write(HandshakeWriter w) throws IOException {
        w.begin(HandshakeType.SERVER_HELLO, 2 + 32 + 1 + sessionId.length + 2 + 1 + extensions.length());
        w.u16(version);
        w.bytes(random);
        w.u8(sessionId.length);
        w.bytes(sessionId);
        w.u16(suite);
        w.u8(0);
        extensions.write(w);
        w.end();
    }
}
