package ksecurity.math;

/**
 * The one copy of the point formulas in Java: Jacobian coordinates (x = X/Z^2, y = Y/Z^3;
 * Z = 0 is the point at infinity) on a lazily reduced field (LazyField), a = -3 (all four
 * curves). The constant-time multiplications (LazyMultiply), the variable-time verification
 * (PublicMulAdd) and the fixed-base tables (EcCurve) all use these. A point is int[3][limbs];
 * an affine point is two elements.
 *
 * The formulas are the Explicit-Formulas Database's: doubling "dbl-2001-b" (3M + 5S),
 * addition "add-2007-bl" (12M + 4S here, Z3 = 2 Z1 Z2 H), mixed addition "madd-2007-bl"
 * (8M + 3S), Meloni's co-Z addition (5M + 2S). None is complete: the callers make sure the
 * exceptional inputs (equal or opposite points, infinity) cannot occur, mask them, or (public
 * data only) test for them. Not thread-safe: the scratch is the instance's.
 */
final class Jacobian {
    final LazyField f;
    final int limbs;
    private final int[] t1;
    private final int[] t2;
    private final int[] t3;
    private final int[] t4;
    private final int[] t5;
    private final int[] t6;
    private final int[] t7;

    Jacobian(LazyField f) {
        this.f = f;
        limbs = f.limbs;
        t1 = f.newElement();
        t2 = f.newElement();
        t3 = f.newElement();
        t4 = f.newElement();
        t5 = f.newElement();
        t6 = f.newElement();
        t7 = f.newElement();
    }

    int[][] newPoint() {
        return new int[3][limbs];
    }

    void copy(int[][] src, int[][] dst) {
        for (int i = 0; i < 3; i++) {
            System.arraycopy(src[i], 0, dst[i], 0, limbs);
        }
    }

    /**
     * P = 2P in place, a = -3 (dbl-2001-b, the small multiples folded into one-pass
     * combinations): 3M + 5S. Infinity (Z = 0) stays infinity.
     */
    void dbl(int[][] p) {
        int[] x = p[0];
        int[] y = p[1];
        int[] z = p[2];
        int[] delta = t1;
        int[] gamma = t2;
        int[] beta = t3;
        int[] alpha = t4;
        f.sqr(z, delta);
        f.sqr(y, gamma);
        f.mul(x, gamma, beta);
        // alpha = 3 (X - delta)(X + delta)
        f.combine(x, 3, delta, -3, t5);
        f.add(x, delta, t6);
        f.mul(t5, t6, alpha);
        // Z3 = (Y + Z)^2 - gamma - delta (= 2 Y Z, by a squaring instead of a product)
        f.add(y, z, t6);
        f.sqr(t6, t6);
        f.sub(t6, gamma, t6);
        f.sub(t6, delta, z);
        // X3 = alpha^2 - 8 beta
        f.sqr(alpha, t5);
        f.combine(t5, 1, beta, -8, x);
        // Y3 = alpha (4 beta - X3) - 8 gamma^2
        f.combine(beta, 4, x, -1, beta);
        f.mul(alpha, beta, t5);
        f.sqr(gamma, gamma);
        f.combine(t5, 1, gamma, -8, y);
    }

    /**
     * R = P + Q (add-2007-bl with Z3 = 2 Z1 Z2 H), R distinct from P and Q: 12M + 4S. Wrong
     * for P = +-Q and for infinity inputs, which the caller excludes or masks.
     */
    void add(int[][] p, int[][] q, int[][] r) {
        add(p, q, r, false);
    }

    /**
     * The addition formula; with exceptional = true (public points only) it also handles
     * P = Q (doubling; 2P is finite, the order being odd) and P = -Q (infinity, returned true)
     * by branching once H and r are known.
     */
    boolean add(int[][] p, int[][] q, int[][] r, boolean exceptional) {
        int[] z1z1 = t1;
        int[] z2z2 = t2;
        int[] u1 = t3;
        int[] s1 = t4;
        int[] h = t5;
        int[] rr = t6;
        f.sqr(p[2], z1z1);
        f.sqr(q[2], z2z2);
        f.mul(p[0], z2z2, u1);
        f.mul(q[0], z1z1, h);
        f.sub(h, u1, h);
        f.mul(p[1], q[2], s1);
        f.mul(s1, z2z2, s1);
        f.mul(q[1], p[2], rr);
        f.mul(rr, z1z1, rr);
        f.combine(rr, 2, s1, -2, rr);
        if (exceptional && isZero(h)) {
            return doubleOrInfinity(p, rr, r);
        }
        // Z3 = 2 Z1 Z2 H
        f.mul(p[2], q[2], t7);
        f.mul(t7, h, t7);
        f.add(t7, t7, r[2]);
        finish(u1, s1, h, rr, r);
        return false;
    }

