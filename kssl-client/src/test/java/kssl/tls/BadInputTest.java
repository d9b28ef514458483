package kssl.tls;

import ksecurity.prim.Bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Bad input to the server, one case per test: each gets its fatal alert on the wire (RFC 5246
 * §7.2.2), a TlsException saying why, and closed streams; the server config goes on serving.
 */
class BadInputTest {
    static TlsConfig modernServer() {
        return TlsConfig.server(Profile.MODERN, new SeededRandom("bad input server")).allowWeakRandom(SeededRandom.WHY).addIdentity(TestPki.P256);
    }

    static TlsConfig legacyServer() {
        return TlsConfig.server(Profile.LEGACY, new SeededRandom("bad input legacy server")).allowWeakRandom(SeededRandom.WHY).addIdentity(TestPki.P160);
    }

    static byte[] record(int type, int version, byte[] body) {
        byte[] r = new byte[5 + body.length];
        r[0] = (byte) type;
        Bytes.put16(r, 1, version);
        Bytes.put16(r, 3, body.length);
        System.arraycopy(body, 0, r, 5, body.length);
        return r;
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    /** A modern ClientHello message (no record header), changed by tweak. */
    static byte[] helloMessage(Consumer<TestHello> tweak) {
        TestHello h = new TestHello();
        tweak.accept(h);
        return h.message();
    }

    static byte[] hello(Consumer<TestHello> tweak) {
        return record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, helloMessage(tweak));
    }

    static byte[] hello() {
        return hello(ch -> { });
    }

    /** The outcome of a server fed fixed client bytes. */
    static final class Outcome {
        TlsException error;
        byte[] wire;
        boolean closed;
        TlsConnection conn;

        /** The description of the last alert record on the wire (plaintext), or -1. */
        int lastAlert() {
            int p = 0;
            int alert = -1;
            while (p + 5 <= wire.length) {
                int len = Bytes.u16(wire, p + 3);
                if (wire[p] == RecordLayer.ALERT && len == 2) {
                    assertEquals(Alert.FATAL, wire[p + 5], "fatal level");
                    alert = wire[p + 6];
                } else {
                    alert = -1;
                }
                p += 5 + len;
            }
            return alert;
        }
    }

    static Outcome serve(TlsConfig config, byte[] clientBytes) throws IOException {
        Pipe in = Pipe.of(clientBytes);
        Pipe out = new Pipe();
        Outcome o = new Outcome();
        o.conn = TlsConnection.server(in.in, out.out, config);
        o.error = assertThrows(TlsException.class, o.conn::handshake);
        o.wire = out.written();
        o.closed = out.isWriterClosed();
        assertThrows(TlsException.class, o.conn::handshake, "the failure is sticky");
        return o;
    }

    /** Server fails with {@code alert}, sends it in the clear, and closes. */
    static Outcome expect(int alert, TlsConfig config, byte[] clientBytes) throws IOException {
        Outcome o = serve(config, clientBytes);
        assertEquals(Alert.name(alert), Alert.name(o.error.getAlert()), o.error.getMessage());
        assertFalse(o.error.isRemote());
        assertEquals(alert, o.lastAlert(), "alert on the wire");
        assertTrue(o.closed, "connection closed");
        return o;
    }

    @Test
    void unknownContentType() throws IOException {
        expect(Alert.UNEXPECTED_MESSAGE, modernServer(), record(0x63, ProtocolVersion.TLS12, new byte[] {1, 2}));
    }

    @Test
    void truncatedRecord() throws IOException {
        byte[] h = hello();
        expect(Alert.DECODE_ERROR, modernServer(), Bytes.copy(h, 0, h.length / 2));
    }

    @Test
    void truncatedRecordHeader() throws IOException {
        expect(Alert.DECODE_ERROR, modernServer(), new byte[] {22, 3});
    }

