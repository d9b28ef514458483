package ksecurity.math;

import ksecurity.prim.Bytes;

/**
 * The pure-Java elliptic-curve kernel: input checks and scalar recoding here, the point
 * arithmetic in LazyMultiply on the lazily reduced fields (LazyField).
 *
 * Variable base (scalarMult): signed 5-bit windows (Booth recoding, digits -16..16) over
 * k' = min(k, n - k), the result negated by mask when n - k was used. Every window costs five
 * doublings, one full addition, a scan of the whole table d*P (d = 1..16) with masks and a
 * masked negation; the digit 0 and the leading windows (accumulator still at infinity) are
 * handled by masked selection, not by branches.
 *
 * Why the addition never meets its exceptional cases here: P has prime order n (cofactor 1)
 * and k' <= (n-1)/2. Before adding digit d (|d| <= 16) the accumulator is 32*a*P, where a is the
 * Booth prefix of k' above this window, so 0 <= 32a <= k'/2^(5i) + 32 < n - 16. Then
 * 32a = +-d (mod n) forces 32a = |d| or 32a = n - |d|: the first needs a = 0 (the infinity case,
 * masked), the second is out of range. The table is built as (d-1)P + P with d - 1 in 2..15,
 * never +-1 (a doubling for d = 2, co-Z additions of P after that).
 *
 * Fixed base (scalarMultBase): a precomputed table of d * 16^i * G (affine), one mixed addition
 * per window and no doublings; the accumulator is a*G with a < 16^i <= d*16^i and
 * a + d*16^i <= k < n, so again neither equal nor opposite points occur.
 *
 * mulAddVarTime, precompute and verify: PublicMulAdd, variable time, for public inputs only.
 */
final class JavaEcKernel implements EcKernel {
    public int scalarMult(int curve, byte[] k, byte[] point, byte[] out) {
        if (!Curves.isValid(curve)) {
            return INVALID;
        }
        EcCurve c = EcCurve.get(curve);
        if (!scalarOk(c, k) || !nonZero(k) || point == null || point.length != 2 * c.fieldBytes || !outOk(c, out)) {
            return INVALID;
        }
        EcWork w = new EcWork(c);
        int n = c.n;
        int[] px = new int[n];
        int[] py = new int[n];
        if (!w.decodePoint(point, 0, px, py)) {
            return INVALID;
        }
        return multiply(w, k, px, py, out);
    }

    public int scalarMultBase(int curve, byte[] k, byte[] out) {
        if (!Curves.isValid(curve)) {
            return INVALID;
        }
        EcCurve c = EcCurve.get(curve);
        if (!scalarOk(c, k) || !nonZero(k) || !outOk(c, out)) {
            return INVALID;
        }
        if (LazyMultiply.multiplyBase(c, k, out)) {
            Bytes.wipe(out);
            return INFINITY;
        }
        return OK;
    }

    public int mulAddVarTime(int curve, byte[] u1, byte[] u2, byte[] qBytes, byte[] out) {
        if (!Curves.isValid(curve)) {
            return INVALID;
        }
        EcCurve c = EcCurve.get(curve);
        if (!scalarOk(c, u1) || !scalarOk(c, u2) || !outOk(c, out)) {
            return INVALID;
        }
        PublicMulAdd.Table t = oneShot(c, qBytes);
        if (t == null) {
            return INVALID;
        }
        return PublicMulAdd.mulAdd(c, u1, u2, t, out) ? INFINITY : OK;
    }

    public Object precompute(int curve, byte[] q) {
        if (!Curves.isValid(curve)) {
            return null;
        }
        EcCurve c = EcCurve.get(curve);
        int[][] xy = decode(c, q);
        return xy == null ? null : PublicMulAdd.table(c, xy[0], xy[1], PublicMulAdd.Q_CHUNKS, PublicMulAdd.Q_WIDTH);
    }

    public int verify(int curve, byte[] u1, byte[] u2, byte[] q, Object table, byte[] r) {
        if (!Curves.isValid(curve)) {
            return INVALID;
        }
        EcCurve c = EcCurve.get(curve);
        if (!scalarOk(c, u1) || !scalarOk(c, u2) || !scalarOk(c, r) || !nonZero(r)) {
            return INVALID;
        }
        PublicMulAdd.Table t;
        if (table == null) {
            t = oneShot(c, q);
        } else if (table instanceof PublicMulAdd.Table && ((PublicMulAdd.Table) table).curve == curve) {
            t = (PublicMulAdd.Table) table;
        } else {
            return INVALID;
        }
        if (t == null) {
            return INVALID;
        }
        int[] rv = new int[c.n + 1];
        Mp.fromBytes(r, 0, r.length, rv);
        return PublicMulAdd.verify(c, u1, u2, t, rv);
    }

