package ksecurity.math;

/**
 * Inversion modulo a curve order n (prime, below 2^256), a^-1 = a^(n-2), for ECDSA: nine 29-bit
 * limbs and Montgomery products with R = 2^261, where each 58-bit limb product adds into a long
 * column without the low/high split of 32-bit limbs, and no product is fully reduced (inputs
 * below 2^257 give outputs below 2n). The exponent is public and fixed; the operations do not
 * depend on a. Written out by ksecurity/gen/gen_lazy_fields.py.
 */
final class OrderInverse {
    private static final int N = 9;
    private static final long M29 = 0x1FFFFFFFL;
    private final long m0;
    private final long m1;
    private final long m2;
    private final long m3;
    private final long m4;
    private final long m5;
    private final long m6;
    private final long m7;
    private final long m8;
    /** -n^-1 mod 2^29. */
    private final long n0;
    /** n in 32-bit limbs. */
    private final int[] n32;
    /** n - 2, the exponent. */
    private final int[] e;

    /** For the order n given in 32-bit limbs (n odd, below 2^256). */
    OrderInverse(int[] n) {
        n32 = Mp.copy(n, n.length);
        int[] m = new int[N];
        split(n, m);
        m0 = m[0];
        m1 = m[1];
        m2 = m[2];
        m3 = m[3];
        m4 = m[4];
        m5 = m[5];
        m6 = m[6];
        m7 = m[7];
        m8 = m[8];
        // Newton's iteration doubles the correct low bits of n^-1 each step: 5 steps give 32.
        int x = n[0];
        for (int i = 0; i < 5; i++) {
            x *= 2 - n[0] * x;
        }
        n0 = -x & M29;
        e = Mp.copy(n, n.length);
        int[] two = new int[n.length];
        two[0] = 2;
        Mp.sub(e, two, e, n.length);
    }

    /** Nine 29-bit limbs of the non-negative x (32-bit limbs, below 2^261). */
    private static void split(int[] x, int[] r) {
        long acc = 0;
        int bits = 0;
        int k = 0;
        for (int i = 0; i < N; i++) {
            if (bits < 29 && k < x.length) {
                acc |= (x[k++] & 0xFFFFFFFFL) << bits;
                bits += 32;
            }
            r[i] = (int) (acc & M29);
            acc >>>= 29;
            bits -= 29;
        }
    }

    /**
     * a^-1 mod n for a below n (32-bit limbs, as many as n has); 0 gives 0. Taking a's limbs as a
     * Montgomery residue stands for a / R; raised to n - 2 that is a^-1 R (R^(n-1) = 1), held
     * as a^-1 R^2, so two products by 1 leave a^-1. Fixed 4-bit windows over the public
     * exponent: the operations depend on n only.
     */
    int[] inverse(int[] a) {
        int[][] pow = new int[16][];
        pow[1] = new int[N];
        split(a, pow[1]);
        for (int i = 2; i < 16; i++) {
            pow[i] = new int[N];
            mul(pow[i - 1], pow[1], pow[i]);
        }
        int[] acc = null;
        for (int i = 32 * e.length - 4; i >= 0; i -= 4) {
            int digit = (e[i >>> 5] >>> (i & 31)) & 15;
            if (acc == null) {
                if (digit != 0) {
                    acc = Mp.copy(pow[digit], N);
                }
                continue;
            }
            for (int s = 0; s < 4; s++) {
                sqr(acc, acc);
            }
            if (digit != 0) {
                mul(acc, pow[digit], acc);
            }
        }
        int[] one = new int[N];
        one[0] = 1;
        mul(acc, one, acc);
        mul(acc, one, acc);
        // acc is now in [0, n]: into 32-bit limbs, n subtracted under a mask when not below n
        int w = n32.length;
        int[] r = new int[w + 1];
        long c = 0;
        int bits = 0;
        int k = 0;
        for (int i = 0; i < N; i++) {
            c |= (long) acc[i] << bits;
            bits += 29;
            if (bits >= 32) {
                if (k <= w) {
                    r[k] = (int) c;
                }
                k++;
                c >>>= 32;
                bits -= 32;
            }
        }
        if (k <= w) {
            r[k] = (int) c;
        }
        int[] d = new int[w];
        long b = 0;
        for (int i = 0; i < w; i++) {
            b += (r[i] & 0xFFFFFFFFL) - (n32[i] & 0xFFFFFFFFL);
            d[i] = (int) b;
            b >>= 32;
        }
        int keep = (int) (b + r[w]) >> 31;   // -1 when acc - n is negative
        int[] out = new int[w];
        Mp.select(keep, r, d, out, w);
        for (int i = 0; i < 16; i++) {
            if (pow[i] != null) {
                Mp.clear(pow[i]);
            }
        }
        Mp.clear(acc);
        return out;
    }

