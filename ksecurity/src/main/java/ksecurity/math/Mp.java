package ksecurity.math;

/**
 * Multi-precision helpers on unsigned little-endian int[] limbs (limb 0 is the least
 * significant, 32 bits each; products go through long). Unless a method says otherwise it runs
 * in time that depends only on the lengths, never on the values: no branch, early exit or
 * memory index depends on a limb's contents, so secrets may pass through.
 */
public final class Mp {
    /** The low 32 bits of a long, to read an int limb as unsigned. */
    static final long M32 = 0xFFFFFFFFL;

    private Mp() {
    }

    /** Number of limbs needed for {@code bytes} bytes. */
    public static int limbsFor(int bytes) {
        return (bytes + 3) >>> 2;
    }

    /**
     * Reads len big-endian bytes into dst (zero-extended to dst's length). The caller
     * guarantees the value fits: bytes beyond dst's capacity must be zero (checked by
     * {@link #fits}).
     */
    public static void fromBytes(byte[] src, int off, int len, int[] dst) {
        for (int i = 0; i < dst.length; i++) {
            dst[i] = 0;
        }
        int cap = dst.length * 4;
        for (int i = 0; i < len && i < cap; i++) {
            int b = src[off + len - 1 - i] & 0xFF;
            dst[i >>> 2] |= b << ((i & 3) << 3);
        }
    }

    /** 1 if the big-endian value src[off..off+len) fits in limbs limbs; constant time. */
    public static int fits(byte[] src, int off, int len, int limbs) {
        int extra = 0;
        for (int i = 0; i < len - limbs * 4; i++) {
            extra |= src[off + i] & 0xFF;
        }
        return ((extra - 1) >>> 31);
    }

    /** Writes the low len bytes of a, big-endian, at dst[off]. */
    public static void toBytes(int[] a, byte[] dst, int off, int len) {
        for (int i = 0; i < len; i++) {
            int limb = i >>> 2;
            int v = limb < a.length ? a[limb] >>> ((i & 3) << 3) : 0;
            dst[off + len - 1 - i] = (byte) v;
        }
    }

    /** r = a + b over n limbs; returns the carry (0 or 1). r may alias a or b. */
    public static int add(int[] a, int[] b, int[] r, int n) {
        long c = 0;
        for (int i = 0; i < n; i++) {
            c += (a[i] & M32) + (b[i] & M32);
            r[i] = (int) c;
            c >>>= 32;
        }
        return (int) c;
    }

    /** r = a - b over n limbs; returns the borrow (0 or 1). r may alias a or b. */
    public static int sub(int[] a, int[] b, int[] r, int n) {
        long c = 0;
        for (int i = 0; i < n; i++) {
            c = (a[i] & M32) - (b[i] & M32) + c;
            r[i] = (int) c;
            c >>= 32;
        }
        return (int) -c;
    }

    /** 1 if a < b (n limbs), else 0; constant time. */
    public static int lessThan(int[] a, int[] b, int n) {
        long c = 0;
        for (int i = 0; i < n; i++) {
            c = (a[i] & M32) - (b[i] & M32) + c;
            c >>= 32;
        }
        return (int) -c;
    }

    /** 1 if all n limbs of a are zero, else 0; constant time. */
    public static int isZero(int[] a, int n) {
        int acc = 0;
        for (int i = 0; i < n; i++) {
            acc |= a[i];
        }
        return (int) (((acc & M32) - 1) >>> 63);
    }

    /** 1 if a and b are equal over n limbs, else 0; constant time. */
    public static int equal(int[] a, int[] b, int n) {
        int acc = 0;
        for (int i = 0; i < n; i++) {
            acc |= a[i] ^ b[i];
        }
        return (int) (((acc & M32) - 1) >>> 63);
    }

    /** -1 (all ones) if x == y, else 0, for any ints; constant time. */
    public static int eqMask(int x, int y) {
        long d = (x ^ y) & M32;
        return (int) ((d - 1) >> 63);
    }

    /** r = mask ? a : b over n limbs, for mask 0 or -1; constant time. r may alias a or b. */
    public static void select(int mask, int[] a, int[] b, int[] r, int n) {
        for (int i = 0; i < n; i++) {
            r[i] = b[i] ^ (mask & (a[i] ^ b[i]));
        }
    }

    /** Copies a into r where mask is -1, leaves r where it is 0; constant time. */
    public static void cmov(int mask, int[] a, int[] r, int n) {
        for (int i = 0; i < n; i++) {
            r[i] ^= mask & (a[i] ^ r[i]);
        }
    }

    /** Swaps a and b over n limbs where mask is -1; constant time. */
    public static void cswap(int mask, int[] a, int[] b, int n) {
        for (int i = 0; i < n; i++) {
            int t = mask & (a[i] ^ b[i]);
            a[i] ^= t;
            b[i] ^= t;
        }
    }

    /** r = a * b (schoolbook), r of na + nb limbs, not aliasing a or b. */
    public static void mul(int[] a, int na, int[] b, int nb, int[] r) {
        for (int i = 0; i < na + nb; i++) {
            r[i] = 0;
        }
        for (int i = 0; i < na; i++) {
            long ai = a[i] & M32;
            long c = 0;
            for (int j = 0; j < nb; j++) {
                c += ai * (b[j] & M32) + (r[i + j] & M32);
                r[i + j] = (int) c;
                c >>>= 32;
            }
            r[i + nb] = (int) c;
        }
    }

    /** Number of significant bits of a (variable time: for public values only). */
    public static int bitLength(int[] a) {
        for (int i = a.length - 1; i >= 0; i--) {
            if (a[i] != 0) {
                int bits = 0;
                for (int v = a[i]; v != 0; v >>>= 1) {
                    bits++;
                }
                return i * 32 + bits;
            }
        }
        return 0;
    }

    /** Bit i of a (0 or 1). */
    public static int bit(int[] a, int i) {
        return (a[i >>> 5] >>> (i & 31)) & 1;
    }

    /** a mod d for a small divisor 0 < d < 2^31 (variable time in nothing but the length). */
    public static int modSmall(int[] a, int d) {
        long r = 0;
        long dl = d;
        for (int i = a.length - 1; i >= 0; i--) {
            r = ((r << 32) | (a[i] & M32)) % dl;
        }
        return (int) r;
    }

    /** a = a / d for a small divisor 0 < d < 2^31; returns the remainder. */
    public static int divSmall(int[] a, int d) {
        long r = 0;
        long dl = d;
        for (int i = a.length - 1; i >= 0; i--) {
            long cur = (r << 32) | (a[i] & M32);
            a[i] = (int) (cur / dl);
            r = cur % dl;
        }
        return (int) r;
    }

    /** a = a * m + c for small m, c (non-negative ints); returns the carry out. */
    public static int mulSmallAdd(int[] a, int m, int c) {
        long carry = c & M32;
        long ml = m & M32;
        for (int i = 0; i < a.length; i++) {
            carry += (a[i] & M32) * ml;
            a[i] = (int) carry;
            carry >>>= 32;
        }
        return (int) carry;
    }

    /** Overwrites a with zeros (for secrets that are no longer needed). */
    public static void clear(int[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = 0;
        }
    }

    /** A copy of a resized to n limbs (truncated or zero-extended). */
    public static int[] copy(int[] a, int n) {
        int[] r = new int[n];
        for (int i = 0; i < n && i < a.length; i++) {
            r[i] = a[i];
        }
        return r;
    }
}
