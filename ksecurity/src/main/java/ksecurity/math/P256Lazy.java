package ksecurity.math;

/**
 * The P-256 field for the variable-base scalar multiplication, in nine signed 29-bit limbs
 * (value = sum of a[i] 2^(29 i)), Montgomery form with R = 2^261, lazily reduced: an element is
 * any representative of its class with |value| < 2^257 and limbs within 29 bits plus a little
 * (|a[i]| < 2^30), so that every operation below accepts the output of every other. Products
 * sum whole 58-bit limb products per column; each Montgomery step adds q p for q = the low 29
 * bits of a column (p = -1 mod 2^29) as four shifted terms; additions, subtractions and small
 * multiples are limb-wise with one carry pass and one fold of the bits above 2^256
 * (2^256 = 2^224 - 2^192 - 2^96 + 1 mod p). Nothing branches on or indexes by the values.
 * Only the conversions to and from P256Field's form (R = 2^256, below p) reduce fully.
 * Written out by gen_p256_lazy.py.
 */
final class P256Lazy {
    /** Limb count. */
    static final int LIMBS = 9;
    private static final long M29 = 0x1FFFFFFFL;
    /** 2^266 mod p (as 2^234 - 2^202 - 2^106 + 2^10): times x 2^256 / 2^261 gives x 2^261. */
    private static final int[] TO_LAZY = {1 << 10, 0, 0, -(1 << 19), 0, 0, -(1 << 28), 0, 1 << 2};
    /** 2^256 mod p (as 2^224 - 2^192 - 2^96 + 1): times x 2^261 / 2^261 gives x 2^256. */
    private static final int[] TO_MONT = {1, 0, 0, -(1 << 9), 0, 0, -(1 << 18), 1 << 21, 0};
    /** 1: times x 2^261 / 2^261 gives x. */
    private static final int[] TO_INTEGER = {1, 0, 0, 0, 0, 0, 0, 0, 0};
    /** p in 32-bit limbs. */
    private static final int[] P = {-1, -1, -1, 0, 0, 0, 1, -1};

    private P256Lazy() {
    }

    /** r (9 limbs) = x in this form, for x (8 limbs) in P256Field's Montgomery form, below p. */
    static void fromMont(int[] x, int[] r) {
        int[] t = new int[LIMBS];
        long acc = 0;
        int bits = 0;
        int k = 0;
        for (int i = 0; i < LIMBS; i++) {
            if (bits < 29 && k < 8) {
                acc |= (x[k++] & 0xFFFFFFFFL) << bits;
                bits += 32;
            }
            t[i] = (int) (acc & M29);
            acc >>>= 29;
            bits -= 29;
        }
        mul(t, TO_LAZY, r);
    }

    /** x (8 limbs) = a in P256Field's Montgomery form, fully reduced below p. */
    static void toMont(int[] a, int[] x) {
        reduce(a, TO_MONT, x);
    }

    /** x (8 limbs) = the integer below p that a stands for (out of Montgomery form). */
    static void toInteger(int[] a, int[] x) {
        reduce(a, TO_INTEGER, x);
    }

    /**
     * x (8 limbs) = a factor / 2^261 mod p, fully reduced below p, for a constant |factor| < 2^256.
     * Constant time: the two final subtractions of p are masked.
     */
    private static void reduce(int[] a, int[] factor, int[] x) {
        int[] t = new int[LIMBS];
        mul(a, factor, t);
        // t: limbs 0..7 in [0, 2^29), limb 8 signed; value in (-p, 2p). Into 32-bit limbs
        // (the ninth signed), plus p: then in (0, 3p).
        int[] u = new int[LIMBS];
        long acc = 0;
        int bits = 0;
        int k = 0;
        for (int i = 0; i < LIMBS; i++) {
            acc += (long) t[i] << bits;
            bits += 29;
            if (bits >= 32) {
                u[k++] = (int) acc;
                acc >>= 32;
                bits -= 32;
            }
        }
        u[8] = (int) acc;
        long c = 0;
        for (int i = 0; i < 8; i++) {
            c += (u[i] & 0xFFFFFFFFL) + (P[i] & 0xFFFFFFFFL);
            u[i] = (int) c;
            c >>= 32;
        }
        u[8] += (int) c;
        int[] d = new int[LIMBS];
        for (int round = 0; round < 2; round++) {
            c = 0;
            for (int i = 0; i < 8; i++) {
                c += (u[i] & 0xFFFFFFFFL) - (P[i] & 0xFFFFFFFFL);
                d[i] = (int) c;
                c >>= 32;
            }
            d[8] = u[8] + (int) c;
            // keep u - p when it is not negative
            Mp.cmov(~(d[8] >> 31), d, u, LIMBS);
        }
        System.arraycopy(u, 0, x, 0, 8);
    }

