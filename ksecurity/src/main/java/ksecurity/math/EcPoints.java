package ksecurity.math;

import ksecurity.security.CryptoException;

/**
 * Point encodings of SEC 1 (section 2.3.3-2.3.4): uncompressed 04||x||y and compressed
 * 02/03||x, decoded to the kernels' x||y form with full validation (coordinates below p, on the
 * curve, not infinity; with cofactor 1 that also puts the point in the prime-order group).
 * Points are public, so decoding may run in variable time.
 */
public final class EcPoints {
    private EcPoints() {
    }

    /** Length of the uncompressed encoding: 1 + 2 * fieldBytes. */
    public static int uncompressedLength(int curve) {
        return 1 + 2 * Curves.fieldBytes(curve);
    }

    /** Length of the compressed encoding: 1 + fieldBytes. */
    public static int compressedLength(int curve) {
        return 1 + Curves.fieldBytes(curve);
    }

    /**
     * Decodes and validates an encoded point; returns x||y (2 * fieldBytes). Throws
     * CryptoException.ILLEGAL_VALUE saying what was wrong.
     */
    public static byte[] decode(int curve, byte[] buf, int off, int len) {
        EcCurve c = EcCurve.get(curve);
        int fb = c.fieldBytes;
        if (buf == null || len <= 0 || off < 0 || off > buf.length - len) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "empty or out-of-range point encoding");
        }
        int prefix = buf[off];
        if (prefix == 0x00) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "point at infinity");
        }
        byte[] xy = new byte[2 * fb];
        EcWork w = new EcWork(c);
        int[] x = new int[c.n];
        int[] y = new int[c.n];
        if (prefix == 0x04) {
            if (len != 1 + 2 * fb) {
                throw new CryptoException(CryptoException.ILLEGAL_VALUE, "wrong length for an uncompressed point");
            }
            System.arraycopy(buf, off + 1, xy, 0, 2 * fb);
            checkBelowP(c, xy, 0);
            checkBelowP(c, xy, fb);
            if (!w.decodePoint(xy, 0, x, y)) {
                throw new CryptoException(CryptoException.ILLEGAL_VALUE, "point not on the curve");
            }
            return xy;
        }
        if (prefix != 0x02 && prefix != 0x03) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "unknown point encoding prefix");
        }
        if (len != 1 + fb) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "wrong length for a compressed point");
        }
        System.arraycopy(buf, off + 1, xy, 0, fb);
        checkBelowP(c, xy, 0);
        Montgomery f = c.fp;
        int[] t = f.scratch();
        Mp.fromBytes(xy, 0, fb, x);
        f.toMont(x, x, t);
        int[] rhs = new int[c.n];
        w.rhs(x, rhs);
        if (!sqrt(c, rhs, y)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "point not on the curve (no square root)");
        }
        f.fromMont(y, y, t);
        if ((y[0] & 1) != (prefix & 1)) {
            int[] zero = new int[c.n];
            f.sub(zero, y, y);
        }
        Mp.toBytes(y, xy, fb, fb);
        return xy;
    }

    /**
     * Encodes x||y (2 * fieldBytes at xy[xyOff]) at out[outOff], compressed or not; returns the
     * length written.
     */
    public static int encode(int curve, byte[] xy, int xyOff, boolean compressed, byte[] out, int outOff) {
        int fb = Curves.fieldBytes(curve);
        if (compressed) {
            out[outOff] = (byte) (0x02 | (xy[xyOff + 2 * fb - 1] & 1));
            System.arraycopy(xy, xyOff, out, outOff + 1, fb);
            return 1 + fb;
        }
        out[outOff] = 0x04;
        System.arraycopy(xy, xyOff, out, outOff + 1, 2 * fb);
        return 1 + 2 * fb;
    }

    private static void checkBelowP(EcCurve c, byte[] v, int off) {
        int[] a = new int[c.n];
        Mp.fromBytes(v, off, c.fieldBytes, a);
        if (Mp.lessThan(a, c.fp.m, c.n) == 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "coordinate not below p");
        }
    }

    /**
     * r = a square root of a (Montgomery form) if one exists. For p = 3 (mod 4) (secp160r1,
     * P-192, P-256) r = a^((p+1)/4); for P-224 (p = 1 (mod 4), p - 1 = 2^96 q) Tonelli-Shanks.
     * Variable time: only public values (point coordinates) are square-rooted.
     */
    static boolean sqrt(EcCurve c, int[] a, int[] r) {
        Montgomery f = c.fp;
        int n = c.n;
        int[] t = f.scratch();
        int[] pm = Mp.copy(f.m, n);
        if ((pm[0] & 3) == 3) {
            int[] e = Mp.copy(pm, n + 1);
            int[] one = new int[n + 1];
            one[0] = 1;
            Mp.add(e, one, e, n + 1);
            Mp.divSmall(e, 4);
            f.powPublic(a, e, r);
        } else {
            tonelliShanks(f, a, r);
        }
        int[] check = new int[n];
        f.mul(r, r, check, t);
        return Mp.equal(check, a, n) == 1;
    }

    private static void tonelliShanks(Montgomery f, int[] a, int[] r) {
        int n = f.n;
        int[] t = f.scratch();
        // p - 1 = q * 2^s with q odd
        int[] q = Mp.copy(f.m, n);
        q[0] &= ~1;
        int s = 0;
        while (Mp.bit(q, 0) == 0) {
            Mp.divSmall(q, 2);
            s++;
        }
        // A non-residue z: the smallest small integer whose Euler criterion gives -1.
        int[] half = Mp.copy(f.m, n);
        Mp.divSmall(half, 2);
        int[] minusOne = new int[n];
        f.sub(new int[n], f.one, minusOne);
        int[] z = new int[n];
        int[] e = new int[n];
        for (int cand = 2;; cand++) {
            Mp.clear(z);
            z[0] = cand;
            f.toMont(z, z, t);
            f.powPublic(z, half, e);
            if (Mp.equal(e, minusOne, n) == 1) {
                break;
            }
        }
        int[] cc = new int[n];
        f.powPublic(z, q, cc);
        int[] tt = new int[n];
        f.powPublic(a, q, tt);
        int[] q1 = Mp.copy(q, n);
        int[] one = new int[n];
        one[0] = 1;
        Mp.add(q1, one, q1, n);
        Mp.divSmall(q1, 2);
        f.powPublic(a, q1, r);
        int m = s;
        int[] b = new int[n];
        while (Mp.equal(tt, f.one, n) == 0) {
            if (Mp.isZero(tt, n) == 1) {
                Mp.clear(r);
                return;
            }
            // the least i with tt^(2^i) = 1
            int i = 0;
            System.arraycopy(tt, 0, b, 0, n);
            while (Mp.equal(b, f.one, n) == 0) {
                f.mul(b, b, b, t);
                i++;
                if (i == m) {
                    return; // not a square: the caller's check fails
                }
            }
            System.arraycopy(cc, 0, b, 0, n);
            for (int j = 0; j < m - i - 1; j++) {
                f.mul(b, b, b, t);
            }
            m = i;
            f.mul(b, b, cc, t);
            f.mul(tt, cc, tt, t);
            f.mul(r, b, r, t);
        }
    }
}
