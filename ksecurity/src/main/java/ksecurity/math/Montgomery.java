package ksecurity.math;

/**
 * Arithmetic modulo an odd m in Montgomery form (x is held as x*R mod m, R = 2^(32n) for n
 * limbs): CIOS multiplication (straight-line code for the four curve primes, whose reduction
 * needs no multiplication, and for 6 to 8 limbs, the curve orders), squaring, modular add/sub, fixed-window exponentiation and
 * inversion modulo a prime. Everything runs in time that depends only on the limb count and, for the
 * exponentiation, on the exponent's length: the final subtraction of each product and every
 * table look-up are masked, never branched, so the modulus itself (an RSA prime) may be secret.
 *
 * An instance is immutable and may be shared between threads; the callers pass the scratch.
 */
public final class Montgomery {
    private static final long M32 = Mp.M32;
    private static final int WINDOW = 4;

    /** Limb count. */
    final int n;
    /** The modulus, n limbs. */
    final int[] m;
    /** -m^-1 mod 2^32. */
    private final int m0inv;
    /** R mod m: one, in Montgomery form. */
    final int[] one;
    /** R^2 mod m, to enter Montgomery form. */
    private final int[] r2;
    /** m must be odd, greater than 1 and have a non-zero top limb. */
    public Montgomery(int[] modulus) {
        n = modulus.length;
        m = Mp.copy(modulus, n);
        // Newton's iteration doubles the correct low bits of the inverse each step: 5 steps give 32.
        int x = m[0];
        for (int i = 0; i < 5; i++) {
            x *= 2 - m[0] * x;
        }
        m0inv = -x;
        // R mod m by doubling 1, a masked subtraction per step (m may be secret); R^2 from it.
        int[] acc = new int[n];
        acc[0] = 1;
        int[] t = new int[n];
        doubleTimes(acc, 32 * n, t);
        one = Mp.copy(acc, n);
        r2 = powerOfTwo(32 * n);
    }

    /**
     * 2^e R mod m (the Montgomery form of 2^e) by square-and-multiply from 2R: for e = 32n
     * this is R^2, at the cost of a few products instead of 32n more doublings. e is public.
     */
    private int[] powerOfTwo(int e) {
        int[] t = new int[2 * n + 2];
        int[] two = Mp.copy(one, n);
        doubleTimes(two, 1, new int[n]);
        int[] acc = Mp.copy(two, n);
        int top = 31;
        while ((e >>> top) == 0) {
            top--;
        }
        for (int bit = top - 1; bit >= 0; bit--) {
            mul(acc, acc, acc, t);
            if (((e >>> bit) & 1) != 0) {
                mul(acc, two, acc, t);
            }
        }
        return acc;
    }

    /** acc = acc * 2^count mod m, for acc below m. */
    private void doubleTimes(int[] acc, int count, int[] t) {
        for (int i = 0; i < count; i++) {
            int carry = Mp.add(acc, acc, acc, n);
            int borrow = Mp.sub(acc, m, t, n);
            // Keep the difference when 2*acc >= m, i.e. on a carry out or when nothing borrowed.
            Mp.select(-(carry | (borrow ^ 1)), t, acc, acc, n);
        }
    }

    /** Builds the context for a modulus given big-endian (leading zero bytes are dropped). */
    public static Montgomery fromBytes(byte[] mod, int off, int len) {
        int start = 0;
        while (start < len && mod[off + start] == 0) {
            start++;
        }
        int[] m = new int[Mp.limbsFor(len - start)];
        Mp.fromBytes(mod, off + start, len - start, m);
        return new Montgomery(m);
    }

    /** Limb count. */
    public int limbs() {
        return n;
    }

    /** A scratch array big enough for {@link #mul} and {@link #sqr}. */
    public int[] scratch() {
        return new int[2 * n + 2];
    }

    /**
     * r = a * b * R^-1 mod m (CIOS). Needs a*b < m*R, e.g. both below m, or one below R and the
     * other below m. r may alias a or b; t is scratch from {@link #scratch}.
     */
    public void mul(int[] a, int[] b, int[] r, int[] t) {
        final int n = this.n;
        final int[] m = this.m;
        for (int i = 0; i < n + 2; i++) {
            t[i] = 0;
        }
        for (int i = 0; i < n; i++) {
            long ai = a[i] & M32;
            long c = 0;
            for (int j = 0; j < n; j++) {
                c += ai * (b[j] & M32) + (t[j] & M32);
                t[j] = (int) c;
                c >>>= 32;
            }
            c += t[n] & M32;
            t[n] = (int) c;
            t[n + 1] = (int) (c >>> 32);

            long q = (t[0] * m0inv) & M32;
            c = (q * (m[0] & M32) + (t[0] & M32)) >>> 32;
            for (int j = 1; j < n; j++) {
                c += q * (m[j] & M32) + (t[j] & M32);
                t[j - 1] = (int) c;
                c >>>= 32;
            }
            c += t[n] & M32;
            t[n - 1] = (int) c;
            t[n] = t[n + 1] + (int) (c >>> 32);
        }
        finalSubtract(t, 0, r);
    }

