package ksecurity.math;

/**
 * A named curve in the form the arithmetic uses: Montgomery contexts for the field (p) and the
 * order (n), the constants in Montgomery form, and (built on first use) the fixed-base table for
 * k*G. One shared, immutable instance per curve.
 */
final class EcCurve {
    /** Window width of both the variable-base and the fixed-base scalar multiplication. */
    static final int W = 4;
    /** Non-zero digits of a window: 1 .. 2^W - 1. */
    static final int DIGITS = (1 << W) - 1;

    private static final EcCurve[] CACHE = new EcCurve[Curves.COUNT];

    final int id;
    /** Field limbs. */
    final int n;
    /** Order limbs (one more than n for secp160r1). */
    final int nn;
    final int fieldBytes;
    final int orderBytes;
    /** Number of W-bit windows in an orderBytes-long scalar. */
    final int windows;
    final Montgomery fp;
    final Montgomery fn;
    final int[] bM;
    final int[] gxM;
    final int[] gyM;
    /** Inversion modulo n (ECDSA). */
    final OrderInverse orderInverse;
    /** The field in the lazily reduced form of the scalar multiplication. */
    final LazyField lazy;

    /**
     * lazyBaseTable[i] holds d * 16^i * G for d = 1..15, affine x||y in the lazy field's form
     * (lazy.limbs each per entry).
     */
    private int[][] lazyBaseTable;

    private EcCurve(int id) {
        this.id = id;
        fieldBytes = Curves.fieldBytes(id);
        orderBytes = Curves.orderBytes(id);
        n = Mp.limbsFor(fieldBytes);
        windows = orderBytes * 8 / W;
        fp = new Montgomery(load(Curves.p(id), n));
        lazy = lazyField(id);
        int[] order = load(Curves.n(id), Mp.limbsFor(orderBytes));
        int top = order.length;
        while (order[top - 1] == 0) {
            top--;
        }
        nn = top;
        fn = new Montgomery(Mp.copy(order, nn));
        orderInverse = new OrderInverse(fn.m);
        int[] t = fp.scratch();
        bM = load(Curves.b(id), n);
        fp.toMont(bM, bM, t);
        gxM = load(Curves.gx(id), n);
        fp.toMont(gxM, gxM, t);
        gyM = load(Curves.gy(id), n);
        fp.toMont(gyM, gyM, t);
    }

    private static LazyField lazyField(int id) {
        switch (id) {
            case Curves.SECP160R1: return new Secp160r1Lazy();
            case Curves.SECP192R1: return new P192Lazy();
            case Curves.SECP224R1: return new P224Lazy();
            default: return new P256Lazy();
        }
    }

    static EcCurve get(int id) {
        synchronized (CACHE) {
            if (CACHE[id] == null) {
                CACHE[id] = new EcCurve(id);
            }
            return CACHE[id];
        }
    }

    private static int[] load(byte[] be, int limbs) {
        int[] r = new int[limbs];
        Mp.fromBytes(be, 0, be.length, r);
        return r;
    }

    /**
     * The fixed-base table, built on first use (public data: variable time is fine) in
     * Montgomery form and kept only in the lazy field's form.
     */
    int[][] lazyBaseTable() {
        synchronized (this) {
            if (lazyBaseTable == null) {
                int[][] table = buildBaseTable();
                int l = lazy.limbs;
                int[][] t = new int[windows][DIGITS * 2 * l];
                int[] in = new int[n];
                int[] out = new int[l];
                for (int i = 0; i < windows; i++) {
                    for (int e = 0; e < 2 * DIGITS; e++) {
                        System.arraycopy(table[i], e * n, in, 0, n);
                        lazy.fromMont(in, out);
                        System.arraycopy(out, 0, t[i], e * l, l);
                    }
                }
                lazyBaseTable = t;
            }
            return lazyBaseTable;
        }
    }

    private int[][] buildBaseTable() {
        EcWork w = new EcWork(this);
        int count = windows * DIGITS;
        int[][] xs = new int[count][];
        int[][] ys = new int[count][];
        int[][] zs = new int[count][];
        int[][] base = w.newPoint();
        System.arraycopy(gxM, 0, base[0], 0, n);
        System.arraycopy(gyM, 0, base[1], 0, n);
        System.arraycopy(fp.one, 0, base[2], 0, n);
        int[][] cur = w.newPoint();
        int[][] next = w.newPoint();
        int[][] eight = w.newPoint();
        for (int i = 0; i < windows; i++) {
            // d * base for d = 1..15: d - 1 is never +-1 times base modulo the prime order n
            // (except d = 2, done by doubling), so the plain addition formula applies.
            w.copy(base, cur);
            for (int d = 1; d <= DIGITS; d++) {
                if (d == 2) {
                    w.copy(base, cur);
                    w.dbl(cur);
                } else if (d > 2) {
                    w.add(cur, base, next);
                    w.copy(next, cur);
                }
                int k = i * DIGITS + d - 1;
                xs[k] = Mp.copy(cur[0], n);
                ys[k] = Mp.copy(cur[1], n);
                zs[k] = Mp.copy(cur[2], n);
                if (d == 8) {
                    w.copy(cur, eight);
                }
            }
            // base <- 16 * base = 2 * (8 * base)
            w.copy(eight, base);
            w.dbl(base);
        }
        w.batchToAffine(xs, ys, zs);
        int[][] table = new int[windows][DIGITS * 2 * n];
        for (int i = 0; i < windows; i++) {
            for (int d = 0; d < DIGITS; d++) {
                int k = i * DIGITS + d;
                System.arraycopy(xs[k], 0, table[i], d * 2 * n, n);
                System.arraycopy(ys[k], 0, table[i], d * 2 * n + n, n);
            }
        }
        return table;
    }
}