    /** The one-chunk table of a point given as x||y, or null when it is not on the curve. */
    private static PublicMulAdd.Table oneShot(EcCurve c, byte[] q) {
        int[][] xy = decode(c, q);
        return xy == null ? null : PublicMulAdd.table(c, xy[0], xy[1], 1, PublicMulAdd.ONE_SHOT_WIDTH);
    }

    /** x||y read and validated (Montgomery form of c.fp), or null. */
    private static int[][] decode(EcCurve c, byte[] q) {
        if (q == null || q.length != 2 * c.fieldBytes) {
            return null;
        }
        int[][] xy = new int[2][c.n];
        return new EcWork(c).decodePoint(q, 0, xy[0], xy[1]) ? xy : null;
    }

    public String name() {
        return "java";
    }

    /** The scalar has the order's length and is below n (constant-time comparison). */
    private static boolean scalarOk(EcCurve c, byte[] k) {
        if (k == null || k.length != c.orderBytes) {
            return false;
        }
        int[] kk = new int[Mp.limbsFor(c.orderBytes)];
        Mp.fromBytes(k, 0, k.length, kk);
        int[] order = Mp.copy(c.fn.m, kk.length);
        int ok = Mp.lessThan(kk, order, kk.length);
        Mp.clear(kk);
        return ok == 1;
    }

    /** k is not zero: a private scalar is in [1, n-1]. Read without an early exit. */
    private static boolean nonZero(byte[] k) {
        int acc = 0;
        for (int i = 0; i < k.length; i++) {
            acc |= k[i];
        }
        return acc != 0;
    }

    private static boolean outOk(EcCurve c, byte[] out) {
        return out != null && out.length == 2 * c.fieldBytes;
    }

    /** The W-bit digit number i of k, counted from the least significant. */
    static int digit(byte[] k, int i) {
        int b = k[k.length - 1 - (i >>> 1)] & 0xFF;
        return (i & 1) == 0 ? b & 15 : b >>> 4;
    }

    /** Width of the signed (Booth) windows of the variable-base multiplication. */
    static final int BOOTH = 5;

    /**
     * out = k*P in constant time (see the class comment); returns INFINITY (out zeroed) only
     * for k = 0, else OK.
     */
    private static int multiply(EcWork w, byte[] k, int[] px, int[] py, byte[] out) {
        EcCurve c = w.c;
        // k' = min(k, n - k), chosen by mask; k P = -(k' P) when n - k was taken.
        int[] kv = new int[Mp.limbsFor(c.orderBytes)];
        Mp.fromBytes(k, 0, k.length, kv);
        int[] nk = new int[kv.length];
        Mp.sub(Mp.copy(c.fn.m, kv.length), kv, nk, kv.length);
        int negate = -Mp.lessThan(nk, kv, kv.length);
        Mp.select(negate, nk, kv, kv, kv.length);
        byte[] kb = new byte[c.orderBytes];
        Mp.toBytes(kv, kb, 0, kb.length);
        Mp.clear(kv);
        Mp.clear(nk);

        int windows = Curves.orderBits(c.id) / BOOTH + 1;
        boolean infinity = LazyMultiply.multiply(c, kb, negate, windows, px, py, out);
        Bytes.wipe(kb);
        if (infinity) {
            Bytes.wipe(out);
            return INFINITY;
        }
        return OK;
    }

    /** Bits 5i-1 .. 5i+4 of k (the Booth window i, 6 bits; bit -1 is 0). */
    static int boothWindow(byte[] k, int i) {
        int wv = 0;
        for (int b = BOOTH; b >= 0; b--) {
            wv = (wv << 1) | bit(k, BOOTH * i - 1 + b);
        }
        return wv;
    }

    /** The sign of a Booth window's digit: -1 for negative, else 0 (no branch). */
    static int boothSign(int wv) {
        return ~((wv >>> BOOTH) - 1);
    }

    /** The magnitude 0..16 of a Booth window's digit (no branch). */
    static int boothDigit(int wv) {
        int sign = boothSign(wv);
        int d = ((1 << (BOOTH + 1)) - wv - 1) & sign | wv & ~sign;
        return (d >>> 1) + (d & 1);
    }

    /** Bit b of the big-endian k (0 is the least significant); 0 outside k. Public positions. */
    private static int bit(byte[] k, int b) {
        if (b < 0 || b >= 8 * k.length) {
            return 0;
        }
        return (k[k.length - 1 - (b >>> 3)] >>> (b & 7)) & 1;
    }
}
