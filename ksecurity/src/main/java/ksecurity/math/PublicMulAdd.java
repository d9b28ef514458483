package ksecurity.math;

import ksecurity.prim.Bytes;

/**
 * VARIABLE TIME, PUBLIC INPUTS ONLY: u1 G + u2 Q for signature verification, where the
 * scalars come from the signature and the hash and Q is a public key. It branches on and
 * indexes by the scalars' digits, so it must never see a secret: signing, key generation and
 * ECDH go through LazyMultiply (constant time), which shares nothing with this class but the
 * point formulas (Jacobian).
 *
 * Interleaved wNAF with split bases. A table holds the odd multiples 1, 3, ..., 2^(w-1) - 1 of
 * the points B_j = 2^(s j) P, j < chunks (spacing s = ceil((orderBits + 1) / chunks)), affine
 * (one inversion for the whole table). The width-w NAF of a scalar is cut into chunks: its digit
 * at position k goes to chunk j = min(k / s, chunks - 1) at local position k - s j, so the one
 * loop over local positions, from the top down, doubles the sum once per position for both
 * scalars and every chunk, and adds the table point of each nonzero digit (a mixed addition).
 * G's table is the curve's (EcCurve, G_CHUNKS x 2^(G_WIDTH-2) points); a public key's is built
 * per key (Q_CHUNKS, Q_WIDTH) once it is used again (VerifyTables), or made on the spot with
 * one chunk (ONE_SHOT_WIDTH). With sixteen chunks of G and Q, P-256 takes 17 doublings and
 * about 37 + 32 mixed additions instead of 256 doublings; the tables then hold 512 points of G
 * (37 KB on P-256, once per curve) and 256 of each key (18 KB), built in about six
 * verifications' time (eight chunks were 10-20% slower per verification).
 *
 * Exceptional cases: the fast loop uses the incomplete formulas as they are. If an addition
 * meets equal or opposite points (which a crafted signature can arrange), its Z becomes 0 and
 * stays 0 through every later doubling and addition, so the sum ends with Z = 0; then (and when
 * the sum really is infinity) the loop runs again, testing every addition (Jacobian's
 * exceptional forms) and tracking infinity. The verification itself compares x(R) with r
 * without leaving Jacobian coordinates: X = r Z^2 (or (r + n) Z^2 when r + n < p).
 */
final class PublicMulAdd {
    /** G's table: 16 chunks of the odd multiples up to 63 (512 points). */
    static final int G_CHUNKS = 16;
    static final int G_WIDTH = 7;
    /** A public key's table once built: 16 chunks of the odd multiples up to 31 (256 points). */
    static final int Q_CHUNKS = 16;
    static final int Q_WIDTH = 6;
    /** A key verified once: one chunk, the odd multiples up to 15. */
    static final int ONE_SHOT_WIDTH = 5;

    /** The result codes of verify (EcKernel's). */
    static final int OK = EcKernel.OK;
    static final int INFINITY = EcKernel.INFINITY;
    static final int MISMATCH = EcKernel.MISMATCH;

    /** Odd multiples of 2^(spacing j) P, affine, in the lazy field's form. Immutable. */
    static final class Table {
        final int curve;
        final int chunks;
        final int spacing;
        final int width;
        /** xy[j] = x(B_j), y(B_j), x(3 B_j), y(3 B_j), ..., limbs each. */
        final int[][] xy;

        Table(int curve, int chunks, int spacing, int width, int[][] xy) {
            this.curve = curve;
            this.chunks = chunks;
            this.spacing = spacing;
            this.width = width;
            this.xy = xy;
        }
    }

    private final EcCurve c;
    private final LazyField f;
    private final Jacobian j;
    private final int L;
    private final int[] one;
    private final int[] zero;
    /** The table point being added. */
    private final int[] px;
    private final int[] py;

    private PublicMulAdd(EcCurve c) {
        this.c = c;
        f = c.lazy;
        j = new Jacobian(f);
        L = f.limbs;
        one = f.newElement();
        f.fromMont(c.fp.one, one);
        zero = f.newElement();
        px = f.newElement();
        py = f.newElement();
    }