    /** r = a b / 2^261 mod n (below 2n, not fully reduced); r may alias a or b. */
    private void mul(int[] a, int[] b, int[] r) {
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
        final long q0 = ((c0 & M29) * n0) & M29;
        c1 += (c0 + q0 * m0) >>> 29;
        c1 += q0 * m1;
        c2 += q0 * m2;
        c3 += q0 * m3;
        c4 += q0 * m4;
        c5 += q0 * m5;
        c6 += q0 * m6;
        c7 += q0 * m7;
        c8 += q0 * m8;
        final long q1 = ((c1 & M29) * n0) & M29;
        c2 += (c1 + q1 * m0) >>> 29;
        c2 += q1 * m1;
        c3 += q1 * m2;
        c4 += q1 * m3;
        c5 += q1 * m4;
        c6 += q1 * m5;
        c7 += q1 * m6;
        c8 += q1 * m7;
        c9 += q1 * m8;
        final long q2 = ((c2 & M29) * n0) & M29;
        c3 += (c2 + q2 * m0) >>> 29;
        c3 += q2 * m1;
        c4 += q2 * m2;
        c5 += q2 * m3;
        c6 += q2 * m4;
        c7 += q2 * m5;
        c8 += q2 * m6;
        c9 += q2 * m7;
        c10 += q2 * m8;
        final long q3 = ((c3 & M29) * n0) & M29;
        c4 += (c3 + q3 * m0) >>> 29;
        c4 += q3 * m1;
        c5 += q3 * m2;
        c6 += q3 * m3;
        c7 += q3 * m4;
        c8 += q3 * m5;
        c9 += q3 * m6;
        c10 += q3 * m7;
        c11 += q3 * m8;
        final long q4 = ((c4 & M29) * n0) & M29;
        c5 += (c4 + q4 * m0) >>> 29;
        c5 += q4 * m1;
        c6 += q4 * m2;
        c7 += q4 * m3;
        c8 += q4 * m4;
        c9 += q4 * m5;
        c10 += q4 * m6;
        c11 += q4 * m7;
        c12 += q4 * m8;
        final long q5 = ((c5 & M29) * n0) & M29;
        c6 += (c5 + q5 * m0) >>> 29;
        c6 += q5 * m1;
        c7 += q5 * m2;
        c8 += q5 * m3;
        c9 += q5 * m4;
        c10 += q5 * m5;
        c11 += q5 * m6;
        c12 += q5 * m7;
        c13 += q5 * m8;
        final long q6 = ((c6 & M29) * n0) & M29;
        c7 += (c6 + q6 * m0) >>> 29;
        c7 += q6 * m1;
        c8 += q6 * m2;
        c9 += q6 * m3;
        c10 += q6 * m4;
        c11 += q6 * m5;
        c12 += q6 * m6;
        c13 += q6 * m7;
        c14 += q6 * m8;
        final long q7 = ((c7 & M29) * n0) & M29;
        c8 += (c7 + q7 * m0) >>> 29;
        c8 += q7 * m1;
        c9 += q7 * m2;
        c10 += q7 * m3;
        c11 += q7 * m4;
        c12 += q7 * m5;
        c13 += q7 * m6;
        c14 += q7 * m7;
        c15 += q7 * m8;
        final long q8 = ((c8 & M29) * n0) & M29;
        c9 += (c8 + q8 * m0) >>> 29;
        c9 += q8 * m1;
        c10 += q8 * m2;
        c11 += q8 * m3;
        c12 += q8 * m4;
        c13 += q8 * m5;
        c14 += q8 * m6;
        c15 += q8 * m7;
        c16 += q8 * m8;
        c10 += c9 >>> 29;
        r[0] = (int) (c9 & M29);
        c11 += c10 >>> 29;
        r[1] = (int) (c10 & M29);
        c12 += c11 >>> 29;
        r[2] = (int) (c11 & M29);
        c13 += c12 >>> 29;
        r[3] = (int) (c12 & M29);
        c14 += c13 >>> 29;
        r[4] = (int) (c13 & M29);
        c15 += c14 >>> 29;
        r[5] = (int) (c14 & M29);
        c16 += c15 >>> 29;
        r[6] = (int) (c15 & M29);
        r[7] = (int) (c16 & M29);
        r[8] = (int) (c16 >>> 29);
    }

