package ksecurity.math;

/**
 * The variable-base scalar multiplication of JavaEcKernel for P-256, on the lazily reduced
 * field P256Lazy (where additions cost a fraction of P256Field's masked ones): the same signed
 * 5-bit windows, table scan and masked selections as JavaEcKernel.multiply, whose class comment
 * explains why the incomplete formulas never meet their exceptional cases. Jacobian
 * coordinates, a = -3. One instance per multiplication (its scratch is not shared).
 */
final class P256Multiply {
    private static final int L = P256Lazy.LIMBS;
    private final int[] t1 = new int[L];
    private final int[] t2 = new int[L];
    private final int[] t3 = new int[L];
    private final int[] t4 = new int[L];
    private final int[] t5 = new int[L];
    private final int[] t6 = new int[L];
    private final int[] t7 = new int[L];

    /**
     * Q = k' P for the Booth-recoded k' (kb, big-endian, at most (n-1)/2), negated when negate
     * is -1; P (and one) in P256Field's Montgomery form; Q written as affine x||y (32 bytes
     * each) to out. Returns true when Q is infinity (k' = 0; out is then not meaningful).
     * Constant time in k': every window scans the whole table and selects by masks.
     */
    static boolean multiply(byte[] kb, int negate, int windows, int[] px, int[] py, int[] one, byte[] out) {
        return new P256Multiply().run(kb, negate, windows, px, py, one, out);
    }

    private boolean run(byte[] kb, int negate, int windows, int[] px, int[] py, int[] one, byte[] out) {
        int entry = 3 * L;
        int table = 1 << (JavaEcKernel.BOOTH - 1);
        int[][] p = new int[3][L];
        P256Lazy.fromMont(px, p[0]);
        P256Lazy.fromMont(py, p[1]);
        P256Lazy.fromMont(one, p[2]);
        // d P for d = 1..16, flattened (X||Y||Z per entry) for the masked scan
        int[] flat = new int[table * entry];
        int[][] cur = new int[3][L];
        int[][] next = new int[3][L];
        copy(p, cur);
        for (int d = 1; d <= table; d++) {
            if (d == 2) {
                dbl(cur);
            } else if (d > 2) {
                add(cur, p, next);
                copy(next, cur);
            }
            for (int coord = 0; coord < 3; coord++) {
                System.arraycopy(cur[coord], 0, flat, (d - 1) * entry + coord * L, L);
            }
        }
        int[] sel = new int[entry];
        int[][] s = new int[3][L];
        int[][] r = new int[3][L];
        int[][] q = new int[3][L];
        int[] negY = new int[L];
        int[] zero = new int[L];
        int qInf = -1;
        for (int i = windows - 1; i >= 0; i--) {
            if (i != windows - 1) {
                for (int j = 0; j < JavaEcKernel.BOOTH; j++) {
                    dbl(q);
                }
            }
            int wv = JavaEcKernel.boothWindow(kb, i);
            int sign = JavaEcKernel.boothSign(wv);
            int d = JavaEcKernel.boothDigit(wv);
            for (int e = 0; e < table; e++) {
                int mask = Mp.eqMask(e + 1, d);
                int base = e * entry;
                for (int j = 0; j < entry; j++) {
                    sel[j] ^= mask & (flat[base + j] ^ sel[j]);
                }
            }
            for (int coord = 0; coord < 3; coord++) {
                System.arraycopy(sel, coord * L, s[coord], 0, L);
            }
            P256Lazy.sub(zero, s[1], negY);
            Mp.cmov(sign, negY, s[1], L);
            add(q, s, r);
            int nonZero = ~Mp.eqMask(d, 0);
            for (int coord = 0; coord < 3; coord++) {
                Mp.cmov(nonZero & qInf, s[coord], q[coord], L);
                Mp.cmov(nonZero & ~qInf, r[coord], q[coord], L);
            }
            qInf &= ~nonZero;
        }
        P256Lazy.sub(zero, q[1], negY);
        Mp.cmov(negate, negY, q[1], L);
        toAffineBytes(q, out);
        Mp.clear(flat);
        Mp.clear(sel);
        return qInf != 0;
    }

    /** out = x||y of the Jacobian Q, big-endian; Q at infinity (Z = 0) gives zeros. */
    private void toAffineBytes(int[][] q, byte[] out) {
        int[] zi = new int[L];
        invert(q[2], zi);
        int[] zi2 = new int[L];
        P256Lazy.sqr(zi, zi2);
        P256Lazy.mul(q[0], zi2, t1);
        P256Lazy.mul(zi2, zi, zi2);
        P256Lazy.mul(q[1], zi2, t2);
        int[] v = new int[8];
        P256Lazy.toInteger(t1, v);
        Mp.toBytes(v, out, 0, 32);
        P256Lazy.toInteger(t2, v);
        Mp.toBytes(v, out, 32, 32);
    }

