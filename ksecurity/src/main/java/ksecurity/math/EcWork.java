package ksecurity.math;

/**
 * Point decoding and validation in the Montgomery form of Montgomery (c.fp): coordinates below
 * p and on the curve y^2 = x^3 - 3x + b (all four curves have a = -3). The point arithmetic
 * itself is Jacobian's, on the lazily reduced fields. Not thread-safe: each operation makes its
 * own.
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

    EcWork(EcCurve c) {
        this.c = c;
        this.f = c.fp;
        this.n = c.n;
        t = f.scratch();
        t1 = new int[n];
        t2 = new int[n];
        t3 = new int[n];
        t4 = new int[n];
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
}
