package kssl.tls;

import java.io.IOException;

/**
 * ClientHello (RFC 5246 §7.4.1.2), and its SSLv2-compatible form (RFC 5246 Appendix E.2) that
 * old clients send first (the Sizzle paper's Figure 13: OpenSSL's s_client).
 */
final class ClientHello {
    int version;
    final byte[] random = new byte[32];
    byte[] sessionId = new byte[0];
    int[] suites;
    final Extensions extensions = new Extensions();
    /** True if it came in SSLv2 format (then it has no extensions). */
    boolean ssl2;

    boolean offers(int suite) {
        return Extensions.contains(suites, suite);
    }

    void parse(HandshakeReader r) throws IOException {
        version = r.u16();
        if ((version >>> 8) != 3) {
            throw new TlsException(Alert.PROTOCOL_VERSION, "ClientHello version ".concat(ProtocolVersion.name(version)));
        }
        r.read(random, 0, 32);
        int sid = r.u8();
        if (sid > 32) {
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "session_id longer than 32");
        }
        sessionId = r.read(sid);
        int n = r.u16();
        if (n < 2 || (n & 1) != 0) {
            throw new TlsException(Alert.DECODE_ERROR, "cipher_suites length");
        }
        r.need(n);
        suites = new int[n / 2];
        for (int i = 0; i < suites.length; i++) {
            suites[i] = r.u16();
        }
        int c = r.u8();
        if (c < 1) {
            throw new TlsException(Alert.DECODE_ERROR, "compression_methods empty");
        }
        boolean nullCompression = false;
        for (int i = 0; i < c; i++) {
            nullCompression |= r.u8() == 0;
        }
        if (!nullCompression) {
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "null compression not offered");
        }
        if (r.remaining() > 0) {
            extensions.parse(r, true);
        }
    }

    /**
     * Parses msg_type (1), version, cipher_spec_length, session_id_length, challenge_length,
     * the 3-byte cipher specs, session_id and challenge at b[0..len). Only the V3 specs
     * (first byte 0) are kept; the challenge, right-aligned, is the client random.
     */
    void parseSsl2(byte[] b, int len) throws TlsException {
        ssl2 = true;
        version = Bytes.u16(b, 1);
        if ((version >>> 8) != 3) {
            throw new TlsException(Alert.PROTOCOL_VERSION, "SSLv2-compatible ClientHello for ".concat(ProtocolVersion.name(version)));
        }
        int specs = Bytes.u16(b, 3);
        int sid = Bytes.u16(b, 5);
        int chal = Bytes.u16(b, 7);
        if (specs == 0 || specs % 3 != 0 || (sid != 0 && sid != 16) || chal < 16 || chal > 32
                || 9 + specs + sid + chal != len) {
            throw new TlsException(Alert.DECODE_ERROR, "SSLv2-compatible ClientHello lengths");
        }
        int count = 0;
        for (int i = 0; i < specs; i += 3) {
            if (b[9 + i] == 0) {
                count++;
            }
        }
        suites = new int[count];
        count = 0;
        for (int i = 0; i < specs; i += 3) {
            if (b[9 + i] == 0) {
                suites[count++] = Bytes.u16(b, 10 + i);
            }
        }
        sessionId = Bytes.copy(b, 9 + specs, sid);
        System.arraycopy(b, 9 + specs + sid, random, 32 - chal, chal);
    }

    void write(HandshakeWriter w) {
        int m = w.begin(HandshakeType.CLIENT_HELLO);
        w.u16(version);
        w.bytes(random);
        w.u8(sessionId.length);
        w.bytes(sessionId);
        w.u16(2 * suites.length);
        for (int i = 0; i < suites.length; i++) {
            w.u16(suites[i]);
        }
        w.u8(1);
        w.u8(0);
        extensions.write(w);
        w.end(m);
    }
}