    /** The table of the affine P (Z = one, lazy form): chunks x 2^(width-2) points. */
    static Table table(EcCurve c, Jacobian j, int[][] p, int chunks, int width) {
        int digits = Curves.orderBits(c.id) + 1;
        int spacing = (digits + chunks - 1) / chunks;
        int entries = 1 << (width - 2);
        int[][][] bases = c.powersOfTwo(j, p, chunks, spacing);
        int[][][] all = new int[chunks * entries][][];
        for (int ch = 0; ch < chunks; ch++) {
            int[][][] row = new int[entries][3][j.limbs];
            j.multiples(bases[ch], entries, 2, row);
            System.arraycopy(row, 0, all, ch * entries, entries);
        }
        j.batchToAffine(all);
        int l = j.limbs;
        int[][] xy = new int[chunks][2 * l * entries];
        for (int ch = 0; ch < chunks; ch++) {
            for (int e = 0; e < entries; e++) {
                System.arraycopy(all[ch * entries + e][0], 0, xy[ch], 2 * l * e, l);
                System.arraycopy(all[ch * entries + e][1], 0, xy[ch], 2 * l * e + l, l);
            }
        }
        return new Table(c.id, chunks, spacing, width, xy);
    }

    /** The table of a public key Q (x, y in the Montgomery form of c.fp, already validated). */
    static Table table(EcCurve c, int[] qx, int[] qy, int chunks, int width) {
        Jacobian j = new Jacobian(c.lazy);
        int[][] p = j.newPoint();
        c.lazy.fromMont(qx, p[0]);
        c.lazy.fromMont(qy, p[1]);
        c.lazy.fromMont(c.fp.one, p[2]);
        return table(c, j, p, chunks, width);
    }

    /**
     * ECDSA's check: OK when x(u1 G + u2 Q) mod n = r, MISMATCH when not, INFINITY when the
     * sum is infinity. u1, u2: orderBytes big-endian, below n; r: in [1, n-1], words of the
     * field's length at least.
     */
    static int verify(EcCurve c, byte[] u1, byte[] u2, Table q, int[] r) {
        PublicMulAdd m = new PublicMulAdd(c);
        int[][] sum = m.sum(u1, u2, q);
        if (sum == null) {
            return INFINITY;
        }
        return m.xEquals(sum, r) ? OK : MISMATCH;
    }

    /** out = u1 G + u2 Q as affine x||y; returns true (out zeroed) when it is infinity. */
    static boolean mulAdd(EcCurve c, byte[] u1, byte[] u2, Table q, byte[] out) {
        PublicMulAdd m = new PublicMulAdd(c);
        int[][] sum = m.sum(u1, u2, q);
        if (sum == null) {
            Bytes.wipe(out);
            return true;
        }
        m.j.toAffineBytes(sum, out, c.fieldBytes);
        return false;
    }

    /** u1 G + u2 Q in Jacobian coordinates (Z != 0), or null for infinity. */
    private int[][] sum(byte[] u1, byte[] u2, Table q) {
        Table g = c.publicBaseTable();
        int digits = Curves.orderBits(c.id) + 1;
        int[] naf1 = wnaf(u1, g.width, digits);
        int[] naf2 = wnaf(u2, q.width, digits);
        int[][] acc = j.newPoint();
        if (!loop(naf1, g, naf2, q, acc, false) && !j.isZero(acc[2])) {
            return acc;
        }
        // an exceptional addition on the way (Z = 0 ever since), or infinity: again, carefully
        return loop(naf1, g, naf2, q, acc, true) ? null : acc;
    }

    /**
     * The interleaved loop; returns whether the sum is infinity (only known when careful: the
     * fast loop reports only an empty sum). careful tests every addition for its exceptional
     * cases and tracks infinity through them.
     */
    private boolean loop(int[] naf1, Table t1, int[] naf2, Table t2, int[][] acc, boolean careful) {
        int top = positions(naf1.length, t1);
        int top2 = positions(naf2.length, t2);
        if (top2 > top) {
            top = top2;
        }
        boolean inf = true;
        for (int l = top - 1; l >= 0; l--) {
            if (!inf) {
                j.dbl(acc);
            }
            inf = addDigits(naf1, t1, l, acc, inf, careful);
            inf = addDigits(naf2, t2, l, acc, inf, careful);
        }
        return inf;
    }