    /** r = a^2 / 2^261 mod n (below 2n, not fully reduced); r may alias a. */
    private void sqr(int[] a, int[] r) {
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
        final long q0 = ((c0 & M29) * n0) & M29;
        c1 += (c0 + q0 * m0) >>> 29;
        c1 += q0 * m1;
        c2 += q0 * m2;
        c3 += q0 * m3;
        c4 += q0 * m4;
        c5 += q0 * m5;
        c6 += q0 * m6;
        c7 += q0 * m7;
        c8 += q0 * m8;
        final long q1 = ((c1 & M29) * n0) & M29;
        c2 += (c1 + q1 * m0) >>> 29;
        c2 += q1 * m1;
        c3 += q1 * m2;
        c4 += q1 * m3;
        c5 += q1 * m4;
        c6 += q1 * m5;
        c7 += q1 * m6;
        c8 += q1 * m7;
        c9 += q1 * m8;
        final long q2 = ((c2 & M29) * n0) & M29;
        c3 += (c2 + q2 * m0) >>> 29;
        c3 += q2 * m1;
        c4 += q2 * m2;
        c5 += q2 * m3;
        c6 += q2 * m4;
        c7 += q2 * m5;
        c8 += q2 * m6;
        c9 += q2 * m7;
        c10 += q2 * m8;
        final long q3 = ((c3 & M29) * n0) & M29;
        c4 += (c3 + q3 * m0) >>> 29;
        c4 += q3 * m1;
        c5 += q3 * m2;
        c6 += q3 * m3;
        c7 += q3 * m4;
        c8 += q3 * m5;
        c9 += q3 * m6;
        c10 += q3 * m7;
        c11 += q3 * m8;
        final long q4 = ((c4 & M29) * n0) & M29;
        c5 += (c4 + q4 * m0) >>> 29;
        c5 += q4 * m1;
        c6 += q4 * m2;
        c7 += q4 * m3;
        c8 += q4 * m4;
        c9 += q4 * m5;
        c10 += q4 * m6;
        c11 += q4 * m7;
        c12 += q4 * m8;
        final long q5 = ((c5 & M29) * n0) & M29;
        c6 += (c5 + q5 * m0) >>> 29;
        c6 += q5 * m1;
        c7 += q5 * m2;
        c8 += q5 * m3;
        c9 += q5 * m4;
        c10 += q5 * m5;
        c11 += q5 * m6;
        c12 += q5 * m7;
        c13 += q5 * m8;
        final long q6 = ((c6 & M29) * n0) & M29;
        c7 += (c6 + q6 * m0) >>> 29;
        c7 += q6 * m1;
        c8 += q6 * m2;
        c9 += q6 * m3;
        c10 += q6 * m4;
        c11 += q6 * m5;
        c12 += q6 * m6;
        c13 += q6 * m7;
        c14 += q6 * m8;
        final long q7 = ((c7 & M29) * n0) & M29;
        c8 += (c7 + q7 * m0) >>> 29;
        c8 += q7 * m1;
        c9 += q7 * m2;
        c10 += q7 * m3;
        c11 += q7 * m4;
        c12 += q7 * m5;
        c13 += q7 * m6;
        c14 += q7 * m7;
        c15 += q7 * m8;
        final long q8 = ((c8 & M29) * n0) & M29;
        c9 += (c8 + q8 * m0) >>> 29;
        c9 += q8 * m1;
        c10 += q8 * m2;
        c11 += q8 * m3;
        c12 += q8 * m4;
        c13 += q8 * m5;
        c14 += q8 * m6;
        c15 += q8 * m7;
        c16 += q8 * m8;
        c10 += c9 >>> 29;
        r[0] = (int) (c9 & M29);
        c11 += c10 >>> 29;
        r[1] = (int) (c10 & M29);
        c12 += c11 >>> 29;
        r[2] = (int) (c11 & M29);
        c13 += c12 >>> 29;
        r[3] = (int) (c12 & M29);
        c14 += c13 >>> 29;
        r[4] = (int) (c13 & M29);
        c15 += c14 >>> 29;
        r[5] = (int) (c14 & M29);
        c16 += c15 >>> 29;
        r[6] = (int) (c15 & M29);
        r[7] = (int) (c16 & M29);
        r[8] = (int) (c16 >>> 29);
    }
}
