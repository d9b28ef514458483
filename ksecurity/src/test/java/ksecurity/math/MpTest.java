package ksecurity.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The limb helpers and Montgomery arithmetic against BigInteger. */
class MpTest {
    @Test
    void conversionsCompareSelectAndSwap() {
        byte[] be = {0x01, 0x02, 0x03, 0x04, 0x05};
        int[] a = new int[2];
        Mp.fromBytes(be, 0, 5, a);
        assertArrayEquals(new int[] {0x02030405, 0x01}, a);
        byte[] back = new byte[5];
        Mp.toBytes(a, back, 0, 5);
        assertArrayEquals(be, back);
        assertEquals(1, Mp.fits(new byte[] {0, 0, 0, 1, 2, 3, 4, 5}, 0, 8, 2));
        assertEquals(0, Mp.fits(new byte[] {1, 0, 0, 1, 2, 3, 4, 5, 6}, 0, 9, 2));

        int[] x = {5, 0xFFFFFFFF};
        int[] y = {6, 0xFFFFFFFF};
        assertEquals(1, Mp.lessThan(x, y, 2));
        assertEquals(0, Mp.lessThan(y, x, 2));
        assertEquals(0, Mp.lessThan(x, x, 2));
        assertEquals(1, Mp.equal(x, x.clone(), 2));
        assertEquals(0, Mp.isZero(x, 2));
        assertEquals(1, Mp.isZero(new int[2], 2));
        int[] r = new int[2];
        Mp.select(-1, x, y, r, 2);
        assertArrayEquals(x, r);
        Mp.select(0, x, y, r, 2);
        assertArrayEquals(y, r);
        int[] s = x.clone();
        int[] t = y.clone();
        Mp.cswap(0, s, t, 2);
        assertArrayEquals(x, s);
        Mp.cswap(-1, s, t, 2);
        assertArrayEquals(y, s);
        assertArrayEquals(x, t);
        assertEquals(-1, Mp.eqMask(0x80000000, 0x80000000));
        assertEquals(0, Mp.eqMask(0, 0x80000000));
    }

    @Test
    void montgomeryArithmeticMatchesBigInteger() {
        Random rnd = new Random(3);
        for (int i = 0; i < 200; i++) {
            int limbs = 1 + rnd.nextInt(12);
            BigInteger m = new BigInteger(limbs * 32, rnd).setBit(limbs * 32 - 1 - rnd.nextInt(31)).setBit(0);
            if (m.equals(BigInteger.ONE)) {
                continue;
            }
            int n = (m.bitLength() + 31) / 32;
            Montgomery mont = new Montgomery(limbs(m, n));
            BigInteger a = new BigInteger(m.bitLength() + 8, rnd).mod(m);
            BigInteger b = new BigInteger(m.bitLength() + 8, rnd).mod(m);
            int[] t = mont.scratch();
            int[] am = new int[n];
            int[] bm = new int[n];
            mont.toMont(limbs(a, n), am, t);
            mont.toMont(limbs(b, n), bm, t);
            int[] r = new int[n];
            mont.mul(am, bm, r, t);
            mont.fromMont(r, r, t);
            assertEquals(a.multiply(b).mod(m), value(r));
            mont.add(limbs(a, n), limbs(b, n), r);
            assertEquals(a.add(b).mod(m), value(r));
            mont.sub(limbs(a, n), limbs(b, n), r);
            assertEquals(a.subtract(b).mod(m), value(r));
            BigInteger x = new BigInteger(m.bitLength() * 3, rnd);
            mont.reduce(limbs(x, (x.bitLength() + 31) / 32 + 1), r);
            assertEquals(x.mod(m), value(r));
        }
        // inversion modulo a prime
        BigInteger p = BigInteger.probablePrime(200, rnd);
        Montgomery mp = new Montgomery(limbs(p, 7));
        int[] t = mp.scratch();
        BigInteger a = new BigInteger(190, rnd);
        int[] am = new int[7];
        mp.toMont(limbs(a, 7), am, t);
        mp.invPrime(am, am);
        mp.fromMont(am, am, t);
        assertEquals(a.modInverse(p), value(am));
    }

    static int[] limbs(BigInteger v, int n) {
        int[] r = new int[n];
        byte[] b = v.toByteArray();
        Mp.fromBytes(b, 0, b.length, r);
        return r;
    }

    static BigInteger value(int[] a) {
        byte[] b = new byte[a.length * 4];
        Mp.toBytes(a, b, 0, b.length);
        return new BigInteger(1, b);
    }
}