    /**
     * r = a^(p-2) = a^-1 (0 for a = 0) by a fixed addition chain, 255 squarings and 12
     * products: with x_k = a^(2^k - 1), p - 2 is x_32's exponent, then 31 zeros and a one,
     * 96 zeros, 64 ones, 30 ones, 0, 1 (ffffffff 00000001 0^96 ffffffff ffffffff fffffffd).
     * The sequence of operations is fixed, so the time does not depend on a.
     */
    private static void invert(int[] a, int[] r) {
        int[] x2 = new int[L];
        int[] x3 = new int[L];
        int[] x6 = new int[L];
        int[] x15 = new int[L];
        int[] x30 = new int[L];
        int[] x32 = new int[L];
        int[] t = new int[L];
        P256Lazy.sqr(a, x2);
        P256Lazy.mul(x2, a, x2);
        P256Lazy.sqr(x2, x3);
        P256Lazy.mul(x3, a, x3);
        sqrTimes(x3, 3, x6);
        P256Lazy.mul(x6, x3, x6);
        sqrTimes(x6, 6, t);
        P256Lazy.mul(t, x6, t); // x12
        sqrTimes(t, 3, x15);
        P256Lazy.mul(x15, x3, x15);
        sqrTimes(x15, 15, x30);
        P256Lazy.mul(x30, x15, x30);
        sqrTimes(x30, 2, x32);
        P256Lazy.mul(x32, x2, x32);
        sqrTimes(x32, 32, t);
        P256Lazy.mul(t, a, t);
        sqrTimes(t, 96 + 32, t);
        P256Lazy.mul(t, x32, t);
        sqrTimes(t, 32, t);
        P256Lazy.mul(t, x32, t);
        sqrTimes(t, 30, t);
        P256Lazy.mul(t, x30, t);
        sqrTimes(t, 2, t);
        P256Lazy.mul(t, a, r);
    }

    /** r = a^(2^count); r may alias a. */
    private static void sqrTimes(int[] a, int count, int[] r) {
        P256Lazy.sqr(a, r);
        for (int i = 1; i < count; i++) {
            P256Lazy.sqr(r, r);
        }
    }

    private static void copy(int[][] src, int[][] dst) {
        for (int i = 0; i < 3; i++) {
            System.arraycopy(src[i], 0, dst[i], 0, L);
        }
    }

    /**
     * P = 2P in place, a = -3 (dbl-2001-b with Z3 = 2 Y Z instead of (Y + Z)^2 - gamma - delta,
     * and 3, 4, 8 times as single small multiples): 4M + 4S. Infinity stays infinity.
     */
    private void dbl(int[][] p) {
        int[] x = p[0];
        int[] y = p[1];
        int[] z = p[2];
        int[] delta = t1;
        int[] gamma = t2;
        int[] beta = t3;
        int[] alpha = t4;
        P256Lazy.sqr(z, delta);
        P256Lazy.sqr(y, gamma);
        P256Lazy.mul(x, gamma, beta);
        // alpha = 3 (X - delta)(X + delta)
        P256Lazy.sub(x, delta, t5);
        P256Lazy.add(x, delta, t6);
        P256Lazy.mul(t5, t6, t5);
        P256Lazy.mulSmall(t5, 3, alpha);
        // Z3 = 2 Y Z
        P256Lazy.mul(y, z, z);
        P256Lazy.add(z, z, z);
        // X3 = alpha^2 - 8 beta
        P256Lazy.sqr(alpha, x);
        P256Lazy.mulSmall(beta, 8, t5);
        P256Lazy.sub(x, t5, x);
        // Y3 = alpha (4 beta - X3) - 8 gamma^2
        P256Lazy.mulSmall(beta, 4, beta);
        P256Lazy.sub(beta, x, beta);
        P256Lazy.mul(alpha, beta, t5);
        P256Lazy.sqr(gamma, gamma);
        P256Lazy.mulSmall(gamma, 8, gamma);
        P256Lazy.sub(t5, gamma, y);
    }

    /**
     * R = P + Q (add-2007-bl with Z3 = 2 Z1 Z2 H), R distinct from P and Q: 12M + 4S. Wrong
     * for P = +-Q and for infinity inputs, which the caller excludes or masks.
     */
    private void add(int[][] p, int[][] q, int[][] r) {
        int[] z1z1 = t1;
        int[] z2z2 = t2;
        int[] u1 = t3;
        int[] s1 = t4;
        int[] h = t5;
        int[] rr = t6;
        int[] tmp = t7;
        P256Lazy.sqr(p[2], z1z1);
        P256Lazy.sqr(q[2], z2z2);
        P256Lazy.mul(p[0], z2z2, u1);
        P256Lazy.mul(q[0], z1z1, h);
        P256Lazy.sub(h, u1, h);
        P256Lazy.mul(p[1], q[2], s1);
        P256Lazy.mul(s1, z2z2, s1);
        P256Lazy.mul(q[1], p[2], rr);
        P256Lazy.mul(rr, z1z1, rr);
        P256Lazy.sub(rr, s1, rr);
        P256Lazy.add(rr, rr, rr);
        // Z3 = 2 Z1 Z2 H
        P256Lazy.mul(p[2], q[2], tmp);
        P256Lazy.mul(tmp, h, tmp);
        P256Lazy.add(tmp, tmp, r[2]);
        // I = (2H)^2, J = H I, V = U1 I
        P256Lazy.add(h, h, tmp);
        P256Lazy.sqr(tmp, tmp);
        P256Lazy.mul(h, tmp, z1z1);
        P256Lazy.mul(u1, tmp, z2z2);
        // X3 = r^2 - J - 2V
        P256Lazy.sqr(rr, tmp);
        P256Lazy.sub(tmp, z1z1, tmp);
        P256Lazy.sub(tmp, z2z2, tmp);
        P256Lazy.sub(tmp, z2z2, r[0]);
        // Y3 = r (V - X3) - 2 S1 J
        P256Lazy.sub(z2z2, r[0], tmp);
        P256Lazy.mul(rr, tmp, tmp);
        P256Lazy.mul(s1, z1z1, s1);
        P256Lazy.add(s1, s1, s1);
        P256Lazy.sub(tmp, s1, r[1]);
    }
}
