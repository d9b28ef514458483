package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * A server that parses a projection of the ClientHello and hashes the real one's digest
 * (HELLO-DIGEST, gateway-java/LINK.md §15.2) answers only a projection that offers
 * extended_master_secret: the gateway chose what was parsed, and a projection without it could
 * only be one that left it out (§15.3), so such a session is refused (handshake_failure), not
 * made. The same projection with it is answered.
 */
class HelloDigestEmsTest {
    /** A real hello's digest as the bridge sends it: L = 40 (u24), SHA-256's initial chaining value, the 40 bytes. */
    private static byte[] digestOfA40ByteHello() {
        byte[] d = new byte[3 + 32 + 40];
        d[2] = 40;
        int[] iv = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
        for (int i = 0; i < 8; i++) {
            for (int k = 0; k < 4; k++) d[3 + 4 * i + k] = (byte) (iv[i] >>> (24 - 8 * k));
        }
        d[35] = 1; // a ClientHello's type, then anything: the server only hashes it
        return d;
    }

    private static BadInputTest.Outcome serveDigested(TestHello projection) throws IOException {
        Pipe in = Pipe.of(projection.record());
        Pipe out = new Pipe();
        BadInputTest.Outcome o = new BadInputTest.Outcome();
        o.conn = TlsConnection.server(in.in, out.out, BadInputTest.modernServer());
        byte[] digest = digestOfA40ByteHello();
        o.conn.setHelloDigestSource(() -> digest);
        o.error = assertThrows(TlsException.class, o.conn::handshake);
        o.wire = out.written();
        return o;
    }

    @Test
    void aProjectionWithoutExtendedMasterSecretIsRefused() throws IOException {
        TestHello h = new TestHello();
        h.without(Extensions.EXTENDED_MASTER_SECRET);
        BadInputTest.Outcome o = serveDigested(h);
        assertEquals(Alert.HANDSHAKE_FAILURE, o.error.getAlert(), o.error.getMessage());
        assertTrue(o.error.getMessage().contains("extended_master_secret"), o.error.getMessage());
    }

    @Test
    void theSameProjectionWithItIsAnswered() throws IOException {
        BadInputTest.Outcome o = serveDigested(new TestHello());
        assertEquals("connection closed during the handshake", o.error.getDetail(), o.error.getMessage());
        assertEquals(ProtocolVersion.TLS12, new ServerWire(o.wire).serverVersion());
    }
}
