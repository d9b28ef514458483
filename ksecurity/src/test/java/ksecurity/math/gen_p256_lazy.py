"""Writes P256Lazy, the P-256 field in nine signed 29-bit limbs (Montgomery form, R = 2^261)
with lazy reduction, used by the variable-base scalar multiplication (P256Multiply).

    python3 gen_p256_lazy.py ksecurity/src/main/java/ksecurity/math

Why 29-bit limbs: a product of two limbs fits in 58 bits, so the nine products of a column add
up in one long without the low/high split that 32-bit limbs need; additions and subtractions
are limb-wise with one carry pass and a fold of the bits above 2^256, never a comparison with p.
Why R = 2^261: p = 2^256 - 2^224 + 2^192 + 2^96 - 1 is -1 modulo 2^29, so each Montgomery step
takes q = the low 29 bits of the column and adds q p as four shifted terms (the -q cancels the
low bits), with no multiplication.

Not a test: kept beside the tests of the package it writes to (P256LazyTest checks the output
against BigInteger, JavaEcKernelTest the scalar multiplication against Bouncy Castle).
"""
import sys

N = 9

def load(names, src, square):
    out = []
    for i in range(N):
        out.append(f"        final long {names}{i} = {src}[{i}];")
    return out

def columns(square):
    cols = [[] for _ in range(2 * N - 1)]
    for i in range(N):
        for j in range(N):
            if square:
                if i < j:
                    cols[i + j].append(f"a{i} * d{j}")
                elif i == j:
                    cols[i + j].append(f"a{i} * a{i}")
            else:
                cols[i + j].append(f"a{i} * b{j}")
    return cols

def mont_lines(square):
    out = load("a", "a", square)
    if square:
        for j in range(1, N):
            out.append(f"        final long d{j} = a{j} << 1;")
    else:
        out += load("b", "b", square)
    cols = columns(square)
    for k, terms in enumerate(cols):
        out.append(f"        long c{k} = " + " + ".join(terms) + ";")
    # Montgomery steps: q = low 29 bits of column i; add q p = q (2^256 - 2^224 + 2^192 + 2^96 - 1)
    # at position 29 i: the -q clears the low bits, the other terms land in columns i+3, i+6,
    # i+7, i+8 (96 = 3*29 + 9, 192 = 6*29 + 18, 224 = 7*29 + 21, 256 = 8*29 + 24).
    for i in range(N):
        out.append(f"        final long q{i} = c{i} & M29;")
        out.append(f"        c{i + 1} += c{i} >> 29;")
        out.append(f"        c{i + 3} += q{i} << 9;")
        out.append(f"        c{i + 6} += q{i} << 18;")
        out.append(f"        c{i + 7} -= q{i} << 21;")
        out.append(f"        c{i + 8} += q{i} << 24;")
    # the result is columns 9..16 divided by 2^261: one carry pass
    for j in range(N - 2):
        out.append(f"        c{N + j + 1} += c{N + j} >> 29;")
        out.append(f"        r[{j}] = (int) (c{N + j} & M29);")
    out.append(f"        r[7] = (int) (c16 & M29);")
    out.append(f"        r[8] = (int) (c16 >> 29);")
    return out

def settle_lines():
    """Carry pass over l0..l8, then the bits from 2^256 up (h) folded back as
    h (2^224 - 2^192 - 2^96 + 1), which leaves limbs 0, 3, 6, 7 a little outside 29 bits."""
    out = []
    for i in range(N - 1):
        out.append(f"        l{i + 1} += l{i} >> 29;")
        out.append(f"        l{i} &= M29;")
    out.append("        final long h = l8 >> 24;")
    out.append("        r[8] = (int) (l8 & 0xFFFFFF);")
    out.append("        r[7] = (int) (l7 + (h << 21));")
    out.append("        r[6] = (int) (l6 - (h << 18));")
    out.append("        r[5] = (int) l5;")
    out.append("        r[4] = (int) l4;")
    out.append("        r[3] = (int) (l3 - (h << 9));")
    out.append("        r[2] = (int) l2;")
    out.append("        r[1] = (int) l1;")
    out.append("        r[0] = (int) (l0 + h);")
    return out

def limbwise(expr):
    return [f"        long l{i} = {expr.format(i=i)};" for i in range(N)]

def gen():
    body = []
    body.append("    /** r = a b / 2^261 mod p (not fully reduced); r may alias a or b. */")
    body.append("    static void mul(int[] a, int[] b, int[] r) {")
    body += mont_lines(False)
    body.append("    }")
    body.append("")
    body.append("    /** r = a^2 / 2^261 mod p (not fully reduced); r may alias a. */")
    body.append("    static void sqr(int[] a, int[] r) {")
    body += mont_lines(True)
    body.append("    }")
    body.append("")
    body.append("    /** r = a + b mod p (not fully reduced); r may alias a or b. */")
    body.append("    static void add(int[] a, int[] b, int[] r) {")
    body += limbwise("(long) a[{i}] + b[{i}]")
    body += settle_lines()
    body.append("    }")
    body.append("")
    body.append("    /** r = a - b mod p (not fully reduced); r may alias a or b. */")
    body.append("    static void sub(int[] a, int[] b, int[] r) {")
    body += limbwise("(long) a[{i}] - b[{i}]")
    body += settle_lines()
    body.append("    }")
    body.append("")
    body.append("    /** r = k a mod p (not fully reduced) for 0 <= k <= 8; r may alias a. */")
    body.append("    static void mulSmall(int[] a, int k, int[] r) {")
    body += limbwise("(long) a[{i}] * k")
    body += settle_lines()
    body.append("    }")
    return "\n".join(body)

