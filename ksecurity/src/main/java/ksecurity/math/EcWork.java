package ksecurity.math;

/**
 * Point decoding and validation, and the point formulas that build the fixed-base table once
 * per curve (the scalar multiplications themselves run in LazyMultiply): field arithmetic in
 * Montgomery form and Jacobian coordinates (x = X/Z^2, y = Y/Z^3; Z = 0 is the point at
 * infinity). All four curves have a = -3, which the doubling formula uses. Not thread-safe:
 * each operation makes its own.
 *
 * The formulas are the standard ones from the Explicit-Formulas Database: doubling
 * "dbl-2001-b" (3M + 5S), addition "add-2007-bl" (11M + 5S). They are not complete: callers
 * make sure the exceptional inputs (equal or opposite points, infinity) cannot occur.
 */
final class EcWork {
    final EcCurve c;
    final Montgomery f;
    final int n;
    private final int[] t;
    private final int[] t1;
    private final int[] t2;
    private final int[] t3;
    private final int[] t4;
    private final int[] t5;
    private final int[] t6;
    private final int[] t7;

    EcWork(EcCurve c) {
        this.c = c;
        this.f = c.fp;
        this.n = c.n;
        t = f.scratch();
        t1 = new int[n];
        t2 = new int[n];
        t3 = new int[n];
        t4 = new int[n];
        t5 = new int[n];
        t6 = new int[n];
        t7 = new int[n];
    }

    int[][] newPoint() {
        return new int[3][n];
    }

    void copy(int[][] src, int[][] dst) {
        for (int i = 0; i < 3; i++) {
            System.arraycopy(src[i], 0, dst[i], 0, n);
        }
    }

    void mul(int[] a, int[] b, int[] r) {
        f.mul(a, b, r, t);
    }

    void sqr(int[] a, int[] r) {
        f.sqr(a, r, t);
    }

    /**
     * Reads x||y (big-endian, fieldBytes each) into Montgomery form and checks that both
     * coordinates are below p and that y^2 = x^3 - 3x + b. All four curves have cofactor 1, so a
     * point that is on the curve and finite is in the prime-order group: no further subgroup
     * check is needed. Returns false for an invalid point (public data: the branch is fine).
     */
    boolean decodePoint(byte[] in, int off, int[] x, int[] y) {
        int fb = c.fieldBytes;
        Mp.fromBytes(in, off, fb, x);
        Mp.fromBytes(in, off + fb, fb, y);
        if (Mp.lessThan(x, f.m, n) == 0 || Mp.lessThan(y, f.m, n) == 0) {
            return false;
        }
        f.toMont(x, x, t);
        f.toMont(y, y, t);
        return onCurve(x, y);
    }

    /** y^2 == x^3 - 3x + b, for x, y in Montgomery form. */
    boolean onCurve(int[] x, int[] y) {
        rhs(x, t1);
        sqr(y, t2);
        return Mp.equal(t1, t2, n) == 1;
    }

    /** r = x^3 - 3x + b (Montgomery form). */
    void rhs(int[] x, int[] r) {
        sqr(x, t3);
        mul(t3, x, t3);
        f.add(x, x, t4);
        f.add(t4, x, t4);
        f.sub(t3, t4, t3);
        f.add(t3, c.bM, r);
    }

    /** P = 2P in place (dbl-2001-b, a = -3). Infinity (Z = 0) stays infinity. */
    void dbl(int[][] p) {
        int[] x = p[0];
        int[] y = p[1];
        int[] z = p[2];
        int[] delta = t1;
        int[] gamma = t2;
        int[] beta = t3;
        int[] alpha = t4;
        sqr(z, delta);
        sqr(y, gamma);
        mul(x, gamma, beta);
        f.sub(x, delta, t5);
        f.add(x, delta, t6);
        mul(t5, t6, t5);
        f.add(t5, t5, alpha);
        f.add(alpha, t5, alpha);
        // Z3 = (Y + Z)^2 - gamma - delta
        f.add(y, z, t5);
        sqr(t5, t5);
        f.sub(t5, gamma, t5);
        f.sub(t5, delta, z);
        // X3 = alpha^2 - 8 beta
        f.add(beta, beta, beta);
        f.add(beta, beta, beta);
        sqr(alpha, t5);
        f.sub(t5, beta, t5);
        f.sub(t5, beta, x);
        // Y3 = alpha (4 beta - X3) - 8 gamma^2
        f.sub(beta, x, beta);
        mul(alpha, beta, t5);
        sqr(gamma, gamma);
        f.add(gamma, gamma, gamma);
        f.add(gamma, gamma, gamma);
        f.add(gamma, gamma, gamma);
        f.sub(t5, gamma, y);
    }

    /**
     * R = P + Q (add-2007-bl), R distinct from P and Q. Wrong for P = +-Q and for infinity
     * inputs: callers exclude or mask those cases.
     */
    void add(int[][] p, int[][] q, int[][] r) {
        int[] z1z1 = t1;
        int[] z2z2 = t2;
        int[] u1 = t3;
        int[] s1 = t4;
        int[] h = t5;
        int[] rr = t6;
        int[] tmp = t7;
        sqr(p[2], z1z1);
        sqr(q[2], z2z2);
        mul(p[0], z2z2, u1);
        mul(q[0], z1z1, h);
        f.sub(h, u1, h);
        mul(p[1], q[2], s1);
        mul(s1, z2z2, s1);
        mul(q[1], p[2], rr);
        mul(rr, z1z1, rr);
        f.sub(rr, s1, rr);
        f.add(rr, rr, rr);
        // Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H
        f.add(p[2], q[2], tmp);
        sqr(tmp, tmp);
        f.sub(tmp, z1z1, tmp);
        f.sub(tmp, z2z2, tmp);
        mul(tmp, h, r[2]);
        // I = (2H)^2, J = H I, V = U1 I
        f.add(h, h, tmp);
        sqr(tmp, tmp);
        mul(h, tmp, z1z1);
        mul(u1, tmp, z2z2);
        // X3 = r^2 - J - 2V
        sqr(rr, tmp);
        f.sub(tmp, z1z1, tmp);
        f.sub(tmp, z2z2, tmp);
        f.sub(tmp, z2z2, r[0]);
        // Y3 = r (V - X3) - 2 S1 J
        f.sub(z2z2, r[0], tmp);
        mul(rr, tmp, tmp);
        mul(s1, z1z1, s1);
        f.add(s1, s1, s1);
        f.sub(tmp, s1, r[1]);
    }

    /**
     * Converts many finite Jacobian points to affine in place (Z left untouched), with one
     * inversion for all (Montgomery's trick). For public points: the table of G.
     */
    void batchToAffine(int[][] xs, int[][] ys, int[][] zs) {
        int count = zs.length;
        int[][] prefix = new int[count][];
        prefix[0] = Mp.copy(zs[0], n);
        for (int i = 1; i < count; i++) {
            prefix[i] = new int[n];
            mul(prefix[i - 1], zs[i], prefix[i]);
        }
        int[] inv = new int[n];
        f.invPrime(prefix[count - 1], inv);
        int[] zi = new int[n];
        for (int i = count - 1; i >= 0; i--) {
            if (i > 0) {
                mul(inv, prefix[i - 1], zi);
                mul(inv, zs[i], inv);
            } else {
                System.arraycopy(inv, 0, zi, 0, n);
            }
            sqr(zi, t1);
            mul(xs[i], t1, xs[i]);
            mul(t1, zi, t1);
            mul(ys[i], t1, ys[i]);
        }
    }
}
