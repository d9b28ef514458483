package ksecurity.math;

/**
 * The variable-base scalar multiplication of JavaEcKernel on the lazily reduced fields
 * (LazyField: cheap additions, products without split accumulators): signed 5-bit windows,
 * a scan of the whole table and masked selections (JavaEcKernel's class comment explains why
 * the incomplete formulas never meet their exceptional cases). Jacobian coordinates, a = -3.
 * One instance per multiplication (its scratch is not shared).
 */
final class LazyMultiply {
    private static final long M32 = 0xFFFFFFFFL;
    private final LazyField f;
    private final int L;
    private final int[] t1;
    private final int[] t2;
    private final int[] t3;
    private final int[] t4;
    private final int[] t5;
    private final int[] t6;
    private final int[] t7;

    private LazyMultiply(LazyField f) {
        this.f = f;
        L = f.limbs;
        t1 = f.newElement();
        t2 = f.newElement();
        t3 = f.newElement();
        t4 = f.newElement();
        t5 = f.newElement();
        t6 = f.newElement();
        t7 = f.newElement();
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
        int[][] p = new int[3][L];
        f.fromMont(px, p[0]);
        f.fromMont(py, p[1]);
        f.fromMont(one, p[2]);
        // d P for d = 1..16, flattened (X||Y||Z per entry, two words per long) for the masked scan
        int half = (entry + 1) >>> 1;
        long[] flat = new long[table * half];
        // d = 2 by a doubling, then d = 3..16 by co-Z additions of P (ZADDU), each of which
        // leaves pz = P with the Z of its sum for the next one
        int[][] cur = new int[3][L];
        int[][] next = new int[3][L];
        int[][] pz = new int[3][L];
        copy(p, cur);
        for (int d = 1; d <= table; d++) {
            if (d == 2) {
                dbl(cur);
                coZ(p, cur[2], pz);
            } else if (d > 2) {
                zaddu(pz, cur, next);
                copy(next, cur);
            }
            for (int coord = 0; coord < 3; coord++) {
                for (int j = 0; j < L; j++) {
                    int w = coord * L + j;
                    flat[(d - 1) * half + (w >>> 1)] |= (cur[coord][j] & M32) << ((w & 1) << 5);
                }
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
                for (int j = 0; j < JavaEcKernel.BOOTH; j++) {
                    dbl(q);
                }
            }
            int wv = JavaEcKernel.boothWindow(kb, i);
            int sign = JavaEcKernel.boothSign(wv);
            int d = JavaEcKernel.boothDigit(wv);
            scan(flat, d, table, sel);
            for (int coord = 0; coord < 3; coord++) {
                for (int j = 0; j < L; j++) {
                    int w = coord * L + j;
                    s[coord][j] = (int) (sel[w >>> 1] >>> ((w & 1) << 5));
                }
            }
            f.sub(zero, s[1], negY);
            Mp.cmov(sign, negY, s[1], L);
            add(q, s, r);
            int nonZero = ~Mp.eqMask(d, 0);
            for (int coord = 0; coord < 3; coord++) {
                Mp.cmov(nonZero & qInf, s[coord], q[coord], L);
                Mp.cmov(nonZero & ~qInf, r[coord], q[coord], L);
            }
            qInf &= ~nonZero;
        }
        f.sub(zero, q[1], negY);
        Mp.cmov(negate, negY, q[1], L);
        toAffineBytes(q, out, fb);
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
        for (int j = 0; j < entry; j++) {
            sel[j] = 0;
        }
        for (int e = 0; e < table; e++) {
            long mask = Mp.eqMask(e + 1, d);
            int base = e * entry;
            for (int j = 0; j < entry; j++) {
                sel[j] |= flat[base + j] & mask;
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
        toAffineBytes(q, out, c.fieldBytes);
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
                for (int j = 0; j < L; j++) {
                    sx[j] ^= mask & (row[base + j] ^ sx[j]);
                    sy[j] ^= mask & (row[base + L + j] ^ sy[j]);
                }
            }
            addAffine(q, sx, sy, r);
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

    /**
     * R = u1 G + u2 Q for public u1, u2 and Q (signature verification), in variable time:
     * u1 G by the fixed-base table, u2 Q by a width-5 wNAF over the odd multiples of Q. Q in
     * the Montgomery form of c.fp; R written as affine x||y to out. Returns true when R is
     * infinity (out then not meaningful).
     */
    static boolean mulAdd(EcCurve c, byte[] u1, byte[] u2, int[] qx, int[] qy, byte[] out) {
        return new LazyMultiply(c.lazy).runMulAdd(c, u1, u2, qx, qy, out);
    }

    private boolean runMulAdd(EcCurve c, byte[] u1, byte[] u2, int[] qx, int[] qy, byte[] out) {
        int[][] a = new int[3][L];
        boolean aInf = base(c, u1, a);
        int[] naf = JavaEcKernel.wnaf(u2);
        // odd[i] = (2i + 1) Q
        int[][][] odd = new int[1 << (JavaEcKernel.WNAF - 2)][][];
        odd[0] = new int[3][L];
        f.fromMont(qx, odd[0][0]);
        f.fromMont(qy, odd[0][1]);
        f.fromMont(c.fp.one, odd[0][2]);
        int[][] twice = new int[3][L];
        copy(odd[0], twice);
        dbl(twice);
        for (int i = 1; i < odd.length; i++) {
            odd[i] = new int[3][L];
            addVar(odd[i - 1], false, twice, false, odd[i]);
        }
        int[][] b = new int[3][L];
        boolean bInf = true;
        int[][] neg = new int[3][L];
        int[][] tmp = new int[3][L];
        int[] zero = f.newElement();
        for (int i = naf.length - 1; i >= 0; i--) {
            if (!bInf) {
                dbl(b);
            }
            int d = naf[i];
            if (d != 0) {
                int[][] s = odd[(d < 0 ? -d : d) >>> 1];
                if (d < 0) {
                    copy(s, neg);
                    f.sub(zero, neg[1], neg[1]);
                    s = neg;
                }
                bInf = addVar(b, bInf, s, false, tmp);
                copy(tmp, b);
            }
        }
        int[][] r = new int[3][L];
        boolean rInf = addVar(a, aInf, b, bInf, r);
        if (!rInf) {
            toAffineBytes(r, out, c.fieldBytes);
        }
        return rInf;
    }

    /** out = x||y of the Jacobian Q, big-endian; Q at infinity (Z = 0) gives zeros. */
    private void toAffineBytes(int[][] q, byte[] out, int fb) {
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

    private static void clear(long[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = 0;
        }
    }

    private void copy(int[][] src, int[][] dst) {
        for (int i = 0; i < 3; i++) {
            System.arraycopy(src[i], 0, dst[i], 0, L);
        }
    }

    /**
     * P = 2P in place, a = -3 (dbl-2001-b, the small multiples folded into one-pass
     * combinations): 3M + 5S. Infinity stays infinity.
     */
    private void dbl(int[][] p) {
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
    private void add(int[][] p, int[][] q, int[][] r) {
        add(p, q, r, false);
    }

    /**
     * R = P + Q for any public P and Q (infinity flagged by pInf/qInf, equal and opposite
     * points included), in variable time: for signature verification only. Returns whether R
     * is infinity; R distinct from P and Q.
     */
    private boolean addVar(int[][] p, boolean pInf, int[][] q, boolean qInf, int[][] r) {
        if (pInf || qInf) {
            copy(pInf ? q : p, r);
            return pInf && qInf;
        }
        return add(p, q, r, true);
    }

    /**
     * The addition formula; with exceptional = true (public points only) it also handles
     * P = Q (doubling; 2P is finite, the order being odd) and P = -Q (infinity, returned true)
     * by branching once H and r are known.
     */
    private boolean add(int[][] p, int[][] q, int[][] r, boolean exceptional) {
        int[] z1z1 = t1;
        int[] z2z2 = t2;
        int[] u1 = t3;
        int[] s1 = t4;
        int[] h = t5;
        int[] rr = t6;
        int[] tmp = t7;
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
            if (isZero(rr)) {
                copy(p, r);
                dbl(r);
                return false;
            }
            return true;
        }
        // Z3 = 2 Z1 Z2 H
        f.mul(p[2], q[2], tmp);
        f.mul(tmp, h, tmp);
        f.add(tmp, tmp, r[2]);
        // I = (2H)^2, J = H I, V = U1 I
        f.add(h, h, tmp);
        f.sqr(tmp, tmp);
        f.mul(h, tmp, z1z1);
        f.mul(u1, tmp, z2z2);
        // X3 = r^2 - (J + 2V)
        f.sqr(rr, tmp);
        f.combine(z1z1, 1, z2z2, 2, u1);
        f.sub(tmp, u1, r[0]);
        // Y3 = r (V - X3) - 2 S1 J
        f.sub(z2z2, r[0], tmp);
        f.mul(rr, tmp, tmp);
        f.mul(s1, z1z1, s1);
        f.combine(tmp, 1, s1, -2, r[1]);
        return false;
    }

    /** a = 0 mod p (public values only: the full reduction is not needed to be secret-safe). */
    private boolean isZero(int[] a) {
        int[] x = new int[f.words];
        f.toInteger(a, x);
        return Mp.isZero(x, f.words) == 1;
    }

    /** R = the affine P (Z = one) with Jacobian coordinates of Z = z: (x z^2, y z^3, z); 1S + 3M. */
    private void coZ(int[][] p, int[] z, int[][] r) {
        f.sqr(z, t1);
        f.mul(p[0], t1, r[0]);
        f.mul(t1, z, t1);
        f.mul(p[1], t1, r[1]);
        System.arraycopy(z, 0, r[2], 0, L);
    }

    /**
     * R = P + Q for P and Q of the same Z (Meloni's co-Z addition, ZADDU), and P rewritten in
     * place with the Z of R: 5M + 2S. With A = (X2 - X1)^2, B = X1 A, C = X2 A:
     * X3 = (Y2 - Y1)^2 - B - C, Y3 = (Y2 - Y1)(B - X3) - Y1 (C - B), Z3 = Z (X2 - X1), and
     * P = (B, Y1 (C - B), Z3). R distinct from P and Q; wrong for P = +-Q, which the caller
     * excludes (JavaEcKernel's class comment).
     */
    private void zaddu(int[][] p, int[][] q, int[][] r) {
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
        System.arraycopy(b, 0, p[0], 0, L);
        System.arraycopy(e, 0, p[1], 0, L);
        System.arraycopy(r[2], 0, p[2], 0, L);
    }

    /**
     * R = P + (x2, y2) for an affine point (madd-2007-bl with Z3 = 2 Z1 H), R distinct from P:
     * 8M + 3S. Wrong for P = +-(x2, y2) and for P at infinity, which the caller masks.
     */
    private void addAffine(int[][] p, int[] x2, int[] y2, int[][] r) {
        int[] z1z1 = t1;
        int[] h = t2;
        int[] hh = t3;
        int[] rr = t4;
        int[] i4 = t5;
        int[] tmp = t6;
        int[] v = t7;
        f.sqr(p[2], z1z1);
        f.mul(x2, z1z1, h);
        f.sub(h, p[0], h);
        f.mul(y2, p[2], rr);
        f.mul(rr, z1z1, rr);
        f.combine(rr, 2, p[1], -2, rr);
        f.sqr(h, hh);
        // Z3 = 2 Z1 H
        f.mul(p[2], h, tmp);
        f.add(tmp, tmp, r[2]);
        // I = 4 HH, J = H I, V = X1 I
        f.mulSmall(hh, 4, i4);
        f.mul(h, i4, z1z1);
        f.mul(p[0], i4, v);
        // X3 = r^2 - (J + 2V)
        f.sqr(rr, tmp);
        f.combine(z1z1, 1, v, 2, hh);
        f.sub(tmp, hh, r[0]);
        // Y3 = r (V - X3) - 2 Y1 J
        f.sub(v, r[0], tmp);
        f.mul(rr, tmp, tmp);
        f.mul(p[1], z1z1, hh);
        f.combine(tmp, 1, hh, -2, r[1]);
    }
}
