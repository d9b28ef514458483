package ksecurity.math;

/**
 * A named curve in the form the arithmetic uses: Montgomery contexts for the field (p) and the
 * order (n), the constants in Montgomery form, and (built on first use) the fixed-base table for
 * k*G and G's tables for signature verification. One shared instance per curve, immutable but
 * for those tables.
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
    /** G's tables for signature verification (public data). */
    private PublicMulAdd.Table publicBaseTable;

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
     * The fixed-base table, built on first use (public data: variable time is fine): for each
     * 4-bit window i, d * 16^i * G for d = 1..15 (a doubling, then co-Z additions of 16^i G),
     * all made affine with one inversion.
     */
    int[][] lazyBaseTable() {
        synchronized (this) {
            if (lazyBaseTable == null) {
                Jacobian j = new Jacobian(lazy);
                int l = lazy.limbs;
                int[][][] bases = powersOfTwo(j, generator(j), windows, W);
                int[][][] pts = new int[windows * DIGITS][][];
                for (int i = 0; i < windows; i++) {
                    int[][][] row = new int[DIGITS][3][l];
                    j.multiples(bases[i], DIGITS, 1, row);
                    System.arraycopy(row, 0, pts, i * DIGITS, DIGITS);
                }
                j.batchToAffine(pts);
                int[][] t = new int[windows][DIGITS * 2 * l];
                for (int i = 0; i < windows; i++) {
                    for (int d = 0; d < DIGITS; d++) {
                        int[][] pt = pts[i * DIGITS + d];
                        System.arraycopy(pt[0], 0, t[i], d * 2 * l, l);
                        System.arraycopy(pt[1], 0, t[i], d * 2 * l + l, l);
                    }
                }
                lazyBaseTable = t;
            }
            return lazyBaseTable;
        }
    }

    /**
     * 2^(spacing i) P for i = 0..count-1, affine (Z = one), from the affine P: spacing
     * doublings apiece, then one inversion for all. Public points only.
     */
    int[][][] powersOfTwo(Jacobian j, int[][] p, int count, int spacing) {
        int[][][] out = new int[count][][];
        out[0] = j.newPoint();
        j.copy(p, out[0]);
        for (int i = 1; i < count; i++) {
            out[i] = j.newPoint();
            j.copy(out[i - 1], out[i]);
            for (int d = 0; d < spacing; d++) {
                j.dbl(out[i]);
            }
        }
        j.batchToAffine(out);
        for (int i = 0; i < count; i++) {
            lazy.fromMont(fp.one, out[i][2]);
        }
        return out;
    }

    /** G as an affine Jacobian point (Z = one) in the lazy field's form. */
    int[][] generator(Jacobian j) {
        int[][] g = j.newPoint();
        lazy.fromMont(gxM, g[0]);
        lazy.fromMont(gyM, g[1]);
        lazy.fromMont(fp.one, g[2]);
        return g;
    }

    /** G's tables for the variable-time verification (PublicMulAdd), built on first use. */
    PublicMulAdd.Table publicBaseTable() {
        synchronized (this) {
            if (publicBaseTable == null) {
                Jacobian j = new Jacobian(lazy);
                publicBaseTable = PublicMulAdd.table(this, j, generator(j), PublicMulAdd.G_CHUNKS, PublicMulAdd.G_WIDTH);
            }
            return publicBaseTable;
        }
    }
}
