package kssl.tls;

import ksecurity.prim.Bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TLS_RSA_EXPORT_WITH_RC4_40_MD5 (legacy, insecure): with a certificate key over 512 bits the
 * server sends a temporary 512-bit key in a ServerKeyExchange signed over MD5 || SHA-1
 * (ServerRsaParams), and the client checks and uses it. A 512-bit certificate key, which the
 * suite would use directly, is below even the legacy floor (CertificatePolicy.LEGACY): the
 * client refuses it.
 */
class RsaExportTest {
    private static final int EXPORT = CipherSuite.TLS_RSA_EXPORT_WITH_RC4_40_MD5;

    private static TlsConfig server(int version, ServerIdentity id, String seed) {
        TlsConfig s = TlsConfig.server(Profile.LEGACY, new SeededRandom("server " + seed)).allowWeakRandom(SeededRandom.WHY);
        s.setVersions(ProtocolVersion.SSL30, version).setCipherSuites(new int[] {EXPORT});
        s.addIdentity(id);
        return s;
    }

    /** The handshake message types of the first flight a side sent (its plaintext records before ChangeCipherSpec). */
    static List<Integer> firstFlight(byte[] wire) {
        ByteArrayOutputStream hs = new ByteArrayOutputStream();
        for (int i = 0; i + 5 <= wire.length && wire[i] == 22; ) {
            int len = (wire[i + 3] & 0xFF) << 8 | wire[i + 4] & 0xFF;
            hs.write(wire, i + 5, len);
            i += 5 + len;
        }
        byte[] b = hs.toByteArray();
        List<Integer> types = new ArrayList<>();
        for (int i = 0; i + 4 <= b.length; ) {
            types.add((int) b[i]);
            i += 4 + ((b[i + 1] & 0xFF) << 16 | (b[i + 2] & 0xFF) << 8 | b[i + 3] & 0xFF);
        }
        return types;
    }

    @ParameterizedTest(name = "version {0}")
    @ValueSource(ints = {ProtocolVersion.SSL30, ProtocolVersion.TLS10})
    void fullThenAbbreviated(int version) throws Exception {
        TlsConfig s = server(version, TestPki.rsa1024(), "export 1024");
        TlsConfig c = HandshakeTest.client(Profile.LEGACY, version, "export 1024");
        Exchange full = new Exchange().run(c, s, 2, 3000);
        full.assertOk();
        assertEquals(EXPORT, full.client.getCipherSuite());
        assertEquals(version, full.client.getVersion());
        assertEquals(List.of(2, 11, 12, 14), firstFlight(full.s2c.log.toByteArray()),
                "a temporary key for a longer certificate key");
        Exchange again = new Exchange().run(c, s, 1, 100);
        again.assertOk();
        assertTrue(again.client.isResumed());
    }

    @ParameterizedTest(name = "version {0}")
    @ValueSource(ints = {ProtocolVersion.SSL30, ProtocolVersion.TLS10})
    void a512BitCertificateKeyIsBelowTheLegacyFloor(int version) throws Exception {
        TlsConfig s = server(version, TestPki.rsa512(), "export 512");
        TlsConfig c = HandshakeTest.client(Profile.LEGACY, version, "export 512");
        Exchange e = new Exchange().run(c, s, 1, 10);
        TamperTest.assertLocal(Alert.BAD_CERTIFICATE, e.clientError);
        assertTrue(e.clientError.getMessage().contains("RSA key of 512 bits"), e.clientError.getMessage());
        // The server used the 512-bit key directly: no ServerKeyExchange.
        assertEquals(List.of(2, 11, 14), firstFlight(e.s2c.log.toByteArray()));
    }

