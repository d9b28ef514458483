package kssl.tls;

import ksecurity.prim.Bytes;
import static kssl.tls.BadInputTest.concat;
import static kssl.tls.BadInputTest.expect;
import static kssl.tls.BadInputTest.modernServer;
import static kssl.tls.BadInputTest.record;
import static kssl.tls.BadInputTest.serve;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What outside protocol test suites probe in the server (issues 7 and 11): one test per RFC rule,
 * each with the alert the RFC asks for. The server runs in-process on pipes; the client is a
 * {@link TestHello} written byte by byte, or the KSSL client where a real session is needed.
 */
class ServerConformanceTest {
    /** A hello with an SNI name, GREASE and an unknown extension: every kind of length field. */
    static TestHello richHello() {
        return new TestHello().serverName(TestPki.HOST).ext(0x1A1A).ext(0x7777, 1, 2, 3, 4, 5);
    }

    static Stream<Arguments> lengthMutations() {
        TestHello h = richHello();
        h.message();
        List<Arguments> a = new ArrayList<>();
        for (TestHello.LengthField f : h.lengthFields()) {
            for (int delta : new int[] {-3, -2, -1, 1, 2, 3}) {
                a.add(Arguments.of(f.name(), delta));
            }
        }
        return a.stream();
    }

    /**
     * Issue 11, RFC 5246 §7.2.2: a message whose lengths do not add up is a decode_error, whatever
     * field a misaligned read happens to judge first.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lengthMutations")
    void everyLengthFieldOffByAFewIsADecodeError(String field, int delta) throws IOException {
        TestHello h = richHello();
        h.message();
        TestHello.LengthField f = h.lengthFields().stream().filter(x -> x.name().equals(field)).findFirst().get();
        byte[] m = h.messageWithLength(f, delta);
        // The record carries the message as built; a longer message length then runs into a
        // second record whose bytes are not handshake data.
        byte[] wire = concat(record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, m),
                record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, new byte[] {(byte) 0xEE, (byte) 0xEE, (byte) 0xEE}));
        expect(Alert.DECODE_ERROR, modernServer(), wire);
    }

    /** Issue 11's example: cipher_suites two bytes short, so "compression" and the extensions are misread. */
    @Test
    void misalignedCompressionIsADecodeErrorNotIllegalParameter() throws IOException {
        TestHello h = new TestHello();
        h.suites = new int[] {0xC02B, 0xC0AE, 0xC02F};
        h.message();
        byte[] m = h.messageWithLength(h.lengthFields().get(2), -2);
        expect(Alert.DECODE_ERROR, modernServer(), record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, m));
    }

    /** The meaning of a field is judged only once the message decodes: then its own alert. */
    @Test
    void wellFormedHelloWithoutNullCompressionIsIllegalParameter() throws IOException {
        TestHello h = new TestHello();
        h.compression = new byte[] {1};
        expect(Alert.ILLEGAL_PARAMETER, modernServer(), h.record());
    }

    /** RFC 5246 App. E.1: a client_version above the server's gets the server's highest version. */
    @ParameterizedTest
    @ValueSource(ints = {0x0400, 0x0401, 0x0603, 0xFEFE, 0x0304, 0x03FF})
    void higherClientVersionsAreAnsweredWithTls12(int clientVersion) throws IOException {
        TestHello h = new TestHello();
        h.version = clientVersion;
        BadInputTest.Outcome o = serve(modernServer(), h.record());
        assertEquals("connection closed during the handshake", o.error.getDetail(), o.error.getMessage());
        assertEquals(ProtocolVersion.TLS12, new ServerWire(o.wire).serverVersion());
    }

    @ParameterizedTest
    @ValueSource(ints = {0x0200, 0x0002, 0x0100})
    void clientVersionsBelowSsl3AreRefused(int clientVersion) throws IOException {
        TestHello h = new TestHello();
        h.version = clientVersion;
        expect(Alert.PROTOCOL_VERSION, modernServer(), h.record());
    }

    /** RFC 5246 §7.4.1.2: SessionID session_id<0..32>; a longer one does not decode. */
    @Test
    void sessionIdLongerThan32IsADecodeError() throws IOException {
        TestHello h = new TestHello();
        h.sessionId = new byte[33];
        expect(Alert.DECODE_ERROR, modernServer(), h.record());
    }

    /** RFC 8422 §5.1.2: a point format list without uncompressed is illegal_parameter. */
    @Test
    void pointFormatsWithoutUncompressedIsIllegalParameter() throws IOException {
        TestHello h = new TestHello().without(Extensions.EC_POINT_FORMATS).ext(Extensions.EC_POINT_FORMATS, 1, 1);
        expect(Alert.ILLEGAL_PARAMETER, modernServer(), h.record());
    }

    /** RFC 8422 §5.1.2: other point formats MUST NOT be supported; the server offered uncompressed only. */
    @Test
    void compressedClientPointIsIllegalParameter() throws IOException {
        byte[] point = EcdhKey.generate(Extensions.SECP256R1, new SeededRandom("point")).getPoint();
        byte[] compressed = new byte[33];
        compressed[0] = (byte) (2 + (point[64] & 1));
        System.arraycopy(point, 1, compressed, 1, 32);
        expect(Alert.ILLEGAL_PARAMETER, modernServer(), concat(new TestHello().record(),
                BadInputTest.clientKeyExchange(compressed)));
    }

    /** RFC 5246 §7.1: ChangeCipherSpec is the single byte 1; two bytes are an unexpected message. */
    @Test
    void twoByteChangeCipherSpecIsUnexpectedMessage() throws IOException {
        byte[] point = EcdhKey.generate(Extensions.SECP256R1, new SeededRandom("point")).getPoint();
        expect(Alert.UNEXPECTED_MESSAGE, modernServer(), concat(new TestHello().record(),
                BadInputTest.clientKeyExchange(point),
                record(RecordLayer.CHANGE_CIPHER_SPEC, ProtocolVersion.TLS12, new byte[] {1, 1})));
    }

    /**
     * ServerKeyExchange is signed with the hash the client prefers among those the server has
     * (issue 7: a client preferring SHA-224, -384 or -512 used to get handshake_failure); the
     * client also lists ecdsa_secp256r1_sha256, which the chain is signed with.
     */
    @ParameterizedTest
    @ValueSource(ints = {0x0303, 0x0503, 0x0603})
    void serverKeyExchangeSignedWithTheHashTheClientPrefers(int scheme) throws Exception {
        TestHello h = new TestHello().without(Extensions.SIGNATURE_ALGORITHMS)
                .ext(Extensions.SIGNATURE_ALGORITHMS, 0, 4, scheme >>> 8, 3, 4, 3);
        BadInputTest.Outcome o = serve(modernServer(), h.record());
        ServerWire w = new ServerWire(o.wire);
        byte[] ske = w.message(HandshakeType.SERVER_KEY_EXCHANGE).body();
        assertEquals(scheme, Bytes.u16(ske, 69), "the client's first choice");
        byte[] sig = Bytes.copy(ske, 73, Bytes.u16(ske, 71));
        String jdk = scheme == 0x0303 ? "SHA224withECDSA" : scheme == 0x0503 ? "SHA384withECDSA" : "SHA512withECDSA";
        java.security.Signature v = java.security.Signature.getInstance(jdk);
        v.initVerify(java.security.cert.CertificateFactory.getInstance("X.509").generateCertificate(
                new java.io.ByteArrayInputStream(TestPki.P256.getChain()[0].getEncoded())).getPublicKey());
        v.update(h.random);
        v.update(w.message(HandshakeType.SERVER_HELLO).body(), 2, 32);
        v.update(ske, 0, 69);
        assertTrue(v.verify(sig), "the signature verifies with " + jdk);
    }

    /**
     * RFC 5246 §7.4.2: the chain (signed ecdsa-with-SHA256 throughout) must be signed with a pair
     * the client listed: a client listing only ecdsa_sha224 gets handshake_failure.
     */
    @Test
    void aChainSignedWithAPairTheClientDidNotListIsNotSent() throws Exception {
        TestHello h = new TestHello().without(Extensions.SIGNATURE_ALGORITHMS)
                .ext(Extensions.SIGNATURE_ALGORITHMS, 0, 2, 3, 3);
        expect(Alert.HANDSHAKE_FAILURE, modernServer(), h.record());
    }

    /** A chain signed ecdsa-with-SHA384 goes to a client that lists ecdsa_secp384r1_sha384, and only to one. */
    @Test
    void aChainSignedWithSha384() throws Exception {
        ksecurity.cert.X509Certificate leaf = TestPki.issue(TestPki.CA, TestPki.CA_KEY, TestPki.HOST,
                TestPki.ecPublic(256, TestPki.P256_LABEL), ksecurity.security.Signature.ALG_ECDSA_SHA_384, false,
                TestPki.NOT_BEFORE, TestPki.NOT_AFTER, 40);
        TlsConfig s = TlsConfig.server(Profile.MODERN, new SeededRandom("sha384 chain")).allowWeakRandom(SeededRandom.WHY)
                .addIdentity(new ServerIdentity(new ksecurity.cert.X509Certificate[] {leaf}, TestPki.P256.key));
        expect(Alert.HANDSHAKE_FAILURE, s, new TestHello().record());
        TestHello both = new TestHello().without(Extensions.SIGNATURE_ALGORITHMS)
                .ext(Extensions.SIGNATURE_ALGORITHMS, 0, 4, 4, 3, 5, 3);
        ServerWire w = new ServerWire(serve(s, both.record()).wire);
        assertNotNull(w.message(HandshakeType.CERTIFICATE), "the chain is sent");
    }

    // ---- resumption

    /** A server config holding one session, made by the KSSL client for {@code host} (null: no SNI). */
    static final class Resumable {
        final TlsConfig server;
        final byte[] id;
        final int suite;

        Resumable(String host) throws Exception {
            this(host, modernServer());
        }

        Resumable(String host, TlsConfig server) throws Exception {
            this.server = server;
            TlsConfig c = TlsConfig.client(Profile.MODERN, new SeededRandom("resumable client")).allowWeakRandom(SeededRandom.WHY)
                    .setTrustStore(TestPki.trustStore());
            Exchange e = new Exchange();
            if (host == null) {
                e.host = "127.0.0.1"; // an IP address: the client sends no server_name
                c.setCertificateCallback((h, chain, problem) -> true);
            } else {
                e.host = host;
            }
            e.run(c, server, 1, 10).assertOk();
            id = e.server.getSession().getId();
            suite = e.server.getCipherSuite();
        }

        TestHello hello() {
            TestHello h = new TestHello();
            h.sessionId = id;
            return h;
        }
    }

    @Test
    void sameServerNameResumes() throws Exception {
        Resumable r = new Resumable(TestPki.HOST);
        ServerWire w = new ServerWire(serve(r.server, r.hello().serverName(TestPki.HOST).record()).wire);
        assertTrue(w.resumed(), "abbreviated handshake");
        assertArrayEquals(r.id, w.sessionId());
    }

    @Test
    void serverNameCaseDoesNotMatter() throws Exception {
        Resumable r = new Resumable(TestPki.HOST);
        ServerWire w = new ServerWire(serve(r.server, r.hello().serverName("Thermostat.TEST").record()).wire);
        assertTrue(w.resumed(), "DNS names compare without case (RFC 4343)");
    }

    /** RFC 6066 §3: a session is not resumed for another server_name: full handshake, new session. */
    @Test
    void anotherServerNameGetsAFullHandshakeAndANewSession() throws Exception {
        Resumable r = new Resumable(TestPki.HOST);
        ServerWire w = new ServerWire(serve(r.server, r.hello().serverName("other.test").record()).wire);
        assertFalse(w.resumed(), "full handshake");
        assertNotNull(w.message(HandshakeType.CERTIFICATE));
        assertFalse(java.util.Arrays.equals(r.id, w.sessionId()), "a new session id");
        assertEquals(4, w.sessionId().length);
    }

    @Test
    void noServerNameNowDoesNotResumeANamedSession() throws Exception {
        Resumable r = new Resumable(TestPki.HOST);
        ServerWire w = new ServerWire(serve(r.server, r.hello().record()).wire);
        assertFalse(w.resumed());
    }

    @Test
    void aServerNameNowDoesNotResumeAnUnnamedSession() throws Exception {
        Resumable r = new Resumable(null);
        assertFalse(new ServerWire(serve(r.server, r.hello().serverName(TestPki.HOST).record()).wire).resumed());
        Resumable again = new Resumable(null);
        assertTrue(new ServerWire(serve(again.server, again.hello().record()).wire).resumed(), "no name both times");
    }

    /** RFC 5246 §7.4.1.2: a resuming ClientHello MUST include the session's cipher suite. */
    @Test
    void resumingWithoutTheSessionsSuiteIsIllegalParameter() throws Exception {
        Resumable r = new Resumable(TestPki.HOST);
        TestHello h = r.hello().serverName(TestPki.HOST);
        h.suites = new int[] {r.suite == CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8
                ? CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 : CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8};
        expect(Alert.ILLEGAL_PARAMETER, r.server, h.record());
    }

    /** RFC 7627 §5.3: resuming an extended-master-secret session without the extension aborts. */
    @Test
    void resumingAnEmsSessionWithoutEmsIsHandshakeFailure() throws Exception {
        Resumable r = new Resumable(TestPki.HOST);
        expect(Alert.HANDSHAKE_FAILURE, r.server,
                r.hello().serverName(TestPki.HOST).without(Extensions.EXTENDED_MASTER_SECRET).record());
    }

    // ---- record layer caps

    static byte[] repeat(byte[] r, int n) {
        byte[][] parts = new byte[n][];
        java.util.Arrays.fill(parts, r);
        return concat(parts);
    }

    /** OpenSSL ends a connection after 5 warning alerts in a row; so does this server. */
    @Test
    void fiveWarningAlertsInARowEndTheHandshake() throws IOException {
        byte[] warning = record(RecordLayer.ALERT, ProtocolVersion.TLS10, new byte[] {1, (byte) Alert.USER_CANCELED});
        expect(Alert.UNEXPECTED_MESSAGE, modernServer(), concat(repeat(warning, 5), new TestHello().record()));
    }

    @Test
    void fourWarningAlertsAreTolerated() throws IOException {
        byte[] warning = record(RecordLayer.ALERT, ProtocolVersion.TLS10, new byte[] {1, (byte) Alert.USER_CANCELED});
        BadInputTest.Outcome o = serve(modernServer(), concat(repeat(warning, 4), new TestHello().record()));
        assertEquals("connection closed during the handshake", o.error.getDetail(), o.error.getMessage());
    }

    @Test
    void twoHundredThousandWarningAlertsAreNotAccepted() throws IOException {
        byte[] warning = record(RecordLayer.ALERT, ProtocolVersion.TLS10, new byte[] {1, (byte) Alert.USER_CANCELED});
        expect(Alert.UNEXPECTED_MESSAGE, modernServer(), repeat(warning, 200_000));
    }

    /** Empty records between warnings do not start the count of warnings again (found by review). */
    @Test
    void warningsInterleavedWithEmptyRecordsAreStillCounted() throws IOException {
        byte[] warning = record(RecordLayer.ALERT, ProtocolVersion.TLS10, new byte[] {1, (byte) Alert.USER_CANCELED});
        byte[] empty = record(RecordLayer.APPLICATION_DATA, ProtocolVersion.TLS10, new byte[0]);
        byte[] round = concat(repeat(warning, 4), empty);
        BadInputTest.Outcome o = expect(Alert.UNEXPECTED_MESSAGE, modernServer(), concat(repeat(round, 100_000),
                new TestHello().record()));
        assertTrue(o.error.getMessage().contains("5 warning alerts"), o.error.getMessage());
    }

    /** Empty records between warnings keep no run going for ever either: the warnings' cap ends it. */
    @Test
    void emptyRecordsAlternatingWithWarningsAreBounded() throws IOException {
        byte[] warning = record(RecordLayer.ALERT, ProtocolVersion.TLS10, new byte[] {1, (byte) Alert.USER_CANCELED});
        byte[] empty = record(RecordLayer.APPLICATION_DATA, ProtocolVersion.TLS10, new byte[0]);
        Pipe in = Pipe.of(concat(repeat(concat(repeat(empty, 30), warning), 1000), new TestHello().record()));
        TlsConnection c = TlsConnection.server(in.in, new Pipe().out, modernServer());
        TlsException e = org.junit.jupiter.api.Assertions.assertThrows(TlsException.class, c::handshake);
        assertEquals(Alert.UNEXPECTED_MESSAGE, e.getAlert(), e.getMessage());
        assertTrue(in.readCount() < 5 * 31 * 7, "ended within five rounds: " + in.readCount());
    }

    /** Empty records (application data, the only type that may be empty) are capped as OpenSSL caps them. */
    @Test
    void manyEmptyRecordsAreUnexpectedMessage() throws IOException {
        byte[] empty = record(RecordLayer.APPLICATION_DATA, ProtocolVersion.TLS10, new byte[0]);
        expect(Alert.UNEXPECTED_MESSAGE, modernServer(), concat(repeat(empty, 200_000), new TestHello().record()));
    }

    @Test
    void aFewEmptyRecordsAreTolerated() throws IOException {
        byte[] empty = record(RecordLayer.APPLICATION_DATA, ProtocolVersion.TLS10, new byte[0]);
        BadInputTest.Outcome o = serve(modernServer(), concat(repeat(empty, RecordLayer.MAX_EMPTY_RECORDS),
                new TestHello().record()));
        assertEquals("connection closed during the handshake", o.error.getDetail(), o.error.getMessage());
    }
}
