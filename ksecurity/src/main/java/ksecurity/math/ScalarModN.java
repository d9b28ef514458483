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
     * x2 a = v (mod n), u and v odd after each halving; each step subtracts the smaller from
     * the larger until one is 1. The halvings take all of a run of zero bits at once: x / 2^t
     * mod n = (x + k n) / 2^t with k = -x n^-1 mod 2^t.
     */
    int[] inverseVarTime(int[] a) {
        int w = nn + 1;
        int[] m = Mp.copy(fn.m, w);
        int[] u = Mp.copy(a, w);
        int[] v = Mp.copy(m, w);
        int[] x1 = new int[w];
        int[] x2 = new int[w];
        x1[0] = 1;
        int minv = m[0];
        for (int i = 0; i < 5; i++) {
            minv *= 2 - m[0] * minv;
        }
        while (true) {
            halve(u, x1, m, minv, w);
            halve(v, x2, m, minv, w);
            if (isOne(u, w)) {
                return Mp.copy(x1, nn);
            }
            if (isOne(v, w)) {
                return Mp.copy(x2, nn);
            }
            if (Mp.lessThan(u, v, w) == 0) {
                Mp.sub(u, v, u, w);
                subMod(x1, x2, m, w);
            } else {
                Mp.sub(v, u, v, w);
                subMod(x2, x1, m, w);
            }
        }
    }

    private static boolean isOne(int[] u, int w) {
        if (u[0] != 1) {
            return false;
        }
        for (int i = 1; i < w; i++) {
            if (u[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** u = u / 2^t and x = x / 2^t mod m, for the t trailing zero bits of u (u nonzero). */
    private static void halve(int[] u, int[] x, int[] m, int minv, int w) {
        while ((u[0] & 1) == 0) {
            int t = 0;
            int low = u[0];
            while (t < 31 && ((low >>> t) & 1) == 0) {
                t++;
            }
            shiftRight(u, t);
            // x + k m is divisible by 2^t for k = -x m^-1 mod 2^t; the quotient stays below m
            int k = (-x[0] * minv) & ((1 << t) - 1);
            long c = 0;
            long kk = k & 0xFFFFFFFFL;
            for (int i = 0; i < w; i++) {
                c += (x[i] & 0xFFFFFFFFL) + kk * (m[i] & 0xFFFFFFFFL);
                x[i] = (int) c;
                c >>>= 32;
            }
            shiftRight(x, t);
        }
    }

    /** x = x - y mod m for x, y < m. */
    private static void subMod(int[] x, int[] y, int[] m, int w) {
        if (Mp.sub(x, y, x, w) != 0) {
            Mp.add(x, m, x, w);
        }
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
