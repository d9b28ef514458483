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

    /**
     * a^-1 mod n for a in [1, n-1] by the binary extended Euclidean algorithm. VARIABLE TIME:
     * for public values only (a signature's s); secrets use inverse. Invariants: x1 a = u and
     * x2 a = v (mod n); u and v are made odd, then the smaller is subtracted from the larger,
     * until one is 1. Words of 64 bits, over the length u and v still need; a run of t zero
     * bits is halved at once: x / 2^t mod n = (x + k n) / 2^t for k = -x n^-1 mod 2^t.
     */
    int[] inverseVarTime(int[] a) {
        int w = (nn + 1) / 2 + 1;
        long[] m = longs(fn.m, w);
        long[] u = longs(a, w);
        long[] v = longs(fn.m, w);
        long[] x1 = new long[w];
        long[] x2 = new long[w];
        x1[0] = 1;
        long minv = m[0];
        for (int i = 0; i < 5; i++) {
            minv *= 2 - m[0] * minv;
        }
        int len = w;
        while (true) {
            halve(u, x1, m, minv, len);
            halve(v, x2, m, minv, len);
            while (len > 1 && u[len - 1] == 0 && v[len - 1] == 0) {
                len--;
            }
            if (len == 1 && u[0] == 1) {
                return ints(x1);
            }
            if (len == 1 && v[0] == 1) {
                return ints(x2);
            }
            if (!below(u, v, len)) {
                subtract(u, v, len);
                subMod(x1, x2, m);
            } else {
                subtract(v, u, len);
                subMod(x2, x1, m);
            }
        }
    }

    private static final long M32 = 0xFFFFFFFFL;

    /** a (32-bit words) as w 64-bit words. */
    private static long[] longs(int[] a, int w) {
        long[] r = new long[w];
        for (int i = 0; i < a.length; i++) {
            r[i >>> 1] |= (a[i] & M32) << ((i & 1) << 5);
        }
        return r;
    }

    /** x (64-bit words) as nn 32-bit words. */
    private int[] ints(long[] x) {
        int[] r = new int[nn];
        for (int i = 0; i < nn; i++) {
            r[i] = (int) (x[i >>> 1] >>> ((i & 1) << 5));
        }
        return r;
    }

    /** a < b, unsigned, over len words. */
    private static boolean below(long[] a, long[] b, int len) {
        for (int i = len - 1; i >= 0; i--) {
            if (a[i] != b[i]) {
                return (a[i] ^ Long.MIN_VALUE) < (b[i] ^ Long.MIN_VALUE);
            }
        }
        return false;
    }

    /** a = a - b over len words (a >= b). */
    private static void subtract(long[] a, long[] b, int len) {
        long borrow = 0;
        for (int i = 0; i < len; i++) {
            long x = a[i];
            long d = x - b[i] - borrow;
            borrow = ((~x & b[i]) | (~(x ^ b[i]) & d)) >>> 63;
            a[i] = d;
        }
    }

    /** x = x - y mod m for x, y < m (all words). */
    private static void subMod(long[] x, long[] y, long[] m) {
        if (below(x, y, x.length)) {
            long carry = 0;
            for (int i = 0; i < x.length; i++) {
                long s = x[i] + m[i] + carry;
                carry = ((x[i] & m[i]) | ((x[i] | m[i]) & ~s)) >>> 63;
                x[i] = s;
            }
        }
        subtract(x, y, x.length);
    }

    /** While u is even: u = u / 2^t and x = x / 2^t mod m, t <= 31 zero bits at a time (u nonzero). */
    private static void halve(long[] u, long[] x, long[] m, long minv, int len) {
        while ((u[0] & 1) == 0) {
            long low = u[0];
            int t = 0;
            while (t < 31 && ((low >>> t) & 1) == 0) {
                t++;
            }
            shiftRight(u, t, len);
            // x + k m is divisible by 2^t for k = -x m^-1 mod 2^t; (x + k m) / 2^t stays below m
            long k = (-x[0] * minv) & ((1L << t) - 1);
            long c = 0;
            for (int i = 0; i < x.length; i++) {
                long lo = c + (x[i] & M32) + k * (m[i] & M32);
                long hi = (lo >>> 32) + (x[i] >>> 32) + k * (m[i] >>> 32);
                x[i] = (lo & M32) | (hi << 32);
                c = hi >>> 32;
            }
            shiftRight(x, t, x.length);
        }
    }

    /** a = a >> t over len words, 0 < t < 64. */
    private static void shiftRight(long[] a, int t, int len) {
        for (int i = 0; i < len - 1; i++) {
            a[i] = (a[i] >>> t) | (a[i + 1] << (64 - t));
        }
        a[len - 1] >>>= t;
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