    /** r = a^2 R^-1 mod m: the square computed with each cross product once, reduced word by word. */
    public void sqr(int[] a, int[] r, int[] t) {
        square(a, t);
        reduce2n(t, r);
    }

    /** t[0 .. 2n) = a^2. */
    private void square(int[] a, int[] t) {
        final int n = this.n;
        for (int i = 0; i < 2 * n; i++) {
            t[i] = 0;
        }
        // the products a_i a_j for i < j, once
        for (int i = 0; i < n - 1; i++) {
            long ai = a[i] & M32;
            long c = 0;
            for (int j = i + 1; j < n; j++) {
                c += ai * (a[j] & M32) + (t[i + j] & M32);
                t[i + j] = (int) c;
                c >>>= 32;
            }
            t[i + n] = (int) c;
        }
        // doubled, plus the squares a_i^2 on the diagonal
        int top = 0;
        for (int i = 0; i < 2 * n; i++) {
            int v = t[i];
            t[i] = (v << 1) | top;
            top = v >>> 31;
        }
        long c = 0;
        for (int i = 0; i < n; i++) {
            long ai = a[i] & M32;
            long sq = ai * ai;
            c += (t[2 * i] & M32) + (sq & M32);
            t[2 * i] = (int) c;
            c >>>= 32;
            c += (t[2 * i + 1] & M32) + (sq >>> 32);
            t[2 * i + 1] = (int) c;
            c >>>= 32;
        }
    }

    /**
     * Montgomery reduction of the 2n-limb t (below m R) for any odd m: n steps each adding the
     * multiple q m 2^(32i) that clears limb i. The carry is always carried through the whole
     * upper part (no data-dependent stop), so the time depends only on n.
     */
    private void reduce2n(int[] t, int[] r) {
        final int n = this.n;
        final int[] m = this.m;
        t[2 * n] = 0;
        for (int i = 0; i < n; i++) {
            long q = (t[i] * m0inv) & M32;
            long c = 0;
            for (int j = 0; j < n; j++) {
                c += q * (m[j] & M32) + (t[i + j] & M32);
                t[i + j] = (int) c;
                c >>>= 32;
            }
            for (int k = i + n; k <= 2 * n; k++) {
                c += t[k] & M32;
                t[k] = (int) c;
                c >>>= 32;
            }
        }
        finalSubtract(t, n, r);
    }

    /** r = t mod m for t[off .. off+n] (n + 1 limbs) below 2m: one masked subtraction. */
    private void finalSubtract(int[] t, int off, int[] r) {
        long c = 0;
        for (int j = 0; j < n; j++) {
            c = (t[off + j] & M32) - (m[j] & M32) + c;
            r[j] = (int) c;
            c >>= 32;
        }
        int borrow = (int) -c;
        // t < m exactly when its top limb is 0 and the subtraction borrowed: then keep t.
        int keep = -(borrow & (t[off + n] ^ 1));
        for (int j = 0; j < n; j++) {
            r[j] ^= keep & (r[j] ^ t[off + j]);
        }
    }

    /** r = a + b mod m, for a, b below m. */
    public void add(int[] a, int[] b, int[] r) {
        final int n = this.n;
        long c = 0;
        for (int i = 0; i < n; i++) {
            c += (a[i] & M32) + (b[i] & M32);
            r[i] = (int) c;
            c >>>= 32;
        }
        int carry = (int) c;
        // Subtract m when the sum overflowed or is not below m: the borrow of sum - m is
        // computed first, then m is subtracted under a mask.
        long bc = 0;
        for (int i = 0; i < n; i++) {
            bc = (r[i] & M32) - (m[i] & M32) + bc;
            bc >>= 32;
        }
        int borrow = (int) -bc;
        long mask = (-(carry | (borrow ^ 1))) & M32;
        c = 0;
        for (int i = 0; i < n; i++) {
            c = (r[i] & M32) - (m[i] & mask) + c;
            r[i] = (int) c;
            c >>= 32;
        }
    }

    /** r = a - b mod m, for a, b below m. */
    public void sub(int[] a, int[] b, int[] r) {
        final int n = this.n;
        long c = 0;
        for (int i = 0; i < n; i++) {
            c = (a[i] & M32) - (b[i] & M32) + c;
            r[i] = (int) c;
            c >>= 32;
        }
        // On a borrow add m back, masked rather than branched.
        long mask = c & M32;
        c = 0;
        for (int i = 0; i < n; i++) {
            c += (r[i] & M32) + (m[i] & mask);
            r[i] = (int) c;
            c >>>= 32;
        }
    }

