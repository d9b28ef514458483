package ksecurity.math;

import ksecurity.security.CryptoException;

/**
 * Scalars modulo a curve's order n (an orderBytes-long big-endian string outside, nn limbs
 * inside): range checks, reduction of hashes (SEC 1 4.1.3 step 5 / RFC 6979 bits2int) and the
 * products ECDSA needs, in constant time through Montgomery arithmetic modulo n.
 */
final class ScalarModN {
    final EcCurve c;
    final Montgomery fn;
    final int nn;
    private final int[] t;

    ScalarModN(EcCurve c) {
        this.c = c;
        this.fn = c.fn;
        this.nn = c.nn;
        this.t = fn.scratch();
    }

    /** Reads orderBytes at b[off] into nn limbs; returns null when the bytes do not fit in nn limbs. */
    int[] read(byte[] b, int off) {
        if (Mp.fits(b, off, c.orderBytes, nn) == 0) {
            return null;
        }
        int[] r = new int[nn];
        Mp.fromBytes(b, off, c.orderBytes, r);
        return r;
    }

    /** 1 if 0 < a < n, else 0; constant time. */
    int inRange(int[] a) {
        return Mp.lessThan(a, fn.m, nn) & (Mp.isZero(a, nn) ^ 1);
    }

    /** A private scalar read and checked (1 <= d < n), or ILLEGAL_VALUE. */
    int[] readPrivate(byte[] b, int off) {
        int[] d = read(b, off);
        if (d == null || inRange(d) == 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "private scalar not in [1, n-1]");
        }
        return d;
    }

    /**
     * bits2int(h) mod n: the leftmost orderBits bits of h as an integer, then one masked
     * subtraction of n (the value is below 2^orderBits < 2n).
     */
    int[] hashToScalar(byte[] h, int off, int len) {
        int qlen = Curves.orderBits(c.id);
        int limbs = Mp.limbsFor(len) > nn ? Mp.limbsFor(len) : nn;
        int[] v = new int[limbs];
        Mp.fromBytes(h, off, len, v);
        int shift = len * 8 - qlen;
        if (shift > 0) {
            shiftRight(v, shift);
        }
        int[] r = Mp.copy(v, nn);
        reduceOnce(r);
        return r;
    }

    /** a = a mod n for a below 2n: one masked subtraction. */
    void reduceOnce(int[] a) {
        int[] d = new int[nn];
        int borrow = Mp.sub(a, fn.m, d, nn);
        Mp.select(-(borrow ^ 1), d, a, a, nn);
    }

    /** r = a * b mod n for a, b below n (plain form in and out). */
    int[] mul(int[] a, int[] b) {
        int[] am = new int[nn];
        fn.toMont(a, am, t);
        int[] r = new int[nn];
        fn.mul(am, b, r, t);
        return r;
    }

    int[] add(int[] a, int[] b) {
        int[] r = new int[nn];
        fn.add(a, b, r);
        return r;
    }

    /** a^-1 mod n (Fermat, n prime; see OrderInverse), constant time; 0 gives 0. */
    int[] inverse(int[] a) {
        return c.orderInverse.inverse(a);
    }

    byte[] toBytes(int[] a) {
        byte[] out = new byte[c.orderBytes];
        Mp.toBytes(a, out, 0, out.length);
        return out;
    }

    static void shiftRight(int[] v, int shift) {
        int limbs = shift >>> 5;
        int bits = shift & 31;
        for (int i = 0; i < v.length; i++) {
            int lo = i + limbs < v.length ? v[i + limbs] : 0;
            int hi = i + limbs + 1 < v.length ? v[i + limbs + 1] : 0;
            v[i] = bits == 0 ? lo : (lo >>> bits) | (hi << (32 - bits));
        }
    }
}
