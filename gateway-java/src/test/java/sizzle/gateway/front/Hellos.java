package sizzle.gateway.front;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** ClientHellos made by hand for the front door's tests (the real peers' hellos are tested too). */
final class Hellos {
    private Hellos() {
    }

    /** A TLS 1.2 ClientHello handshake message (header included) naming {@code host}, or none if null. */
    static byte[] message(String host) {
        return message(host, false);
    }

    /**
     * ... and, if {@code complete}, with supported_groups (secp256r1) and signature_algorithms
     * (ecdsa_secp256r1_sha256): a hello a modern server answers with its ServerHello.
     */
    static byte[] message(String host, boolean complete) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(3);
        b.write(3);
        b.writeBytes(new byte[32]);
        b.write(0); // session_id
        b.writeBytes(new byte[] {0, 2, (byte) 0xC0, 0x2B});
        b.writeBytes(new byte[] {1, 0});
        ByteArrayOutputStream ext = new ByteArrayOutputStream();
        ext.writeBytes(new byte[] {0x00, 0x17, 0, 0}); // extended_master_secret
        if (host != null) {
            byte[] name = host.getBytes(StandardCharsets.ISO_8859_1);
            ext.writeBytes(new byte[] {0, 0});
            u16(ext, name.length + 5);
            u16(ext, name.length + 3);
            ext.write(0);
            u16(ext, name.length);
            ext.writeBytes(name);
        }
        ext.writeBytes(new byte[] {0x00, 0x0B, 0, 2, 1, 0}); // ec_point_formats
        if (complete) {
            ext.writeBytes(new byte[] {0x00, 0x0A, 0, 4, 0, 2, 0x00, 0x17}); // supported_groups: secp256r1
            ext.writeBytes(new byte[] {0x00, 0x0D, 0, 4, 0, 2, 0x04, 0x03}); // signature_algorithms
        }
        u16(b, ext.size());
        b.writeBytes(ext.toByteArray());
        return handshake(1, b.toByteArray());
    }

    /** An SSL 3.0 ClientHello handshake message: client_version 3.0, RSA_WITH_RC4_128_SHA, no extensions (SSL 3.0 has none). */
    static byte[] ssl3Message() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(3);
        b.write(0);
        b.writeBytes(new byte[32]);
        b.write(0); // session_id
        b.writeBytes(new byte[] {0, 2, 0x00, 0x05});
        b.writeBytes(new byte[] {1, 0});
        return handshake(1, b.toByteArray());
    }

    static byte[] handshake(int type, byte[] body) {
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        m.write(type);
        m.write(body.length >> 16);
        m.write(body.length >> 8);
        m.write(body.length);
        m.writeBytes(body);
        return m.toByteArray();
    }

    /** The message cut into handshake records of at most {@code max} bytes each. */
    static byte[] records(byte[] message, int max) {
        ByteArrayOutputStream r = new ByteArrayOutputStream();
        for (int off = 0; off < message.length; off += max) {
            int n = Math.min(max, message.length - off);
            r.writeBytes(new byte[] {22, 3, 1});
            u16(r, n);
            r.write(message, off, n);
        }
        return r.toByteArray();
    }

    static void u16(ByteArrayOutputStream b, int v) {
        b.write(v >> 8);
        b.write(v);
    }
}