    /** r = a b / 2^261 mod p (not fully reduced); r may alias a or b. */
    static void mul(int[] a, int[] b, int[] r) {
        final long a0 = a[0];
        final long a1 = a[1];
        final long a2 = a[2];
        final long a3 = a[3];
        final long a4 = a[4];
        final long a5 = a[5];
        final long a6 = a[6];
        final long a7 = a[7];
        final long a8 = a[8];
        final long b0 = b[0];
        final long b1 = b[1];
        final long b2 = b[2];
        final long b3 = b[3];
        final long b4 = b[4];
        final long b5 = b[5];
        final long b6 = b[6];
        final long b7 = b[7];
        final long b8 = b[8];
        long c0 = a0 * b0;
        long c1 = a0 * b1 + a1 * b0;
        long c2 = a0 * b2 + a1 * b1 + a2 * b0;
        long c3 = a0 * b3 + a1 * b2 + a2 * b1 + a3 * b0;
        long c4 = a0 * b4 + a1 * b3 + a2 * b2 + a3 * b1 + a4 * b0;
        long c5 = a0 * b5 + a1 * b4 + a2 * b3 + a3 * b2 + a4 * b1 + a5 * b0;
        long c6 = a0 * b6 + a1 * b5 + a2 * b4 + a3 * b3 + a4 * b2 + a5 * b1 + a6 * b0;
        long c7 = a0 * b7 + a1 * b6 + a2 * b5 + a3 * b4 + a4 * b3 + a5 * b2 + a6 * b1 + a7 * b0;
        long c8 = a0 * b8 + a1 * b7 + a2 * b6 + a3 * b5 + a4 * b4 + a5 * b3 + a6 * b2 + a7 * b1 + a8 * b0;
        long c9 = a1 * b8 + a2 * b7 + a3 * b6 + a4 * b5 + a5 * b4 + a6 * b3 + a7 * b2 + a8 * b1;
        long c10 = a2 * b8 + a3 * b7 + a4 * b6 + a5 * b5 + a6 * b4 + a7 * b3 + a8 * b2;
        long c11 = a3 * b8 + a4 * b7 + a5 * b6 + a6 * b5 + a7 * b4 + a8 * b3;
        long c12 = a4 * b8 + a5 * b7 + a6 * b6 + a7 * b5 + a8 * b4;
        long c13 = a5 * b8 + a6 * b7 + a7 * b6 + a8 * b5;
        long c14 = a6 * b8 + a7 * b7 + a8 * b6;
        long c15 = a7 * b8 + a8 * b7;
        long c16 = a8 * b8;
        final long q0 = c0 & M29;
        c1 += c0 >> 29;
        c3 += q0 << 9;
        c6 += q0 << 18;
        c7 -= q0 << 21;
        c8 += q0 << 24;
        final long q1 = c1 & M29;
        c2 += c1 >> 29;
        c4 += q1 << 9;
        c7 += q1 << 18;
        c8 -= q1 << 21;
        c9 += q1 << 24;
        final long q2 = c2 & M29;
        c3 += c2 >> 29;
        c5 += q2 << 9;
        c8 += q2 << 18;
        c9 -= q2 << 21;
        c10 += q2 << 24;
        final long q3 = c3 & M29;
        c4 += c3 >> 29;
        c6 += q3 << 9;
        c9 += q3 << 18;
        c10 -= q3 << 21;
        c11 += q3 << 24;
        final long q4 = c4 & M29;
        c5 += c4 >> 29;
        c7 += q4 << 9;
        c10 += q4 << 18;
        c11 -= q4 << 21;
        c12 += q4 << 24;
        final long q5 = c5 & M29;
        c6 += c5 >> 29;
        c8 += q5 << 9;
        c11 += q5 << 18;
        c12 -= q5 << 21;
        c13 += q5 << 24;
        final long q6 = c6 & M29;
        c7 += c6 >> 29;
        c9 += q6 << 9;
        c12 += q6 << 18;
        c13 -= q6 << 21;
        c14 += q6 << 24;
        final long q7 = c7 & M29;
        c8 += c7 >> 29;
        c10 += q7 << 9;
        c13 += q7 << 18;
        c14 -= q7 << 21;
        c15 += q7 << 24;
        final long q8 = c8 & M29;
        c9 += c8 >> 29;
        c11 += q8 << 9;
        c14 += q8 << 18;
        c15 -= q8 << 21;
        c16 += q8 << 24;
        c10 += c9 >> 29;
        r[0] = (int) (c9 & M29);
        c11 += c10 >> 29;
        r[1] = (int) (c10 & M29);
        c12 += c11 >> 29;
        r[2] = (int) (c11 & M29);
        c13 += c12 >> 29;
        r[3] = (int) (c12 & M29);
        c14 += c13 >> 29;
        r[4] = (int) (c13 & M29);
        c15 += c14 >> 29;
        r[5] = (int) (c14 & M29);
        c16 += c15 >> 29;
        r[6] = (int) (c15 & M29);
        r[7] = (int) (c16 & M29);
        r[8] = (int) (c16 >> 29);
    }