    /**
     * R = P + (x2, y2) for an affine point (madd-2007-bl with Z3 = 2 Z1 H): 8M + 3S. R may be
     * P. Wrong for P = +-(x2, y2) and for P at infinity, which the caller masks or tests for;
     * then Z3 = 0 (H = 0), and every later doubling and addition keeps Z = 0, which is how
     * PublicMulAdd notices afterwards.
     */
    void addAffine(int[][] p, int[] x2, int[] y2, int[][] r) {
        addAffine(p, x2, y2, r, false);
    }

    /**
     * The mixed addition; with exceptional = true (public points only) P = (x2, y2) gives the
     * doubling and P = -(x2, y2) infinity (returned true), found by branching once H and r
     * are known. The affine point's U2 = x2 Z1^2, S2 = y2 Z1^3 against P's U1 = X1, S1 = Y1.
     */
    boolean addAffine(int[][] p, int[] x2, int[] y2, int[][] r, boolean exceptional) {
        int[] z1z1 = t1;
        int[] h = t5;
        int[] rr = t6;
        f.sqr(p[2], z1z1);
        f.mul(x2, z1z1, h);
        f.sub(h, p[0], h);
        f.mul(y2, p[2], rr);
        f.mul(rr, z1z1, rr);
        f.combine(rr, 2, p[1], -2, rr);
        if (exceptional && isZero(h)) {
            return doubleOrInfinity(p, rr, r);
        }
        // Z3 = 2 Z1 H (r[2] may be p[2]: Z1 is not read again)
        f.mul(p[2], h, t7);
        f.add(t7, t7, r[2]);
        // finish reads X1 and Y1 before it writes X3 and Y3, so R may be P
        System.arraycopy(p[0], 0, t3, 0, limbs);
        System.arraycopy(p[1], 0, t4, 0, limbs);
        finish(t3, t4, h, rr, r);
        return false;
    }

    /**
     * The part both additions share, from H = U2 - U1 and rr = 2 (S2 - S1): I = (2H)^2,
     * J = H I, V = U1 I, X3 = rr^2 - J - 2V, Y3 = rr (V - X3) - 2 S1 J. u1 and s1 are
     * overwritten (they are scratch t3, t4).
     */
    private void finish(int[] u1, int[] s1, int[] h, int[] rr, int[][] r) {
        int[] j2 = t1;
        int[] v = t2;
        int[] tmp = t7;
        f.add(h, h, tmp);
        f.sqr(tmp, tmp);
        f.mul(h, tmp, j2);
        f.mul(u1, tmp, v);
        // X3 = rr^2 - (J + 2V)
        f.sqr(rr, tmp);
        f.combine(j2, 1, v, 2, u1);
        f.sub(tmp, u1, r[0]);
        // Y3 = rr (V - X3) - 2 S1 J
        f.sub(v, r[0], tmp);
        f.mul(rr, tmp, tmp);
        f.mul(s1, j2, s1);
        f.combine(tmp, 1, s1, -2, r[1]);
    }

    /** The exceptional case of an addition, H = 0: R = 2P when rr = 0 too, else infinity (true). */
    private boolean doubleOrInfinity(int[][] p, int[] rr, int[][] r) {
        if (isZero(rr)) {
            copy(p, r);
            dbl(r);
            return false;
        }
        return true;
    }

    /** R = the affine P (Z = one) with Jacobian coordinates of Z = z: (x z^2, y z^3, z); 1S + 3M. */
    void coZ(int[][] p, int[] z, int[][] r) {
        f.sqr(z, t1);
        f.mul(p[0], t1, r[0]);
        f.mul(t1, z, t1);
        f.mul(p[1], t1, r[1]);
        System.arraycopy(z, 0, r[2], 0, limbs);
    }

