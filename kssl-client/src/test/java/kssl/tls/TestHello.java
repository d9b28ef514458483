package kssl.tls;

import ksecurity.prim.Bytes;
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

    /**
     * A ClientHello shaped like Chromium 156's (seen on the wire, ../shared/DESIGN.md §5): a
     * 1,944-byte message with GREASE suites, groups, versions and extensions, 16 suites, a
     * 32-byte session id, 18 extensions among which a 1,263-byte key_share carrying an
     * X25519MLKEM768 share, ALPN, session_ticket, supported_versions (TLS 1.3 first) and a
     * GREASE encrypted_client_hello. Its random and key shares come from {@code rng}.
     */
    static TestHello chromiumLike(SeededRandom rng) {
        TestHello h = new TestHello();
        rng.generateData(h.random, (short) 0, (short) 32);
        h.sessionId = bytes(rng, 32);
        h.suites = new int[] {0x4A4A, 0x1301, 0x1302, 0x1303, 0xC02B, 0xC02F, 0xC02C, 0xC030, 0xCCA9, 0xCCA8, 0xC013,
            0xC014, 0x009C, 0x009D, 0x002F, 0x0035};
        h.extensions.clear();
        h.ext(0x8A8A);
        h.serverName(TestPki.HOST);
        h.ext(Extensions.EXTENDED_MASTER_SECRET);
        h.ext(Extensions.RENEGOTIATION_INFO, 0);
        h.ext(Extensions.SUPPORTED_GROUPS, 0, 10, 0xDA, 0xDA, 0x11, 0xEC, 0, 0x1D, 0, 0x17, 0, 0x18);
        h.ext(Extensions.EC_POINT_FORMATS, 1, 0);
        h.ext(35); // session_ticket, empty
        h.ext(16, 0, 12, 2, 'h', '2', 8, 'h', 't', 't', 'p', '/', '1', '.', '1'); // ALPN
        h.ext(5, 1, 0, 0, 0, 0); // status_request
        h.ext(Extensions.SIGNATURE_ALGORITHMS, 0, 16, 4, 3, 8, 4, 4, 1, 5, 3, 8, 5, 5, 1, 8, 6, 6, 1);
        h.ext(18); // signed_certificate_timestamp
        java.io.ByteArrayOutputStream ks = new java.io.ByteArrayOutputStream();
        ks.writeBytes(new byte[] {0x04, (byte) 0xEF}); // client_shares length 1,261
        ks.writeBytes(new byte[] {(byte) 0xDA, (byte) 0xDA, 0, 1, 0}); // GREASE share
        ks.writeBytes(new byte[] {0x11, (byte) 0xEC, 0x04, (byte) 0xC0}); // X25519MLKEM768, 1,216 bytes
        ks.writeBytes(bytes(rng, 1216));
        ks.writeBytes(new byte[] {0, 0x1D, 0, 32}); // x25519
        ks.writeBytes(bytes(rng, 32));
        h.extBytes(51, ks.toByteArray());
        h.ext(45, 1, 1); // psk_key_exchange_modes: psk_dhe_ke
        h.ext(43, 6, 0x3A, 0x3A, 3, 4, 3, 3); // supported_versions: GREASE, TLS 1.3, TLS 1.2
        h.ext(27, 2, 0, 2); // compress_certificate: brotli
        h.ext(17613, 0, 3, 2, 'h', '2'); // application_settings
        java.io.ByteArrayOutputStream ech = new java.io.ByteArrayOutputStream(); // GREASE ECH
        ech.writeBytes(new byte[] {0, 0, 1, 0, 1}); // outer, HKDF-SHA256, AES-128-GCM
        ech.writeBytes(bytes(rng, 1)); // config_id
        ech.writeBytes(new byte[] {0, 32});
        ech.writeBytes(bytes(rng, 32)); // enc
        ech.writeBytes(new byte[] {1, (byte) 112});
        ech.writeBytes(bytes(rng, 368)); // payload
        h.extBytes(0xFE0D, ech.toByteArray());
        h.ext(0x1A1A, 0);
        return h;
    }

    private static byte[] bytes(SeededRandom rng, int n) {
        byte[] b = new byte[n];
        rng.generateData(b, (short) 0, (short) n);
        return b;
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
