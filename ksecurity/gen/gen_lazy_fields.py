"""Writes the lazily reduced curve fields of ksecurity.math (P256Lazy, P224Lazy, P192Lazy,
Secp160r1Lazy, subclasses of LazyField): elements in N signed 29-bit limbs, Montgomery form
with R = 2^(29 N), used by the scalar multiplications (LazyMultiply); and OrderInverse, the
same limbs with a general Montgomery reduction for inverting modulo the curve orders (ECDSA).

    python3 ksecurity/gen/gen_lazy_fields.py ksecurity/src/main/java/ksecurity/math

Why 29-bit limbs: a product of two limbs fits in 58 bits, so the N <= 9 products of a column
add up in one long without the low/high split that 32-bit limbs need; additions, subtractions
and small multiples are limb-wise with one carry pass and a fold of the bits above p's top bit,
never a comparison with p. Why R = 2^(29 N): each prime is +-1 modulo 2^29 and its other terms
are powers of two, so each Montgomery step takes q from the low 29 bits of a column (no
multiplication) and adds q p as a few shifted terms.

The generated files are committed; GeneratedSourcesTest runs this script and fails if they
differ from its output, LazyFieldTest checks the arithmetic against BigInteger and
JavaEcKernelTest the scalar multiplications against Bouncy Castle.
"""
import sys

M29 = (1 << 29) - 1
curves = {
    # class, curve id, 32-bit limbs of Montgomery's form (R = 2^(32 words)), terms (exponent,
    # sign) of p from the top, the form of p for comments
    "P256Lazy": ("SECP256R1", 8, [(256, 1), (224, -1), (192, 1), (96, 1), (0, -1)],
                 "2^256 - 2^224 + 2^192 + 2^96 - 1"),
    "P224Lazy": ("SECP224R1", 7, [(224, 1), (96, -1), (0, 1)], "2^224 - 2^96 + 1"),
    "P192Lazy": ("SECP192R1", 6, [(192, 1), (64, -1), (0, -1)], "2^192 - 2^64 - 1"),
    "Secp160r1Lazy": ("SECP160R1", 5, [(160, 1), (31, -1), (0, -1)], "2^160 - 2^31 - 1"),
}


def value(terms):
    return sum(s << e for e, s in terms)


def columns(n, square):
    cols = [[] for _ in range(2 * n - 1)]
    for i in range(n):
        for j in range(n):
            if square:
                if i < j:
                    cols[i + j].append(f"a{i} * d{j}")
                elif i == j:
                    cols[i + j].append(f"a{i} * a{i}")
            else:
                cols[i + j].append(f"a{i} * b{j}")
    return cols


def term(sign, col, shift, what):
    op = "+=" if sign > 0 else "-="
    sh = f" << {shift}" if shift else ""
    return f"        c{col} {op} {what}{sh};"


