package kssl.tls;

import ksecurity.prim.Bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.function.Consumer;
import ksecurity.prim.Digest;
import ksecurity.prim.Sha1;
import ksecurity.prim.Sha256;
import ksecurity.security.Signature;
import org.junit.jupiter.api.Test;

/** Bad server flights fed to the client, one case per test. */
class ClientInputTest {
    static final String SEED = "client input";

    static byte[] clientRandom() {
        byte[] r = new byte[32];
        new SeededRandom(SEED).generateData(r, (short) 0, (short) 32);
        return r;
    }

    static byte[] serverHello(int version, int suite, Consumer<Extensions> ext) {
        ServerHello sh = new ServerHello();
        sh.version = version;
        sh.suite = suite;
        sh.sessionId = new byte[] {1, 2, 3, 4};
        ext.accept(sh.extensions);
        return TestWriter.messages(sh::write);
    }

    static byte[] certificate(ServerIdentity id) {
        return TestWriter.messages(w -> Certificate.write(w, id.encoded));
    }

    static final byte[] DONE = {HandshakeType.SERVER_HELLO_DONE, 0, 0, 0};

    /** A signed ServerKeyExchange for the point, as the server would write it (signature valid). */
    static byte[] serverKeyExchange(byte[] point, byte[] serverRandom) throws Exception {
        return serverKeyExchange(point, serverRandom, false);
    }

    /** The same, signed with ECDSA over SHA-1 (ecdsa_sha1) if {@code sha1}. */
    static byte[] serverKeyExchange(byte[] point, byte[] serverRandom, boolean sha1) throws Exception {
        byte[] params = new byte[4 + point.length];
        params[0] = 3;
        Bytes.put16(params, 1, Extensions.SECP256R1);
        params[3] = (byte) point.length;
        System.arraycopy(point, 0, params, 4, point.length);
        Digest d = sha1 ? new Sha1() : new Sha256();
        d.update(clientRandom(), 0, 32);
        d.update(serverRandom, 0, 32);
        d.update(params, 0, params.length);
        byte[] h = new byte[d.digestSize()];
        d.doFinal(h, 0);
        Signature s = Signature.getInstance(sha1 ? Signature.ALG_ECDSA_SHA : Signature.ALG_ECDSA_SHA_256, false);
        s.init(TestPki.P256.key, Signature.MODE_SIGN);
        byte[] sig = new byte[80];
        int n = s.signPreComputedHash(h, (short) 0, (short) h.length, sig, (short) 0);
        return TestWriter.messages(w -> {
            w.begin(HandshakeType.SERVER_KEY_EXCHANGE, params.length + 4 + n);
            w.bytes(params);
            w.u16(sha1 ? Extensions.ECDSA_SHA1 : Extensions.ECDSA_SECP256R1_SHA256);
            w.u16(n);
            w.bytes(sig, 0, n);
            w.end();
        });
    }

    static final class Run {
        TlsException error;
        byte[] wire;
    }

    static Run run(int profile, int version, byte[] serverFlight) throws IOException {
        return run(profile, version, serverFlight, c -> { });
    }

    static Run run(int profile, int version, byte[] serverFlight, Consumer<TlsConfig> configure) throws IOException {
        TlsConfig c = TlsConfig.client(profile, new SeededRandom(SEED)).allowWeakRandom(SeededRandom.WHY).setTrustStore(TestPki.trustStore());
        c.setVersions(Profile.minVersion(profile), version);
        configure.accept(c);
        Pipe in = Pipe.of(BadInputTest.record(RecordLayer.HANDSHAKE, version, serverFlight));
        Pipe out = new Pipe();
        TlsConnection conn = TlsConnection.client(in.in, out.out, c, TestPki.HOST, 443);
        Run r = new Run();
        r.error = assertThrows(TlsException.class, conn::handshake);
        r.wire = out.written();
        assertTrue(out.isWriterClosed());
        return r;
    }

    static void expect(int alert, Run r) {
        assertEquals(Alert.name(alert), Alert.name(r.error.getAlert()), r.error.getMessage());
        assertTrue(!r.error.isRemote());
    }

