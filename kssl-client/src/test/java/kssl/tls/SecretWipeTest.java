package kssl.tls;

import static kssl.tls.BadInputTest.concat;
import static kssl.tls.BadInputTest.expect;
import static kssl.tls.BadInputTest.modernServer;
import static kssl.tls.BadInputTest.record;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;

/**
 * The server's ECDHE scalar is wiped whatever ends the handshake: used (ClientKeyExchange),
 * abandoned (a failure before it), or replaced unused (a newer precomputation); a failed
 * handshake's master secret is wiped too.
 */
class SecretWipeTest {
    private static EcdhKey precomputed(TlsConfig config) throws ReflectiveOperationException {
        Field f = TlsConfig.class.getDeclaredField("precomputed");
        f.setAccessible(true);
        return (EcdhKey) f.get(config);
    }

    private static void assertWiped(EcdhKey k) {
        assertArrayEquals(new byte[k.d.length], k.d, "the scalar is zero");
    }

    private static void assertLive(EcdhKey k) {
        assertFalse(java.util.Arrays.equals(new byte[k.d.length], k.d), "a real scalar to begin with");
    }

    @Test
    void ephemeralScalarWipedWhenTheHandshakeFailsBeforeClientKeyExchange() throws Exception {
        TlsConfig config = modernServer();
        config.precomputeEphemeral();
        EcdhKey k = precomputed(config);
        assertNotNull(k);
        assertLive(k);
        // A Finished where ClientKeyExchange belongs: unexpected_message after the server's flight.
        byte[] finished = {20, 0, 0, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        expect(Alert.UNEXPECTED_MESSAGE, config,
                concat(new TestHello().record(), record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS12, finished)));
        assertWiped(k);
    }

    @Test
    void unusedPrecomputedScalarWipedWhenReplaced() throws Exception {
        TlsConfig config = modernServer();
        config.precomputeEphemeral();
        EcdhKey first = precomputed(config);
        assertLive(first);
        config.precomputeEphemeral();
        assertWiped(first);
        assertLive(precomputed(config));
    }

    @Test
    void masterSecretWipedWhenTheHandshakeFailsAfterIt() throws Exception {
        // A well-formed ClientKeyExchange, then a Finished in the clear instead of ChangeCipherSpec.
        TlsConfig config = modernServer();
        byte[] point = EcdhKey.generate(Extensions.SECP256R1, new SeededRandom("wipe test client")).point;
        byte[] cke = new byte[4 + 1 + point.length];
        cke[0] = 16;
        cke[3] = (byte) (1 + point.length);
        cke[4] = (byte) point.length;
        System.arraycopy(point, 0, cke, 5, point.length);
        byte[] finished = {20, 0, 0, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        BadInputTest.Outcome o = expect(Alert.UNEXPECTED_MESSAGE, config, concat(new TestHello().record(),
                record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS12, cke), record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS12, finished)));
        Session s = o.conn.getSession();
        assertNotNull(s, "the key schedule existed");
        assertArrayEquals(new byte[48], s.master, "the master secret is zero");
    }
}