def mont_lines(n, terms, square):
    out = [f"        final long a{i} = a[{i}];" for i in range(n)]
    if square:
        out += [f"        final long d{j} = a{j} << 1;" for j in range(1, n)]
    else:
        out += [f"        final long b{i} = b[{i}];" for i in range(n)]
    for k, t in enumerate(columns(n, square)):
        out.append(f"        long c{k} = " + " + ".join(t) + ";")
    low_sign = dict((e, s) for e, s in terms)[0]
    for i in range(n):
        if low_sign < 0:
            # p = -1 mod 2^29: q = the low bits; adding -q clears them
            out.append(f"        final long q{i} = c{i} & M29;")
            out.append(f"        c{i + 1} += c{i} >> 29;")
        else:
            # p = 1 mod 2^29: q = minus the low bits; adding +q clears them
            out.append(f"        final long q{i} = -c{i} & M29;")
            out.append(f"        c{i + 1} += (c{i} + q{i}) >> 29;")
        for e, s in terms:
            if e:
                out.append(term(s, i + e // 29, e % 29, f"q{i}"))
    for j in range(n - 2):
        out.append(f"        c{n + j + 1} += c{n + j} >> 29;")
        out.append(f"        r[{j}] = (int) (c{n + j} & M29);")
    top = 2 * n - 2
    out.append(f"        r[{n - 2}] = (int) (c{top} & M29);")
    out.append(f"        r[{n - 1}] = (int) (c{top} >> 29);")
    return out


def settle_lines(n, terms):
    """One carry pass in parallel (each limb keeps its low 29 bits plus the carry out of the
    limb below, as it was before the pass: no chain of dependent carries, so the JIT can
    overlap the limbs; the limbs stay within 29 bits plus a few, as the products need), then
    the bits from p's top bit up (h) folded back as 2^top = p's other terms negated, which
    leaves those limbs a little outside 29 bits."""
    out = []
    for i in range(n - 1):
        out.append(f"        final long k{i} = l{i} >> 29;")
    out.append("        l0 &= M29;")
    for i in range(1, n - 1):
        out.append(f"        l{i} = (l{i} & M29) + k{i - 1};")
    out.append(f"        l{n - 1} += k{n - 2};")
    top = terms[0][0]
    sh = top - 29 * (n - 1)
    out.append(f"        final long h = l{n - 1} >> {sh};")
    out.append(f"        l{n - 1} &= 0x{(1 << sh) - 1:X}L;")
    for e, s in terms[1:]:
        op = "-=" if s > 0 else "+="
        shift = f" << {e % 29}" if e % 29 else ""
        out.append(f"        l{e // 29} {op} h{shift};")
    for i in range(n):
        out.append(f"        r[{i}] = (int) l{i};")
    return out


def limbs29(v, n):
    return [(v >> (29 * i)) & M29 for i in range(n)]


def arr(v):
    return "{" + ", ".join(f"0x{x:X}" for x in v) + "}"


def gen(cls):
    cid, n32, terms, form = curves[cls]
    p = value(terms)
    n = (terms[0][0] + 5 + 28) // 29
    assert 29 * n - terms[0][0] >= 5 and 29 * n - 32 * n32 < 32
    to_lazy = pow(2, 58 * n - 32 * n32, p)
    to_mont = pow(2, 32 * n32, p)
    body = f'''package ksecurity.math;

/**
 * The field of {cid.lower()}, p = {form}, for the scalar multiplications:
 * {n} signed 29-bit limbs, Montgomery form with R = 2^{29 * n}, lazily reduced (see LazyField).
 * Written out by ksecurity/gen/gen_lazy_fields.py from the terms of p.
 */
final class {cls} extends LazyField {{
    private static final long M29 = 0x1FFFFFFFL;

    {cls}() {{
        super(Curves.{cid}, {n}, {n32}, new int[] {arr(limbs29(to_lazy, n))},
                new int[] {arr(limbs29(to_mont, n))});
    }}

    void mul(int[] a, int[] b, int[] r) {{
''' + "\n".join(mont_lines(n, terms, False)) + '''
    }

    void sqr(int[] a, int[] r) {
''' + "\n".join(mont_lines(n, terms, True)) + '''
    }

    void add(int[] a, int[] b, int[] r) {
''' + "\n".join(f"        long l{i} = (long) a[{i}] + b[{i}];" for i in range(n)) + "\n" + "\n".join(settle_lines(n, terms)) + '''
    }

    void sub(int[] a, int[] b, int[] r) {
''' + "\n".join(f"        long l{i} = (long) a[{i}] - b[{i}];" for i in range(n)) + "\n" + "\n".join(settle_lines(n, terms)) + '''
    }

    void mulSmall(int[] a, int k, int[] r) {
''' + "\n".join(f"        long l{i} = (long) a[{i}] * k;" for i in range(n)) + "\n" + "\n".join(settle_lines(n, terms)) + '''
    }
    void combine(int[] a, int ka, int[] b, int kb, int[] r) {
''' + "\n".join(f"        long l{i} = (long) a[{i}] * ka + (long) b[{i}] * kb;" for i in range(n)) + "\n" + "\n".join(settle_lines(n, terms)) + '''
    }
'''
    if cls == "P256Lazy":
        body += P256_INVERT
    return body + "}\n"


P256_INVERT = '''
    /**
     * r = a^(p-2) by a fixed addition chain, 255 squarings and 12 products: with
     * x_k = a^(2^k - 1), p - 2 = ffffffff 00000001 0^96 ffffffff ffffffff fffffffd is x_32's
     * exponent, then 31 zeros and a one, 96 zeros, 64 ones, 30 ones, 0, 1.
     */
    void invert(int[] a, int[] r) {
        int[] x2 = new int[9];
        int[] x3 = new int[9];
        int[] x6 = new int[9];
        int[] x15 = new int[9];
        int[] x30 = new int[9];
        int[] x32 = new int[9];
        int[] t = new int[9];
        sqr(a, x2);
        mul(x2, a, x2);
        sqr(x2, x3);
        mul(x3, a, x3);
        sqrTimes(x3, 3, x6);
        mul(x6, x3, x6);
        sqrTimes(x6, 6, t);
        mul(t, x6, t); // x12
        sqrTimes(t, 3, x15);
        mul(x15, x3, x15);
        sqrTimes(x15, 15, x30);
        mul(x30, x15, x30);
        sqrTimes(x30, 2, x32);
        mul(x32, x2, x32);
        sqrTimes(x32, 32, t);
        mul(t, a, t);
        sqrTimes(t, 96 + 32, t);
        mul(t, x32, t);
        sqrTimes(t, 32, t);
        mul(t, x32, t);
        sqrTimes(t, 30, t);
        mul(t, x30, t);
        sqrTimes(t, 2, t);
        mul(t, a, r);
    }
'''

def dense_lines(square):
    n = 9
    out = [f"        final long a{i} = a[{i}];" for i in range(n)]
    if square:
        out += [f"        final long d{j} = a{j} << 1;" for j in range(1, n)]
    else:
        out += [f"        final long b{i} = b[{i}];" for i in range(n)]
    for k, t in enumerate(columns(n, square)):
        out.append(f"        long c{k} = " + " + ".join(t) + ";")
    for i in range(n):
        # q makes column i a multiple of 2^29: q = (low bits) (-n^-1) mod 2^29
        out.append(f"        final long q{i} = ((c{i} & M29) * n0) & M29;")
        out.append(f"        c{i + 1} += (c{i} + q{i} * m0) >>> 29;")
        for j in range(1, n):
            out.append(f"        c{i + j} += q{i} * m{j};")
    for j in range(n - 2):
        out.append(f"        c{n + j + 1} += c{n + j} >>> 29;")
        out.append(f"        r[{j}] = (int) (c{n + j} & M29);")
    out.append(f"        r[7] = (int) (c16 & M29);")
    out.append(f"        r[8] = (int) (c16 >>> 29);")
    return out


def gen_order():
    return ORDER_HEAD + "\n".join(dense_lines(False)) + """
    }

    /** r = a^2 / 2^261 mod n (below 2n, not fully reduced); r may alias a. */
    private void sqr(int[] a, int[] r) {
""" + "\n".join(dense_lines(True)) + """
    }
}
"""


ORDER_HEAD = '''package ksecurity.math;

/**
 * Inversion modulo a curve order n (prime, below 2^256), a^-1 = a^(n-2), for ECDSA: nine 29-bit
 * limbs and Montgomery products with R = 2^261, where each 58-bit limb product adds into a long
 * column without the low/high split of 32-bit limbs, and no product is fully reduced (inputs
 * below 2^257 give outputs below 2n). The exponent is public and fixed; the operations do not
 * depend on a. Written out by ksecurity/gen/gen_lazy_fields.py.
 */
final class OrderInverse {
    private static final int N = 9;
    private static final long M29 = 0x1FFFFFFFL;
    private final long m0;
    private final long m1;
    private final long m2;
    private final long m3;
    private final long m4;
    private final long m5;
    private final long m6;
    private final long m7;
    private final long m8;
    /** -n^-1 mod 2^29. */
    private final long n0;
    /** n in 32-bit limbs. */
    private final int[] n32;
    /** n - 2, the exponent. */
    private final int[] e;

    /** For the order n given in 32-bit limbs (n odd, below 2^256). */
    OrderInverse(int[] n) {
        n32 = Mp.copy(n, n.length);
        int[] m = new int[N];
        split(n, m);
        m0 = m[0];
        m1 = m[1];
        m2 = m[2];
        m3 = m[3];
        m4 = m[4];
        m5 = m[5];
        m6 = m[6];
        m7 = m[7];
        m8 = m[8];
        // Newton's iteration doubles the correct low bits of n^-1 each step: 5 steps give 32.
        int x = n[0];
        for (int i = 0; i < 5; i++) {
            x *= 2 - n[0] * x;
        }
        n0 = -x & M29;
        e = Mp.copy(n, n.length);
        int[] two = new int[n.length];
        two[0] = 2;
        Mp.sub(e, two, e, n.length);
    }

    /** Nine 29-bit limbs of the non-negative x (32-bit limbs, below 2^261). */
    private static void split(int[] x, int[] r) {
        long acc = 0;
        int bits = 0;
        int k = 0;
        for (int i = 0; i < N; i++) {
            if (bits < 29 && k < x.length) {
                acc |= (x[k++] & 0xFFFFFFFFL) << bits;
                bits += 32;
            }
            r[i] = (int) (acc & M29);
            acc >>>= 29;
            bits -= 29;
        }
    }

    /**
     * a^-1 mod n for a below n (32-bit limbs, as many as n has); 0 gives 0. Taking a's limbs as a
     * Montgomery residue stands for a / R; raised to n - 2 that is a^-1 R (R^(n-1) = 1), held
     * as a^-1 R^2, so two products by 1 leave a^-1. Fixed 4-bit windows over the public
     * exponent: the operations depend on n only.
     */
    int[] inverse(int[] a) {
        int[][] pow = new int[16][];
        pow[1] = new int[N];
        split(a, pow[1]);
        for (int i = 2; i < 16; i++) {
            pow[i] = new int[N];
            mul(pow[i - 1], pow[1], pow[i]);
        }
        int[] acc = null;
        for (int i = 32 * e.length - 4; i >= 0; i -= 4) {
            int digit = (e[i >>> 5] >>> (i & 31)) & 15;
            if (acc == null) {
                if (digit != 0) {
                    acc = Mp.copy(pow[digit], N);
                }
                continue;
            }
            for (int s = 0; s < 4; s++) {
                sqr(acc, acc);
            }
            if (digit != 0) {
                mul(acc, pow[digit], acc);
            }
        }
        int[] one = new int[N];
        one[0] = 1;
        mul(acc, one, acc);
        mul(acc, one, acc);
        // acc is now in [0, n]: into 32-bit limbs, n subtracted under a mask when not below n
        int w = n32.length;
        int[] r = new int[w + 1];
        long c = 0;
        int bits = 0;
        int k = 0;
        for (int i = 0; i < N; i++) {
            c |= (long) acc[i] << bits;
            bits += 29;
            if (bits >= 32) {
                if (k <= w) {
                    r[k] = (int) c;
                }
                k++;
                c >>>= 32;
                bits -= 32;
            }
        }
        if (k <= w) {
            r[k] = (int) c;
        }
        int[] d = new int[w];
        long b = 0;
        for (int i = 0; i < w; i++) {
            b += (r[i] & 0xFFFFFFFFL) - (n32[i] & 0xFFFFFFFFL);
            d[i] = (int) b;
            b >>= 32;
        }
        int keep = (int) (b + r[w]) >> 31;   // -1 when acc - n is negative
        int[] out = new int[w];
        Mp.select(keep, r, d, out, w);
        for (int i = 0; i < 16; i++) {
            if (pow[i] != null) {
                Mp.clear(pow[i]);
            }
        }
        Mp.clear(acc);
        return out;
    }

    /** r = a b / 2^261 mod n (below 2n, not fully reduced); r may alias a or b. */
    private void mul(int[] a, int[] b, int[] r) {
'''

for cls in curves:
    open(f"{sys.argv[1]}/{cls}.java", "w").write(gen(cls))
open(f"{sys.argv[1]}/OrderInverse.java", "w").write(gen_order())