    /** r = aR mod m for a below m (enter Montgomery form). */
    public void toMont(int[] a, int[] r, int[] t) {
        mul(a, r2, r, t);
    }

    /** r = a R^-1 mod m (leave Montgomery form). */
    public void fromMont(int[] a, int[] r, int[] t) {
        int[] unit = new int[n];
        unit[0] = 1;
        mul(a, unit, r, t);
    }

    /**
     * r = x mod m for x of any length (limbs of x need not be below m): Horner's rule over
     * n-limb chunks from the top, in Montgomery form (each chunk c enters as c*R = mul(c, R^2),
     * which needs only c below R). Constant time in x and m.
     */
    public void reduce(int[] x, int[] r) {
        int[] t = scratch();
        int[] acc = new int[n];
        int[] chunk = new int[n];
        int chunks = (x.length + n - 1) / n;
        for (int k = chunks - 1; k >= 0; k--) {
            for (int i = 0; i < n; i++) {
                int idx = k * n + i;
                chunk[i] = idx < x.length ? x[idx] : 0;
            }
            mul(acc, r2, acc, t);
            mul(chunk, r2, chunk, t);
            add(acc, chunk, acc);
        }
        fromMont(acc, r, t);
    }

    /**
     * r = a^e in Montgomery form (a and r in Montgomery form), e big-endian of eLen bytes.
     * Fixed 4-bit windows: every window costs four squarings and one multiplication by a table
     * entry chosen by scanning the whole table with masks, so the time depends on eLen only.
     */
    public void pow(int[] a, byte[] e, int eOff, int eLen, int[] r) {
        int[] t = scratch();
        int size = 1 << WINDOW;
        int[][] table = new int[size][];
        table[0] = Mp.copy(one, n);
        table[1] = Mp.copy(a, n);
        for (int i = 2; i < size; i++) {
            table[i] = new int[n];
            mul(table[i - 1], a, table[i], t);
        }
        int[] acc = Mp.copy(one, n);
        int[] sel = new int[n];
        for (int i = 0; i < eLen * 2; i++) {
            int b = e[eOff + (i >>> 1)] & 0xFF;
            int digit = (i & 1) == 0 ? b >>> 4 : b & 15;
            for (int s = 0; s < WINDOW; s++) {
                sqr(acc, acc, t);
            }
            for (int j = 0; j < n; j++) {
                sel[j] = 0;
            }
            for (int k = 0; k < size; k++) {
                Mp.cmov(Mp.eqMask(k, digit), table[k], sel, n);
            }
            mul(acc, sel, acc, t);
        }
        for (int i = 0; i < n; i++) {
            r[i] = acc[i];
        }
        for (int k = 0; k < size; k++) {
            Mp.clear(table[k]);
        }
        Mp.clear(acc);
        Mp.clear(sel);
    }

    /**
     * r = a^-1 in Montgomery form, for a prime modulus (Fermat: a^(m-2)); a = 0 gives 0.
     * Constant time in a: the sequence of squarings and multiplications depends only on the
     * public exponent m - 2.
     */
    public void invPrime(int[] a, int[] r) {
        int[] e = Mp.copy(m, n);
        int[] two = new int[n];
        two[0] = 2;
        Mp.sub(e, two, e, n);
        powPublic(a, e, r);
    }

    /**
     * r = a^e in Montgomery form for a public exponent e (limbs): left-to-right sliding windows
     * of up to 5 bits over odd powers. Which operations run depends on e only, never on a, so a
     * may be secret; the table is indexed by exponent bits, not by anything derived from a.
     */
    void powPublic(int[] a, int[] e, int[] r) {
        int[] t = scratch();
        int[][] odd = new int[16][];
        odd[0] = Mp.copy(a, n);
        int[] a2 = new int[n];
        sqr(a, a2, t);
        for (int i = 1; i < 16; i++) {
            odd[i] = new int[n];
            mul(odd[i - 1], a2, odd[i], t);
        }
        int[] acc = Mp.copy(one, n);
        int i = Mp.bitLength(e) - 1;
        while (i >= 0) {
            if (Mp.bit(e, i) == 0) {
                sqr(acc, acc, t);
                i--;
                continue;
            }
            // the longest window e[i..j] of at most 5 bits that ends in a 1
            int j = i - 4 < 0 ? 0 : i - 4;
            while (Mp.bit(e, j) == 0) {
                j++;
            }
            int value = 0;
            for (int b = i; b >= j; b--) {
                sqr(acc, acc, t);
                value = (value << 1) | Mp.bit(e, b);
            }
            mul(acc, odd[value >>> 1], acc, t);
            i = j - 1;
        }
        System.arraycopy(acc, 0, r, 0, n);
        for (int k = 0; k < 16; k++) {
            Mp.clear(odd[k]);
        }
        Mp.clear(acc);
        Mp.clear(a2);
    }
}