    @Test
    void suiteNotOffered() throws IOException {
        expect(Alert.ILLEGAL_PARAMETER, run(Profile.MODERN, ProtocolVersion.TLS12,
                serverHello(ProtocolVersion.TLS12, CipherSuite.TLS_RSA_WITH_RC4_128_SHA, e -> { })));
    }

    @Test
    void versionBelowTheClientsMinimum() throws IOException {
        expect(Alert.PROTOCOL_VERSION, run(Profile.MODERN, ProtocolVersion.TLS12,
                serverHello(ProtocolVersion.TLS10, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, e -> { })));
    }

    @Test
    void unsolicitedExtension() throws IOException {
        byte[] sh = serverHello(ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, e -> { });
        byte[] withTicket = BadInputTest.concat(sh, new byte[] {0, 4, 0, 35, 0, 0}); // session_ticket, not offered
        Bytes.put24(withTicket, 1, withTicket.length - 4);
        expect(Alert.UNSUPPORTED_EXTENSION, run(Profile.MODERN, ProtocolVersion.TLS12, withTicket));
    }

    @Test
    void maxFragmentLengthNotAsOffered() throws IOException {
        expect(Alert.UNSUPPORTED_EXTENSION, run(Profile.MODERN, ProtocolVersion.TLS12,
                serverHello(ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, e -> {
                    e.present = true;
                    e.maxFragmentLength = 2;
                })));
    }

    /** RFC 8449 §5: a client MUST treat receipt of both as a fatal error; illegal_parameter. */
    @Test
    void maxFragmentLengthAndRecordSizeLimitTogether() throws IOException {
        Run r = run(Profile.MODERN, ProtocolVersion.TLS12,
                serverHello(ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, e -> {
                    e.present = true;
                    e.maxFragmentLength = Extensions.maxFragmentCode(512);
                    e.recordSizeLimit = 512;
                }), c -> c.setMaxFragment(512));
        expect(Alert.ILLEGAL_PARAMETER, r);
        assertTrue(r.error.getMessage().contains("both max_fragment_length and record_size_limit"), r.error.getMessage());
    }

    /** Each of the two alone, as offered, is fine: the client goes on to read the Certificate. */
    @Test
    void maxFragmentLengthOrRecordSizeLimitAlone() throws IOException {
        for (int which = 0; which < 2; which++) {
            boolean mfl = which == 0;
            Run r = run(Profile.MODERN, ProtocolVersion.TLS12,
                    serverHello(ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, e -> {
                        e.present = true;
                        e.maxFragmentLength = mfl ? Extensions.maxFragmentCode(512) : 0;
                        e.recordSizeLimit = mfl ? 0 : 512;
                    }), c -> c.setMaxFragment(512));
            assertEquals("connection closed during the handshake", r.error.getDetail());
        }
    }

    /** RFC 9155: no SHA-1 signatures in TLS 1.2; the modern client does not offer ecdsa_sha1 and refuses it. */
    @Test
    void sha1ServerKeyExchangeSignatureInTheModernProfile() throws Exception {
        byte[] sh = serverHello(ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, e -> { });
        byte[] point = EcdhKey.generate(Extensions.SECP256R1, new SeededRandom("p")).getPoint();
        byte[] ske = serverKeyExchange(point, Bytes.copy(sh, 6, 32), true);
        Run r = run(Profile.MODERN, ProtocolVersion.TLS12, BadInputTest.concat(sh, certificate(TestPki.P256), ske, DONE));
        expect(Alert.ILLEGAL_PARAMETER, r);
        assertTrue(r.error.getMessage().contains("signature algorithm not offered"), r.error.getMessage());
        byte[] sha256Only = {0, 13, 0, 6, 0, 4, 4, 3, 4, 1}; // signature_algorithms: ecdsa_secp256r1_sha256, rsa_pkcs1_sha256
        assertTrue(HandshakeTest.indexOf(r.wire, sha256Only) > 0, "the ClientHello offers SHA-256 schemes alone");
    }

