package kssl.tls;

import ksecurity.prim.Bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The server keeps a ClientHello in a fixed shape (issue 7): what a hello costs in memory does not
 * grow with what the client lists, and an over-long message is answered only after the record
 * that declared it has been read.
 */
class StaticShapeTest {
    /** Bytes this thread allocates while a fresh server answers {@code hello} (then the client hangs up). */
    static long allocatedAnswering(byte[] hello) throws Exception {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        TlsConfig config = BadInputTest.modernServer();
        Pipe in = Pipe.of(hello);
        Pipe out = new Pipe();
        TlsConnection c = TlsConnection.server(in.in, out.out, config);
        long before = mx.getThreadAllocatedBytes(Thread.currentThread().getId());
        try {
            c.handshake();
        } catch (TlsException expected) {
            // the client hung up after its hello
        }
        return mx.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    }

    @Test
    void thirtyTwoThousandSuitesCostNoMoreThanOne() throws Exception {
        TestHello one = new TestHello();
        TestHello many = new TestHello();
        many.suites = new int[32_000];
        for (int i = 0; i < many.suites.length; i++) {
            many.suites[i] = 0x1000 + i; // unknown suites, then the one it knows last
        }
        many.suites[many.suites.length - 1] = CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256;
        assertTrue(many.message().length > 64_000);
        // The hello spans records: split it at the record size.
        byte[] m = many.message();
        java.io.ByteArrayOutputStream wire = new java.io.ByteArrayOutputStream();
        for (int p = 0; p < m.length; p += 16_384) {
            wire.writeBytes(BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10,
                    java.util.Arrays.copyOfRange(m, p, Math.min(m.length, p + 16_384))));
        }
        for (int warm = 0; warm < 3; warm++) {
            allocatedAnswering(one.record());
            allocatedAnswering(wire.toByteArray());
        }
        long a = allocatedAnswering(one.record());
        long b = allocatedAnswering(wire.toByteArray());
        // A list of 32,000 suites kept as an int[] alone would be 128 KB.
        assertTrue(b - a < 8_192, "64 KB of suites cost " + (b - a) + " bytes more than one suite");
    }

    @Test
    void anOverLongMessageIsAnsweredAfterItsRecordWasRead() throws Exception {
        byte[] body = new byte[16_000];
        body[0] = HandshakeType.CLIENT_HELLO;
        Bytes.put24(body, 1, 100_000); // more than the 64 KiB a message may have here
        byte[] first = BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, body);
        byte[] second = BadInputTest.record(RecordLayer.HANDSHAKE, ProtocolVersion.TLS10, new byte[1000]);
        Pipe in = Pipe.of(BadInputTest.concat(first, second));
        Pipe out = new Pipe();
        TlsConnection c = TlsConnection.server(in.in, out.out, BadInputTest.modernServer());
        TlsException e = org.junit.jupiter.api.Assertions.assertThrows(TlsException.class, c::handshake);
        assertEquals(Alert.DECODE_ERROR, e.getAlert());
        assertTrue(e.getMessage().contains("longer than 65536"), e.getMessage());
        assertEquals(first.length, in.readCount(), "the whole first record was read, nothing more");
    }
}
