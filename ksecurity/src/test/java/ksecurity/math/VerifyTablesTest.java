package ksecurity.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Ecdsa.verify keeps the tables of the keys it verifies again, found by the point: built on a
 * key's second verification (whatever array holds the point), used from then on, forgotten
 * least recently used first, rebuilt for another kernel.
 */
class VerifyTablesTest {
    /** The Java kernel, counting precomputations and recording the tables verify is given. */
    static final class Counting implements EcKernel {
        final EcKernel k = Kernels.javaEc();
        int precomputed;
        final List<Object> given = new ArrayList<>();

        public int scalarMult(int curve, byte[] s, byte[] p, byte[] out) {
            return k.scalarMult(curve, s, p, out);
        }

        public int scalarMultBase(int curve, byte[] s, byte[] out) {
            return k.scalarMultBase(curve, s, out);
        }

        public int mulAddVarTime(int curve, byte[] u1, byte[] u2, byte[] q, byte[] out) {
            return k.mulAddVarTime(curve, u1, u2, q, out);
        }

        public Object precompute(int curve, byte[] q) {
            precomputed++;
            return k.precompute(curve, q);
        }

        public int verify(int curve, byte[] u1, byte[] u2, byte[] q, Object table, byte[] r) {
            given.add(table);
            return k.verify(curve, u1, u2, q, table, r);
        }

        public String name() {
            return "counting";
        }
    }

    private Counting kernel;

    @BeforeEach
    void install() {
        VerifyTables.clear();
        kernel = new Counting();
        Kernels.use(kernel, Kernels.javaModExp());
    }

    @AfterEach
    void uninstall() {
        VerifyTables.clear();
        Kernels.use(Kernels.javaEc(), Kernels.javaModExp());
    }

    /** A key (scalar i + 1) and its signature of a fixed hash; returns {q, hash, sig}. */
    private static byte[][] signed(int i) {
        int c = Curves.SECP256R1;
        byte[] d = new byte[32];
        d[31] = (byte) (i + 1);
        d[0] = 0x11;
        byte[] q = new byte[64];
        EcKeys.publicFromPrivate(c, d, 0, q, 0);
        byte[] h = new byte[32];
        h[5] = 7;
        byte[] sig = new byte[64];
        Ecdsa.sign(c, d, 0, h, 0, 32, new ksecurity.prim.Sha256(), null, sig, 0);
        return new byte[][] {q, h, sig};
    }

    private static boolean verify(byte[][] k) {
        return Ecdsa.verify(Curves.SECP256R1, k[0].clone(), k[1], 0, 32, k[2], 0);
    }

    @Test
    void secondVerificationBuildsTheTableThenItServes() {
        byte[][] k = signed(0);
        assertTrue(verify(k));
        assertEquals(0, kernel.precomputed, "a key used once pays for no table");
        assertNull(kernel.given.get(0));
        assertTrue(verify(k));
        assertTrue(verify(k));
        assertEquals(1, kernel.precomputed, "built once, on the second verification");
        assertNotNull(kernel.given.get(1));
        assertSame(kernel.given.get(1), kernel.given.get(2));
    }

    @Test
    void leastRecentlyUsedIsForgotten() {
        byte[][][] keys = new byte[VerifyTables.CAPACITY + 1][][];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = signed(i);
        }
        for (int i = 0; i < VerifyTables.CAPACITY; i++) {
            assertTrue(verify(keys[i]));
            assertTrue(verify(keys[i]));
        }
        assertEquals(VerifyTables.CAPACITY, kernel.precomputed);
        assertTrue(verify(keys[0]));        // key 0 is now the most recent
        assertTrue(verify(keys[VerifyTables.CAPACITY]));   // forgets key 1, the least recent
        assertTrue(verify(keys[0]));
        assertEquals(VerifyTables.CAPACITY, kernel.precomputed, "key 0 kept its table");
        kernel.given.clear();
        assertTrue(verify(keys[1]));
        assertNull(kernel.given.get(0), "key 1 was forgotten: a first use again");
    }

    @Test
    void anotherKernelGetsItsOwnTable() {
        byte[][] k = signed(9);
        assertTrue(verify(k));
        assertTrue(verify(k));
        Counting other = new Counting();
        Kernels.use(other, Kernels.javaModExp());
        assertTrue(verify(k));
        assertNull(other.given.get(0), "the first kernel's table is not handed to the second");
        assertTrue(verify(k));
        assertEquals(1, other.precomputed);
    }
}
