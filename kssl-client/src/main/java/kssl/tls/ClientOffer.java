package kssl.tls;

import java.io.IOException;

/**
 * The ClientHello the KSSL client sends (RFC 5246 §7.4.1.2): what it offers, kept for checking
 * the ServerHello against it. (The server reads a ClientHello into {@link ClientHello}.)
 */
final class ClientOffer {
    int version;
    final byte[] random = new byte[32];
    byte[] sessionId = new byte[0];
    int[] suites;
    final Extensions extensions = new Extensions();

    boolean offers(int suite) {
        return Extensions.contains(suites, suite);
    }

    void write(HandshakeWriter w) throws IOException {
        w.begin(HandshakeType.CLIENT_HELLO, 2 + 32 + 1 + sessionId.length + 2 + 2 * suites.length + 2
                + extensions.length());
        w.u16(version);
        w.bytes(random);
        w.u8(sessionId.length);
        w.bytes(sessionId);
        w.u16(2 * suites.length);
        for (int i = 0; i < suites.length; i++) {
            w.u16(suites[i]);
        }
        w.u8(1);
        w.u8(0); // null compression
        extensions.write(w);
        w.end();
    }
}
