package ksecurity.math;

/**
 * A curve field for the scalar multiplications, in N signed 29-bit limbs (value = sum of
 * a[i] 2^(29 i)), Montgomery form with R = 2^(29 N), lazily reduced: an element is any
 * representative of its class below 2^(bits(p) + 1) in absolute value, with limbs within 29 bits
 * plus a little, so that every operation accepts the output of every other. Products add whole
 * 58-bit limb products per column and reduce by Montgomery steps that need no multiplication
 * (p = +-1 mod 2^29, its other terms powers of two); additions, subtractions and small multiples
 * are limb-wise with one carry pass and one fold of the bits above p's top bit. Nothing
 * branches on or indexes by the values. Only the conversions out (toMont, toInteger) reduce
 * fully, with masked subtractions. The subclasses (P256Lazy, ...) are written out by
 * ksecurity/gen/gen_lazy_fields.py; one shared, immutable instance per curve (EcCurve.lazy).
 */
abstract class LazyField {
    private static final long M32 = 0xFFFFFFFFL;
    /** Limbs of an element. */
    final int limbs;
    /** 32-bit limbs of Montgomery's form (R = 2^(32 words)). */
    final int words;
    /** 2^(58 N - 32 words) mod p: times x 2^(32 words) / R gives x R. */
    private final int[] toLazy;
    /** 2^(32 words) mod p: times x R / R gives x 2^(32 words). */
    private final int[] toMontFactor;
    /** 1: times x R / R gives x. */
    private final int[] toIntegerFactor;
    /** p in 32-bit limbs. */
    private final int[] p;
    /** p - 2, the exponent of the inversion. */
    private final int[] pMinus2;

    LazyField(int curve, int limbs, int words, int[] toLazy, int[] toMont) {
        this.limbs = limbs;
        this.words = words;
        this.toLazy = toLazy;
        this.toMontFactor = toMont;
        toIntegerFactor = new int[limbs];
        toIntegerFactor[0] = 1;
        byte[] pb = Curves.p(curve);
        p = new int[words];
        Mp.fromBytes(pb, 0, pb.length, p);
        pMinus2 = Mp.copy(p, words);
        int[] two = new int[words];
        two[0] = 2;
        Mp.sub(pMinus2, two, pMinus2, words);
    }

    /** r = a b / R mod p; r may alias a or b. */
    abstract void mul(int[] a, int[] b, int[] r);

    /** r = a^2 / R mod p; r may alias a. */
    abstract void sqr(int[] a, int[] r);

    /** r = a + b mod p; r may alias a or b. */
    abstract void add(int[] a, int[] b, int[] r);

    /** r = a - b mod p; r may alias a or b. */
    abstract void sub(int[] a, int[] b, int[] r);

    /** r = k a mod p for 0 <= k <= 8; r may alias a. */
    abstract void mulSmall(int[] a, int k, int[] r);

    /** r = ka a + kb b mod p for -8 <= ka, kb <= 8, in one pass; r may alias a or b. */
    abstract void combine(int[] a, int ka, int[] b, int kb, int[] r);

    int[] newElement() {
        return new int[limbs];
    }

    /** r = x in this form, for x (words limbs) in the Montgomery form of Montgomery, below p. */
    void fromMont(int[] x, int[] r) {
        int[] t = new int[limbs];
        long acc = 0;
        int bits = 0;
        int k = 0;
        for (int i = 0; i < limbs; i++) {
            if (bits < 29 && k < words) {
                acc |= (x[k++] & M32) << bits;
                bits += 32;
            }
            t[i] = (int) (acc & 0x1FFFFFFF);
            acc >>>= 29;
            bits -= 29;
        }
        mul(t, toLazy, r);
    }

    /** x (words limbs) = a in the Montgomery form of Montgomery, fully reduced below p. */
    void toMont(int[] a, int[] x) {
        reduce(a, toMontFactor, x);
    }

    /** x (words limbs) = the integer below p that a stands for. */
    void toInteger(int[] a, int[] x) {
        reduce(a, toIntegerFactor, x);
    }

    /**
     * x = a factor / R mod p, fully reduced below p, for a constant factor below p. The product
     * is in (-p, 2p); p is added and subtracted twice under masks (constant time).
     */
    private void reduce(int[] a, int[] factor, int[] x) {
        int[] t = new int[limbs];
        mul(a, factor, t);
        // into 32-bit limbs, the last one signed (limbs 0 .. N-2 of t are in [0, 2^29))
        int[] u = new int[words + 1];
        long acc = 0;
        int bits = 0;
        int k = 0;
        for (int i = 0; i < limbs; i++) {
            acc += (long) t[i] << bits;
            bits += 29;
            if (bits >= 32) {
                u[k++] = (int) acc;
                acc >>= 32;
                bits -= 32;
            }
        }
        u[words] = (int) acc;
        long c = 0;
        for (int i = 0; i < words; i++) {
            c += (u[i] & M32) + (p[i] & M32);
            u[i] = (int) c;
            c >>= 32;
        }
        u[words] += (int) c;
        int[] d = new int[words + 1];
        for (int round = 0; round < 2; round++) {
            c = 0;
            for (int i = 0; i < words; i++) {
                c += (u[i] & M32) - (p[i] & M32);
                d[i] = (int) c;
                c >>= 32;
            }
            d[words] = u[words] + (int) c;
            // keep u - p when it is not negative
            Mp.cmov(~(d[words] >> 31), d, u, words + 1);
        }
        System.arraycopy(u, 0, x, 0, words);
    }

    /**
     * r = a^(p-2) = a^-1 (0 for a = 0): fixed 4-bit windows over the public exponent p - 2,
     * so the operations depend on p only, never on a. P256Lazy has a shorter addition chain.
     */
    void invert(int[] a, int[] r) {
        int[][] pow = new int[16][];
        pow[1] = Mp.copy(a, limbs);
        for (int i = 2; i < 16; i++) {
            pow[i] = new int[limbs];
            mul(pow[i - 1], a, pow[i]);
        }
        int[] acc = null;
        for (int i = 32 * words - 4; i >= 0; i -= 4) {
            int digit = (pMinus2[i >>> 5] >>> (i & 31)) & 15;
            if (acc == null) {
                if (digit != 0) {
                    acc = Mp.copy(pow[digit], limbs);
                }
                continue;
            }
            sqrTimes(acc, 4, acc);
            if (digit != 0) {
                mul(acc, pow[digit], acc);
            }
        }
        System.arraycopy(acc, 0, r, 0, limbs);
    }

    /** r = a^(2^count), count >= 1; r may alias a. */
    void sqrTimes(int[] a, int count, int[] r) {
        sqr(a, r);
        for (int i = 1; i < count; i++) {
            sqr(r, r);
        }
    }
}