    @Test
    void rsa1024LeafIsBelowTheModernFloor() throws IOException {
        Run r = run(Profile.MODERN, ProtocolVersion.TLS12, BadInputTest.concat(
                serverHello(ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, e -> { }),
                certificate(TestPki.rsa1024())));
        expect(Alert.BAD_CERTIFICATE, r);
        assertTrue(r.error.getMessage().contains("RSA key of 1024 bits"), r.error.getMessage());
    }

    @Test
    void certificateKeyDoesNotFitTheSuite() throws IOException {
        expect(Alert.UNSUPPORTED_CERTIFICATE, run(Profile.LEGACY, ProtocolVersion.TLS10, BadInputTest.concat(
                serverHello(ProtocolVersion.TLS10, CipherSuite.TLS_RSA_WITH_RC4_128_SHA, e -> { }),
                certificate(TestPki.P160))));
    }

    @Test
    void serverKeyExchangeSignatureWrong() throws Exception {
        byte[] sh = serverHello(ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, e -> { });
        byte[] point = EcdhKey.generate(Extensions.SECP256R1, new SeededRandom("p")).getPoint();
        byte[] otherRandom = new byte[32];
        otherRandom[0] = 1; // the ServerHello's random is all zero
        byte[] ske = serverKeyExchange(point, otherRandom);
        expect(Alert.DECRYPT_ERROR, run(Profile.MODERN, ProtocolVersion.TLS12,
                BadInputTest.concat(sh, certificate(TestPki.P256), ske, DONE)));
    }

    /** RFC 8422 §5.1.2: the client offered uncompressed points only; a compressed one is illegal_parameter. */
    @Test
    void serverKeyExchangeWithACompressedPoint() throws Exception {
        byte[] sh = serverHello(ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, e -> { });
        byte[] point = EcdhKey.generate(Extensions.SECP256R1, new SeededRandom("p")).getPoint();
        byte[] compressed = java.util.Arrays.copyOf(point, 33);
        compressed[0] = (byte) (2 + (point[64] & 1));
        byte[] ske = serverKeyExchange(compressed, Bytes.copy(sh, 6, 32));
        Run r = run(Profile.MODERN, ProtocolVersion.TLS12, BadInputTest.concat(sh, certificate(TestPki.P256), ske, DONE));
        expect(Alert.ILLEGAL_PARAMETER, r);
        assertTrue(r.error.getMessage().contains("uncompressed"), r.error.getMessage());
    }

    @Test
    void serverKeyExchangePointNotOnTheCurve() throws Exception {
        byte[] sh = serverHello(ProtocolVersion.TLS12, CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, e -> { });
        byte[] point = EcdhKey.generate(Extensions.SECP256R1, new SeededRandom("p")).getPoint();
        point[64] ^= 1;
        byte[] ske = serverKeyExchange(point, Bytes.copy(sh, 6, 32));
        Run r = run(Profile.MODERN, ProtocolVersion.TLS12, BadInputTest.concat(sh, certificate(TestPki.P256), ske, DONE));
        expect(Alert.ILLEGAL_PARAMETER, r);
        assertTrue(r.error.getMessage().contains("not on the curve"), r.error.getMessage());
    }

    @Test
    void certificateRequestIsAnsweredWithAnEmptyCertificate() throws IOException {
        byte[] request = {HandshakeType.CERTIFICATE_REQUEST, 0, 0, 4, 1, 1, 0, 0}; // rsa_sign, no CAs
        Run r = run(Profile.LEGACY, ProtocolVersion.TLS10, BadInputTest.concat(
                serverHello(ProtocolVersion.TLS10, CipherSuite.TLS_RSA_WITH_RC4_128_SHA, e -> { }),
                certificate(TestPki.rsa1024()), request, DONE));
        // The client went on (empty Certificate, ClientKeyExchange, ...) and then met the end of the stream.
        assertEquals("connection closed during the handshake", r.error.getDetail());
        byte[] emptyCertificate = {HandshakeType.CERTIFICATE, 0, 0, 3, 0, 0, 0, HandshakeType.CLIENT_KEY_EXCHANGE};
        assertTrue(HandshakeTest.indexOf(r.wire, emptyCertificate) > 0, "empty Certificate before ClientKeyExchange");
    }
}