    /** r = a^2 / 2^261 mod p (not fully reduced); r may alias a. */
    static void sqr(int[] a, int[] r) {
        final long a0 = a[0];
        final long a1 = a[1];
        final long a2 = a[2];
        final long a3 = a[3];
        final long a4 = a[4];
        final long a5 = a[5];
        final long a6 = a[6];
        final long a7 = a[7];
        final long a8 = a[8];
        final long d1 = a1 << 1;
        final long d2 = a2 << 1;
        final long d3 = a3 << 1;
        final long d4 = a4 << 1;
        final long d5 = a5 << 1;
        final long d6 = a6 << 1;
        final long d7 = a7 << 1;
        final long d8 = a8 << 1;
        long c0 = a0 * a0;
        long c1 = a0 * d1;
        long c2 = a0 * d2 + a1 * a1;
        long c3 = a0 * d3 + a1 * d2;
        long c4 = a0 * d4 + a1 * d3 + a2 * a2;
        long c5 = a0 * d5 + a1 * d4 + a2 * d3;
        long c6 = a0 * d6 + a1 * d5 + a2 * d4 + a3 * a3;
        long c7 = a0 * d7 + a1 * d6 + a2 * d5 + a3 * d4;
        long c8 = a0 * d8 + a1 * d7 + a2 * d6 + a3 * d5 + a4 * a4;
        long c9 = a1 * d8 + a2 * d7 + a3 * d6 + a4 * d5;
        long c10 = a2 * d8 + a3 * d7 + a4 * d6 + a5 * a5;
        long c11 = a3 * d8 + a4 * d7 + a5 * d6;
        long c12 = a4 * d8 + a5 * d7 + a6 * a6;
        long c13 = a5 * d8 + a6 * d7;
        long c14 = a6 * d8 + a7 * a7;
        long c15 = a7 * d8;
        long c16 = a8 * a8;
        final long q0 = c0 & M29;
        c1 += c0 >> 29;
        c3 += q0 << 9;
        c6 += q0 << 18;
        c7 -= q0 << 21;
        c8 += q0 << 24;
        final long q1 = c1 & M29;
        c2 += c1 >> 29;
        c4 += q1 << 9;
        c7 += q1 << 18;
        c8 -= q1 << 21;
        c9 += q1 << 24;
        final long q2 = c2 & M29;
        c3 += c2 >> 29;
        c5 += q2 << 9;
        c8 += q2 << 18;
        c9 -= q2 << 21;
        c10 += q2 << 24;
        final long q3 = c3 & M29;
        c4 += c3 >> 29;
        c6 += q3 << 9;
        c9 += q3 << 18;
        c10 -= q3 << 21;
        c11 += q3 << 24;
        final long q4 = c4 & M29;
        c5 += c4 >> 29;
        c7 += q4 << 9;
        c10 += q4 << 18;
        c11 -= q4 << 21;
        c12 += q4 << 24;
        final long q5 = c5 & M29;
        c6 += c5 >> 29;
        c8 += q5 << 9;
        c11 += q5 << 18;
        c12 -= q5 << 21;
        c13 += q5 << 24;
        final long q6 = c6 & M29;
        c7 += c6 >> 29;
        c9 += q6 << 9;
        c12 += q6 << 18;
        c13 -= q6 << 21;
        c14 += q6 << 24;
        final long q7 = c7 & M29;
        c8 += c7 >> 29;
        c10 += q7 << 9;
        c13 += q7 << 18;
        c14 -= q7 << 21;
        c15 += q7 << 24;
        final long q8 = c8 & M29;
        c9 += c8 >> 29;
        c11 += q8 << 9;
        c14 += q8 << 18;
        c15 -= q8 << 21;
        c16 += q8 << 24;
        c10 += c9 >> 29;
        r[0] = (int) (c9 & M29);
        c11 += c10 >> 29;
        r[1] = (int) (c10 & M29);
        c12 += c11 >> 29;
        r[2] = (int) (c11 & M29);
        c13 += c12 >> 29;
        r[3] = (int) (c12 & M29);
        c14 += c13 >> 29;
        r[4] = (int) (c13 & M29);
        c15 += c14 >> 29;
        r[5] = (int) (c14 & M29);
        c16 += c15 >> 29;
        r[6] = (int) (c15 & M29);
        r[7] = (int) (c16 & M29);
        r[8] = (int) (c16 >> 29);
    }