HEADER = '''package ksecurity.math;

/**
 * The P-256 field for the variable-base scalar multiplication, in nine signed 29-bit limbs
 * (value = sum of a[i] 2^(29 i)), Montgomery form with R = 2^261, lazily reduced: an element is
 * any representative of its class with |value| < 2^257 and limbs within 29 bits plus a little
 * (|a[i]| < 2^30), so that every operation below accepts the output of every other. Products
 * sum whole 58-bit limb products per column; each Montgomery step adds q p for q = the low 29
 * bits of a column (p = -1 mod 2^29) as four shifted terms; additions, subtractions and small
 * multiples are limb-wise with one carry pass and one fold of the bits above 2^256
 * (2^256 = 2^224 - 2^192 - 2^96 + 1 mod p). Nothing branches on or indexes by the values.
 * Only the conversions to and from P256Field's form (R = 2^256, below p) reduce fully.
 * Written out by gen_p256_lazy.py.
 */
final class P256Lazy {
    /** Limb count. */
    static final int LIMBS = 9;
    private static final long M29 = 0x1FFFFFFFL;
    /** 2^266 mod p (as 2^234 - 2^202 - 2^106 + 2^10): times x 2^256 / 2^261 gives x 2^261. */
    private static final int[] TO_LAZY = {1 << 10, 0, 0, -(1 << 19), 0, 0, -(1 << 28), 0, 1 << 2};
    /** 2^256 mod p (as 2^224 - 2^192 - 2^96 + 1): times x 2^261 / 2^261 gives x 2^256. */
    private static final int[] TO_MONT = {1, 0, 0, -(1 << 9), 0, 0, -(1 << 18), 1 << 21, 0};
    /** 1: times x 2^261 / 2^261 gives x. */
    private static final int[] TO_INTEGER = {1, 0, 0, 0, 0, 0, 0, 0, 0};
    /** p in 32-bit limbs. */
    private static final int[] P = {-1, -1, -1, 0, 0, 0, 1, -1};

    private P256Lazy() {
    }

    /** r (9 limbs) = x in this form, for x (8 limbs) in P256Field's Montgomery form, below p. */
    static void fromMont(int[] x, int[] r) {
        int[] t = new int[LIMBS];
        long acc = 0;
        int bits = 0;
        int k = 0;
        for (int i = 0; i < LIMBS; i++) {
            if (bits < 29 && k < 8) {
                acc |= (x[k++] & 0xFFFFFFFFL) << bits;
                bits += 32;
            }
            t[i] = (int) (acc & M29);
            acc >>>= 29;
            bits -= 29;
        }
        mul(t, TO_LAZY, r);
    }

    /** x (8 limbs) = a in P256Field's Montgomery form, fully reduced below p. */
    static void toMont(int[] a, int[] x) {
        reduce(a, TO_MONT, x);
    }

    /** x (8 limbs) = the integer below p that a stands for (out of Montgomery form). */
    static void toInteger(int[] a, int[] x) {
        reduce(a, TO_INTEGER, x);
    }

    /**
     * x (8 limbs) = a factor / 2^261 mod p, fully reduced below p, for a constant |factor| < 2^256.
     * Constant time: the two final subtractions of p are masked.
     */
    private static void reduce(int[] a, int[] factor, int[] x) {
        int[] t = new int[LIMBS];
        mul(a, factor, t);
        // t: limbs 0..7 in [0, 2^29), limb 8 signed; value in (-p, 2p). Into 32-bit limbs
        // (the ninth signed), plus p: then in (0, 3p).
        int[] u = new int[LIMBS];
        long acc = 0;
        int bits = 0;
        int k = 0;
        for (int i = 0; i < LIMBS; i++) {
            acc += (long) t[i] << bits;
            bits += 29;
            if (bits >= 32) {
                u[k++] = (int) acc;
                acc >>= 32;
                bits -= 32;
            }
        }
        u[8] = (int) acc;
        long c = 0;
        for (int i = 0; i < 8; i++) {
            c += (u[i] & 0xFFFFFFFFL) + (P[i] & 0xFFFFFFFFL);
            u[i] = (int) c;
            c >>= 32;
        }
        u[8] += (int) c;
        int[] d = new int[LIMBS];
        for (int round = 0; round < 2; round++) {
            c = 0;
            for (int i = 0; i < 8; i++) {
                c += (u[i] & 0xFFFFFFFFL) - (P[i] & 0xFFFFFFFFL);
                d[i] = (int) c;
                c >>= 32;
            }
            d[8] = u[8] + (int) c;
            // keep u - p when it is not negative
            Mp.cmov(~(d[8] >> 31), d, u, LIMBS);
        }
        System.arraycopy(u, 0, x, 0, 8);
    }

'''

out = HEADER + gen() + "\n}\n"
open(f"{sys.argv[1]}/P256Lazy.java", "w").write(out)
