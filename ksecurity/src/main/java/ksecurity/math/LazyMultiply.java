package ksecurity.math;

/**
 * The constant-time scalar multiplications of JavaEcKernel on the lazily reduced fields
 * (LazyField: cheap additions, products without split accumulators), with the point formulas
 * of Jacobian: k P by signed 5-bit windows, a scan of the whole table and masked selections,
 * and k G by the fixed-base table (JavaEcKernel's class comment explains why the incomplete
 * formulas never meet their exceptional cases). Secret scalars only come here; the
 * variable-time verification is PublicMulAdd, apart. One instance per multiplication (its
 * scratch is not shared).
 */
final class LazyMultiply {
    private static final long M32 = 0xFFFFFFFFL;
    private final LazyField f;
    private final Jacobian j;
    private final int L;

    private LazyMultiply(LazyField f) {
        this.f = f;
        j = new Jacobian(f);
        L = f.limbs;
    }

    /**
     * Q = k' P for the Booth-recoded k' (kb, big-endian, at most (n-1)/2), negated when negate
     * is -1; P (and one) in the Montgomery form of c.fp; Q written as affine x||y (fieldBytes
     * each) to out. Returns true when Q is infinity (k' = 0; out is then not meaningful).
     * Constant time in k': every window scans the whole table and selects by masks.
     */
    static boolean multiply(EcCurve c, byte[] kb, int negate, int windows, int[] px, int[] py, byte[] out) {
        return new LazyMultiply(c.lazy).run(kb, negate, windows, px, py, c.fp.one, out, c.fieldBytes);
    }

    private boolean run(byte[] kb, int negate, int windows, int[] px, int[] py, int[] one, byte[] out, int fb) {
        int entry = 3 * L;
        int table = 1 << (JavaEcKernel.BOOTH - 1);
        int[][] p = j.newPoint();
        f.fromMont(px, p[0]);
        f.fromMont(py, p[1]);
        f.fromMont(one, p[2]);
        // d P for d = 1..16 (a doubling, then co-Z additions of P), flattened (X||Y||Z per
        // entry, two words per long) for the masked scan
        int[][][] multiples = new int[table][3][L];
        j.multiples(p, table, 1, multiples);
        int half = (entry + 1) >>> 1;
        long[] flat = new long[table * half];
        for (int d = 1; d <= table; d++) {
            for (int coord = 0; coord < 3; coord++) {
                for (int i = 0; i < L; i++) {
                    int w = coord * L + i;
                    flat[(d - 1) * half + (w >>> 1)] |= (multiples[d - 1][coord][i] & M32) << ((w & 1) << 5);
                }
                Mp.clear(multiples[d - 1][coord]);
            }
        }
        long[] sel = new long[half];
        int[][] s = new int[3][L];
        int[][] r = new int[3][L];
        int[][] q = new int[3][L];
        int[] negY = new int[L];
        int[] zero = new int[L];
        int qInf = -1;
        for (int i = windows - 1; i >= 0; i--) {
            if (i != windows - 1) {
                for (int b = 0; b < JavaEcKernel.BOOTH; b++) {
                    j.dbl(q);
                }
            }
            int wv = JavaEcKernel.boothWindow(kb, i);
            int sign = JavaEcKernel.boothSign(wv);
            int d = JavaEcKernel.boothDigit(wv);
            scan(flat, d, table, sel);
            for (int coord = 0; coord < 3; coord++) {
                for (int w0 = 0; w0 < L; w0++) {
                    int w = coord * L + w0;
                    s[coord][w0] = (int) (sel[w >>> 1] >>> ((w & 1) << 5));
                }
            }
            f.sub(zero, s[1], negY);
            Mp.cmov(sign, negY, s[1], L);
            j.add(q, s, r);
            int nonZero = ~Mp.eqMask(d, 0);
            for (int coord = 0; coord < 3; coord++) {
                Mp.cmov(nonZero & qInf, s[coord], q[coord], L);
                Mp.cmov(nonZero & ~qInf, r[coord], q[coord], L);
            }
            qInf &= ~nonZero;
        }
        f.sub(zero, q[1], negY);
        Mp.cmov(negate, negY, q[1], L);
        j.toAffineBytes(q, out, fb);
        clear(flat);
        clear(sel);
        return qInf != 0;
    }

    /**
     * sel = entry d of the flattened table (zeros for d = 0), reading every entry: each is
     * ANDed with a mask that is all ones only for the wanted one and ORed into sel, so neither
     * the branches nor the addresses depend on d. (One AND and one OR per pair of words.)
     */
    private static void scan(long[] flat, int d, int table, long[] sel) {
        int entry = sel.length;
        for (int w = 0; w < entry; w++) {
            sel[w] = 0;
        }
        for (int e = 0; e < table; e++) {
            long mask = Mp.eqMask(e + 1, d);
            int base = e * entry;
            for (int w = 0; w < entry; w++) {
                sel[w] |= flat[base + w] & mask;
            }
        }
    }

    /**
     * Q = k G by the fixed-base table of EcCurve (one mixed addition per 4-bit window, no
     * doublings; JavaEcKernel's class comment explains why no exceptional case occurs), written
     * as affine x||y to out. Returns true when Q is infinity (k = 0; out then not meaningful).
     * Constant time in k: every window scans its whole row and selects by masks.
     */
    static boolean multiplyBase(EcCurve c, byte[] k, byte[] out) {
        return new LazyMultiply(c.lazy).runBase(c, k, out);
    }

    private boolean runBase(EcCurve c, byte[] k, byte[] out) {
        int[][] q = new int[3][L];
        boolean infinity = base(c, k, q);
        j.toAffineBytes(q, out, c.fieldBytes);
        return infinity;
    }

    /** Q = k G (Jacobian, lazy form); returns true when Q is infinity (k = 0). */
    private boolean base(EcCurve c, byte[] k, int[][] q) {
        int[][] table = c.lazyBaseTable();
        int[] sx = f.newElement();
        int[] sy = f.newElement();
        int[][] r = new int[3][L];
        int[] one = f.newElement();
        f.fromMont(c.fp.one, one);
        int qInf = -1;
        for (int i = 0; i < c.windows; i++) {
            int d = JavaEcKernel.digit(k, i);
            int[] row = table[i];
            for (int e = 1; e <= EcCurve.DIGITS; e++) {
                int mask = Mp.eqMask(e, d);
                int base = (e - 1) * 2 * L;
                for (int i2 = 0; i2 < L; i2++) {
                    sx[i2] ^= mask & (row[base + i2] ^ sx[i2]);
                    sy[i2] ^= mask & (row[base + L + i2] ^ sy[i2]);
                }
            }
            j.addAffine(q, sx, sy, r);
            int nonZero = ~Mp.eqMask(d, 0);
            int takeS = nonZero & qInf;
            Mp.cmov(takeS, sx, q[0], L);
            Mp.cmov(takeS, sy, q[1], L);
            Mp.cmov(takeS, one, q[2], L);
            int takeR = nonZero & ~qInf;
            for (int coord = 0; coord < 3; coord++) {
                Mp.cmov(takeR, r[coord], q[coord], L);
            }
            qInf &= ~nonZero;
        }
        Mp.clear(sx);
        Mp.clear(sy);
        return qInf != 0;
    }

    private static void clear(long[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = 0;
        }
    }
}