    @ParameterizedTest
    @ValueSource(ints = {ProtocolVersion.SSL30, ProtocolVersion.TLS10})
    void temporaryKeyWithABadSignatureIsRefused(int version) throws Exception {
        TlsConfig s = server(version, TestPki.rsa1024(), "bad signature");
        TlsConfig c = HandshakeTest.client(Profile.LEGACY, version, "bad signature");
        Pipe c2s = new Pipe();
        Pipe s2c = new Pipe();
        // The first flight is one record ending ServerKeyExchange's signature, then ServerHelloDone
        // (4 bytes): flip the signature's last byte.
        TlsConnection server = TlsConnection.server(c2s.in, new Tamper(s2c.out, 22, 0, 5), s);
        TlsConnection client = TlsConnection.client(s2c.in, c2s.out, c, TestPki.HOST, 443);
        CompletableFuture<Throwable> served = CompletableFuture.supplyAsync(() -> {
            try {
                server.handshake();
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        Throwable t = assertThrows(TlsException.class, client::handshake);
        TamperTest.assertLocal(Alert.DECRYPT_ERROR, t);
        // SSL 3.0 has no decrypt_error: the alert on the wire is handshake_failure there.
        TamperTest.assertRemote(version == ProtocolVersion.SSL30 ? Alert.HANDSHAKE_FAILURE : Alert.DECRYPT_ERROR,
                served.get(30, TimeUnit.SECONDS));
    }

    /** ServerRSAParams as a ServerKeyExchange record, read by the client's parser. */
    private static TlsException parse(byte[] params) {
        byte[] msg = new byte[4 + params.length];
        msg[0] = (byte) HandshakeType.SERVER_KEY_EXCHANGE;
        msg[2] = (byte) (params.length >> 8);
        msg[3] = (byte) params.length;
        System.arraycopy(params, 0, msg, 4, params.length);
        ByteArrayOutputStream rec = new ByteArrayOutputStream();
        rec.write(new byte[] {22, 3, 1, (byte) (msg.length >> 8), (byte) msg.length}, 0, 5);
        rec.write(msg, 0, msg.length);
        RecordLayer records = new RecordLayer(new ByteArrayInputStream(rec.toByteArray()), new ByteArrayOutputStream(),
                RecordLayer.MAX_FRAGMENT, RecordLayer.MAX_FRAGMENT, ProtocolVersion.TLS10);
        return assertThrows(TlsException.class, () -> {
            HandshakeReader in = new HandshakeReader(records, new HandshakeHash());
            in.begin(65536);
            ServerRsaParams.read(in);
        });
    }

    private static byte[] params(byte[] n, byte[] e) {
        byte[] p = new byte[4 + n.length + e.length];
        Bytes.put16(p, 0, n.length);
        System.arraycopy(n, 0, p, 2, n.length);
        Bytes.put16(p, 2 + n.length, e.length);
        System.arraycopy(e, 0, p, 4 + n.length, e.length);
        return p;
    }

    private static byte[] modulus(int bytes, boolean odd) {
        byte[] n = new byte[bytes];
        java.util.Arrays.fill(n, (byte) 0xC5);
        n[bytes - 1] = (byte) (odd ? 0xC5 : 0xC4);
        return n;
    }

    private static final byte[] F4 = {1, 0, 1};

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "over 512 bits, illegal_parameter, temporary RSA key longer than 512 bits",
        "too short for a premaster secret, illegal_parameter, temporary RSA key unusable",
        "even modulus, illegal_parameter, temporary RSA key unusable",
        "zero exponent, illegal_parameter, temporary RSA key unusable",
        "modulus length past the message, decode_error, rsa_modulus length",
        "empty exponent, decode_error, rsa_exponent length",
    })
    void malformedTemporaryKeyIsRefused(String what, String alert, String message) {
        byte[] p = switch (what) {
            case "over 512 bits" -> params(modulus(65, true), F4);
            case "too short for a premaster secret" -> params(modulus(58, true), F4);
            case "even modulus" -> params(modulus(64, false), F4);
            case "zero exponent" -> params(modulus(64, true), new byte[] {0});
            case "modulus length past the message" -> java.util.Arrays.copyOf(params(modulus(64, true), F4), 40);
            case "empty exponent" -> params(modulus(64, true), new byte[0]);
            default -> throw new AssertionError(what);
        };
        TlsException e = parse(p);
        assertEquals(alert, Alert.name(e.getAlert()));
        assertTrue(e.getMessage().endsWith(": " + message), e.getMessage());
        assertFalse(e.isRemote());
    }

    @Test
    void temporaryKeyIsRenewedAfterItsUses() {
        TlsConfig s = server(ProtocolVersion.TLS10, TestPki.rsa1024(), "renew");
        ServerRsaParams first = s.temporaryRsaKey();
        for (int i = 1; i < ServerRsaParams.MAX_USES; i++) {
            assertTrue(first == s.temporaryRsaKey(), "the same key for its first " + ServerRsaParams.MAX_USES + " uses");
        }
        ServerRsaParams next = s.temporaryRsaKey();
        assertFalse(first == next);
        assertEquals(ServerRsaParams.MAX_MODULUS_BYTES, next.modulus.length);
        assertTrue((next.modulus[0] & 0x80) != 0, "exactly 512 bits");
    }
}