    @Test
    void truncatedHandshakeMessage() throws IOException {
        // The ClientHello claims 10 more bytes than its record holds; application data comes next.
        byte[] m = helloMessage(ch -> ch.extensions = null);
        Bytes.put24(m, 1, m.length - 4 + 10);
        expect(Alert.UNEXPECTED_MESSAGE, modernServer(), concat(record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, m),
                record(RecordLayer.APPLICATION_DATA, ProtocolVersion.TLS12, new byte[10])));
    }

    @Test
    void clientHelloFieldsLongerThanTheMessage() throws IOException {
        // Message length cut by 10: the extensions block says more than is left.
        byte[] m = helloMessage(ch -> { });
        byte[] cut = Bytes.copy(m, 0, m.length - 10);
        Bytes.put24(cut, 1, cut.length - 4);
        expect(Alert.DECODE_ERROR, modernServer(), record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, cut));
    }

    @Test
    void trailingBytesAfterClientHello() throws IOException {
        byte[] m = helloMessage(ch -> ch.extensions = null);
        byte[] longer = concat(m, new byte[] {0});
        Bytes.put24(longer, 1, longer.length - 4);
        expect(Alert.DECODE_ERROR, modernServer(), record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, longer));
    }

    @Test
    void malformedExtension() throws IOException {
        // max_fragment_length with the out-of-range code 5.
        expect(Alert.ILLEGAL_PARAMETER, modernServer(), hello(ch -> ch.ext(Extensions.MAX_FRAGMENT_LENGTH, 5)));
    }

    @Test
    void duplicateExtension() throws IOException {
        byte[] m = helloMessage(ch -> ch.extensions = null);
        byte[] ext = {0, 8, 0, 23, 0, 0, 0, 23, 0, 0}; // extended_master_secret twice
        byte[] both = concat(m, ext);
        Bytes.put24(both, 1, both.length - 4);
        expect(Alert.ILLEGAL_PARAMETER, modernServer(), record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, both));
    }

    @Test
    void nonEmptyRenegotiationInfoOnInitialHandshake() throws IOException {
        expect(Alert.HANDSHAKE_FAILURE, modernServer(),
                hello(ch -> ch.without(Extensions.RENEGOTIATION_INFO).extBytes(Extensions.RENEGOTIATION_INFO,
                        new byte[] {12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})));
    }

    @Test
    void unknownRecordVersion() throws IOException {
        byte[] h = hello();
        h[1] = 2;
        expect(Alert.PROTOCOL_VERSION, modernServer(), h);
    }

    @Test
    void clientVersionBelowTheProfile() throws IOException {
        expect(Alert.PROTOCOL_VERSION, modernServer(), hello(ch -> ch.version = ProtocolVersion.TLS10));
    }

    @Test
    void sslv3AlertsAreMappedForAnSslv3Peer() throws IOException {
        // An SSL 3.0 client offering only a suite the server lacks: handshake_failure exists in SSL 3.0.
        Outcome o = expect(Alert.HANDSHAKE_FAILURE, legacyServer(), hello(ch -> {
            ch.version = ProtocolVersion.SSL30;
            ch.extensions = null;
            ch.suites = new int[] {CipherSuite.TLS_RSA_WITH_RC4_128_SHA};
        }));
        assertEquals(ProtocolVersion.SSL30, Bytes.u16(o.wire, o.wire.length - 6), "alert record in SSL 3.0");
    }

    @Test
    void unknownCipherSuites() throws IOException {
        expect(Alert.HANDSHAKE_FAILURE, modernServer(), hello(ch -> ch.suites = new int[] {0x0001, 0x1301, 0x0A0A}));
    }

    @Test
    void fallbackScsvBelowTheServersBest() throws IOException {
        expect(Alert.INAPPROPRIATE_FALLBACK, legacyServer(), hello(ch -> {
            ch.version = ProtocolVersion.SSL30;
            ch.extensions = null;
            ch.suites = new int[] {CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA, CipherSuite.TLS_FALLBACK_SCSV};
        }));
    }

    @Test
    void oversizedPlaintextRecord() throws IOException {
        expect(Alert.RECORD_OVERFLOW, modernServer(),
                record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, new byte[RecordLayer.MAX_FRAGMENT + 1]));
    }

    @Test
    void emptyHandshakeRecord() throws IOException {
        expect(Alert.UNEXPECTED_MESSAGE, modernServer(), record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, new byte[0]));
    }

    @Test
    void handshakeMessageLongerThanAllowed() throws IOException {
        byte[] m = {1, 0x7F, 0, 0};
        expect(Alert.DECODE_ERROR, modernServer(), record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, m));
    }

    @Test
    void wrongFirstMessage() throws IOException {
        byte[] m = {HandshakeType.FINISHED, 0, 0, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        expect(Alert.UNEXPECTED_MESSAGE, modernServer(), record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, m));
    }

    @Test
    void changeCipherSpecBeforeClientKeyExchange() throws IOException {
        expect(Alert.UNEXPECTED_MESSAGE, modernServer(),
                concat(hello(), record(RecordLayer.CHANGE_CIPHER_SPEC, ProtocolVersion.TLS12, new byte[] {1})));
    }

    static byte[] clientKeyExchange(byte[] point) {
        byte[] m = new byte[5 + point.length];
        m[0] = HandshakeType.CLIENT_KEY_EXCHANGE;
        Bytes.put24(m, 1, 1 + point.length);
        m[4] = (byte) point.length;
        System.arraycopy(point, 0, m, 5, point.length);
        return record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS12, m);
    }

    @Test
    void clientKeyExchangePointNotOnTheCurve() throws IOException {
        byte[] point = EcdhKey.generate(Extensions.SECP256R1, new SeededRandom("point")).getPoint();
        point[64] ^= 1; // y changed: (x, y') is not on P-256
        Outcome o = expect(Alert.ILLEGAL_PARAMETER, modernServer(), concat(hello(), clientKeyExchange(point)));
        assertTrue(o.error.getMessage().contains("not on the curve"), o.error.getMessage());
    }

    @Test
    void clientKeyExchangeLengthWrong() throws IOException {
        byte[] m = {HandshakeType.CLIENT_KEY_EXCHANGE, 0, 0, 3, 65, 4, 1};
        expect(Alert.DECODE_ERROR, modernServer(), concat(hello(), record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS12, m)));
    }

    @Test
    void clientDisconnectsMidHandshake() throws IOException {
        Outcome o = expect(Alert.HANDSHAKE_FAILURE, modernServer(), hello());
        assertTrue(o.error.getMessage().contains("closed during the handshake"), o.error.getMessage());
        assertEquals(RecordLayer.HANDSHAKE, o.wire[0], "the server had answered the ClientHello");
    }

    @Test
    void clientStallsMidHandshake() throws IOException {
        // The caller's socket timeout surfaces as an InterruptedIOException from the stream.
        Pipe out = new Pipe();
        java.io.InputStream stalling = new java.io.InputStream() {
            private final java.io.InputStream hello = new java.io.ByteArrayInputStream(hello());

            @Override
            public int read() throws IOException {
                int b = hello.read();
                if (b < 0) {
                    throw new java.net.SocketTimeoutException("Read timed out");
                }
                return b;
            }
        };
        TlsConnection conn = TlsConnection.server(stalling, out.out, modernServer());
        TlsException e = assertThrows(TlsException.class, conn::handshake);
        assertEquals(Alert.HANDSHAKE_FAILURE, e.getAlert());
        assertTrue(e.getMessage().contains("stalled"), e.getMessage());
        Outcome o = new Outcome();
        o.wire = out.written();
        assertEquals(Alert.HANDSHAKE_FAILURE, o.lastAlert());
        assertTrue(out.isWriterClosed());
    }

    @Test
    void clientDisconnectsBeforeHello() throws IOException {
        expect(Alert.HANDSHAKE_FAILURE, modernServer(), new byte[0]);
    }

    @Test
    void fatalAlertFromTheClient() throws IOException {
        Outcome o = serve(modernServer(), concat(hello(),
                record(RecordLayer.ALERT, ProtocolVersion.TLS12, new byte[] {2, (byte) Alert.BAD_CERTIFICATE})));
        assertTrue(o.error.isRemote(), o.error.getMessage());
        assertEquals(Alert.BAD_CERTIFICATE, o.error.getAlert());
        assertEquals(-1, o.lastAlert(), "no alert is sent back for a received fatal alert");
        assertTrue(o.closed);
    }

    @Test
    void serverGoesOnServingAfterABadClient() throws Exception {
        TlsConfig s = modernServer();
        expect(Alert.HANDSHAKE_FAILURE, s, hello(ch -> ch.suites = new int[] {0x0001}));
        TlsConfig c = TlsConfig.client(Profile.MODERN, new SeededRandom("next")).allowWeakRandom(SeededRandom.WHY).setTrustStore(TestPki.trustStore());
        new Exchange().run(c, s, 1, 100).assertOk();
    }

    @Test
    void ssl2CompatibleHelloAnsweredByLegacyServer() throws IOException {
        // msg_type 1, version 3.1, 6 bytes of specs (SSL2 RC4 and TLS_RSA_WITH_RC4_128_SHA), no session id, 16-byte challenge
        byte[] body = concat(new byte[] {1, 3, 1, 0, 6, 0, 0, 0, 16}, new byte[] {1, 0, (byte) 0x80, 0, 0, 5},
                new byte[16]);
        byte[] v2 = concat(new byte[] {(byte) 0x80, (byte) body.length}, body);
        TlsConfig s = TlsConfig.server(Profile.LEGACY, new SeededRandom("v2")).allowWeakRandom(SeededRandom.WHY).addIdentity(TestPki.rsa1024());
        Outcome o = serve(s, v2);
        assertEquals(Alert.HANDSHAKE_FAILURE, o.error.getAlert(), "EOF after the hello");
        assertEquals(RecordLayer.HANDSHAKE, o.wire[0]);
        assertEquals(HandshakeType.SERVER_HELLO, o.wire[5]);
        assertEquals(ProtocolVersion.TLS10, Bytes.u16(o.wire, 9));
        int sid = o.wire[43];
        assertEquals(CipherSuite.TLS_RSA_WITH_RC4_128_SHA, Bytes.u16(o.wire, 44 + sid));
    }

    @Test
    void ssl2CompatibleHelloRefusedByModernServer() throws IOException {
        byte[] body = concat(new byte[] {1, 3, 3, 0, 3, 0, 0, 0, 16}, new byte[] {0, (byte) 0xC0, 0x2B}, new byte[16]);
        expect(Alert.UNEXPECTED_MESSAGE, modernServer(), concat(new byte[] {(byte) 0x80, (byte) body.length}, body));
    }

    /** Chromium's ClientHello is ~2 KB with GREASE values; the server parses it as a stream in small buffers. */
    @Test
    void browserSizedHelloWithGreaseThroughA512ByteBuffer() throws IOException {
        byte[] m = helloMessage(ch -> {
            ch.suites = new int[] {0x3A3A, 0x1301, 0x1302, 0x1303, 0xC02B, 0xC02F, 0xC02C, 0xC030, 0xCCA9, 0xCCA8};
            ch.sessionId = new byte[32];
        });
        // GREASE extension, a 1,263-byte "key_share" and a padding extension appended.
        byte[] grease = {0x2A, 0x2A, 0, 0};
        byte[] keyShare = new byte[4 + 1263];
        keyShare[1] = 51;
        Bytes.put16(keyShare, 2, 1263);
        byte[] padding = new byte[4 + 500];
        padding[1] = 21;
        Bytes.put16(padding, 2, 500);
        byte[] extra = concat(grease, keyShare, padding);
        byte[] all = concat(m, extra);
        Bytes.put24(all, 1, all.length - 4);
        Bytes.put16(all, extensionsOffset(m), all.length - extensionsOffset(m) - 2);
        assertTrue(all.length > 1900, "a browser-sized hello: " + all.length);
        TlsConfig s = modernServer().setMaxFragment(512);
        Outcome o = serve(s, record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, all));
        assertEquals("connection closed during the handshake", o.error.getDetail(), "only the EOF after it stops the server");
        assertEquals(HandshakeType.SERVER_HELLO, o.wire[5]);
        assertEquals(CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, Bytes.u16(o.wire, 44 + 4));
        HandshakeTest.assertMaxRecord(o.wire, 512);
    }

    @Test
    void clientHelloSplitAcrossRecordsIsReassembled() throws IOException {
        byte[] m = helloMessage(ch -> { });
        int a = 7;
        int b = m.length / 2;
        byte[] split = concat(record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, Bytes.copy(m, 0, a)),
                record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, Bytes.copy(m, a, b - a)),
                record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, Bytes.copy(m, b, m.length - b)));
        Outcome o = serve(modernServer(), split);
        assertEquals("connection closed during the handshake", o.error.getDetail());
        assertEquals(HandshakeType.SERVER_HELLO, o.wire[5]);
    }

    /** Offset of the extensions length field in a ClientHello message built by helloMessage. */
    static int extensionsOffset(byte[] m) {
        int p = 4 + 2 + 32;
        p += 1 + (m[p] & 0xFF);
        p += 2 + Bytes.u16(m, p);
        p += 1 + (m[p] & 0xFF);
        return p;
    }

    @Test
    void certificateChainIsCheckedByTheClient() throws Exception {
        // A client with an empty trust store refuses the server (unknown_ca) and tells it so.
        TlsConfig c = TlsConfig.client(Profile.MODERN, new SeededRandom("c1")).allowWeakRandom(SeededRandom.WHY).setTrustStore(new ksecurity.cert.KeyStore());
        Exchange e = new Exchange().run(c, modernServer(), 1, 10);
        assertNotNull(e.clientError);
        assertTrue(e.clientError instanceof TlsException, e.clientError.toString());
        assertEquals(Alert.UNKNOWN_CA, ((TlsException) e.clientError).getAlert());
        assertEquals(Alert.UNKNOWN_CA, ((TlsException) e.serverError).getAlert());
        assertTrue(((TlsException) e.serverError).isRemote());
    }
}