    /**
     * R = P + Q for P and Q of the same Z (Meloni's co-Z addition, ZADDU), and P rewritten in
     * place with the Z of R: 5M + 2S. With A = (X2 - X1)^2, B = X1 A, C = X2 A:
     * X3 = (Y2 - Y1)^2 - B - C, Y3 = (Y2 - Y1)(B - X3) - Y1 (C - B), Z3 = Z (X2 - X1), and
     * P = (B, Y1 (C - B), Z3). R distinct from P and Q; wrong for P = +-Q, which the caller
     * excludes.
     */
    void zaddu(int[][] p, int[][] q, int[][] r) {
        int[] dx = t1;
        int[] dy = t2;
        int[] a = t3;
        int[] b = t4;
        int[] c = t5;
        int[] e = t6;
        int[] tmp = t7;
        f.sub(q[0], p[0], dx);
        f.sub(q[1], p[1], dy);
        f.sqr(dx, a);
        f.mul(p[0], a, b);
        f.mul(q[0], a, c);
        f.mul(p[2], dx, r[2]);
        f.sub(c, b, c);
        f.mul(p[1], c, e);
        // X3 = D - (C - B) - 2B for D = (Y2 - Y1)^2
        f.sqr(dy, a);
        f.combine(c, 1, b, 2, tmp);
        f.sub(a, tmp, r[0]);
        // Y3 = (Y2 - Y1)(B - X3) - E
        f.sub(b, r[0], tmp);
        f.mul(dy, tmp, tmp);
        f.sub(tmp, e, r[1]);
        System.arraycopy(b, 0, p[0], 0, limbs);
        System.arraycopy(e, 0, p[1], 0, limbs);
        System.arraycopy(r[2], 0, p[2], 0, limbs);
    }

    /**
     * table[e] = d P for d = first, first + step, ... (count entries), Jacobian, from the affine
     * P (Z = one): 2P by a doubling, then co-Z additions of P (first = 1, step = 1: d = 1..count)
     * or of 2P (first = 1, step = 2: the odd multiples). Each ZADDU leaves the addend with its
     * sum's Z for the next one. No exceptional case: d P = +-(step) P would need d = +-step
     * modulo the (large, prime) order.
     */
    void multiples(int[][] p, int count, int step, int[][][] table) {
        copy(p, table[0]);
        if (count == 1) {
            return;
        }
        int[][] two = newPoint();
        copy(p, two);
        dbl(two);
        int[][] addend = newPoint();
        int[][] cur = newPoint();
        if (step == 1) {
            // d = 2 is the doubling; then P (rescaled to 2P's Z) is added again and again
            copy(two, table[1]);
            coZ(p, two[2], addend);
            copy(two, cur);
            for (int e = 2; e < count; e++) {
                zaddu(addend, cur, table[e]);
                copy(table[e], cur);
            }
        } else {
            // the odd multiples: P rescaled to 2P's Z, then 2P added again and again
            coZ(p, two[2], cur);
            copy(two, addend);
            for (int e = 1; e < count; e++) {
                zaddu(addend, cur, table[e]);
                copy(table[e], cur);
            }
        }
    }

    /**
     * Converts finite Jacobian points to affine in place (Z left untouched), with one
     * inversion for all (Montgomery's trick). Public points only (the inversion's running
     * time does not depend on the value, but nothing here masks).
     */
    void batchToAffine(int[][][] pts) {
        int count = pts.length;
        int[][] prefix = new int[count][];
        prefix[0] = Mp.copy(pts[0][2], limbs);
        for (int i = 1; i < count; i++) {
            prefix[i] = f.newElement();
            f.mul(prefix[i - 1], pts[i][2], prefix[i]);
        }
        int[] inv = f.newElement();
        f.invert(prefix[count - 1], inv);
        int[] zi = f.newElement();
        for (int i = count - 1; i >= 0; i--) {
            if (i > 0) {
                f.mul(inv, prefix[i - 1], zi);
                f.mul(inv, pts[i][2], inv);
            } else {
                System.arraycopy(inv, 0, zi, 0, limbs);
            }
            f.sqr(zi, t1);
            f.mul(pts[i][0], t1, pts[i][0]);
            f.mul(t1, zi, t1);
            f.mul(pts[i][1], t1, pts[i][1]);
        }
    }

    /** out = x||y of the Jacobian Q, big-endian, fb bytes each; Q at infinity (Z = 0) gives zeros. */
    void toAffineBytes(int[][] q, byte[] out, int fb) {
        int[] zi = f.newElement();
        f.invert(q[2], zi);
        int[] zi2 = f.newElement();
        f.sqr(zi, zi2);
        f.mul(q[0], zi2, t1);
        f.mul(zi2, zi, zi2);
        f.mul(q[1], zi2, t2);
        int[] v = new int[f.words];
        f.toInteger(t1, v);
        Mp.toBytes(v, out, 0, fb);
        f.toInteger(t2, v);
        Mp.toBytes(v, out, fb, fb);
    }

    /** a = 0 mod p (public values only: the full reduction is not needed to be secret-safe). */
    boolean isZero(int[] a) {
        int[] x = new int[f.words];
        f.toInteger(a, x);
        return Mp.isZero(x, f.words) == 1;
    }
}