    /** Local positions of a table's loop: the last chunk takes the digits beyond the others. */
    private static int positions(int digits, Table t) {
        int last = digits - (t.chunks - 1) * t.spacing;
        return last > t.spacing ? last : t.spacing;
    }

    /** Adds the table points of the digits at local position l; returns whether acc is infinity. */
    private boolean addDigits(int[] naf, Table t, int l, int[][] acc, boolean inf, boolean careful) {
        int last = t.chunks - 1;
        for (int ch = 0; ch <= last; ch++) {
            if (ch < last && l >= t.spacing) {
                continue;
            }
            int k = ch * t.spacing + l;
            if (k >= naf.length) {
                continue;
            }
            int d = naf[k];
            if (d == 0) {
                continue;
            }
            int[] row = t.xy[ch];
            int at = 2 * L * ((d < 0 ? -d : d) >>> 1);
            System.arraycopy(row, at, px, 0, L);
            System.arraycopy(row, at + L, py, 0, L);
            if (d < 0) {
                f.sub(zero, py, py);
            }
            if (inf) {
                System.arraycopy(px, 0, acc[0], 0, L);
                System.arraycopy(py, 0, acc[1], 0, L);
                System.arraycopy(one, 0, acc[2], 0, L);
                inf = false;
            } else if (careful) {
                inf = j.addAffine(acc, px, py, acc, true);
            } else {
                j.addAffine(acc, px, py, acc);
            }
        }
        return inf;
    }

    /** x(R) mod n = r for R = (X, Y, Z), Z != 0: X = r Z^2, or X = (r + n) Z^2 when r + n < p. */
    private boolean xEquals(int[][] acc, int[] r) {
        int w = c.n;
        int[] p = c.fp.m;
        int[] rv = Mp.copy(r, w + 1);
        int[] pv = Mp.copy(p, w + 1);
        if (Mp.lessThan(rv, pv, w + 1) == 0) {
            return false; // r >= p (secp160r1, whose n exceeds p): x < p cannot reach it
        }
        int[] z2 = f.newElement();
        f.sqr(acc[2], z2);
        if (xIs(acc[0], z2, rv)) {
            return true;
        }
        int[] nv = Mp.copy(c.fn.m, w + 1);
        Mp.add(rv, nv, rv, w + 1);
        return Mp.lessThan(rv, pv, w + 1) == 1 && xIs(acc[0], z2, rv);
    }

    /** X = v Z^2 for the integer v < p (words) and z2 = Z^2. */
    private boolean xIs(int[] x, int[] z2, int[] v) {
        int[] t = c.fp.scratch();
        int[] vm = Mp.copy(v, c.n);
        c.fp.toMont(vm, vm, t);
        int[] vl = f.newElement();
        f.fromMont(vm, vl);
        f.mul(vl, z2, vl);
        f.sub(vl, x, vl);
        return j.isZero(vl);
    }

    /**
     * The width-w NAF of the public scalar k (big-endian), least significant digit first, in
     * digits positions (orderBits + 1 holds any k below n): odd digits of absolute value below
     * 2^(w-1), each followed by at least w - 1 zeros.
     */
    static int[] wnaf(byte[] k, int w, int digits) {
        int[] v = new int[Mp.limbsFor(k.length) + 2];
        Mp.fromBytes(k, 0, k.length, v);
        int[] naf = new int[digits];
        int carry = 0;
        int bit = 0;
        while (bit < digits) {
            if (((v[bit >>> 5] >>> (bit & 31)) & 1) == carry) {
                bit++;
                continue;
            }
            int now = w;
            if (now > digits - bit) {
                now = digits - bit;
            }
            // the now bits of k from bit on (they may straddle two words), plus the carry
            long pair = (v[bit >>> 5] & 0xFFFFFFFFL) | ((long) v[(bit >>> 5) + 1] << 32);
            int word = (int) (pair >>> (bit & 31)) & ((1 << now) - 1);
            word += carry;
            carry = (word >>> (w - 1)) & 1;
            naf[bit] = word - (carry << w);
            bit += now;
        }
        return naf;
    }
}