    /** r = a + b mod p (not fully reduced); r may alias a or b. */
    static void add(int[] a, int[] b, int[] r) {
        long l0 = (long) a[0] + b[0];
        long l1 = (long) a[1] + b[1];
        long l2 = (long) a[2] + b[2];
        long l3 = (long) a[3] + b[3];
        long l4 = (long) a[4] + b[4];
        long l5 = (long) a[5] + b[5];
        long l6 = (long) a[6] + b[6];
        long l7 = (long) a[7] + b[7];
        long l8 = (long) a[8] + b[8];
        l1 += l0 >> 29;
        l0 &= M29;
        l2 += l1 >> 29;
        l1 &= M29;
        l3 += l2 >> 29;
        l2 &= M29;
        l4 += l3 >> 29;
        l3 &= M29;
        l5 += l4 >> 29;
        l4 &= M29;
        l6 += l5 >> 29;
        l5 &= M29;
        l7 += l6 >> 29;
        l6 &= M29;
        l8 += l7 >> 29;
        l7 &= M29;
        final long h = l8 >> 24;
        r[8] = (int) (l8 & 0xFFFFFF);
        r[7] = (int) (l7 + (h << 21));
        r[6] = (int) (l6 - (h << 18));
        r[5] = (int) l5;
        r[4] = (int) l4;
        r[3] = (int) (l3 - (h << 9));
        r[2] = (int) l2;
        r[1] = (int) l1;
        r[0] = (int) (l0 + h);
    }

    /** r = a - b mod p (not fully reduced); r may alias a or b. */
    static void sub(int[] a, int[] b, int[] r) {
        long l0 = (long) a[0] - b[0];
        long l1 = (long) a[1] - b[1];
        long l2 = (long) a[2] - b[2];
        long l3 = (long) a[3] - b[3];
        long l4 = (long) a[4] - b[4];
        long l5 = (long) a[5] - b[5];
        long l6 = (long) a[6] - b[6];
        long l7 = (long) a[7] - b[7];
        long l8 = (long) a[8] - b[8];
        l1 += l0 >> 29;
        l0 &= M29;
        l2 += l1 >> 29;
        l1 &= M29;
        l3 += l2 >> 29;
        l2 &= M29;
        l4 += l3 >> 29;
        l3 &= M29;
        l5 += l4 >> 29;
        l4 &= M29;
        l6 += l5 >> 29;
        l5 &= M29;
        l7 += l6 >> 29;
        l6 &= M29;
        l8 += l7 >> 29;
        l7 &= M29;
        final long h = l8 >> 24;
        r[8] = (int) (l8 & 0xFFFFFF);
        r[7] = (int) (l7 + (h << 21));
        r[6] = (int) (l6 - (h << 18));
        r[5] = (int) l5;
        r[4] = (int) l4;
        r[3] = (int) (l3 - (h << 9));
        r[2] = (int) l2;
        r[1] = (int) l1;
        r[0] = (int) (l0 + h);
    }

    /** r = k a mod p (not fully reduced) for 0 <= k <= 8; r may alias a. */
    static void mulSmall(int[] a, int k, int[] r) {
        long l0 = (long) a[0] * k;
        long l1 = (long) a[1] * k;
        long l2 = (long) a[2] * k;
        long l3 = (long) a[3] * k;
        long l4 = (long) a[4] * k;
        long l5 = (long) a[5] * k;
        long l6 = (long) a[6] * k;
        long l7 = (long) a[7] * k;
        long l8 = (long) a[8] * k;
        l1 += l0 >> 29;
        l0 &= M29;
        l2 += l1 >> 29;
        l1 &= M29;
        l3 += l2 >> 29;
        l2 &= M29;
        l4 += l3 >> 29;
        l3 &= M29;
        l5 += l4 >> 29;
        l4 &= M29;
        l6 += l5 >> 29;
        l5 &= M29;
        l7 += l6 >> 29;
        l6 &= M29;
        l8 += l7 >> 29;
        l7 &= M29;
        final long h = l8 >> 24;
        r[8] = (int) (l8 & 0xFFFFFF);
        r[7] = (int) (l7 + (h << 21));
        r[6] = (int) (l6 - (h << 18));
        r[5] = (int) l5;
        r[4] = (int) l4;
        r[3] = (int) (l3 - (h << 9));
        r[2] = (int) l2;
        r[1] = (int) l1;
        r[0] = (int) (l0 + h);
    }
}
