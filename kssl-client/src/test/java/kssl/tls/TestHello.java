package kssl.tls;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A ClientHello built byte by byte for the server's tests, as a client nobody here wrote might
 * send it: any version, suites, compression methods and extensions (known, unknown, GREASE,
 * duplicated, malformed), and every length field found again by {@link #lengthFields()} so a
 * test can shorten or lengthen it. Defaults: a modern browser-like TLS 1.2 hello offering
 * TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 on secp256r1.
 */
final class TestHello {
    /** A length field of the message: where it is, how many bytes, and what it measures. */
    record LengthField(String name, int offset, int size) {
    }

    int version = ProtocolVersion.TLS12;
    byte[] random = new byte[32];
    byte[] sessionId = new byte[0];
    int[] suites = {CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256};
    byte[] compression = {0};
    /** Extensions as written: type, then the body (without its 4-byte header). Null: no extensions block. */
    List<Object[]> extensions = new ArrayList<>();

    private final List<LengthField> lengths = new ArrayList<>();

    TestHello() {
        for (int i = 0; i < 32; i++) {
            random[i] = (byte) (i + 1);
        }
        ext(Extensions.RENEGOTIATION_INFO, 0);
        ext(Extensions.EXTENDED_MASTER_SECRET);
        ext(Extensions.SUPPORTED_GROUPS, 0, 2, 0, Extensions.SECP256R1);
        ext(Extensions.EC_POINT_FORMATS, 1, 0);
        ext(Extensions.SIGNATURE_ALGORITHMS, 0, 2, 4, 3);
    }

    /** Appends an extension with the given body bytes (each int one byte). */
    TestHello ext(int type, int... body) {
        byte[] b = new byte[body.length];
        for (int i = 0; i < body.length; i++) {
            b[i] = (byte) body[i];
        }
        return extBytes(type, b);
    }

    TestHello extBytes(int type, byte[] body) {
        extensions.add(new Object[] {type, body});
        return this;
    }

    /** Removes every extension of this type. */
    TestHello without(int type) {
        extensions.removeIf(e -> (Integer) e[0] == type);
        return this;
    }

    /** A server_name extension with one host_name. */
    TestHello serverName(String host) {
        without(Extensions.SERVER_NAME);
        byte[] name = host.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        byte[] body = new byte[5 + name.length];
        Bytes.put16(body, 0, 3 + name.length);
        body[2] = 0;
        Bytes.put16(body, 3, name.length);
        System.arraycopy(name, 0, body, 5, name.length);
        extensions.add(0, new Object[] {Extensions.SERVER_NAME, body});
        return this;
    }

    /** The handshake message: type, 3-byte length, body. */
    byte[] message() {
        lengths.clear();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(HandshakeType.CLIENT_HELLO);
        length(b, "message", 3, 0);
        u16(b, version);
        b.writeBytes(random);
        length(b, "session_id", 1, sessionId.length);
        b.writeBytes(sessionId);
        length(b, "cipher_suites", 2, 2 * suites.length);
        for (int s : suites) {
            u16(b, s);
        }
        length(b, "compression_methods", 1, compression.length);
        b.writeBytes(compression);
        if (extensions != null) {
            int block = b.size();
            length(b, "extensions", 2, 0);
            for (Object[] e : extensions) {
                int type = (Integer) e[0];
                byte[] body = (byte[]) e[1];
                u16(b, type);
                length(b, "extension " + type, 2, body.length);
                int inner = b.size();
                b.writeBytes(body);
                innerLengths(type, body, inner);
            }
            byte[] m = b.toByteArray();
            Bytes.put16(m, block, m.length - block - 2);
            b.reset();
            b.writeBytes(m);
        }
        byte[] m = b.toByteArray();
        Bytes.put24(m, 1, m.length - 4);
        return m;
    }

    /** The message in one handshake record (record version TLS 1.0, as browsers send it). */
    byte[] record() {
        return BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, message());
    }

    /** The length fields of the last {@link #message()}, outermost first. */
    List<LengthField> lengthFields() {
        return lengths;
    }

    /** The message with one length field changed by delta (the bytes stay as they were). */
    byte[] messageWithLength(LengthField f, int delta) {
        byte[] m = message();
        int v = 0;
        for (int i = 0; i < f.size(); i++) {
            v = (v << 8) | (m[f.offset() + i] & 0xFF);
        }
        v += delta;
        for (int i = f.size() - 1; i >= 0; i--) {
            m[f.offset() + i] = (byte) v;
            v >>>= 8;
        }
        return m;
    }

    /** The vectors inside the extensions the server parses: their lengths are length fields too. */
    private void innerLengths(int type, byte[] body, int at) {
        switch (type) {
            case Extensions.SERVER_NAME:
                if (body.length >= 5) {
                    lengths.add(new LengthField("server_name list", at, 2));
                    lengths.add(new LengthField("host_name", at + 3, 2));
                }
                break;
            case Extensions.SUPPORTED_GROUPS:
            case Extensions.SIGNATURE_ALGORITHMS:
                if (body.length >= 2) {
                    lengths.add(new LengthField("list of extension " + type, at, 2));
                }
                break;
            case Extensions.EC_POINT_FORMATS:
            case Extensions.RENEGOTIATION_INFO:
                if (body.length >= 1) {
                    lengths.add(new LengthField("list of extension " + type, at, 1));
                }
                break;
            default:
                break;
        }
    }

    private void length(ByteArrayOutputStream b, String name, int size, int value) {
        lengths.add(new LengthField(name, b.size(), size));
        for (int i = size - 1; i >= 0; i--) {
            b.write(value >>> (8 * i));
        }
    }

    private static void u16(ByteArrayOutputStream b, int v) {
        b.write(v >>> 8);
        b.write(v);
    }
}
