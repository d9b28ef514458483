"""Writes the straight-line classes of ksecurity.math: the curve fields (P256Field, P224Field,
P192Field, Secp160r1Field) from the limb pattern of each prime (Montgomery multiplication and
squaring with column sums in separate low/high accumulators and a reduction by the signed limb
terms of q_j * p; addition and subtraction with masked corrections), and DenseMontgomery, the
product-scanning Montgomery multiplication for any odd modulus of 6, 7 or 8 limbs (the curve
orders).

    python3 gen_fields.py ksecurity/src/main/java/ksecurity/math

Not a test: kept beside the tests of the package it writes to (JavaEcKernelTest and CurvesTest
check its output against Bouncy Castle).
"""
import sys
M = "0xFFFFFFFFL"
curves = {
  # name, class, n, curve id const, p hex
  "P256": ("P256Field", 8, "SECP256R1", "FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF",
           "2^256 - 2^224 + 2^192 + 2^96 - 1"),
  "P224": ("P224Field", 7, "SECP224R1", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF000000000000000000000001", "2^224 - 2^96 + 1"),
  "P192": ("P192Field", 6, "SECP192R1", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFF", "2^192 - 2^64 - 1"),
  "P160": ("Secp160r1Field", 5, "SECP160R1", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF7FFFFFFF", "2^160 - 2^31 - 1"),
}

def limbs(hexs, n):
    v = int(hexs, 16)
    return [(v >> (32*i)) & 0xFFFFFFFF for i in range(n)]

def inv32(x):
    return pow(x, -1, 1 << 32)

def product_lines(n, square):
    out = []
    for i in range(n):
        out.append(f"        final long a{i} = a[{i}] & M;")
        if not square:
            out.append(f"        final long b{i} = b[{i}] & M;")
    out.append("        long lo;")
    out.append("        long hi;")
    out.append("        long c = 0;")
    out.append("        long p;")
    for k in range(2*n - 1):
        if square:
            # cross products a_i a_j (i < j) once, the column doubled, then the square a_i^2
            pairs = [(i, k - i) for i in range(n) if 0 <= k - i < n and i < k - i]
            out.append("        lo = 0;")
            out.append("        hi = 0;")
            for (i, j) in pairs:
                out.append(f"        p = a{i} * a{j};")
                out.append(f"        lo += p & M;")
                out.append(f"        hi += p >>> 32;")
            if pairs:
                out.append("        lo = (lo << 1) + c;")
                out.append("        hi <<= 1;")
            else:
                out.append("        lo = c;")
            if k % 2 == 0:
                i = k // 2
                out.append(f"        p = a{i} * a{i};")
                out.append(f"        lo += p & M;")
                out.append(f"        hi += p >>> 32;")
        else:
            out.append(f"        lo = c;")
            out.append(f"        hi = 0;")
            for i in range(n):
                j = k - i
                if j < 0 or j >= n:
                    continue
                out.append(f"        p = a{i} * b{j};")
                out.append(f"        lo += p & M;")
                out.append(f"        hi += p >>> 32;")
        out.append(f"        long z{k} = lo & M;")
        out.append(f"        c = (lo >>> 32) + hi;")
    out.append(f"        long z{2*n-1} = c;")
    return out

def reduce_lines(key, n, plimbs):
    out = []
    out.append("        long col;")
    out.append("        c = 0;")
    for j in range(2*n):
        terms = [f"z{j}", "c"]
        if key == "P256":
            if 3 <= j <= 10: terms.append(f"q{j-3}")
            if 6 <= j <= 13: terms.append(f"q{j-6}")
            if 7 <= j <= 14: terms.append(f"-q{j-7}")
            if 8 <= j <= 15: terms.append(f"q{j-8}")
        elif key == "P224":
            if 3 <= j <= 9: terms.append(f"-q{j-3}")
            if 7 <= j <= 13: terms.append(f"q{j-7}")
        elif key == "P192":
            if 2 <= j <= 7: terms.append(f"-q{j-2}")
            if 6 <= j <= 11: terms.append(f"q{j-6}")
        else:
            if 1 <= j <= 5: terms.append(f"-(q{j-1} >>> 1)")
            if 5 <= j <= 9: terms.append(f"q{j-5}")
        expr = terms[0]
        for t in terms[1:]:
            expr += (" - " + t[1:]) if t.startswith("-") else (" + " + t)
        out.append(f"        col = {expr};")
        if j < n:
            if key in ("P256", "P192"):
                out.append(f"        final long q{j} = col & M;")
                out.append(f"        col -= q{j};")
            elif key == "P224":
                out.append(f"        final long q{j} = -col & M;")
                out.append(f"        col += q{j};")
            else:
                out.append(f"        final long q{j} = ((int) col * N0) & M;")
                out.append(f"        col -= q{j} + ((q{j} & 1) << 31);")
        else:
            out.append(f"        final long r{j-n} = col & M;")
        out.append(f"        c = col >> 32;")
    # final subtraction: d = r - p; keep r if top == 0 and borrow
    out.append("        long d;")
    out.append("        long bw = 0;")
    for i in range(n):
        out.append(f"        d = r{i} - 0x{plimbs[i]:08X}L + bw;")
        out.append(f"        final long d{i} = d & M;")
        out.append(f"        bw = d >> 32;")
    out.append("        // keep the unreduced value when it is below p: no carry out and the subtraction borrowed")
    out.append("        final long keep = -((-bw) & (c ^ 1));")
    for i in range(n):
        out.append(f"        r[{i}] = (int) (d{i} ^ (keep & (d{i} ^ r{i})));")
    return out

def gen(key):
    cls, n, cid, phex, pform = curves[key]
    pl = limbs(phex, n)
    lines = []
    lines.append("package ksecurity.math;")
    lines.append("")
    lines.append("/**")
    lines.append(f" * Montgomery multiplication and squaring, addition and subtraction modulo the {Curves_name(key)}")
    lines.append(f" * prime p = {pform},")
    lines.append(f" * R = 2^{32*n}, as straight-line code: the {n} limbs of each operand sit in local variables, the")
    lines.append(" * product is summed column by column (low and high halves of each 64-bit partial product in")
    lines.append(" * separate accumulators, so no column overflows), and the reduction adds each multiple q_j of p")
    lines.append(" * as its few signed limb terms, with no multiplication. No branch and no memory index depends")
    lines.append(" * on the values; the final subtraction of p is masked. Same results as Montgomery.mul.")
    lines.append(" * (Written out by a small script from the limb pattern of p.)")
    lines.append(" */")
    lines.append(f"final class {cls} {{")
    lines.append("    private static final long M = 0xFFFFFFFFL;")
    if key == "P160":
        lines.append(f"    /** -p^-1 mod 2^32. */")
        lines.append(f"    private static final int N0 = 0x{((-inv32(pl[0])) % (1<<32)):08X};")
    lines.append("")
    lines.append(f"    private {cls}() {{")
    lines.append("    }")
    lines.append("")
    lines.append("    /** r = a b R^-1 mod p for a, b below p; r may alias a or b. */")
    lines.append("    static void mul(int[] a, int[] b, int[] r) {")
    lines += product_lines(n, False)
    lines += reduce_lines(key, n, pl)
    lines.append("    }")
    lines.append("")
    lines.append("    /** r = a^2 R^-1 mod p for a below p; r may alias a. */")
    lines.append("    static void sqr(int[] a, int[] r) {")
    lines += product_lines(n, True)
    lines += reduce_lines(key, n, pl)
    lines.append("    }")
    lines.append("")
    lines.append("    /** r = a + b mod p for a, b below p; r may alias a or b. */")
    lines.append("    static void add(int[] a, int[] b, int[] r) {")
    lines.append("        long c = 0;")
    for i in range(n):
        lines.append(f"        c += (a[{i}] & M) + (b[{i}] & M);")
        lines.append(f"        final long s{i} = c & M;")
        lines.append(f"        c >>>= 32;")
    lines.append("        long d;")
    lines.append("        long bw = 0;")
    for i in range(n):
        lines.append(f"        d = s{i} - 0x{pl[i]:08X}L + bw;")
        lines.append(f"        final long d{i} = d & M;")
        lines.append(f"        bw = d >> 32;")
    lines.append("        // keep the sum when it is below p: no carry out and the subtraction borrowed")
    lines.append("        final long keep = -((-bw) & (c ^ 1));")
    for i in range(n):
        lines.append(f"        r[{i}] = (int) (d{i} ^ (keep & (d{i} ^ s{i})));")
    lines.append("    }")
    lines.append("")
    lines.append("    /** r = a - b mod p for a, b below p; r may alias a or b. */")
    lines.append("    static void sub(int[] a, int[] b, int[] r) {")
    lines.append("        long d;")
    lines.append("        long bw = 0;")
    for i in range(n):
        lines.append(f"        d = (a[{i}] & M) - (b[{i}] & M) + bw;")
        lines.append(f"        final long d{i} = d & M;")
        lines.append(f"        bw = d >> 32;")
    lines.append("        // on a borrow add p back, under a mask")
    lines.append("        final long mask = bw & M;")
    lines.append("        long c = 0;")
    for i in range(n):
        lines.append(f"        c += d{i} + (0x{pl[i]:08X}L & mask);")
        lines.append(f"        r[{i}] = (int) c;")
        lines.append(f"        c >>>= 32;")
    lines.append("    }")
    lines.append("}")
    return "\n".join(lines) + "\n"

def Curves_name(key):
    return {"P256": "secp256r1 (P-256)", "P224": "secp224r1 (P-224)", "P192": "secp192r1 (P-192)", "P160": "secp160r1"}[key]

def dense(n):
    out = []
    out.append(f"    /** r = a b R^-1 mod m for {n}-limb a, b below m; r may alias a or b. */")
    out.append(f"    static void mul{n}(int[] a, int[] b, int[] m, int m0inv, int[] r) {{")
    for i in range(n):
        out.append(f"        final long a{i} = a[{i}] & M;")
        out.append(f"        final long b{i} = b[{i}] & M;")
        out.append(f"        final long m{i} = m[{i}] & M;")
    out.append("        long lo;")
    out.append("        long hi;")
    out.append("        long c = 0;")
    out.append("        long p;")
    for j in range(2 * n):
        out.append("        lo = c;")
        out.append("        hi = 0;")
        for i in range(n):
            k = j - i
            if 0 <= k < n:
                out.append(f"        p = a{i} * b{k};")
                out.append("        lo += p & M;")
                out.append("        hi += p >>> 32;")
        for i in range(n):
            k = j - i
            if i < j and 0 < k < n:
                out.append(f"        p = q{i} * m{k};")
                out.append("        lo += p & M;")
                out.append("        hi += p >>> 32;")
        if j < n:
            out.append(f"        final long q{j} = ((int) lo * m0inv) & M;")
            out.append(f"        p = q{j} * m0;")
            out.append("        lo += p & M;")
            out.append("        hi += p >>> 32;")
        else:
            out.append(f"        final long r{j - n} = lo & M;")
        out.append("        c = (lo >>> 32) + hi;")
    out.append("        long d;")
    out.append("        long bw = 0;")
    for i in range(n):
        out.append(f"        d = r{i} - m{i} + bw;")
        out.append(f"        final long d{i} = d & M;")
        out.append("        bw = d >> 32;")
    out.append("        // keep the unreduced value when it is below m: no carry out and the subtraction borrowed")
    out.append("        final long keep = -((-bw) & (c ^ 1));")
    for i in range(n):
        out.append(f"        r[{i}] = (int) (d{i} ^ (keep & (d{i} ^ r{i})));")
    out.append("    }")
    return out

def gen_dense():
    lines = ["package ksecurity.math;", "", "/**",
             " * Montgomery multiplication for any odd modulus of 6, 7 or 8 limbs (the orders n of the four",
             " * curves), as straight-line product scanning: column j sums a_i b_k and the reduction terms",
             " * q_i m_k (low and high halves of each partial product in separate accumulators), and for",
             " * j < n picks q_j = column * m0inv so that the column vanishes. No branch and no memory index",
             " * depends on the values; the final subtraction of m is masked. Same results as",
             " * Montgomery.mul. (Written out by a small script.)", " */",
             "final class DenseMontgomery {", "    private static final long M = 0xFFFFFFFFL;", "",
             "    private DenseMontgomery() {", "    }"]
    for n in (6, 7, 8):
        lines.append("")
        lines += dense(n)
    lines.append("}")
    return "\n".join(lines) + "\n"

outdir = sys.argv[1]
open(f"{outdir}/DenseMontgomery.java", "w").write(gen_dense())
for key in curves:
    open(f"{outdir}/{curves[key][0]}.java", "w").write(gen(key))
