#!/usr/bin/env python3
"""Writes the AVR assembly of the field arithmetic (ATmega128, avr-gcc ABI) to stdout.

    gen_avr_fp.py > ks_fp_avr.S
    gen_avr_fp.py --check ks_fp_avr.S     (a test: straight-line code only)

The multi-precision product is the hybrid method of Gura et al. (CHES 2004): the multiplier
is taken in rows of up to 10 bytes held in registers; each row is multiplied by the whole
multiplicand column by column (product scanning) with a three-byte accumulator, and the
multiplicand bytes a column needs stay in a sliding window of 10 more registers, so every
byte product costs MUL + ADD + ADC + ADC (5 cycles) and each multiplicand byte is loaded
once per row. A square computes each cross product a_i a_j (i < j) once in the same way,
then doubles the sum and adds the squares a_i^2 in one pass. secp160r1's 20-byte product
takes one level of subtractive Karatsuba instead: its 10-byte halves fit in registers, so
the three half products cost 300 MULs instead of 400 and the middle term feeds the reduction
straight from registers; its square holds all 20 bytes of the operand in registers and adds each
cross product once, the doubling in the operand (a_i a_j by byte i of 2a), in one pass of
product scanning, its high half left in registers for the reduction. Everything is straight-line
code: no branch, no address and no instruction depends on the data (constant time; simavr's
exact cycle counts check it).

Functions (all operands little-endian byte strings, which is also the memory layout of the
kernels' 8-, 16- and 32-bit limbs on the AVR):
    ks_avr_mulN(r, a, b)   r[0..2N) = a * b, N bytes each (r must not alias a or b), N = 24, 28
    ks_avr_sqrN(r, a)      r[0..2N) = a^2
    ks_fp_mul_NAME(r, a, b), ks_fp_sqr_NAME(r, a)
                           the product followed by the reduction, in one function, for
                           secp160r1 (p = 2^160 - 2^31 - 1: 2^160 = 2^31 + 1 mod p, SEC 2;
                           the product by one level of Karatsuba) and P-256 (FIPS 186-4
                           D.2.3); r may alias
    ks_fp_add_NAME(r, a, b), ks_fp_sub_NAME(r, a, b)
                           r = a +- b mod p on reduced elements (secp160r1, P-256); r may alias
    ks_fp_half_NAME(r, a)  r = a / 2 mod p on a reduced element (secp160r1, P-256); r may alias
"""
import sys

# The fields the kernels' mote builds carry, as (name, bytes, p).
FIELDS = [
    ("secp160r1", 20, 2**160 - 2**31 - 1),
    ("secp256r1", 32, 2**256 - 2**224 + 2**192 + 2**96 - 1),
]
# Stand-alone products, for the fields whose reduction stays in C (ks_fp_avr.h): P-192, P-224.
PRODUCT_SIZES = (24, 28)
ROW_MAX = 10  # multiplier bytes per row: 10 + a 10-byte window + accumulator + zero = 24 regs


class Asm:
    def __init__(self):
        self.lines = []

    def __call__(self, op, *args):
        self.lines.append("\t%s\t%s" % (op, ", ".join(str(a) for a in args)) if args else "\t" + op)

    def label(self, name):
        self.lines.append("%s:" % name)

    def comment(self, text):
        self.lines.append("\t; " + text)

    def function(self, name):
        self.lines += ["", "\t.section .text.%s,\"ax\",@progbits" % name, "\t.global %s" % name,
                       "\t.type %s, @function" % name]
        self.label(name)

    def end(self, name):
        self.lines.append("\t.size %s, .-%s" % (name, name))


def reg(n):
    return "r%d" % n


def rows_of(n):
    """Balanced row sizes (each <= ROW_MAX) covering n bytes."""
    count = -(-n // ROW_MAX)
    sizes = [n // count + (1 if i < n % count else 0) for i in range(count)]
    out, s = [], 0
    for d in sizes:
        out.append((s, d))
        s += d
    return out


# Callee-saved registers of the avr-gcc ABI that the functions below use.
SAVED = [reg(i) for i in range(2, 18)] + ["r28", "r29"]


def prologue(asm, extra=()):
    for r in SAVED:
        asm("push", r)
    for r in extra:
        asm("push", r)


def epilogue(asm, extra=()):
    asm("clr", "r1")  # the ABI's zero register (MUL wrote it)
    for r in reversed(extra):
        asm("pop", r)
    for r in reversed(SAVED):
        asm("pop", r)
    asm("ret")


ZERO = "r2"
ACC0 = ["r3", "r4", "r5"]
BANK = [reg(i) for i in range(6, 26)]  # 20 registers: the row of a and the window of b


def product_rows(asm, n, square):
    """The product (square: the cross products only) into Y[0..2n) (square: [1..2n)); the
    multiplier a is read through X (post-increment), the multiplicand through Z (displacement),
    Y is the output. Clobbers r0-r25."""
    rows = rows_of(n)
    dmax = max(d for _, d in rows)
    A = BANK[:dmax]
    W = BANK[dmax:2 * dmax]
    asm("clr", ZERO)
    for row, (s, d) in enumerate(rows):
        asm.comment("row %d: a[%d..%d) in registers" % (row, s, s + d))
        for i in range(d):
            asm("ld", A[i], "X+")
        c = list(ACC0)
        for r in c:
            asm("clr", r)
        slot = [None] * d
        kmin = s + 1 if square else 0
        for k in range(kmin, n + d - 1):
            for i in range(d):
                j = k - i
                if not (0 <= j < n) or (square and j <= s + i):
                    continue
                if square and s <= j < s + d:
                    w = A[j - s]  # a square's multiplicand byte already in the row
                else:
                    w = W[j % d]
                    if slot[j % d] != j:
                        asm("ldd", w, "Z+%d" % j)
                        slot[j % d] = j
                asm("mul", A[i], w)
                asm("add", c[0], "r0")
                asm("adc", c[1], "r1")
                asm("adc", c[2], ZERO)
            if row > 0 and k < n:
                # the earlier rows' partial sum at this position
                asm("ldd", "r0", "Y+%d" % (s + k))
                asm("add", c[0], "r0")
                asm("adc", c[1], ZERO)
                asm("adc", c[2], ZERO)
            asm("std", "Y+%d" % (s + k), c[0])
            c = c[1:] + c[:1]
            asm("clr", c[2])
        asm("std", "Y+%d" % (s + n + d - 1), c[0])


def product_regs(asm, A, W, out, keep=False, spare=(), zpair=None):
    """Y[out..out + 2d) = A * W, both d-byte operands already in registers (product scanning,
    three-byte accumulator). keep: output bytes stay in registers instead where one is free:
    from column d - 1 on, each column frees A[k - d + 1] and W[k - d + 1]; before that,
    spare (registers free during the product, the pair r30:r31 among them: column 0's
    product goes there by MOVW, its low byte kept, its high byte the accumulator). A kept
    byte stays where the accumulator had it and a free register becomes the accumulator's
    new third byte (no MOV, no STD); the other bytes are stored by address (STS,
    ks_avr_fp_t + out + k: spare may hold Y). Returns ({byte: register}, the registers left
    free) with keep, else None. zpair (with keep): the low register of an aligned pair that
    holds zero (its low byte ZERO), so that two free registers of an aligned pair are cleared
    by one MOVW: the accumulator starts in r4:r5 and takes such pairs first."""
    d = len(A)
    c = list(ACC0)
    if zpair is not None:
        assert keep and zpair == ZERO and "r30" in spare
        c = [None, "r4", "r5"]
    kept, pool, zeroed = {}, [], set()

    def fresh():
        """A free register for the accumulator's new third byte, cleared."""
        if zpair is not None:
            for r in pool:
                if r in zeroed:
                    pool.remove(r)
                    return r
            for r in pool:
                n = int(r[1:])
                mate = reg(n ^ 1)
                if mate in pool:
                    asm("movw", reg(n & ~1), zpair)
                    pool.remove(r)
                    zeroed.add(mate)
                    return r
        r = pool.pop(0)
        asm("clr", r)
        return r
    if keep:
        store = lambda k, r: asm("sts", "ks_avr_fp_t+%d" % (out + k), r)
    else:
        store = lambda k, r: asm("std", "Y+%d" % (out + k), r)
    # column 0 is one product: its low byte is output byte 0, its high byte the accumulator
    asm("mul", A[0], W[0])
    if keep and "r30" in spare:
        asm("movw", "r30", "r0")
        kept[0] = "r30"
        pool = [r for r in spare if r not in ("r30", "r31")] + ([] if zpair else [c[2]])
        c = ["r31"] + c[1:] if zpair else ["r31"] + c[:2]
    else:
        store(0, "r0")
        asm("mov", c[0], "r1")
        pool = list(spare) if keep else []
    if zpair is not None:
        asm("movw", c[1], zpair)
    else:
        asm("clr", c[1])
        asm("clr", c[2])
    for k in range(1, 2 * d - 1):
        last = k == 2 * d - 2
        for i in range(max(0, k - d + 1), min(k, d - 1) + 1):
            asm("mul", A[i], W[k - i])
            asm("add", c[0], "r0")
            asm("adc", c[1], "r1")
            # the last column cannot carry out: the product is below 256^(2d); nor can the
            # first product of columns 1 and 2, added to a carry of at most 254 and 508
            # (0xFE01 + 508 < 2^16)
            if not last and not (k <= 2 and i == 0):
                asm("adc", c[2], ZERO)
        if keep and k >= d - 1:
            pool += [A[k - d + 1], W[k - d + 1]]  # read by no later column
        if keep and (pool or last):
            kept[k] = c[0]
            c = c[1:] + ([] if last else [fresh()])
        else:
            store(k, c[0])
            c = c[1:] + c[:1]
            if not last:
                asm("clr", c[2])
    if keep:
        kept[2 * d - 1] = c[0]
        return kept, pool + c[1:]  # c[1:]: the last column's unused third byte (zero)
    store(2 * d - 1, c[0])


ACC4 = ["r2", "r3", "r4", "r5"]  # product_regs_pairs' accumulator: two aligned pairs
YZERO = ("r28", "r29")  # and its zero pair (Y: the output goes by address)


def product_regs_pairs(asm, A, W, out):
    """ks_avr_fp_t[out..out + 2d) = A * W as product_regs, the output by address (STS), so
    that Y, cleared, is a zero pair (YZERO, its low byte the zero of the carries): the
    accumulator turns over four registers, two aligned pairs, and the two bytes stored last
    are cleared by one MOVW from Y every second column instead of a CLR every column."""
    d = len(A)
    a, b, c_, d_ = ACC4
    assert int(a[1:]) % 2 == 0 and int(c_[1:]) % 2 == 0
    zero = YZERO[0]
    store = lambda k, r: asm("sts", "ks_avr_fp_t+%d" % (out + k), r)
    ring = [a, b, c_, d_]  # column k's accumulator: ring[k], ring[k + 1], ring[k + 2] (mod 4)
    asm("mul", A[0], W[0])  # column 0, one product: a its byte, b the carry
    asm("movw", a, "r0")
    store(0, a)
    asm("movw", c_, YZERO[0])
    for k in range(1, 2 * d - 1):
        last = k == 2 * d - 2
        c = [ring[(k + t) % 4] for t in range(3)]
        for i in range(max(0, k - d + 1), min(k, d - 1) + 1):
            asm("mul", A[i], W[k - i])
            asm("add", c[0], "r0")
            asm("adc", c[1], "r1")
            if not last and not (k <= 2 and i == 0):  # as in product_regs
                asm("adc", c[2], zero)
        store(k, c[0])
        if k % 2 == 1 and not last:  # ring[k - 1], ring[k]: an aligned pair, both stored
            asm("movw", ring[(k - 1) % 4], YZERO[0])
    store(2 * d - 1, ring[(2 * d - 1) % 4])


def abs_diff(asm, R, lo, mask):
    """R = |R - lo| for the h-byte operand R in registers and lo given by an emitter that loads
    its byte i into a register: R gets R - lo, then is negated under the borrow mask,
    (x XOR m) - m. Leaves the mask in mask (the sign of R - lo: karatsuba_product takes
    a1 - a0 and b1 - b0, whose signs have the product of those of a0 - a1 and b0 - b1)."""
    h = len(R)
    for i in range(h):
        lo("r0", i)
        asm("sub" if i == 0 else "sbc", R[i], "r0")
    asm("sbc", mask, mask)
    for i in range(h):
        asm("eor", R[i], mask)
    for i in range(h):
        asm("sub" if i == 0 else "sbc", R[i], mask)


def karatsuba_product(asm, n, keep=False):
    """a * b (a through X, b through Z) by one level of subtractive Karatsuba on halves of
    h = n/2 bytes held in registers: L = a0 b0 into Y[0..n), H = a1 b1 into Y[n..2n),
    M = |a0 - a1| |b0 - b1| into Y[2n..3n), and a b = L + B Q + B^2 H with B = 256^h and
    Q = L + H - s M, s the product of the two signs, taken without a branch: Q adds
    (M XOR m) + (m & 1), m = 0xFF when s = +1 (m in r26: X is done with by then). Returns Q's
    n + 1 registers (0 <= Q < 2^(8n+1)). keep (secp160r1): L and H go to the scratch by
    address (product_regs_pairs: Y is no pointer then but a zero pair), most of M stays in
    registers and the refined sum S is made around it (karatsuba_q_kept), which returns S's
    registers instead of Q's and the registers left free."""
    h = n // 2
    A, W = BANK[:h], BANK[h:2 * h]
    c = ACC0
    if keep:  # L and H into the scratch by address, Y a zero pair (product_regs_pairs)
        asm("clr", YZERO[0])
        asm("clr", YZERO[1])
        half = lambda out: product_regs_pairs(asm, A, W, out)
    else:
        asm("clr", ZERO)
        half = lambda out: product_regs(asm, A, W, out)
    asm.comment("L = a0 b0")
    for i in range(h):
        asm("ld", A[i], "X+")
    for j in range(h):
        asm("ldd", W[j], "Z+%d" % j)
    half(0)
    asm.comment("H = a1 b1")
    for i in range(h):
        asm("ld", A[i], "X+")
    for j in range(h):
        asm("ldd", W[j], "Z+%d" % (h + j))
    half(2 * h)
    asm.comment("|a0 - a1|, |b0 - b1| and the sign")
    asm("sbiw", "r26", n)  # a1 and b1 are still in A and W
    abs_diff(asm, A, lambda r, i: asm("ld", r, "X+"), c[0])
    m = "r26"  # X is not read again: the sign mask waits there, through M's product
    asm("mov", m, c[0])
    abs_diff(asm, W, lambda r, i: asm("ldd", r, "Z+%d" % i), c[0])
    asm("eor", m, c[0])
    asm("com", m)  # 0xFF when the signs agree: subtract M
    asm.comment("M = |a0 - a1| |b0 - b1|")
    if keep:
        return karatsuba_q_kept(asm, n, A, W, m)
    product_regs(asm, A, W, 2 * n)
    asm.comment("Q = L + H -+ M")
    Q = [reg(i) for i in range(3, 3 + n + 1)]
    assert m not in Q
    for i in range(n):
        asm("ldd", Q[i], "Y+%d" % i)
    asm("clr", Q[n])
    for i in range(n):
        asm("ldd", "r0", "Y+%d" % (n + i))
        asm("add" if i == 0 else "adc", Q[i], "r0")
    asm("adc", Q[n], ZERO)
    asm("mov", "r0", m)
    asm("lsr", "r0")  # C = m & 1
    for i in range(n):
        asm("ldd", "r0", "Y+%d" % (2 * n + i))
        asm("eor", "r0", m)
        asm("adc", Q[i], "r0")
    asm("adc", Q[n], m)
    return Q


XSAVE = 60  # the refined sum's bit 80 (karatsuba_q_kept), behind secp160r1's Karatsuba terms


def karatsuba_q_kept(asm, n, A, W, m):
    """karatsuba_product's M for secp160r1 (n = 20), with M's high bytes h - 1 .. n - 1 left in
    registers (product_regs' keep), and the middle of the product made around it by the
    refined sum: with B = 256^h, L = L0 + B L1, H = H0 + B H1, M' = -s M and X = L1 + H0,
    a b = L0 + B S + B^3 H1 with S = M' + (L0 + B H1) + X (1 + B): L0 and H1 read once,
    X = L1 + H0 made once (ten registers: the product's spare ones, the sign mask's r26 and
    ZERO's r2, cleared again after) and added to both halves in one chain, where the
    Karatsuba sums Q = L + H -+ M, then L1 + Q and H + (Q >> 80), read L and H twice each.
    M' is (M XOR m) + (m & 1) with m the top byte before the carries. X's bit 80, x, is
    added at S's top byte but not at its byte 10: S's registers hold S - x B, x waits in the
    scratch (XSAVE) and enters as the carry into P_hi's byte 0 where P_hi is read
    (secp160r1_karatsuba_lh, reduce_secp160r1). Returns (S's n + 1 registers, the registers
    left free)."""
    h = n // 2
    # free during M: Y (the scratch by address from here on) and Z; X's high byte (r27) is
    # left to the caller with the rest, so that X can point at the result's destination
    # r2:r3 is the zero pair (product_regs' zpair; Y, still zero, clears it)
    asm("movw", ZERO, YZERO[0])
    kept, free = product_regs(asm, A, W, 2 * n, keep=True,
                              spare=["r30", "r31", "r28", "r29"], zpair=ZERO)
    Q = [None] * (n + 1)
    for k, r in kept.items():
        Q[k] = r
    low = [k for k in range(n) if Q[k] is None]
    for k in low:
        Q[k] = free.pop(0)
    Q[n] = free.pop(0)
    asm.comment("S = (M XOR m) + (m & 1) + (L0 + B H1) + X (1 + B), X = L1 + H0, m at byte %d" % n)
    at = lambda k: "ks_avr_fp_t+%d" % k
    for k in low:
        asm("lds", Q[k], at(2 * n + k))
    for i in range(n):
        asm("eor", Q[i], m)
    asm("mov", Q[n], m)
    asm("mov", "r0", m)
    asm("lsr", "r0")  # C = m & 1
    for i in range(n):  # L0 (scratch 0..h) and H1 (scratch n + h..2n)
        asm("lds", "r0", at(i if i < h else n + i))
        asm("adc", Q[i], "r0")
    asm("adc", Q[n], ZERO)
    # the registers but r0 and S's: the product's spare ones, r1 (no MUL after), r3, and m
    # and ZERO, read no more here
    X = free + [r for r in (m, "r27", "r1", "r3") if r not in free] + [ZERO]
    assert len(X) == h and not set(X) & set(Q), X
    for i in range(h):
        asm("lds", X[i], at(h + i))  # L1
    for i in range(h):
        asm("lds", "r0", at(n + i))  # H0
        asm("add" if i == 0 else "adc", X[i], "r0")
    asm("sbc", "r0", "r0")
    asm("neg", "r0")  # x = X >> 80
    for i in range(n):
        asm("add" if i == 0 else "adc", Q[i], X[i % h])
    asm("adc", Q[n], "r0")
    asm("sts", at(XSAVE), "r0")
    asm("clr", ZERO)
    return Q, [r for r in X if r != ZERO]


def square_finish(asm, n):
    """Y[0..2n) = 2 * (cross products in Y[1..2n)) + sum a_i^2 256^(2i), a through Z (the last
    row's bytes are still in registers). Groups of three indices: the doubling's carry chain
    runs over a group's six bytes, then the group's squares (MUL sets C, so they are taken
    first) are added in a second chain; each chain's carry waits in a register between
    groups."""
    s_last, d_last = rows_of(n)[-1]
    A = BANK[:max(d for _, d in rows_of(n))]
    T = ["r16", "r17", "r18", "r19", "r20", "r21"]
    P = [("r22", "r23"), ("r24", "r25"), ("r0", "r1")]
    cd, ca, ai = "r2", "r3", "r4"
    asm.comment("double the cross products, add the squares")
    asm("clr", cd)
    asm("clr", ca)
    for g0 in range(0, n, 3):
        g = list(range(g0, min(n, g0 + 3)))
        t = T[:2 * len(g)]
        for k, i in enumerate(g):
            if i == 0:
                asm("clr", t[0])
            else:
                asm("ldd", t[2 * k], "Y+%d" % (2 * i))
            asm("ldd", t[2 * k + 1], "Y+%d" % (2 * i + 1))
        asm("lsr", cd)
        for r in t:
            asm("rol", r)
        asm("rol", cd)
        pairs = P[3 - len(g):]  # the last square stays in r1:r0
        for k, i in enumerate(g):
            if s_last <= i < s_last + d_last:
                x = A[i - s_last]
            else:
                asm("ldd", ai, "Z+%d" % i)
                x = ai
            asm("mul", x, x)
            if pairs[k][0] != "r0":
                asm("movw", pairs[k][0], "r0")
        asm("lsr", ca)
        for k, i in enumerate(g):
            asm("adc", t[2 * k], pairs[k][0])
            asm("adc", t[2 * k + 1], pairs[k][1])
        asm("rol", ca)
        for k, i in enumerate(g):
            asm("std", "Y+%d" % (2 * i), t[2 * k])
            asm("std", "Y+%d" % (2 * i + 1), t[2 * k + 1])



# The square core's second entry, a already in square_regs' registers and r in the scratch
# (gen_fp160_sqrsqr: a^4 from a^2 in registers). An assembler-local label: no symbol, so
# check() and the profiles (bench/ct_profile.py) see one function, ks_avr_fp160_sqr_core.
SQR_CORE_A = ".Lks_avr_fp160_sqr_core_a"


def square_regs(asm):
    """secp160r1's square a^2 (a through Z, 20 bytes) with all of a in registers (a_i in
    r(8+i)), in one pass of product scanning over the cross products a_i a_j (i < j) and the
    squares: 190 byte products and 20 squares. The doubling of the cross products is in the
    operand: with d_i byte i of 2a (d_i = 2 a_i + h_(i-1) mod 256, h_i = a_i's top bit),
    sum_(i<j) d_i 256^i = 2 (a mod 256^j) - h_(j-1) 256^j, so
        a^2 = sum_(i<j) a_j d_i 256^(i+j) + sum_j (a_j^2 + h_(j-1) a_j) 256^(2j),
    each column's products added once to the accumulator (MUL, ADD, ADC, ADC) with no sum of its
    own to double and add (4 cycles fewer a column, 3 where it has one product), and a_j^2 +
    h_(j-1) a_j < 2^16. a_i is read as itself in columns i..2i and as d_i in 2i+1..i+19, so it
    becomes d_i in place at column 2i+1 (LSL, BLD of h_(i-1) from T, which MUL and ADD leave
    alone; SBC makes -h_i, the mask of a_(i+1)'s correction at column 2i+2, and BST keeps h_i in
    T): 7 cycles an index, 131 in all against 144. Each output byte is made in the register
    where it stays: the accumulator's third byte of column k is the output byte k + 2, so it is
    taken in that byte's register. Bytes 0..3 (L's) stay in r2..r5, H's byte j (byte 20 + j) in
    r(6+j): from j = 2 on that is a_(j-2)'s, free once d_(j-2) a_19 (column j + 17) is made, one
    column before byte 20 + j's register is needed. So the result ends as reduce_sqr160 wants
    it, with no MOV: r2..r25 are V's bytes 0..23 once H is halved in place. L's bytes 4..19 and
    H's 0..13 go to the scratch by address (STS: Y and Z hold a rotating accumulator byte, the
    zero and the mask), which reduce_sqr160 reads; it copies H's 14..19 to registers instead.
    Clobbers r0-r31 and T."""
    n = 20
    A = [reg(8 + i) for i in range(n)]
    home = {k: reg(2 + k) for k in range(4)}  # L's bytes 0..3
    home.update({n + j: reg(6 + j) for j in range(n)})  # H's bytes
    zero, m = "r29", "r30"
    # bytes 4..19 rotate through three registers (each holds its byte from column b - 2 to
    # its store at b): in this order bytes 17 and 18 end in r6 and r7, free when bytes 20 and
    # 21 take them at columns 18 and 19
    free = ["r28", "r6", "r7"]
    for i in range(n):
        asm("ldd", A[i], "Z+%d" % i)
    asm.label(SQR_CORE_A)  # a in r8..r27 (gen_fp160_sqrsqr)
    asm("clr", zero)

    def take(b):
        if b in home:
            return home[b]
        return free.pop(0)

    asm.comment("column 0: a_0^2")
    asm("mul", A[0], A[0])
    asm("movw", home[0], "r0")
    asm("clr", home[2])
    c = [home[1], home[2]]  # the accumulator's low two bytes; its third, this column's, below
    for k in range(1, 2 * n - 1):
        top = k + 2 < 2 * n  # a third byte: no carry leaves byte 39
        c2 = take(k + 2) if top else None
        if c2 is not None:
            assert c2 not in A[max(0, k - n + 1):] and c2 not in c, (k, c2)
            asm("clr", c2)
        if k % 2:  # a_i's last use as itself was a_i^2: it becomes d_i (T = h_(i-1))
            i = k // 2
            asm("lsl", A[i])  # C = h_i
            if i:
                asm("bld", A[i], 0)
            asm("sbc", m, m)  # -h_i: the mask of a_(i+1)^2's correction
            if i < n - 2:
                asm("bst", m, 0)  # T = h_i for d_(i+1)
        for i in range(max(0, k - n + 1), (k + 1) // 2):  # a_j d_i, i < j = k - i
            asm("mul", A[k - i], A[i])
            asm("add", c[0], "r0")
            asm("adc", c[1], "r1")
            asm("adc", c2, zero)
        if k % 2 == 0:  # a_j^2 + h_(j-1) a_j (below 2^16)
            j = k // 2
            asm("mul", A[j], A[j])
            asm("and", m, A[j])
            asm("add", "r0", m)
            asm("adc", "r1", zero)
            asm("add", c[0], "r0")
            asm("adc", c[1], "r1")
            if top:
                asm("adc", c2, zero)
        if 4 <= k < n + 14:  # to the scratch: L's 4..19, H's 0..13
            asm("sts", "ks_avr_fp_t+%d" % k, c[0])
        if 4 <= k < n:
            free.append(c[0])
        c = c[1:] + ([c2] if top else [])
    assert c == [home[2 * n - 1]]


def half_product(asm, n):
    """Y[0..2n) = a * b (a through X, b through Z) for karatsuba_rows: one more level of
    Karatsuba (karatsuba_product, its halves' products from registers), Q added at byte
    n/2. Y[2n..3n) is scratch (M; karatsuba_rows leaves 3 more bytes behind it)."""
    h = n // 2
    Q = karatsuba_product(asm, n)
    asm.comment("+ Q 256^%d" % h)
    for i in range(n + 1):
        asm("ldd", "r0", "Y+%d" % (h + i))
        asm("add" if i == 0 else "adc", "r0", Q[i])
        asm("std", "Y+%d" % (h + i), "r0")
    for i in range(h + n + 1, 2 * n):
        asm("ldd", "r0", "Y+%d" % i)
        asm("adc", "r0", ZERO)
        asm("std", "Y+%d" % i, "r0")


SCRATCH = 156  # bytes of ks_avr_fp_t: see karatsuba_rows


def karatsuba_rows(asm, n):
    """The product a * b (pointers in r22, r20) into ks_avr_fp_t[0..2n) by two levels of
    subtractive Karatsuba, the three half products (h = n/2 bytes) each half_product: with
    B = 256^h, a b = L + B Q + B^2 H, L = a0 b0, H = a1 b1, Q = L + H - s M,
    M = |a0 - a1| |b0 - b1|, s the product of the two signs (taken without a branch, as in
    karatsuba_product). P-256: 576 byte products instead of 1024. The scratch (absolute
    addresses, LDS/STS): L, H at [0, 2n), M at [2n, 3n) (and its own product's scratch
    behind it), then |a0 - a1| and |b0 - b1|, the pointers r, a, b and the sign mask.
    Returns where r is kept."""
    h = n // 2
    S = "ks_avr_fp_t"
    at = lambda k: "%s+%d" % (S, k)
    o_m = 2 * n
    o_d = o_m + 3 * h + 3  # behind M's own Karatsuba scratch
    o_p = o_d + n
    assert o_p + 7 <= SCRATCH
    asm("sts", at(o_p), "r24")
    asm("sts", at(o_p + 1), "r25")
    asm("sts", at(o_p + 2), "r22")
    asm("sts", at(o_p + 3), "r23")
    asm("sts", at(o_p + 4), "r20")
    asm("sts", at(o_p + 5), "r21")
    R = [reg(i) for i in range(2, 2 + h)]
    masks = []
    for src, dst, m in (("r22", o_d, "r26"), ("r20", o_d + h, "r27")):
        asm.comment("|x0 - x1| of an operand into the scratch; its sign mask")
        asm("movw", "r30", src)
        for i in range(h):
            asm("ldd", R[i], "Z+%d" % i)
        for i in range(h):
            asm("ldd", "r0", "Z+%d" % (h + i))
            asm("sub" if i == 0 else "sbc", R[i], "r0")
        asm("sbc", m, m)
        for i in range(h):
            asm("eor", R[i], m)
        for i in range(h):
            asm("sub" if i == 0 else "sbc", R[i], m)
        for i in range(h):
            asm("sts", at(dst + i), R[i])
        masks.append(m)
    asm("eor", masks[0], masks[1])
    asm("com", masks[0])  # 0xFF when the signs agree: subtract M
    asm("sts", at(o_p + 6), masks[0])
    for name, xa, za, off in (("L = a0 b0", 0, 0, 0), ("H = a1 b1", h, h, n)):
        asm.comment(name)
        asm("lds", "r26", at(o_p + 2))
        asm("lds", "r27", at(o_p + 3))
        asm("lds", "r30", at(o_p + 4))
        asm("lds", "r31", at(o_p + 5))
        if xa:
            asm("adiw", "r26", xa)
            asm("adiw", "r30", za)
        asm("ldi", "r28", "lo8(%s)" % at(off))
        asm("ldi", "r29", "hi8(%s)" % at(off))
        half_product(asm, h)
    asm.comment("M = |a0 - a1| |b0 - b1|")
    asm("ldi", "r26", "lo8(%s)" % at(o_d))
    asm("ldi", "r27", "hi8(%s)" % at(o_d))
    asm("ldi", "r30", "lo8(%s)" % at(o_d + h))
    asm("ldi", "r31", "hi8(%s)" % at(o_d + h))
    asm("ldi", "r28", "lo8(%s)" % at(o_m))
    asm("ldi", "r29", "hi8(%s)" % at(o_m))
    half_product(asm, h)
    asm.comment("Q = L + H -+ M, added at byte h, in chunks of 8 bytes; three carry chains, each")
    asm.comment("carry kept in a register between chunks; L's bytes h..n, overwritten by the")
    asm.comment("first chunks, wait in registers")
    W = [reg(i) for i in range(2, 10)]
    Lsave = [reg(i) for i in range(10, 10 + h)]
    t, m, c1, c2, c3, zero = "r26", "r27", "r28", "r29", "r30", "r1"
    assert 10 + h <= 26
    asm("clr", zero)
    asm("lds", m, at(o_p + 6))
    asm("clr", c1)
    asm("mov", c2, m)
    asm("andi", c2, 1)  # the + 1 of -M = (M XOR 0xFF..) + 1
    asm("clr", c3)
    for ch in range(0, n, 8):
        idx = list(range(ch, min(n, ch + 8)))
        for k, i in enumerate(idx):
            if i >= h:
                asm("mov", W[k], Lsave[i - h])
            else:
                asm("lds", W[k], at(i))
        asm("lsr", c1)
        for k, i in enumerate(idx):
            asm("lds", t, at(n + i))
            asm("adc", W[k], t)
        asm("rol", c1)
        asm("lsr", c2)
        for k, i in enumerate(idx):
            asm("lds", t, at(o_m + i))
            asm("eor", t, m)
            asm("adc", W[k], t)
        asm("rol", c2)
        asm("lsr", c3)
        for k, i in enumerate(idx):
            asm("lds", t, at(h + i))
            if h + i < n:
                asm("mov", Lsave[i], t)
            asm("adc", t, W[k])
            asm("sts", at(h + i), t)
        asm("rol", c3)
    asm.comment("Q's top byte (0 or 1), then the carry on to the top")
    asm("lsr", c2)
    asm("adc", c1, m)
    asm("lsr", c3)
    for i in range(n + h, 2 * n):
        asm("lds", t, at(i))
        asm("adc", t, c1 if i == n + h else zero)
        asm("sts", at(i), t)
    return o_p


def gen_mul(asm, n):
    name = "ks_avr_mul%d" % n
    asm.function(name)
    prologue(asm)
    asm("movw", "r28", "r24")  # Y = r
    asm("movw", "r26", "r22")  # X = a
    asm("movw", "r30", "r20")  # Z = b
    product_rows(asm, n, False)
    epilogue(asm)
    asm.end(name)


def gen_sqr(asm, n):
    name = "ks_avr_sqr%d" % n
    asm.function(name)
    prologue(asm)
    asm("movw", "r28", "r24")
    asm("movw", "r26", "r22")
    asm("movw", "r30", "r22")
    product_rows(asm, n, True)
    square_finish(asm, n)
    epilogue(asm)
    asm.end(name)


def reduce_secp160r1(asm, V=None, tmp="r27", zero="r1", hi=None,
                     T=("r28", "r29", "r30", "r31"), carry_in=None):
    """V[0..20) = t mod p for the 40-byte product t = L + H 2^160 (through Y, clobbered),
    p = 2^160 - 2^31 - 1. t = L + H + H 2^31 (mod p) < 2^161 + 2^191, computed as
    (2 (L + H) + H 2^32) / 2 in 25 registers V; then the part T above 2^160 is folded back as
    T (2^31 + 1), which leaves a value below 2^160 + 2^64 < 2p, and p is subtracted when the
    value is not below it (both in one pass, see below). With V given, its bytes already hold L + H (and
    V[21..25) zero); Y[20..40) must still hold H. Y is free once H is read: T waits in r28-r31
    (Z too: the output pointer waits in the scratch). hi: {byte of H: register} for bytes the
    caller holds in registers through the pass over H; the others are then read from the
    scratch by address (ks_avr_fp_t + 20 + i: Y may be among hi), and T waits in registers
    the caller names. carry_in: the address of a byte 0 or 1 that H lacks at its bit 0
    (karatsuba_q_kept's x), added as the carry into the pass over H. Leaves the result in
    V[0..20), the caller stores it (gen_fp160)."""
    asm.comment("reduction mod p = 2^160 - 2^31 - 1")
    if V is None:
        V = [reg(i) for i in range(2, 26)] + ["r26"]  # 25 bytes
        asm("clr", zero)
        for i in range(20):
            asm("ldd", V[i], "Y+%d" % i)
        for i in range(20, 25):
            asm("clr", V[i])
        for i in range(20):  # V = L + H
            asm("ldd", tmp, "Y+%d" % (20 + i))
            asm("add" if i == 0 else "adc", V[i], tmp)
        asm("adc", V[20], zero)
    asm("lsl", V[0])  # V = 2 (L + H) < 2^162
    for i in range(1, 21):
        asm("rol", V[i])
    if carry_in is not None:
        asm("lds", tmp, carry_in)
        asm("lsr", tmp)  # C = H's missing bit 0
    for i in range(20):  # V += H 2^32 (< 2^193)
        if hi is not None and i in hi:
            src = hi[i]
        elif hi is not None:  # the product's caller: the scratch by address (Y holds bytes)
            asm("lds", tmp, "ks_avr_fp_t+%d" % (20 + i))
            src = tmp
        else:
            asm("ldd", tmp, "Y+%d" % (20 + i))
            src = tmp
        asm("add" if i == 0 and carry_in is None else "adc", V[4 + i], src)
    asm("adc", V[24], zero)
    asm("lsr", V[24])  # V /= 2 (exact: the sum is even)
    for i in range(23, -1, -1):
        asm("ror", V[i])
    fold_secp160r1(asm, V, tmp, zero, T)


def fold_secp160r1(asm, V, tmp, zero, T):
    """V[0..20) = V mod p for V (bytes V[0..24), V[24] an LDI register, clobbered) below
    2^161 + 2^191 (reduce_secp160r1, reduce_sqr160); T: four registers free by now."""
    # V < 2^161 + 2^191, so T = V >> 160 <= 2^31 + 1. Fold it back with one c = 2^31 + 1 =
    # 2^160 - p more: U = (V mod 2^160) + (T + 1) c < 2^160 + 2^64. U carries past 2^160
    # exactly when V' = (V mod 2^160) + T c (= V mod p, below 2p) is at least p; then the
    # result is U mod 2^160 = V' - p, else U - c = V'.
    asm.comment("fold: U = V mod 2^160 + (T + 1)(2^31 + 1), T = V >> 160")
    x80 = V[24]  # zero after the halving; r16 or above (LDI)
    # T waits in registers free by now (Y and Z by default: not read again; r is in the scratch)
    num = lambda r: int(r[1:])
    for i in (0, 2):
        if all(num(x[i]) % 2 == 0 and num(x[i + 1]) == num(x[i]) + 1 for x in (V[20:], T)):
            asm("movw", T[i], V[20 + i])
        else:
            asm("mov", T[i], V[20 + i])
            asm("mov", T[i + 1], V[21 + i])
    # (T + 1) 2^31 + T3 2^24 as bytes 3..7: (tmp, V20, V21, V22, V23)
    asm("clr", tmp)
    asm("lsr", V[23])
    asm("ror", V[22])
    asm("ror", V[21])
    asm("ror", V[20])
    asm("ror", tmp)
    asm("ldi", x80, "0x80")
    for addend in (T[3], x80):
        asm("add", tmp, addend)
        for i in range(20, 24):
            asm("adc", V[i], zero)  # no carry out: below 2^62 + 2^33
    asm("sec")  # the + 1 of (T + 1)
    for i in range(3):
        asm("adc", V[i], T[i])
    asm("adc", V[3], tmp)
    for i in range(4):
        asm("adc", V[4 + i], V[20 + i])
    for i in range(8, 20):
        asm("adc", V[i], zero)
    for i in range(21, 24):
        asm("clr", V[i])  # CLR leaves C alone
    asm("clr", V[20])
    asm("adc", V[20], zero)
    asm.comment("take c back off unless U carried")
    one = V[23]
    asm("dec", V[20])  # 0xFF if U < 2^160
    asm("ldi", one, "1")
    asm("and", one, V[20])
    asm("ldi", x80, "0x80")
    asm("and", x80, V[20])
    cb = (2**31 + 1).to_bytes(20, "little")
    creg = {0: zero, 1: one, 0x80: x80}
    for i in range(20):
        asm("sub" if i == 0 else "sbc", V[i], creg[cb[i]])


def reduce_sqr160(asm):
    """V[0..20) = t mod p in r2..r21 for square_regs' t = L + H 2^160: t = L + H + H 2^31 =
    L + H + H' 2^32 + b 2^31 (mod p), H' = H >> 1 and b = H's bit 0, so H is halved in place
    (r6..r25, where square_regs left it, are V's bytes 4..23: H' 2^32), b goes to byte 3, and
    L and H are added in two passes (from the scratch, L's bytes 0..3 already in r2..r5, H's
    14..19 from copies), then fold_secp160r1 as for the product: no doubling and halving of V
    around an H 2^32 pass, as reduce_secp160r1 does. V = t mod p < 2^161 + 2^191: it fits
    r2..r25, no carry leaves byte 23."""
    at = lambda k: "ks_avr_fp_t+%d" % k
    V = [reg(i) for i in range(2, 26)] + ["r26"]  # V[24] for fold_secp160r1's LDI
    zero, tmp = "r1", "r0"
    asm.comment("reduction mod p = 2^160 - 2^31 - 1 of the square")
    copy = {14: "r28", 15: "r29", 16: "r30", 17: "r31", 18: "r26", 19: "r27"}
    for j in (14, 16, 18):
        asm("movw", copy[j], V[4 + j])
    asm("clr", zero)
    asm("lsr", V[23])  # H' = H >> 1 in V[4..24)
    for i in range(22, 3, -1):
        asm("ror", V[i])
    asm("ror", zero)  # b 2^31: byte 3's top bit
    asm("add", V[3], zero)
    asm("clr", zero)  # CLR leaves C alone
    asm.comment("+ L (bytes 0..3 in place)")
    for i in range(4, 20):
        asm("lds", tmp, at(i))
        asm("adc", V[i], tmp)
    for i in range(20, 24):
        asm("adc", V[i], zero)
    asm.comment("+ H")
    for i in range(20):
        if i in copy:
            src = copy[i]
        else:
            asm("lds", tmp, at(20 + i))
            src = tmp
        asm("add" if i == 0 else "adc", V[i], src)
    for i in range(20, 24):
        asm("adc", V[i], zero)
    fold_secp160r1(asm, V, "r27", zero, ("r28", "r29", "r30", "r31"))
    return V


# P-256, FIPS 186-4 D.2.3: r = T + 2 s1 + 2 s2 + s3 + s4 - d1 - d2 - d3 - d4, each output
# 32-bit word w a signed sum of the product's words c0..c15: (coefficient, word) pairs.
P256_WORDS = [
    [(1, 0), (1, 8), (1, 9), (-1, 11), (-1, 12), (-1, 13), (-1, 14)],
    [(1, 1), (1, 9), (1, 10), (-1, 12), (-1, 13), (-1, 14), (-1, 15)],
    [(1, 2), (1, 10), (1, 11), (-1, 13), (-1, 14), (-1, 15)],
    [(1, 3), (2, 11), (2, 12), (1, 13), (-1, 15), (-1, 8), (-1, 9)],
    [(1, 4), (2, 12), (2, 13), (1, 14), (-1, 9), (-1, 10)],
    [(1, 5), (2, 13), (2, 14), (1, 15), (-1, 10), (-1, 11)],
    [(1, 6), (1, 13), (3, 14), (2, 15), (-1, 8), (-1, 9)],
    [(1, 7), (1, 8), (3, 15), (-1, 10), (-1, 11), (-1, 12), (-1, 13)],
]
P256 = 2**256 - 2**224 + 2**192 + 2**96 - 1


def reduce_secp256r1(asm):
    """r (through Z) = t mod p for the 64-byte product t (through Y, overwritten). The sum is
    taken byte by byte (each byte of a word obeys the word's formula) in a two-byte sum kept
    nonnegative (an offset moved up a byte at a time, below), plus 6p so that it ends positive: V = S + 6p with -4 * 2^256 < S < 7 * 2^256, so
    its top u = V >> 256 is in [1, 12]. Then V - u p = (V mod 2^256) + u K, K = 2^256 - p =
    2^224 - 2^192 - 2^96 + 1, lies below 2^256 + 12 * 2^224 < 2p, and p is to be subtracted
    once more when it is not below p. D = (V mod 2^256) + (u + 1) K is that value plus K, so
    it carries past 2^256 exactly when the value is at least p, and is then the result mod
    2^256: a pass for that carry alone, then one pass adding (u + carry) K. v K's bytes, for v >= 1: v at 0, -v at 12, 0xFF at 13..23 and 25..27,
    -v - 1 at 24, v - 1 at 28, zero elsewhere."""
    zero, x = "r2", "r3"
    c = ["r17", "r18", "r19"]  # the accumulator's two bytes, a spare (SUBI/SBCI reach them)
    tmp = "r7"
    bias = (6 * P256).to_bytes(33, "little")
    # Each byte's running sum (c1:c0) is kept nonnegative, so that its carry is simply c1 (no
    # sign to extend): T 256 is added at byte q and T taken off at byte q + 1 (where that 256
    # has become 1), folded into the byte's bias constant, a two-byte addend (SUBI/SBCI of
    # its negative). A byte's negative terms take at most 4 * 255 off, its positive ones add
    # at most 7 * 255, so with T = 16 the sum stays within [0, 2^16). The last byte's T 256
    # reaches the top carry: T is taken off there.
    T = 16
    asm.comment("reduction mod p-256 (FIPS 186-4 D.2.3)")
    asm("clr", zero)
    asm("clr", c[0])
    asm("clr", c[1])
    for q in range(32):
        w, b = divmod(q, 4)
        addend = bias[q] + 256 * T - (T if q > 0 else 0)
        asm("subi", c[0], "0x%02X" % ((-addend) & 0xFF))
        asm("sbci", c[1], "0x%02X" % (((-addend) >> 8) & 0xFF))
        for coef, src in P256_WORDS[w]:
            asm("ldd", x, "Y+%d" % (4 * src + b))
            for _ in range(abs(coef)):
                asm("add" if coef > 0 else "sub", c[0], x)
                asm("adc" if coef > 0 else "sbc", c[1], zero)
        asm("std", "Y+%d" % q, c[0])  # t[q] is read by no later byte
        asm("clr", c[2])
        c = [c[1], c[2], c[0]]
    u = c[0]
    asm("subi", u, "0x%02X" % ((-(bias[32] + 1 - T)) & 0xFF))  # v = (V >> 256) + 1, in [2, 13]
    nu, nu1, um1, ff = "r8", "r9", "r10", "r11"

    def v_bytes():
        """the registers of v K's bytes other than 0 and 0xFF, from v in u"""
        asm("mov", nu, u)
        asm("neg", nu)
        asm("mov", nu1, u)
        asm("com", nu1)
        asm("mov", um1, u)
        asm("dec", um1)

    v_bytes()
    asm("ldi", "r16", "0xFF")
    asm("mov", ff, "r16")
    addend = {0: u, 12: nu, 24: nu1, 28: um1}
    for q in list(range(13, 24)) + [25, 26, 27]:
        addend[q] = ff
    asm.comment("D = (V mod 2^256) + v K = V - (v - 1) p + K carries past 2^256 exactly when")
    asm.comment("W = V - (v - 1) p (below 2p) is at least p: its carry alone, nothing stored")
    for q in range(32):
        asm("ldd", x, "Y+%d" % q)
        asm("add" if q == 0 else "adc", x, addend.get(q, zero))
    asm.comment("v' = v if it carried (the result W - p is D mod 2^256), else v - 1 (the result")
    asm.comment("W = (V mod 2^256) + (v - 1) K, below 2^256): one pass of (V mod 2^256) + v' K")
    asm("adc", u, zero)
    asm("dec", u)
    v_bytes()
    for q in range(32):
        asm("ldd", x, "Y+%d" % q)
        asm("add" if q == 0 else "adc", x, addend.get(q, zero))
        asm("st", "Z+", x)


def secp160r1_karatsuba_lh(asm, Q, extra, keep):
    """From karatsuba_q_kept's S (registers; L0 in scratch[0..10), H1 in scratch[30..40)):
    the product's low half P_lo = L0 + 2^80 (S mod 2^80) and high half
    P_hi = (S >> 80) + x + 2^80 H1, P_hi but for x written to scratch[20..40) and
    V = P_lo + P_hi (x the carry in) left in registers for reduce_secp160r1 (which reads P_hi
    once more, x again its carry in). The scratch by absolute address (LDS, STS: Y is free).
    P_hi's bytes 11..19 (H1's, plus the carry) are held in extra (V's bytes 21..24, cleared
    at the end) and keep (free through the reduction's pass over P_hi), so V adds them from
    registers; those in keep are not stored at all: the reduction takes them from there too.
    Returns V and {P_hi byte: register} of keep's."""
    at = lambda k: "ks_avr_fp_t+%d" % k
    asm.comment("P_hi = S >> 80 + 2^80 H1 (+ x)")
    asm("lds", "r0", at(30))
    asm("add", Q[20], "r0")
    hold = list(keep) + list(extra)
    assert len(hold) >= 9
    hi = {}
    for j, m in enumerate(range(11, 20)):
        asm("lds", hold[j], at(20 + m))
        asm("adc", hold[j], ZERO)
        if hold[j] in keep:
            hi[m] = hold[j]
        else:
            asm("sts", at(20 + m), hold[j])
    for m in range(11):
        asm("sts", at(20 + m), Q[10 + m])
    asm.comment("V = P_lo + P_hi")
    asm("lds", "r0", at(XSAVE))
    asm("lsr", "r0")  # C = x
    for i in range(10):
        asm("lds", "r0", at(i))
        asm("adc", Q[10 + i], "r0")
    asm("adc", Q[0], Q[20])
    for i in range(11, 20):
        asm("adc", Q[i - 10], hold[i - 11])
    asm("clr", Q[20])  # CLR leaves C alone
    asm("adc", Q[20], ZERO)
    for r in extra:
        asm("clr", r)
    return Q[10:20] + Q[0:10] + [Q[20]] + list(extra), hi


RSAVE = 64  # r's place in the scratch: behind the largest product and secp160r1's Karatsuba terms (60 bytes)
SSAVE = RSAVE + 2  # s's (and x's, r2's) for the fused forms (gen_fp160, gen_fp160_sqrsubadd)
# sqrsubadd's a^2 (the doubling's delta) for sqrssh: scratch bytes the square core leaves alone
# (square_regs stores bytes 4..33, reduce_sqr160 reads them), the product core's Karatsuba terms
DELTA_AT = 34
assert 20 + 14 <= DELTA_AT and DELTA_AT + 20 <= XSAVE  # square_regs' last store: byte n + 13


def gen_fp(asm, field, n, square, reduce):
    """ks_fp_mul_FIELD / ks_fp_sqr_FIELD for P-256: the 2n-byte product into the static scratch
    ks_avr_fp_t (no stack frame to set up: the kernels run on one thread, never in an
    interrupt), then the reduction from there into r. The pointer r waits in the scratch,
    behind the product (the Karatsuba products of karatsuba_rows: behind their own)."""
    name = "ks_fp_%s_%s" % ("sqr" if square else "mul", field)
    rsave = RSAVE
    asm.function(name)
    prologue(asm)
    if square:
        asm("ldi", "r28", "lo8(ks_avr_fp_t)")  # Y = the scratch
        asm("ldi", "r29", "hi8(ks_avr_fp_t)")
        asm("sts", "ks_avr_fp_t+%d" % rsave, "r24")
        asm("sts", "ks_avr_fp_t+%d" % (rsave + 1), "r25")
        asm("movw", "r26", "r22")
        asm("movw", "r30", "r22")
        product_rows(asm, n, True)
        square_finish(asm, n)
    else:
        rsave = karatsuba_rows(asm, n)
        asm("ldi", "r28", "lo8(ks_avr_fp_t)")
        asm("ldi", "r29", "hi8(ks_avr_fp_t)")
    asm("lds", "r30", "ks_avr_fp_t+%d" % rsave)  # Z = r
    asm("lds", "r31", "ks_avr_fp_t+%d" % (rsave + 1))
    reduce(asm)
    epilogue(asm)
    asm.end(name)


P160 = FIELDS[0][2]


def gen_fp160_core(asm, square):
    """ks_avr_fp160_mul_core(r, a, b) / ks_avr_fp160_sqr_core(r, a): secp160r1's product (one
    level of Karatsuba) or square (square_regs) into the scratch and its reduction, the
    result left in registers: a subroutine of gen_fp160's functions, which save the
    registers and store the result (one copy of the product for the plain and the fused
    forms). r is kept in the scratch. Returns the result's registers."""
    name = "ks_avr_fp160_%s_core" % ("sqr" if square else "mul")
    asm.function(name)
    asm("sts", "ks_avr_fp_t+%d" % RSAVE, "r24")
    asm("sts", "ks_avr_fp_t+%d" % (RSAVE + 1), "r25")
    # a through Z for the square (its output goes by address: no Y, no X); a through X and b
    # through Z for the product
    if not square:
        asm("movw", "r26", "r22")
    asm("movw", "r30", "r22" if square else "r20")
    if square:
        square_regs(asm)
        V = reduce_sqr160(asm)
    else:
        Q, free = karatsuba_product(asm, 20, keep=True)
        # nine registers hold P_hi's bytes 11..19 (secp160r1_karatsuba_lh): the product's spare
        # ones, X (r26 the sign mask, read no more) and r1 (no MUL after), which
        # karatsuba_q_kept returns. Four become V's bytes
        # 21..24 (23 and 24 take LDI in reduce_secp160r1), five stay through the reduction's
        # pass over P_hi, then T waits in four of them
        high = [r for r in free if int(r[1:]) >= 16]
        extra = [r for r in free if r not in high[:2]][:2] + high[:2]
        keep = [r for r in free if r not in extra]
        V, hi = secp160r1_karatsuba_lh(asm, Q, extra, keep)
        reduce_secp160r1(asm, V, tmp="r0", zero=ZERO, hi=hi, T=sorted(keep, key=lambda r: int(r[1:]))[:4],
                         carry_in="ks_avr_fp_t+%d" % XSAVE)
    asm("ret")
    asm.end(name)
    return V[:20]


def result_pointer(V):
    """The pointer pair the forms below store through (r, s): Z, or X or Y where the
    product's result holds Z (ks_avr_fp160_mul_core keeps bytes of M in r30, r31, and in
    r27: its callers keep nothing in Y across it, which it clobbers)."""
    for lo, hi, name in (("r30", "r31", "Z"), ("r26", "r27", "X"), ("r28", "r29", "Y")):
        if not {lo, hi} & set(V):
            return lo, hi, name
    raise AssertionError("no pointer pair free of the result")


def tail_label(op):
    """The label in ks_avr_fp160_OP's body right after its core's CALL (an assembler-local
    label, no symbol: check() and the profiles see one function): gen_dbl160 and gen_add160
    call it after running the square core themselves on a value already in registers
    (SQR_CORE_A), with r (and s) in the scratch, for the form's tail alone."""
    return ".Lks_avr_fp160_%s_tail" % op


def gen_fp160(asm, square, subs, V, tail=None):
    """The body of ks_fp_mul_secp160r1(r, a, b), ks_fp_sqr_secp160r1(r, a) and the fused forms
    of the point formulas (kernels/ks_ec_formulas.h; fused_body makes the functions), the
    product's result taken down by s in registers before it is stored: subs = 1,
    ks_fp_mulsub_secp160r1(r, a, b, s) = a b - s and ks_fp_sqrsub_secp160r1(r, a, s) = a^2 - s;
    subs = 2, ks_fp_sqrsub2_secp160r1(r, a, s) = a^2 - 2s (two subtractions): each subtraction
    a pass of LD and SBC, then p added under the borrow's mask, as in gen_add_sub_regs. r may
    alias a, b or s (s is read before r is written). V: the core's result registers
    (gen_fp160_core). tail: a label for the rest after the core's CALL (tail_label)."""
    plo, phi, ptr = result_pointer(V)
    if subs:
        s_arg = ("r20", "r21") if square else ("r18", "r19")
        asm("sts", "ks_avr_fp_t+%d" % SSAVE, s_arg[0])
        asm("sts", "ks_avr_fp_t+%d" % (SSAVE + 1), s_arg[1])
    asm("call", "ks_avr_fp160_%s_core" % ("sqr" if square else "mul"))
    if tail:
        asm.label(tail)
    if subs:
        free = [reg(i) for i in range(16, 32) if reg(i) not in V + [plo, phi]]  # LDI
        mask, k7f, t = free[0], free[1], "r0"
        asm("lds", plo, "ks_avr_fp_t+%d" % SSAVE)  # s
        asm("lds", phi, "ks_avr_fp_t+%d" % (SSAVE + 1))
        for k in range(subs):
            asm.comment("- s mod p")
            if k:
                asm("sbiw", plo, 20)
            sub_z_p160(asm, V, t, mask, k7f, ptr)
    asm("lds", plo, "ks_avr_fp_t+%d" % RSAVE)  # r
    asm("lds", phi, "ks_avr_fp_t+%d" % (RSAVE + 1))
    for i in range(20):
        asm("st", ptr + "+", V[i])


def add_p_if_borrowed(asm, V, mask, k7f):
    """V = V + p for secp160r1 when the subtraction just made borrowed (the carry flag), else V:
    p added under the borrow's mask (p's bytes are 0xFF but for the one 0x7F). k7f is r16 or
    above (LDI); mask and k7f are clobbered."""
    pb = P160.to_bytes(20, "little")
    asm("sbc", mask, mask)  # 0xFF if it borrowed: add p
    asm("ldi", k7f, "0x7F")
    asm("and", k7f, mask)
    for i in range(20):
        asm("add" if i == 0 else "adc", V[i], k7f if pb[i] == 0x7F else mask)


def sub_z_p160(asm, V, t, mask, k7f, ptr="Z"):
    """V = V - (the 20 bytes at ptr, ptr advanced) mod p for secp160r1, both reduced: a pass of
    LD and SBC, then p added under the borrow's mask. t a scratch register."""
    for i in range(20):
        asm("ld", t, ptr + "+")
        asm("sub" if i == 0 else "sbc", V[i], t)
    add_p_if_borrowed(asm, V, mask, k7f)


def add_z_p160_lazy(asm, V, t, mask, k7f, ptr="Z", keep={}):
    """V = V + (the 20 bytes at ptr, ptr advanced), both below p, to a value below 2^160
    congruent mod p but not always below p: p taken off under the mask of the sum's carry
    alone (the sum is below 2p, so less p it is below p; without the carry it is below 2^160),
    not after a pass comparing it with p (24 cycles fewer). For a product's or a
    square's input only (their reductions take any 160-bit value: reduce_secp160r1). k7f is
    r16 or above (LDI); t a scratch register. keep: {byte: register} for bytes of the addend
    held in registers (the top ones: ptr advances over the others)."""
    pb = P160.to_bytes(20, "little")
    for i in range(20):
        if i in keep:
            src = keep[i]
        else:
            asm("ld", t, ptr + "+")
            src = t
        asm("add" if i == 0 else "adc", V[i], src)
    asm("sbc", mask, mask)  # 0xFF if the sum carried: less p (its 2^160 the carry's)
    asm("ldi", k7f, "0x7F")
    asm("and", k7f, mask)
    for i in range(20):
        asm("sub" if i == 0 else "sbc", V[i], k7f if pb[i] == 0x7F else mask)


def gen_fp160_mulhalf3(asm, V):
    """The body of ks_fp_mulhalf3_secp160r1(r, a, b) (fused_body): r = 3ab/2 mod p, the point doubling's
    A = 3 (X - delta)(X + delta) / 2 (kernels/ks_ec_formulas.h): the product (gen_fp160_core)
    stored in r, halved in registers (p added under the mask of its low bit, the sum shifted
    right, as gen_add_sub_regs's half3; ab's top bytes kept in the free registers meanwhile),
    r added back and p taken off under the sum's carry
    (add_z_p160_lazy: r below 2^160, not always below p; the doubling only squares and
    multiplies it); stored again, and left in V (gen_dbl160 squares it from there). r may
    alias a or b; b may be any value below 2^160 (sqrsubadd's x + a^2)."""
    asm("call", "ks_avr_fp160_mul_core")
    plo, phi, ptr = result_pointer(V)
    mask, k7f = [reg(i) for i in range(16, 32) if reg(i) not in V + [plo, phi]][:2]  # LDI
    t = "r0"
    assert not set(V) & {mask, k7f, t, plo, phi}
    # ab's top bytes wait in the registers still free (MOV, not ST and LD: 3 cycles a byte),
    # the others in r
    spare = [r for r in (reg(i) for i in range(1, 32)) if r not in V + [mask, k7f, t, plo, phi]]
    keep = dict(zip(range(20 - len(spare), 20), spare))
    asm("lds", plo, "ks_avr_fp_t+%d" % RSAVE)  # r
    asm("lds", phi, "ks_avr_fp_t+%d" % (RSAVE + 1))
    for i in range(20):
        if i in keep:
            asm("mov", keep[i], V[i])
        else:
            asm("st", ptr + "+", V[i])
    asm.comment("ab / 2")
    half_p160(asm, V, mask, k7f)
    asm.comment("+ ab, lazily")
    asm("sbiw", plo, 20 - len(keep))
    add_z_p160_lazy(asm, V, t, mask, k7f, ptr, keep)
    asm("sbiw", plo, 20 - len(keep))
    for i in range(20):
        asm("st", ptr + "+", V[i])


def gen_fp160_sqrsubadd(asm, V):
    """The body of ks_fp_sqrsubadd_secp160r1(r1, r2, a, x) (fused_body): r1 = x - a^2 and r2 = x + a^2 mod p, the
    point doubling's X - delta and X + delta from delta = Z^2 (kernels/ks_ec_formulas.h):
    the square stays in registers (V, gen_fp160_core) while x - a^2 is made in r1 (a pass
    over x, p added under the borrow's mask in a second pass over r1; its top five bytes kept
    in registers between the passes), then x is added to it
    in place (p taken off under the sum's carry, add_z_p160_lazy: r2 is below 2^160, not always
    below p; the doubling only multiplies it) and it goes to r2. r1, r2 apart from each other
    and from x; a may alias either. a^2 itself is left in the scratch at DELTA_AT, where the
    doubling's Z3 (sqrssh, next) reads it: the square core leaves those bytes alone, the
    product core overwrites them."""
    asm("sts", "ks_avr_fp_t+%d" % SSAVE, "r18")  # x
    asm("sts", "ks_avr_fp_t+%d" % (SSAVE + 1), "r19")
    asm("sts", "ks_avr_fp_t+%d" % (SSAVE + 2), "r22")  # r2
    asm("sts", "ks_avr_fp_t+%d" % (SSAVE + 3), "r23")
    asm("movw", "r22", "r20")  # the core squares (r22)
    asm("call", "ks_avr_fp160_sqr_core")
    pb = P160.to_bytes(20, "little")
    mask, k7f, t = "r22", "r23", "r0"
    assert not set(V) & {mask, k7f, t, "r26", "r27", "r30", "r31"}
    asm.comment("a^2 kept in the scratch (DELTA_AT) for the doubling's Z3 (sqrssh)")
    asm("ldi", "r30", "lo8(ks_avr_fp_t+%d)" % DELTA_AT)
    asm("ldi", "r31", "hi8(ks_avr_fp_t+%d)" % DELTA_AT)
    for i in range(20):
        asm("st", "Z+", V[i])
    asm.comment("r1 = x - a^2")
    asm("lds", "r26", "ks_avr_fp_t+%d" % RSAVE)  # X = r1
    asm("lds", "r27", "ks_avr_fp_t+%d" % (RSAVE + 1))
    asm("lds", "r30", "ks_avr_fp_t+%d" % SSAVE)  # Z = x
    asm("lds", "r31", "ks_avr_fp_t+%d" % (SSAVE + 1))
    # the top five bytes of the difference wait in the registers still free (no store and
    # load between the passes: 4 cycles a byte)
    keep = dict(zip(range(15, 20), ("r1", "r24", "r25", "r28", "r29")))
    assert not set(keep.values()) & set(V + [mask, k7f, t, "r26", "r27", "r30", "r31"])
    for i in range(20):
        d = keep.get(i, t)
        asm("ld", d, "Z+")
        asm("sub" if i == 0 else "sbc", d, V[i])
        if i not in keep:
            asm("st", "X+", t)
    asm("sbc", mask, mask)  # 0xFF if it borrowed: add p
    asm("ldi", k7f, "0x7F")
    asm("and", k7f, mask)
    asm("sbiw", "r26", 15)
    for i in range(20):
        d = keep.get(i, t)
        if i not in keep:
            asm("ld", t, "X")
        asm("add" if i == 0 else "adc", d, k7f if pb[i] == 0x7F else mask)
        asm("st", "X+", d)
    asm.comment("r2 = x + a^2, lazily")
    asm("sbiw", "r30", 20)
    add_z_p160_lazy(asm, V, t, mask, k7f)
    asm("lds", "r30", "ks_avr_fp_t+%d" % (SSAVE + 2))  # Z = r2
    asm("lds", "r31", "ks_avr_fp_t+%d" % (SSAVE + 3))
    for i in range(20):
        asm("st", "Z+", V[i])


def gen_fp160_sqrsqr(asm, V):
    """The body of ks_fp_sqrsqr_secp160r1(r1, r2, a) (fused_body): r1 = a^2 and r2 = a^4 mod p,
    the point doubling's gamma = Y^2 and gamma^2: a^2 is stored in r1 and moved from the
    core's result registers (V, r2..r21) to a's (r8..r27) for the core's second entry
    (SQR_CORE_A), so the second square reads no memory and costs no call from the doubling.
    r1 and r2 apart; a may alias either."""
    assert V == [reg(i) for i in range(2, 22)]
    asm("sts", "ks_avr_fp_t+%d" % SSAVE, "r22")  # r2
    asm("sts", "ks_avr_fp_t+%d" % (SSAVE + 1), "r23")
    asm("movw", "r22", "r20")  # the core squares (r22)
    asm("call", "ks_avr_fp160_sqr_core")
    asm("lds", "r30", "ks_avr_fp_t+%d" % RSAVE)  # Z = r1
    asm("lds", "r31", "ks_avr_fp_t+%d" % (RSAVE + 1))
    for i in range(20):
        asm("st", "Z+", V[i])
    for i in range(18, -1, -2):  # r8..r27 from r2..r21: from the top, no byte overwritten unread
        asm("movw", reg(8 + i), V[i])
    for k in range(2):  # r = r2 for the second square
        asm("lds", "r30", "ks_avr_fp_t+%d" % (SSAVE + k))
        asm("sts", "ks_avr_fp_t+%d" % (RSAVE + k), "r30")
    asm("call", SQR_CORE_A)
    asm("lds", "r30", "ks_avr_fp_t+%d" % RSAVE)  # Z = r2
    asm("lds", "r31", "ks_avr_fp_t+%d" % (RSAVE + 1))
    for i in range(20):
        asm("st", "Z+", V[i])


def gen_fp160_sqrssh(asm, V):
    """The body of ks_fp_sqrssh_secp160r1(r, a, s, t) (fused_body): r = (a^2 - s - t) / 2 mod p
    for s, t below p, the point doubling's Z3 = Y Z = ((Y + Z)^2 - gamma - delta) / 2 (3M + 5S:
    a square and this tail instead of a product, ~730 cycles dearer here): the square left in
    registers (V, gen_fp160_core) taken down by s and by t (sub_z_p160: a pass of LD and SBC
    each, p added under the borrow's mask), halved in place (p added under the mask of the low
    bit, the sum's carry shifted in at the top, as mulhalf3) and stored. a may be any value
    below 2^160 (the doubling's lazy Y + Z: the square core reduces any); r may alias a, s or
    t (they are read before r is written). The doubling enters at its tail (tail_label) with
    the sum already in the square core's registers."""
    asm("sts", "ks_avr_fp_t+%d" % SSAVE, "r20")  # s
    asm("sts", "ks_avr_fp_t+%d" % (SSAVE + 1), "r21")
    asm("sts", "ks_avr_fp_t+%d" % (SSAVE + 2), "r18")  # t
    asm("sts", "ks_avr_fp_t+%d" % (SSAVE + 3), "r19")
    asm("call", "ks_avr_fp160_sqr_core")
    asm.label(tail_label("sqrssh"))
    mask, k7f, t = "r22", "r23", "r0"
    assert not set(V) & {mask, k7f, t, "r30", "r31"}
    for k in (0, 2):
        asm.comment("- %s mod p" % "st"[k // 2])
        asm("lds", "r30", "ks_avr_fp_t+%d" % (SSAVE + k))
        asm("lds", "r31", "ks_avr_fp_t+%d" % (SSAVE + k + 1))
        sub_z_p160(asm, V, t, mask, k7f)
    asm.comment("/ 2")
    half_p160(asm, V, mask, k7f)
    asm("lds", "r30", "ks_avr_fp_t+%d" % RSAVE)  # r
    asm("lds", "r31", "ks_avr_fp_t+%d" % (RSAVE + 1))
    for i in range(20):
        asm("st", "Z+", V[i])


FUSED160 = ("mul", "sqr", "mulsub", "mulhalf3", "sqrsub", "sqrsub2", "sqrsubadd", "sqrsqr", "sqrssh")


def fused_body(asm, op, emit):
    """A product, square or fused form of secp160r1 (gen_fp160, gen_fp160_sqrsubadd,
    gen_fp160_sqrsqr, gen_fp160_mulhalf3) as a subroutine, ks_avr_fp160_OP (the C arguments' registers in, nothing saved, the result
    left in the core's registers), entered by a fixed CALL from its C-called function
    ks_fp_OP_secp160r1 (which saves the registers) and from gen_dbl160 and gen_add160: one
    copy of its code in flash for the three."""
    assert op in FUSED160
    body = "ks_avr_fp160_" + op
    asm.function(body)
    emit()
    asm("ret")
    asm.end(body)
    name = "ks_fp_%s_secp160r1" % op
    asm.function(name)
    prologue(asm)
    asm("call", body)
    epilogue(asm)
    asm.end(name)


# The point operations' elements of 20 bytes in ks_avr_fp_t from here on where they fit (the
# four of gen_dbl160, four of gen_add160's five): behind the places secp160r1's product, square
# and fused forms use (up to DBL_COUNT) and below SCRATCH, which P-256's product needs and the
# inversion's batch uses (MB), neither of which runs inside a point operation. An element
# there is (FIXED, offset): its address is two LDIs, no frame pointer; and the stack frames
# shrink by 80 bytes.
FIXED = "ks_avr_fp_t"
FIXED_AT = 72


def fixed(k):
    """The k-th element of 20 bytes in ks_avr_fp_t (FIXED_AT)."""
    assert FIXED_AT + 20 * (k + 1) <= SCRATCH
    return (FIXED, FIXED_AT + 20 * k)


DBL_FRAME = 12  # gen_dbl160's frame: six pointers
DBL_PTR = {"px": 0, "py": 2, "pz": 4, "rx": 6, "ry": 8, "rz": 10}
# gamma, then beta, then t1; gamma^2; t1; t2, then alpha
DBL_G, DBL_B, DBL_T1, DBL_T2 = (fixed(k) for k in range(4))


def elem_address(asm, lo, what):
    """reg(lo), reg(lo + 1) = the address of an element: one in ks_avr_fp_t (fixed) by LDI
    (lo is 16 or above), or one in the frame (its offset) from Z = SP."""
    if isinstance(what, tuple):
        asm("ldi", reg(lo), "lo8(%s+%d)" % what)
        asm("ldi", reg(lo + 1), "hi8(%s+%d)" % what)
    else:
        asm("movw", reg(lo), "r30")
        asm("subi", reg(lo), "lo8(-%d)" % fb(what))
        asm("sbci", reg(lo + 1), "hi8(-%d)" % fb(what))


def sp_frame(asm, size, grow):
    """SP moved by size bytes (down to open the frame, up to close it) through Y, as avr-gcc's
    prologue does: SPH written with the interrupts off, SREG put back before SPL (the
    instruction after OUT SREG runs before any interrupt)."""
    asm("in", "r28", "0x3d")
    asm("in", "r29", "0x3e")
    while size:
        part = min(size, 63)
        asm("sbiw" if grow else "adiw", "r28", part)
        size -= part
    asm("in", "r0", "0x3f")
    asm("cli")
    asm("out", "0x3e", "r29")
    asm("out", "0x3f", "r0")
    asm("out", "0x3d", "r28")


# The frame's first byte is at SP + 1 in the point operations themselves, at SP + 3 in their
# bodies (point_body: subroutines, a return address on the stack).
FRAME_BASE = [1]


def fb(off=0):
    """The frame's byte off relative to SP, where the code being generated runs."""
    return FRAME_BASE[0] + off


def z_sp(asm):
    """Z = SP: the frame of gen_dbl160 and gen_add160 at Z + fb()."""
    asm("in", "r30", "0x3d")
    asm("in", "r31", "0x3e")


def frame_call(asm, op, args, ptrs):
    """ks_avr_fp160_OP (fused_body) called with the C registers of its arguments (r24, r22,
    r20, r18 in order) from the frame: a pointer kept there (ptrs) or the address of an element
    (elem_address); Z = SP only where an argument is read from the frame. r1 is left as the
    last MUL left it: no form reads it before its core's first MUL writes it (the C-called
    wrappers and the point operations clear it before they return to C)."""
    if any(not isinstance(what, tuple) for what in args):
        z_sp(asm)
    for lo, what in zip((24, 22, 20, 18), args):
        if what in ptrs:
            asm("ldd", reg(lo), "Z+%d" % fb(ptrs[what]))
            asm("ldd", reg(lo + 1), "Z+%d" % fb(ptrs[what] + 1))
        else:
            elem_address(asm, lo, what)
    asm("call", "ks_avr_fp160_" + op)


def frame_z(asm, off):
    """Z = the address of an element: the frame's byte off (the frame at SP + 1), or one in
    ks_avr_fp_t (fixed)."""
    if isinstance(off, tuple):
        elem_address(asm, 30, off)
        return
    z_sp(asm)
    asm("subi", "r30", "lo8(-%d)" % fb(off))
    asm("sbci", "r31", "hi8(-%d)" % fb(off))


def mem_sub_v160(asm, off):
    """The frame's element at off = itself - V mod p, V the square core's result registers
    (ks_avr_fp160_subv)."""
    frame_z(asm, off)
    asm("call", "ks_avr_fp160_subv")


def gen_subv160(asm, V):
    """ks_avr_fp160_subv: the 20 bytes at Z = themselves - V mod p (V the square core's result
    registers, made from them in place; p added under the borrow's mask), for gen_dbl160 and
    gen_add160; V left holding the difference."""
    name = "ks_avr_fp160_subv"
    asm.function(name)
    mask, k7f, t = "r22", "r23", "r0"
    assert not set(V) & {mask, k7f, t, "r30", "r31"}
    for i in range(20):
        asm("ld", t, "Z+")
        asm("sub" if i == 0 else "sbc", t, V[i])
        asm("mov", V[i], t)
    add_p_if_borrowed(asm, V, mask, k7f)
    asm("sbiw", "r30", 20)
    for i in range(20):
        asm("st", "Z+", V[i])
    asm("ret")
    asm.end(name)


def move_to_sqr_a(asm, V):
    """r(8+i) = V[i] for i < 20 (the square core's a, SQR_CORE_A), V any 20 registers: a
    parallel move, MOVW where a pair lines up, a cycle broken through r2 (free of a and of the
    product's result registers). Clobbers r2."""
    A = [reg(8 + i) for i in range(20)]
    units = []  # (destinations, sources)
    i = 0
    while i < 20:
        d, v = A[i:i + 2], V[i:i + 2]
        num = lambda r: int(r[1:])
        if i % 2 == 0 and num(v[0]) % 2 == 0 and num(v[1]) == num(v[0]) + 1:
            units.append((d, v))
            i += 2
        else:
            units.append(([A[i]], [V[i]]))
            i += 1
    units = [u for u in units if u[0] != u[1]]
    temp = "r2"
    assert temp not in V and temp not in A
    while units:
        pending_src = {r for _, src in units for r in src}
        ready = [u for u in units if not (set(u[0]) & (pending_src - set(u[1])))]
        if ready:
            d, v = ready[0]
            asm("movw" if len(d) == 2 else "mov", d[0], v[0])
            units.remove(ready[0])
            continue
        # a cycle: one unit's first source to the temp (single registers only in a cycle here)
        d, v = units[0]
        assert len(v) == 1
        asm("mov", temp, v[0])
        units[0] = (d, [temp])


def sqr_from_regs(asm, V, r_off, s_off, op, moved=False, t_off=None):
    """ks_avr_fp160_OP (sqr or sqrsub2) of the value in V (a product's result registers, still
    there after the form that made it), without reading it from memory or a frame_call: V
    moved to the square core's a registers (move_to_sqr_a), r (and s, sqrsub2's) given by
    their places ([offset] of a pointer kept in the frame, or an element: elem_address) written to
    the scratch, the core entered at SQR_CORE_A, then the form's tail (tail_label). moved: V
    is in a's registers already. t_off: sqrssh's second subtrahend."""
    if not moved:
        move_to_sqr_a(asm, V)
    if any(isinstance(off, (int, list)) for off in (r_off, s_off, t_off)):
        z_sp(asm)
    for off, save in ((r_off, RSAVE), (s_off, SSAVE), (t_off, SSAVE + 2)):
        if off is None:
            continue
        if isinstance(off, list):  # [offset]: a pointer kept in the frame
            for k in range(2):
                asm("ldd", "r0", "Z+%d" % fb(off[0] + k))
                asm("sts", "ks_avr_fp_t+%d" % (save + k), "r0")
        else:
            elem_address(asm, 28, off)  # Y: free until the core, a in r8..r27
            asm("sts", "ks_avr_fp_t+%d" % save, "r28")
            asm("sts", "ks_avr_fp_t+%d" % (save + 1), "r29")
    asm("call", SQR_CORE_A)
    asm("call", tail_label(op))


def frame_xyz_pointers(asm, stride, ptr):
    """p's x, y, z pointers (from r23:r22) and r's (from r25:r24) into the frame at ptr["px"]
    and ptr["rx"]: x as the C caller gave it, y and z the stride register's bytes on each."""
    for src, first in (("r22", "px"), ("r24", "rx")):
        for k in range(3):
            if k:
                asm("add", src, stride)
                asm("adc", reg(int(src[1:]) + 1), "r1")
            asm("std", "Y+%d" % (1 + ptr[first] + 2 * k), src)
            asm("std", "Y+%d" % (2 + ptr[first] + 2 * k), reg(int(src[1:]) + 1))


def open_point_op(asm, name, frame, stride, ptrs):
    """gen_dbl160's and gen_add160's start: the callee-saved registers pushed once, the frame
    opened, p's and r's x, y, z pointers kept in it (stride: the register the C caller gave
    the coordinates' stride in)."""
    asm.function(name)
    prologue(asm)
    sp_frame(asm, frame, True)
    asm.comment("the pointers to p's and r's x, y, z (r1 = 0 from the C caller)")
    frame_xyz_pointers(asm, stride, ptrs)


def close_point_op(asm, name, frame):
    """Their end: the frame closed, the registers popped, RET."""
    sp_frame(asm, frame, False)
    epilogue(asm)
    asm.end(name)


DBL_COUNT = 70  # gen_dbladd160's count of doublings left, in ks_avr_fp_t behind the fused forms' places


def point_body(asm, name, emit):
    """A point operation's body as a subroutine, ks_avr_NAME_body (entered by a fixed CALL from
    gen_dbl160, gen_add160 and gen_dbladd160, one copy of its code for the three), its frame
    accessed at SP + 3 (behind the return address)."""
    asm.function(name)
    FRAME_BASE[0] = 3
    emit()
    FRAME_BASE[0] = 1
    asm("ret")
    asm.end(name)


DBL_BODY = "ks_avr_dbl160_body"


def lazy_sum_to_sqr_a(asm, a, b, ptrs):
    """r(8+i) = the bytes of a + b (each a pointer kept in the frame, ptrs, or an element in
    ks_avr_fp_t: fixed), both below p, lazily:
    p taken off under the mask of the sum's carry alone (as add_z_p160_lazy), below 2^160 but
    not always below p, for the square core's second entry (SQR_CORE_A reduces any 160-bit
    value). a through Z, b through Y; r2 and r3 hold the mask and its 0x7F (no LDI register is
    free: r16..r27 are the square's)."""
    A = [reg(8 + i) for i in range(20)]
    pb = P160.to_bytes(20, "little")
    if not (isinstance(a, tuple) and isinstance(b, tuple)):
        z_sp(asm)
    if isinstance(b, tuple):
        elem_address(asm, 28, b)
    else:
        asm("ldd", "r28", "Z+%d" % fb(ptrs[b]))
        asm("ldd", "r29", "Z+%d" % fb(ptrs[b] + 1))
    if isinstance(a, tuple):
        elem_address(asm, 30, a)
    else:
        asm("ldd", "r0", "Z+%d" % fb(ptrs[a]))
        asm("ldd", "r31", "Z+%d" % fb(ptrs[a] + 1))
        asm("mov", "r30", "r0")
    for i in range(20):
        asm("ld", A[i], "Z+")
    for i in range(20):
        asm("ld", "r0", "Y+")
        asm("add" if i == 0 else "adc", A[i], "r0")
    mask, k7f = "r2", "r3"
    asm("sbc", mask, mask)  # 0xFF if the sum carried: less p (its 2^160 the carry's)
    asm("mov", k7f, mask)
    asm("lsr", k7f)
    for i in range(20):
        asm("sub" if i == 0 else "sbc", A[i], k7f if pb[i] == 0x7F else mask)


def gen_dbl160_body(asm, Vmul):
    """One point doubling of kernels/ks_ec_formulas.h (a = -3, the result rescaled by 1/2) as
    3M + 5S: Z3 = Y Z as ((Y + Z)^2 - gamma - delta) / 2 (lazy_sum_to_sqr_a and sqrssh's tail,
    ~380 cycles less than the product), gamma and delta those the doubling makes anyway (delta
    left in the scratch by sqrsubadd), so Z3 comes before beta, which is written over gamma;
    r = 2p from the pointers in the frame (DBL_PTR): the subroutines of the C-called forms
    (fused_body) called one after the other, the callee-saved registers pushed by the caller
    once for all (gen_dbl160, gen_dbladd160) instead of once for each of its eight
    products and squares (~72 cycles each). The four elements between the operations live in
    ks_avr_fp_t (fixed). gamma and gamma^2 come from one call (sqrsqr: the second square from
    the first's registers); beta is written over gamma (read by its product only). alpha^2 is
    squared from mulhalf3's result registers (sqr_from_regs: no load, no frame_call), so
    Z3 = Y Z comes before alpha. t1 = beta - X3 is made from X3 still in registers after
    X3 = alpha^2 - 2 beta and written over beta (not read after). r may alias p."""
    def emit():
        asm.comment("gamma = Y^2, gamma^2")
        frame_call(asm, "sqrsqr", (DBL_G, DBL_B, "py"), DBL_PTR)
        asm.comment("t1 = X - delta, t2 = X + delta (delta = Z^2, left at DELTA_AT)")
        frame_call(asm, "sqrsubadd", (DBL_T1, DBL_T2, "pz", "px"), DBL_PTR)
        asm.comment("Z3 = Y Z = ((Y + Z)^2 - gamma - delta) / 2: the last read of p's y, z")
        lazy_sum_to_sqr_a(asm, "py", "pz", DBL_PTR)
        sqr_from_regs(asm, None, [DBL_PTR["rz"]], DBL_G, "sqrssh", moved=True,
                      t_off=(FIXED, DELTA_AT))
        asm.label(DBL_REST)
        dbl160_rest(asm, Vmul)
    point_body(asm, DBL_BODY, emit)


# The doubling's second half inside DBL_BODY (from beta on: an assembler-local label, no symbol,
# as SQR_CORE_A), which gen_dbl1_160 calls with its frame at the same depth (SP + 3): one copy.
DBL_REST = ".Lks_avr_dbl160_rest"


def dbl160_rest(asm, Vmul):
    """The doubling from beta on (gen_dbl160_body; gen_dbl1_160 calls it at DBL_REST): gamma,
    gamma^2, t1 and t2 made."""
    asm.comment("beta = X gamma, over gamma: the last read of p")
    frame_call(asm, "mul", (DBL_G, "px", DBL_G), DBL_PTR)
    asm.comment("alpha = 3 t1 t2 / 2, in t2 and in registers")
    frame_call(asm, "mulhalf3", (DBL_T2, DBL_T1, DBL_T2), DBL_PTR)
    asm.comment("X3 = alpha^2 - 2 beta, alpha from the registers")
    sqr_from_regs(asm, Vmul, [DBL_PTR["rx"]], DBL_G, "sqrsub2")
    asm.comment("t1 = beta - X3 (X3 in registers), over beta")
    mem_sub_v160(asm, DBL_G)
    asm.comment("Y3 = alpha t1 - gamma^2")
    frame_call(asm, "mulsub", ("ry", DBL_T2, DBL_G, DBL_B), DBL_PTR)


def gen_dbl1_160(asm):
    """ks_avr_dbl1_secp160r1(r, p, stride): r = 2p as gen_dbl160 for a p whose Z is 1 (an
    affine point: k P's table entry that starts the main loop, the table's 2P; kernels/ks_ec.c,
    KS_JAC_DBL_Z1): delta = Z^2 = 1, so
    t1 = X - 1 and t2 = X + 1 (X < p: X + 1 <= p is below 2^160, which mulhalf3 takes as it
    is) by a pass over X, and Z3 = Y Z = Y a copy: 3M + 3S, two squares (delta and
    (Y + Z)^2) and sqrsubadd's and sqrssh's tails fewer than gen_dbl160_body. r may alias p
    (Z3 is written over p's z, which it does not read)."""
    name = "ks_avr_dbl1_secp160r1"
    open_point_op(asm, name, DBL_FRAME, "r20", DBL_PTR)
    asm.comment("gamma = Y^2, gamma^2")
    frame_call(asm, "sqrsqr", (DBL_G, DBL_B, "py"), DBL_PTR)
    asm.comment("t2 = X + 1, t1 = X - 1 (= t2 - 2, p added where it borrowed)")
    V = [reg(i) for i in range(2, 22)]
    k, zero, mask, k7f = "r22", "r23", "r24", "r25"
    z_sp(asm)
    asm("ldd", "r26", "Z+%d" % fb(DBL_PTR["px"]))
    asm("ldd", "r27", "Z+%d" % fb(DBL_PTR["px"] + 1))
    for i in range(20):
        asm("ld", V[i], "X+")
    asm("ldi", k, "1")
    asm("clr", zero)
    for i in range(20):
        asm("add" if i == 0 else "adc", V[i], k if i == 0 else zero)
    elem_address(asm, 26, DBL_T2)
    for i in range(20):
        asm("st", "X+", V[i])
    asm("ldi", k, "2")
    for i in range(20):
        asm("sub" if i == 0 else "sbc", V[i], k if i == 0 else zero)
    add_p_if_borrowed(asm, V, mask, k7f)
    elem_address(asm, 26, DBL_T1)
    for i in range(20):
        asm("st", "X+", V[i])
    asm.comment("Z3 = Y")
    asm("ldd", "r26", "Z+%d" % fb(DBL_PTR["rz"]))
    asm("ldd", "r27", "Z+%d" % fb(DBL_PTR["rz"] + 1))
    asm("ldd", "r28", "Z+%d" % fb(DBL_PTR["py"]))
    asm("ldd", "r29", "Z+%d" % fb(DBL_PTR["py"] + 1))
    for i in range(20):
        asm("ld", "r0", "Y+")
        asm("st", "X+", "r0")
    asm("call", DBL_REST)  # the frame at SP + 3 there, as in DBL_BODY
    close_point_op(asm, name, DBL_FRAME)


def dbl_loop(asm, name, count):
    """count (a register) doublings of r in place by DBL_BODY (after the first, p's pointers
    are r's: r must be p where count > 1): a counted loop on the count kept in ks_avr_fp_t
    (public: the window)."""
    assert DBL_COUNT >= SSAVE + 4 and DBL_COUNT < FIXED_AT  # sqrsubadd's places end at SSAVE + 3
    asm("mov", "r5", count)
    loop = ".L%s_loop" % name
    asm.label(loop)
    asm("sts", "ks_avr_fp_t+%d" % DBL_COUNT, "r5")
    asm("call", DBL_BODY)
    asm("lds", "r5", "ks_avr_fp_t+%d" % DBL_COUNT)
    asm("dec", "r5")
    asm("breq", ".+2")
    asm("rjmp", loop)


def gen_dbl160(asm):
    """ks_avr_dbl_secp160r1(r, p, stride): r = 2p on secp160r1 by gen_dbl160_body, with the
    registers saved and the frame (the pointers, 12 bytes) made around it (the main loop's
    doublings go through gen_dbladd160). r and p point to the points' x, their y and z stride
    bytes on (sizeof x: KS_FE_MAX limbs); r may alias p."""
    name = "ks_avr_dbl_secp160r1"
    open_point_op(asm, name, DBL_FRAME, "r20", DBL_PTR)
    asm("call", DBL_BODY)
    close_point_op(asm, name, DBL_FRAME)


ADD_FRAME = 37  # gen_add160's frame: eight pointers, h's zero test, v
ADD_PTR = {"px": 0, "py": 2, "pz": 4, "rx": 6, "ry": 8, "rz": 10, "qx": 12, "qy": 14}
ADD_HZ = 16
# z1z1, then t; h, then hhh, then s1; s2, then rr; hh; v, then v - X3
ADD_Z1, ADD_H, ADD_S2, ADD_HH = (fixed(k) for k in range(4))
ADD_V = 17


ADD_BODY = "ks_avr_add160_body"


def gen_add160_body(asm, Vmul, Vsqr):
    """The mixed addition of kernels/ks_ec_formulas.h (add-1998-cmo-2 with Z2 = 1) as 7M + 4S:
    Z3 = Z1 H as ((Z1 + H)^2 - z1z1 - hh) / 2 (sqrssh, as the doubling's Z3),
    r = p + q for an affine q from the pointers in the frame (ADD_PTR), H's bytes ORed into
    the frame (ADD_HZ: 0 where x(p) = x(q), the exceptional case); r may alias p. hh = H^2 is
    squared from the registers H was made in (sqr_from_regs). X3 = (R^2 - 2V) - H^3 from
    sqrsub2's result in registers (one more subtraction pass), V - X3 from X3 still in
    registers, written over V (not read after). The field operations are the subroutines of
    fused_body, nothing saved around them. Four of the five elements live in ks_avr_fp_t
    (fixed); v in the frame."""
    P = ADD_PTR

    def emit():
        asm.comment("z1z1 = Z1^2")
        frame_call(asm, "sqr", (ADD_Z1, "pz"), P)
        asm.comment("H = X2 z1z1 - X1")
        frame_call(asm, "mulsub", (ADD_H, "qx", ADD_Z1, "px"), P)
        asm.comment("H to the square core's registers, its bytes ORed for the exceptional case")
        move_to_sqr_a(asm, Vmul)
        t = "r2"
        asm("mov", t, "r8")
        for i in range(9, 28):
            asm("or", t, reg(i))
        z_sp(asm)
        asm("std", "Z+%d" % fb(ADD_HZ), t)
        asm.comment("hh = H^2, H from the registers")
        sqr_from_regs(asm, Vmul, ADD_HH, None, "sqr", moved=True)
        asm.comment("s2 = Y2 Z1")
        frame_call(asm, "mul", (ADD_S2, "qy", "pz"), P)
        asm.comment("R = s2 z1z1 - Y1, over s2")
        frame_call(asm, "mulsub", (ADD_S2, ADD_S2, ADD_Z1, "py"), P)
        asm.comment("Z3 = Z1 H = ((Z1 + H)^2 - z1z1 - hh) / 2: the last read of p's z")
        lazy_sum_to_sqr_a(asm, "pz", ADD_H, P)
        sqr_from_regs(asm, None, [P["rz"]], ADD_Z1, "sqrssh", moved=True, t_off=ADD_HH)
        asm.comment("hhh = H hh, over H")
        frame_call(asm, "mul", (ADD_H, ADD_H, ADD_HH), P)
        asm.comment("V = X1 hh: the last read of p's x")
        frame_call(asm, "mul", (ADD_V, "px", ADD_HH), P)
        asm.comment("R^2 - 2V (in z1z1's place), then X3 = that - hhh in registers")
        frame_call(asm, "sqrsub2", (ADD_Z1, ADD_S2, ADD_V), P)
        mask, k7f, tt = "r22", "r23", "r0"
        assert not set(Vsqr) & {mask, k7f, tt, "r26", "r27", "r30", "r31"}
        frame_z(asm, ADD_H)
        asm.comment("- hhh mod p")
        sub_z_p160(asm, Vsqr, tt, mask, k7f)
        z_sp(asm)
        asm("ldd", "r26", "Z+%d" % fb(P["rx"]))  # X = r's x
        asm("ldd", "r27", "Z+%d" % fb(P["rx"] + 1))
        for i in range(20):
            asm("st", "X+", Vsqr[i])
        asm.comment("V - X3, over V")
        mem_sub_v160(asm, ADD_V)
        asm.comment("s1 = Y1 hhh, over hhh")
        frame_call(asm, "mul", (ADD_H, "py", ADD_H), P)
        asm.comment("Y3 = R (V - X3) - s1")
        frame_call(asm, "mulsub", ("ry", ADD_S2, ADD_V, ADD_H), P)
    point_body(asm, ADD_BODY, emit)


def add_pointers_q(asm):
    """q's x and y (r20, r18 from the C caller) into the frame (through Y, as
    frame_xyz_pointers)."""
    for src, what in (("r20", "qx"), ("r18", "qy")):
        asm("std", "Y+%d" % (1 + ADD_PTR[what]), src)
        asm("std", "Y+%d" % (2 + ADD_PTR[what]), reg(int(src[1:]) + 1))


def add_result(asm):
    """r24 = 1 where H = 0 (the exceptional case), else 0, from the frame's ADD_HZ."""
    asm.comment("1 where H = 0")
    z_sp(asm)
    asm("ldd", "r24", "Z+%d" % fb(ADD_HZ))
    asm("neg", "r24")  # C = (H != 0)
    asm("ldi", "r24", 1)
    asm("sbci", "r24", 0)
    asm("clr", "r25")  # the byte zero-extended, as avr-gcc's callers may read r25:r24


def gen_add160(asm):
    """ks_avr_add_secp160r1(r, p, qx, qy, stride): r = p + q on secp160r1 for an affine q by
    gen_add160_body; returns 1 where x(p) = x(q) (H = 0: the exceptional case), else 0. r
    and p point to the points' x, their y and z stride bytes on; r may alias p."""
    name = "ks_avr_add_secp160r1"
    open_point_op(asm, name, ADD_FRAME, "r16", ADD_PTR)
    asm.comment("and q's x, y")
    add_pointers_q(asm)
    asm("call", ADD_BODY)
    add_result(asm)
    close_point_op(asm, name, ADD_FRAME)


def gen_dbladd160(asm):
    """ks_avr_dbladd_secp160r1(r, p, qx, qy, stride, n): r = 2^n p + q on secp160r1 for an
    affine q (n >= 1; with n > 1 r must be p), k P's main loop's window in one call
    (kernels/ks_ec.c, KS_JAC_DBL_ADD_N): the n doublings (dbl_loop) and the addition
    (gen_add160_body), the registers saved and the frame made once a window instead of once
    for the doublings and once for the addition; returns what ks_avr_add_secp160r1 does."""
    name = "ks_avr_dbladd_secp160r1"
    open_point_op(asm, name, ADD_FRAME, "r16", ADD_PTR)
    asm.comment("and q's x, y")
    add_pointers_q(asm)
    dbl_loop(asm, name, "r14")
    asm("call", ADD_BODY)
    add_result(asm)
    close_point_op(asm, name, ADD_FRAME)


def gen_add_sub(asm, field, n, p, op):
    """r = a + b mod p (op "add": p is subtracted under a mask when the sum carried or is not
    below p) or r = a - b mod p (op "sub": p added under a mask when it borrowed). Three (two)
    straight passes: constant time. Two fused operations of the point formulas the same way:
    op "sub2", ks_fp_sub2_FIELD(r, a, b): r = a - 2b as (a - b) - b, two subtractions (r may
    alias a, not b); op "half3", ks_fp_half3_FIELD(r, a): r = 3a/2 = a + a/2, gen_half's
    passes into the scratch ks_avr_fp_t, then an addition (r may alias a)."""
    name = "ks_fp_%s_%s" % (op, field)
    asm.function(name)
    asm("push", "r28")
    asm("push", "r29")
    asm("movw", "r28", "r24")  # Y = r
    asm("movw", "r26", "r22")  # X = a
    if op == "half3":
        asm("ldi", "r30", "lo8(ks_avr_fp_t)")  # Z = the scratch
        asm("ldi", "r31", "hi8(ks_avr_fp_t)")
        half_pass(asm, n, p)
        asm("sbiw", "r26", n)  # X = a again
        add_sub_pass(asm, n, p, "add")
    else:
        asm("movw", "r30", "r20")  # Z = b
        add_sub_pass(asm, n, p, "add" if op == "add" else "sub")
        if op == "sub2":
            asm("movw", "r26", "r28")  # X = r = a - b
            asm("sbiw", "r30", n)  # Z = b again
            add_sub_pass(asm, n, p, "sub")
    asm("pop", "r29")
    asm("pop", "r28")
    asm("ret")
    asm.end(name)


def add_sub_pass(asm, n, p, op):
    """gen_add_sub's passes: Y[0..n) = X +- Z mod p (X, Z advanced by n; r18-r24 clobbered).
    Y may be X (byte i is stored after X's byte i was read)."""
    for i in range(n):
        asm("ld", "r18", "X+")
        asm("ld", "r19", "Z+")
        asm(("add" if i == 0 else "adc") if op == "add" else ("sub" if i == 0 else "sbc"), "r18", "r19")
        asm("std", "Y+%d" % i, "r18")
    pb = p.to_bytes(n, "little")
    values = sorted(set(pb))
    kreg = dict(zip(values, ["r20", "r21", "r22", "r23"]))
    assert len(values) <= 4
    mask = "r19"
    asm("sbc", "r24", "r24")  # 0xFF if the sum carried / the difference borrowed
    if op == "add":
        for v in values:
            asm("ldi", kreg[v], "0x%02X" % v)
        for i in range(n):
            asm("ldd", "r18", "Y+%d" % i)
            asm("cp" if i == 0 else "cpc", "r18", kreg[pb[i]])
        asm("sbc", mask, mask)  # 0xFF if below p
        asm("com", mask)
        asm("or", mask, "r24")
    else:
        asm("mov", mask, "r24")
        for v in values:
            asm("ldi", kreg[v], "0x%02X" % v)
    for v in values:
        asm("and", kreg[v], mask)
    for i in range(n):
        asm("ldd", "r18", "Y+%d" % i)
        if op == "add":
            asm("sub" if i == 0 else "sbc", "r18", kreg[pb[i]])
        else:
            asm("add" if i == 0 else "adc", "r18", kreg[pb[i]])
        asm("std", "Y+%d" % i, "r18")


def gen_add_sub_regs(asm, field, n, p, op):
    """The same for a field that fits in registers (n <= 20): the sum or difference stays in
    registers (the call-used ones first: fewer to save), so each byte is loaded and stored
    once. Two fused operations of the point doubling (kernels/ks_ec_formulas.h) the same way:
    op "sub2", ks_fp_sub2_FIELD(r, a, b): r = a - 2b as (a - b) - b, b read twice (r may
    alias a, not b); op "half3", ks_fp_half3_FIELD(r, a): r = 3a/2 = a/2 + a, a / 2 as in
    gen_half (p added under the mask of a's low bit, the sum shifted right in the registers),
    then a read again and added (r may alias a)."""
    name = "ks_fp_%s_%s" % (op, field)
    asm.function(name)
    free = ["r0", "r18", "r19", "r20", "r21", "r22", "r23", "r24", "r25"]
    saved = [reg(i) for i in range(2, 2 + max(0, n - len(free)))]
    V = free[:n] + saved
    pb = p.to_bytes(n, "little")
    values = sorted(set(pb) - {0xFF})
    assert values == [0x7F]  # secp160r1
    for r in saved:
        asm("push", r)
    asm("push", "r24")  # r
    asm("push", "r25")
    asm("movw", "r26", "r22")  # X = a
    asm("movw", "r30", "r20")  # Z = b

    def correct(kind):
        """V mod p after a sum (kind "add": p taken off when it carried or is not below p) or
        a difference ("sub": p added back when it borrowed), from the carry in C."""
        cmask, k7f, ff = "r26", "r27", "r30"
        asm("sbc", cmask, cmask)  # 0xFF if the sum carried / the difference borrowed
        asm("ldi", k7f, "0x7F")
        kreg = {0x7F: k7f}
        if kind == "add":
            asm("ldi", ff, "0xFF")
            kreg[0xFF] = ff
            for i in range(n):
                asm("cp" if i == 0 else "cpc", V[i], kreg[pb[i]])
            asm("sbc", ff, ff)  # 0xFF if below p
            asm("com", ff)
            asm("or", ff, cmask)  # the mask: subtract p
            mask = ff
        else:
            mask = cmask
        kreg[0xFF] = mask
        asm("and", k7f, mask)
        for i in range(n):
            if kind == "add":
                asm("sub" if i == 0 else "sbc", V[i], kreg[pb[i]])
            else:
                asm("add" if i == 0 else "adc", V[i], kreg[pb[i]])

    if op == "half3":
        for i in range(n):
            asm("ld", V[i], "X+")
        mask, k7f = "r30", "r31"  # Z is not used
        asm("mov", mask, V[0])
        asm("andi", mask, 1)
        asm("neg", mask)  # 0xFF when a is odd
        asm("ldi", k7f, "0x7F")
        asm("and", k7f, mask)
        for i in range(n):  # a + p (odd a) < 2^161: the carry is the sum's bit 160
            asm("add" if i == 0 else "adc", V[i], k7f if pb[i] == 0x7F else mask)
        for i in range(n - 1, -1, -1):
            asm("ror", V[i])
        asm("sbiw", "r26", n)  # X = a again
        for i in range(n):
            asm("ld", "r1", "X+")
            asm("add" if i == 0 else "adc", V[i], "r1")
        correct("add")
    else:
        for i in range(n):
            asm("ld", V[i], "X+")
            asm("ld", "r1", "Z+")
            asm(("add" if i == 0 else "adc") if op == "add" else ("sub" if i == 0 else "sbc"), V[i], "r1")
        correct("add" if op == "add" else "sub")
        if op == "sub2":
            asm("sbiw", "r30", n)  # Z = b again (the subtraction's correction leaves Z alone)
            for i in range(n):
                asm("ld", "r1", "Z+")
                asm("sub" if i == 0 else "sbc", V[i], "r1")
            correct("sub")
    asm("pop", "r31")  # Z = r
    asm("pop", "r30")
    for i in range(n):
        asm("st", "Z+", V[i])
    asm("clr", "r1")
    for r in reversed(saved):
        asm("pop", r)
    asm("ret")
    asm.end(name)


def gen_half(asm, field, n, p):
    """ks_fp_half_FIELD(r, a): r = a / 2 mod p, a reduced: a + (p under the mask of a's low
    bit), then shifted right by one: the sum stored in r as it is made, its carry left in C
    for the second pass, which rotates r from the top byte down (LDD/STD leave C alone). r
    may alias a (byte i is written after a_i is read). Two straight passes."""
    name = "ks_fp_half_%s" % field
    asm.function(name)
    asm("movw", "r26", "r22")  # X = a
    asm("movw", "r30", "r24")  # Z = r
    half_pass(asm, n, p)
    asm("ret")
    asm.end(name)


def half_pass(asm, n, p):
    """gen_half's two passes: Z[0..n) = X / 2 mod p (X advanced by n; r18-r23 clobbered)."""
    pb = p.to_bytes(n, "little")
    mask, t = "r18", "r19"
    kreg = {0xFF: mask, 0x00: "r1"}
    spare = ["r20", "r21", "r22", "r23"]
    asm("ld", t, "X")
    asm("andi", t, 1)
    asm("mov", mask, t)
    asm("neg", mask)  # 0xFF when a is odd
    for v in sorted(set(pb) - {0xFF, 0x00}):
        kreg[v] = spare.pop(0)
        asm("ldi", kreg[v], "0x%02X" % v)
        asm("and", kreg[v], mask)
    for i in range(n):
        asm("ld", t, "X+")
        asm("add" if i == 0 else "adc", t, kreg[pb[i]])
        asm("std", "Z+%d" % i, t)
    for i in range(n - 1, -1, -1):
        asm("ldd", t, "Z+%d" % i)
        asm("ror", t)
        asm("std", "Z+%d" % i, t)


def gen_cneg160(asm):
    """ks_fp_cneg_secp160r1(r, a, mask): r = -a mod p where mask is 0xFF, else a, for a in
    [0, p) (kernels/ks_fp.c, ks_fp_cneg: the k.P table lookups' sign; ks_port_avr.h). With
    p = 2^160 - 2^31 - 1, p - a = ~a - 2^31 (no borrow out: ~a >= 2^31 + 1), and a = 0 must
    stay 0: the mask is cleared where a is 0 (its bytes ORed), then r = (a XOR m) - (2^31 & m)
    in one pass, each byte read before it is written (r may alias a). No register saved."""
    name = "ks_fp_cneg_secp160r1"
    n = 20
    asm.function(name)
    # avr-gcc ABI: r in r25:r24, a r23:r22, mask r20
    asm("movw", "r30", "r22")  # Z = a
    asm("movw", "r26", "r24")  # X = r
    asm("ld", "r18", "Z")
    for i in range(1, n):
        asm("ldd", "r19", "Z+%d" % i)
        asm("or", "r18", "r19")
    asm("neg", "r18")  # C = [a != 0]
    asm("sbc", "r18", "r18")
    asm("and", "r20", "r18")  # the mask, 0 where a is 0
    asm("mov", "r21", "r20")
    asm("andi", "r21", "0x80")  # 2^31's byte under the mask
    for i in range(n):
        asm("ld" if i == 0 else "ldd", "r19", "Z" if i == 0 else "Z+%d" % i)
        asm("eor", "r19", "r20")  # EOR leaves C alone
        if i == 3:
            asm("sub", "r19", "r21")
        elif i > 3:
            asm("sbc", "r19", "r1")
        asm("st", "X+", "r19")
    asm("ret")
    asm.end(name)


# The divsteps inversion's whole-number step (kernels/ks_modinv.c, 16-bit words, N = 13).
LINCOMB_N = 13


def lincomb_product(asm, acc, lo, hi, w, signed_w):
    """acc (4 bytes, two's complement) += (hi:lo) * (w[1]:w[0]), the multiplier hi:lo signed,
    the word w unsigned (signed_w: signed, the top word). MULSU/MULS set C to the product's
    sign: SBC r3, r3 makes its sign byte (r3 is scratch)."""
    a0, a1, a2, a3 = acc
    asm("mul", lo, w[0])
    asm("add", a0, "r0")
    asm("adc", a1, "r1")
    asm("adc", a2, "r2")
    asm("adc", a3, "r2")
    if signed_w:
        asm("mulsu", w[1], lo)  # w_hi signed x lo
        asm("sbc", "r3", "r3")
        asm("add", a1, "r0")
        asm("adc", a2, "r1")
        asm("adc", a3, "r3")
    else:
        asm("mul", lo, w[1])
        asm("add", a1, "r0")
        asm("adc", a2, "r1")
        asm("adc", a3, "r2")
    asm("mulsu", hi, w[0])
    asm("sbc", "r3", "r3")
    asm("add", a1, "r0")
    asm("adc", a2, "r1")
    asm("adc", a3, "r3")
    asm("muls" if signed_w else "mulsu", hi, w[1])
    asm("add", a2, "r0")
    asm("adc", a3, "r1")


def lincomb_pass(asm, with_z, name):
    """The pass of gen_lincomb_pass from its registers: X = x, Y = y, r13:r12 = z (with z), r15:r14
    = r, r5 = L, a in r17:r16, b in r19:r18, k in r20:r4; it clobbers r0..r6, r8..r11, r20..r23,
    X, Y, Z and the pointers (r1 not cleared)."""
    N = LINCOMB_N
    acc = ["r8", "r9", "r10", "r11"]
    A, B, K = ("r16", "r17"), ("r18", "r19"), ("r4", "r20")
    w = ("r21", "r22")
    cnt, prev, zero = "r5", "r6", "r2"
    asm("clr", zero)
    for r in acc:
        asm("clr", r)
    asm("dec", cnt)
    asm("dec", cnt)  # L - 2 words in the loop
    if not with_z:
        asm("movw", "r30", "r14")  # r in Z throughout (Z reads no z here)
    def word(signed):
        asm("ld", w[0], "X+")
        asm("ld", w[1], "X+")
        lincomb_product(asm, acc, A[0], A[1], w, signed)
        asm("ld", w[0], "Y+")
        asm("ld", w[1], "Y+")
        lincomb_product(asm, acc, B[0], B[1], w, signed)
        if with_z and not signed:  # z's top word is 0
            asm("movw", "r30", "r12")
            asm("ld", w[0], "Z+")
            asm("ld", w[1], "Z+")
            asm("movw", "r12", "r30")
            lincomb_product(asm, acc, K[0], K[1], w, False)

    def out_prev():
        """the previous output word: (prev, acc0, acc1) << (16 - N), its top two bytes (acc0
        shifted in place: shift_acc overwrites it next)"""
        asm("mov", "r3", acc[1])
        for _ in range(16 - N):
            asm("lsl", prev)
            asm("rol", acc[0])
            asm("rol", "r3")
        if with_z:
            asm("movw", "r30", "r14")
        asm("st", "Z+", acc[0])
        asm("st", "Z+", "r3")
        if with_z:
            asm("movw", "r14", "r30")

    def shift_acc():
        shift_down16(asm, acc, prev)

    asm.comment("word 0: its low %d bits are 0, nothing out yet" % N)
    word(False)
    shift_acc()
    loop = ".L%s_loop" % name
    asm.label(loop)
    word(False)
    out_prev()
    shift_acc()
    asm("dec", cnt)
    asm("breq", ".+2")  # the body is beyond BRNE's reach
    asm("rjmp", loop)
    asm.comment("the top word, signed; then the last two words out")
    word(True)
    out_prev()
    for _ in range(16 - N):
        asm("lsl", acc[1])
        asm("rol", acc[2])
        asm("rol", acc[3])
    if with_z:
        asm("movw", "r30", "r14")
    asm("st", "Z+", acc[2])
    asm("st", "Z+", acc[3])


def half_p160(asm, V, mask, k7f):
    """V = V / 2 mod p in registers (secp160r1, V below 2^160): p added where V is odd, by
    the mask (0xFF or 0; k7f the mask's 0x7F, p's one other byte value), then the 161-bit sum
    shifted down"""
    pb = [(P160 >> (8 * i)) & 0xFF for i in range(20)]
    asm("mov", mask, V[0])
    asm("andi", mask, 1)
    asm("neg", mask)  # 0xFF when odd: + p
    asm("ldi", k7f, "0x7F")
    asm("and", k7f, mask)
    for i in range(20):  # V + p (odd V) < 2^161: the carry is the sum's bit 160
        asm("add" if i == 0 else "adc", V[i], k7f if pb[i] == 0x7F else mask)
    for i in range(19, -1, -1):
        asm("ror", V[i])


def shift_down16(asm, acc, prev):
    """The inversion passes' accumulator (acc: 4 bytes, low first) down 16 bits with its sign,
    its byte 1 kept in prev for the next output word's shift"""
    asm("mov", prev, acc[1])
    asm("movw", acc[0], acc[2])
    asm("lsl", acc[3])  # (the old top byte, also in acc1 now): its sign
    asm("sbc", acc[3], acc[3])
    asm("mov", acc[2], acc[3])


def gen_lincomb_pass(asm, with_z):
    """ks_avr_lincomb_pass / ks_avr_lincomb_z_pass, subroutines of gen_modinv_batch (fixed
    CALLs, from its registers: lincomb_pass): r = (a x + b y [+ k z]) >> 13 on L >= 3
    little-endian 16-bit words, x and y two's complement (the top word signed), z nonnegative
    with a top word of 0, a, b, k signed and below 2^14 in size; the batch has made the sum
    divisible by 2^13 (kernels/ks_modinv.c's lincomb). Per word a 4-byte signed accumulator:
    the products (MUL, MULSU, MULS), the word out, the accumulator shifted down by 16 with its
    sign. r apart from x, y. The words below the top in a counted loop: its one branch tests
    the count (L, public), never the data."""
    name = "ks_avr_lincomb_z_pass" if with_z else "ks_avr_lincomb_pass"
    asm.function(name)
    lincomb_pass(asm, with_z, name)
    asm("ret")
    asm.end(name)


P160_L = 11  # secp160r1's words in the inversion: 160 bits and one more word
# The p160 form's batches are of P160_N = 14 steps, not 13: 27 batches (378 steps >= 369, the
# bound of kernels/ks_modinv.c for 160 bits) instead of 29, and gen_lincomb_pair160 shifts by 14
# (2 bits out of each word instead of 3). A batch's matrix rows have s = |a| + |b| <= 2^14
# (entries fit a signed word), k is in [-s - 2^14 + 1, s] (k = a [x < 0] + b [y < 0] - j,
# 0 <= j < 2^14), so |k| < 2^15; the 4-byte signed accumulators still hold every word's sum:
# |a x_i + b y_i| <= s (2^16 - 1) <= 2^30 - 2^14; k p's parts are -k in word 0, -k 2^31 = -k 2^15
# in word 1 (below 2^30 in size) and k in the top word (x's and y's top words are in [-2, 1]);
# word 0's carry is at most 2^14 + 1 in size, so word 1's sum is below
# 2^30 - 2^14 + (2^15 - 1) 2^15 + 2^14 + 1 = 2^31 - 2^15 + 1 in size, the others below 2^30 + 2^15.
P160_N = 14
# the least B with 4096 14 B >= 9437 160 + 1 (ks_modinv.c's bound), as ks_port_avr.h has it
P160_BATCHES = 27
assert 4096 * P160_N * P160_BATCHES >= 9437 * 160 + 1 > 4096 * P160_N * (P160_BATCHES - 1)


def gen_lincomb_pair160(asm, with_k):
    """ks_avr_lincomb_fg160_pass / ks_avr_lincomb_de160_pass, subroutines of gen_modinv_batch's
    p160 form (fixed CALLs): both rows of a batch in one pass over x and y (L = 11, y 22 bytes
    after x, as the inversion's pairs are; r0 and r1 likewise): r0 = (a x + b y [+ k0 p]) >> 13,
    r1 = (q x + r y [+ k1 p]) >> 14 (batches of P160_N = 14 steps), as two lincomb_pass runs would for 13 (without z; with_k: z =
    secp160r1's p, read from no memory: k p = k 2^160 - k 2^31 - k, three small parts in three
    words, their bytes from ks_avr_fp_t (MB "kt", gen_modinv_batch's k_p160)). Each word of x
    and y is loaded once for both rows (and the call, the pointers and the loop's count once):
    12 cycles a word fewer; and a shift by 14 is 2 bits out of each word, not 3. From registers:
    Y = x, Z = r0, a = r16:r24, b = r17:r25, q = r18:r26, r = r19:r27 (high bytes in r16..r19,
    where MULSU reaches); two 4-byte accumulators; it clobbers r0..r15, r20..r23 and the pointers (r1 not
    cleared). One counted loop on the public word count."""
    name = "ks_avr_lincomb_de160_pass" if with_k else "ks_avr_lincomb_fg160_pass"
    at = lambda what, k=0: "ks_avr_fp_t+%d" % (MB[what] + k)
    asm.function(name)
    N = P160_N
    G = 2 * P160_L  # y's (and r1's) offset in bytes
    acc = (("r8", "r9", "r10", "r11"), ("r12", "r13", "r14", "r15"))
    prev = ("r6", "r7")
    mult = ((("r24", "r16"), ("r25", "r17")), (("r26", "r18"), ("r27", "r19")))  # (lo, hi)
    w = ("r20", "r21")
    cnt, zero = "r5", "r2"
    asm("clr", zero)
    for a in acc[0] + acc[1]:
        asm("clr", a)
    # the words below the top in the loop: 1..9, or 2..9 with k (word 1 takes k's part)
    asm("ldi", "r22", str(P160_L - 2 - (1 if with_k else 0)))
    asm("mov", cnt, "r22")

    def word(signed):
        for col, ld in ((0, lambda: (asm("ld", w[0], "Y+"), asm("ld", w[1], "Y+"))),
                        (1, lambda: (asm("ldd", w[0], "Y+%d" % (G - 2)),
                                     asm("ldd", w[1], "Y+%d" % (G - 1))))):
            ld()
            for row in (0, 1):
                lo, hi = mult[row][col]
                if signed:
                    asm("mov", "r22", lo)  # (MULSU's reach)
                    lo = "r22"
                lincomb_product(asm, acc[row], lo, hi, w, signed)

    def k_part(part):
        """k p's part of word 0, of word 1 or of the top word, both rows (P160_N, above)"""
        for row in (0, 1):
            base = 9 * row
            if part == 0:  # -k, sign-extended
                offs, into = (0, 1, 2, 2), 0
            elif part == 1:  # -k 2^15: bytes 1..3
                offs, into = (3, 4, 5), 1
            else:  # k, sign-extended
                offs, into = (6, 7, 8, 8), 0
            regs = {}
            for o in sorted(set(offs)):
                regs[o] = ("r22", "r23", "r3")[len(regs)]
                asm("lds", regs[o], at("kt", base + o))
            for i, o in enumerate(offs):
                asm("add" if i == 0 else "adc", acc[row][into + i], regs[o])

    def out_prev(row):
        """the previous output word of the row: (prev, acc0, acc1) << (16 - N), its top two
        bytes (acc0 shifted in place: shift_acc overwrites it next): r0's by Z+, r1's G - 2
        bytes after (Z has passed r0's)"""
        a = acc[row]
        asm("mov", "r3", a[1])
        for _ in range(16 - N):
            asm("lsl", prev[row])
            asm("rol", a[0])
            asm("rol", "r3")
        store(row, a[0], "r3")

    def store(row, lo, hi):
        if row == 0:
            asm("st", "Z+", lo)
            asm("st", "Z+", hi)
        else:
            asm("std", "Z+%d" % (G - 2), lo)
            asm("std", "Z+%d" % (G - 1), hi)

    def shift_acc(row):
        shift_down16(asm, acc[row], prev[row])

    asm.comment("word 0: its low %d bits are 0, nothing out yet" % N)
    word(False)
    if with_k:
        k_part(0)
    for row in (0, 1):
        shift_acc(row)
    if with_k:
        asm.comment("word 1: + -k 2^15")
        word(False)
        k_part(1)
        for row in (0, 1):
            out_prev(row)
            shift_acc(row)
    loop = ".L%s_loop" % name
    asm.label(loop)
    word(False)
    for row in (0, 1):
        out_prev(row)
        shift_acc(row)
    asm("dec", cnt)
    asm("breq", ".+2")  # the body is beyond BRNE's reach
    asm("rjmp", loop)
    asm.comment("the top word, signed; then the last two words out")
    word(True)
    if with_k:
        k_part(2)
    for row in (0, 1):
        out_prev(row)
    for row in (0, 1):
        a = acc[row]
        for _ in range(16 - N):
            asm("lsl", a[1])
            asm("rol", a[2])
            asm("rol", a[3])
        store(row, a[2], a[3])
    asm("ret")
    asm.end(name)


# divsteps_body's two loops: the first steps with the matrix in bytes (after i steps its entries
# are at most 2^i in size: 64 after 6, a signed byte), the rest with f and g in bytes (of a batch
# of n steps, step i reads only the low n - i bits of f and g: at most 8 from step 6 on for
# n <= 14; and after 6 steps on words their low 10 bits are exact)
DIVSTEPS_BYTE_T = 6


def divsteps_body(asm, name):
    """LINCOMB_N (P160_N in the p160 form: MB "nst") divsteps on the low 16-bit words f, g of the inversion's (eta, f, g)
    (kernels/ks_modinv.c, steps(): the same masks, word for word), from eta in r25:r24, f
    r23:r22, g r21:r20, to the new eta in r25:r24 (both held as h = (-eta - 1) / 2, eta being
    odd: h < 0 exactly when eta > 0, and eta -> 2 - eta or eta + 2 is h -> ~h or h, then h - 1:
    a COM and a negation's SUB, SBC fewer a step) and the matrix t = (u, v, q, r) at Z, with
    2^N (f', g') = t (f, g). Each step: odd = -(g & 1), sw = odd & [eta > 0] (eta is odd,
    never 0: [eta > 0] is the sign of h, above); swapped under sw: (eta, f, g) ->
    (-eta, g, -f) and the rows likewise; g += f & odd and the rows; g / 2, u and v doubled,
    eta + 2. The swap and the sum in one pass a pair ((f, g) -> (g, g - f) under sw, else
    (f, g + (f & odd)); 16 cycles a pair of words against 18, 9 a pair of bytes). Two counted
    loops (r5, public counts; one branch each on the count, never on the data): the first
    DIVSTEPS_BYTE_T steps with the matrix's entries in bytes (then sign-extended), the rest
    with f's and g's low bytes alone (DIVSTEPS_BYTE_T above): 53 and 61 cycles a step against
    72. It clobbers r0..r8, r10, r11, r18..r23, X and Z (r1 not cleared)."""
    d, f, g = ("r24", "r25"), ("r22", "r23"), ("r20", "r21")
    u, v, q, rr = ("r18", "r19"), ("r26", "r27"), ("r2", "r3"), ("r6", "r7")
    x, odd, sw, cnt = ("r0", "r1"), "r4", "r8", "r5"
    t = ("r10", "r11")
    asm("ldi", "r19", str(DIVSTEPS_BYTE_T))
    asm("mov", cnt, "r19")
    asm("ldi", u[0], "1")  # (u v; q r) = identity (the low bytes: the high ones come later)
    asm("clr", v[0])
    asm("clr", q[0])
    asm("clr", rr[0])
    asm("inc", rr[0])

    def pair(a, b):
        """(a, b) -> (b, b - a) under sw, else (a, b + (a & odd)): t = ((a ^ sw) - sw) & odd
        from the old a, a = b under sw, b += t (sw implies odd); a, b of one or two bytes"""
        if len(a) == 2:
            asm("movw", t[0], a[0])
        else:
            asm("mov", t[0], a[0])
        for k in range(len(a)):
            asm("eor", t[k], sw)
        for k in range(len(a)):
            asm("sub" if k == 0 else "sbc", t[k], sw)
        for k in range(len(a)):
            asm("and", t[k], odd)
        if len(a) == 2:
            asm("movw", x[0], a[0])
        else:
            asm("mov", x[0], a[0])
        for k in range(len(a)):
            asm("eor", x[k], b[k])
        for k in range(len(a)):
            asm("and", x[k], sw)
        for k in range(len(a)):
            asm("eor", a[k], x[k])
        for k in range(len(a)):
            asm("add" if k == 0 else "adc", b[k], t[k])

    def step(fg, mat, loop):
        asm.label(loop)
        asm("mov", odd, g[0])
        asm("ror", odd)  # C = g's low bit
        asm("sbc", odd, odd)  # 0xFF when g is odd
        asm("mov", sw, d[1])
        asm("lsl", sw)  # C = h's sign
        asm("sbc", sw, sw)  # 0xFF when h < 0: eta > 0
        asm("and", sw, odd)
        for a, b in ((f[:fg], g[:fg]), (u[:mat], q[:mat]), (v[:mat], rr[:mat])):
            pair(a, b)
        asm("eor", d[0], sw)  # h -> ~h under sw, then h - 1 (eta -> 2 - eta or eta + 2)
        asm("eor", d[1], sw)
        if fg == 2:
            asm("lsr", g[1])  # g / 2 (exact: g is even now)
            asm("ror", g[0])
        else:
            asm("lsr", g[0])
        for a in (u, v):
            asm("lsl", a[0])
            if mat == 2:
                asm("rol", a[1])
        asm("subi", d[0], "1")
        asm("sbci", d[1], "0")
        asm("dec", cnt)
        asm("breq", ".+2")  # the body is beyond BRNE's reach
        asm("rjmp", loop)

    step(2, 1, ".L%s_t8" % name)
    asm.comment("the matrix to words (sign-extended); the other steps on f's and g's low bytes")
    for a in (u, v, q, rr):
        asm("mov", a[1], a[0])
        asm("lsl", a[1])
        asm("sbc", a[1], a[1])
    asm("lds", cnt, "ks_avr_fp_t+%d" % MB["nst"])  # 13 or 14 steps in all (gen_modinv_batch)
    step(1, 2, ".L%s_fg8" % name)
    for a in (u, v, q, rr):
        asm("st", "Z+", a[0])
        asm("st", "Z+", a[1])


# gen_modinv_batches' places in ks_avr_fp_t (free during an inversion): the slots of the three
# pairs (f, g), (d, e) and (n0, n1) (each pair's second number 2L bytes after its first), m's,
# L, 2L, the matrix t (u, v, q, r), eta (held as (-eta - 1) / 2: divsteps_body), m^-1 mod 2^16, the signs of d and e (a batch's two k's
# share them), the batches left, and (the p160 form) each row's k p's parts for
# gen_lincomb_pair160 (9 bytes a row, k_p160); the steps' second loop's count ("nst": 13 or
# P160_N less DIVSTEPS_BYTE_T)
MB = {"fg": 0, "de": 2, "nn": 4, "mw": 6, "L": 8, "L2": 9, "t": 10, "eta": 18, "minv": 20,
      "sg": 22, "cnt": 24, "kt": 26, "nst": 44}


def modinv_pointer(asm, slot, second, lo):
    """a pair's first number (second: its second, 2L bytes on) into lo+1:lo (gen_modinv_batch)"""
    at = lambda what, k=0: "ks_avr_fp_t+%d" % (MB[what] + k)
    asm("lds", reg(lo), at(slot))
    asm("lds", reg(lo + 1), at(slot, 1))
    if second:
        asm("lds", "r0", at("L2"))
        asm("add", reg(lo), "r0")
        asm("clr", "r0")  # (C kept)
        asm("adc", reg(lo + 1), "r0")


def gen_modinv_steps(asm):
    """ks_avr_modinv_steps, the subroutine (a fixed CALL) of both forms of gen_modinv_batch: a
    batch's 13 steps on f's and g's low words (divsteps_body), eta from and to ks_avr_fp_t, the
    matrix t there too. One copy for the two forms (flash). It clobbers r0..r8, r10, r11,
    r18..r27, Z (r1 not cleared)."""
    name = "ks_avr_modinv_steps"
    at = lambda what, k=0: "ks_avr_fp_t+%d" % (MB[what] + k)
    pointer = lambda slot, second, lo: modinv_pointer(asm, slot, second, lo)
    asm.function(name)
    asm.comment("the steps on f's and g's low words (eta in r25:r24)")
    pointer("fg", False, 30)
    asm("ld", "r22", "Z")
    asm("ldd", "r23", "Z+1")
    pointer("fg", True, 30)
    asm("ld", "r20", "Z")
    asm("ldd", "r21", "Z+1")
    asm("lds", "r24", at("eta"))
    asm("lds", "r25", at("eta", 1))
    asm("ldi", "r30", "lo8(%s)" % at("t"))
    asm("ldi", "r31", "hi8(%s)" % at("t"))
    divsteps_body(asm, name)
    asm("sts", at("eta"), "r24")
    asm("sts", at("eta", 1), "r25")

    asm("ret")
    asm.end(name)


def gen_modinv_setup(asm):
    """ks_avr_modinv_setup, the subroutine (a fixed CALL) both forms of gen_modinv_batch begin
    with, its arguments still in their registers: the slots, m's, L and 2L into ks_avr_fp_t
    (MB), eta = 1, m^-1 mod 2^16. One copy for the two forms (flash): it clobbers r0..r3,
    r16..r25, Z (r1 not cleared)."""
    name = "ks_avr_modinv_setup"
    at = lambda what, k=0: "ks_avr_fp_t+%d" % (MB[what] + k)
    asm.function(name)
    # avr-gcc ABI: v r25:r24, mw r23:r22, L r20, batches r18 (r1 = 0)
    asm("sts", at("mw"), "r22")
    asm("sts", at("mw", 1), "r23")
    asm("sts", at("L"), "r20")
    asm("mov", "r21", "r20")
    asm("lsl", "r21")
    asm("sts", at("L2"), "r21")
    asm("lsl", "r21")  # 4L bytes a pair (L <= 63)
    for what in ("fg", "de", "nn"):
        if what != "fg":
            asm("add", "r24", "r21")
            asm("adc", "r25", "r1")
        asm("sts", at(what), "r24")
        asm("sts", at(what, 1), "r25")
    asm("ldi", "r24", "0xFF")  # eta = 1: h = -1 (divsteps_body)
    asm("sts", at("eta"), "r24")
    asm("sts", at("eta", 1), "r24")
    asm("ldi", "r24", str(LINCOMB_N - DIVSTEPS_BYTE_T))  # the steps' second loop
    asm("sts", at("nst"), "r24")
    asm.comment("m^-1 mod 2^16: x = m (right mod 8), then x (2 - m x) three times")
    asm("movw", "r30", "r22")
    asm("ld", "r16", "Z+")
    asm("ld", "r17", "Z")
    asm("movw", "r18", "r16")
    for _ in range(3):
        asm("mul", "r16", "r18")  # m x mod 2^16
        asm("movw", "r20", "r0")
        asm("mul", "r16", "r19")
        asm("add", "r21", "r0")
        asm("mul", "r17", "r18")
        asm("add", "r21", "r0")
        asm("com", "r20")  # 2 - m x = ~(m x) + 3
        asm("com", "r21")
        asm("subi", "r20", "0xFD")
        asm("sbci", "r21", "0xFF")
        asm("mul", "r18", "r20")  # x (2 - m x) mod 2^16
        asm("movw", "r2", "r0")
        asm("mul", "r18", "r21")
        asm("add", "r3", "r0")
        asm("mul", "r19", "r20")
        asm("add", "r3", "r0")
        asm("movw", "r18", "r2")
    asm("sts", at("minv"), "r18")
    asm("sts", at("minv", 1), "r19")

    asm("ret")
    asm.end(name)


def gen_modinv_batch(asm, p160=False):
    """ks_avr_modinv_batches(v, mw, L, batches): the divsteps inversion's batches
    (kernels/ks_modinv.c, KS_MODINV_BATCHES) in one call, from eta = 1 with f, g, d, e, n0, n1 at
    v, L words apart. Each batch: the 13 steps on f's and g's low words (divsteps_body, t = (u
    v; q r)), then f' = (u f + v g) / 2^13 into n0, g' = (q f + r g) / 2^13 into n1,
    d' = (u d + v e + k m) / 2^13 into f's place and e' likewise with (q, r) into g's (f and g
    are read no more), each k = a [x < 0] + b [y < 0] - j with j in [0, 2^13) clearing the low
    13 bits (ks_modinv.c's lincomb: m^-1 mod 2^16 by Newton from m's low word, three steps,
    once a call); then the pairs' slots turn round ((f, g) to n's slot, (d, e) to f's, n to
    d's: the C follows them the same way). The four passes are the subroutines
    ks_avr_lincomb_pass and ks_avr_lincomb_z_pass (fixed CALLs); between them everything is
    kept in ks_avr_fp_t, not on the stack: the registers are saved once an inversion. Its
    counted loop (the batches; the steps' two are in ks_avr_modinv_steps), on a public count. p160:
    ks_avr_modinv_batches_p160, for m = secp160r1's p alone (L = 11): batches of P160_N = 14
    steps (P160_BATCHES of them: the caller passes that count), both rows of f and g in
    one pass (ks_avr_lincomb_fg160_pass), both of d and e in another
    (ks_avr_lincomb_de160_pass: k p without products, p = 2^160 - 2^31 - 1), k's j from p's low
    word, -1, mod 2^14 (k_p160)."""
    name = "ks_avr_modinv_batches" + ("_p160" if p160 else "")
    zpass = "ks_avr_lincomb_p160_pass" if p160 else "ks_avr_lincomb_z_pass"
    at = lambda what, k=0: "ks_avr_fp_t+%d" % (MB[what] + k)
    asm.function(name)
    prologue(asm)
    asm("mov", "r5", "r18")  # the batches left
    asm("call", "ks_avr_modinv_setup")
    if p160:
        asm("ldi", "r24", str(P160_N - DIVSTEPS_BYTE_T))  # batches of 14 steps
        asm("sts", at("nst"), "r24")
    pointer = lambda slot, second, lo: modinv_pointer(asm, slot, second, lo)

    batch = ".L%s_batch" % name
    asm.label(batch)
    asm("sts", at("cnt"), "r5")
    asm("call", "ks_avr_modinv_steps")
    def ab(row):
        """the row's a, b into r17:r16, r19:r18"""
        for k, lo in enumerate((16, 18)):
            asm("lds", reg(lo), at("t", 4 * row + 2 * k))
            asm("lds", reg(lo + 1), at("t", 4 * row + 2 * k + 1))

    def de_pointers():
        """X = d, Y = e = d + 2L bytes (r24 = 2L, r25 = 0 left for de_signs)"""
        asm("lds", "r26", at("de"))  # X = d
        asm("lds", "r27", at("de", 1))
        asm("lds", "r24", at("L2"))
        asm("clr", "r25")
        asm("movw", "r28", "r26")  # Y = e = d + 2L bytes
        asm("add", "r28", "r24")
        asm("adc", "r29", "r25")

    def de_signs(sd, se):
        """d's and e's signs from their top bytes (0xFF where negative) into sd, se"""
        asm("movw", "r30", "r28")
        asm("ld", sd, "-Z")  # d's top byte, just below e
        asm("add", "r30", "r24")
        asm("adc", "r31", "r25")
        asm("ld", se, "Z")  # e's
        for sg in (sd, se):
            asm("lsl", sg)
            asm("sbc", sg, sg)  # 0xFF where negative

    def low_mac(lo, hi, w0, w1, first):
        """r25:r24 (=, or += where not first) the low word of (hi:lo) (w1:w0) mod 2^16"""
        asm("mul", lo, w0)
        if first:
            asm("movw", "r24", "r0")
        else:
            asm("add", "r24", "r0")
            asm("adc", "r25", "r1")
        asm("mul", lo, w1)
        asm("add", "r25", "r0")
        asm("mul", hi, w0)
        asm("add", "r25", "r0")

    def k_of_signs(sd, se):
        """k = (a & xs) + (b & ys) into r20:r4, from the signs' masks in sd, se"""
        asm("mov", "r4", "r16")
        asm("and", "r4", sd)
        asm("mov", "r20", "r17")
        asm("and", "r20", sd)
        asm("mov", "r0", "r18")
        asm("and", "r0", se)
        asm("add", "r4", "r0")
        asm("mov", "r0", "r19")
        asm("and", "r0", se)
        asm("adc", "r20", "r0")

    def k_of(row):
        """k for d, e and the row into r20:r4 (the p160 form: k_p160) (lincomb's k: the signs of d and e from their
        top words' top bytes, found for row 0 and kept for row 1, then j from the low words);
        X = d, Y = e"""
        if p160:
            k_p160(row)
            return
        ab(row)
        de_pointers()
        if row == 0:
            de_signs("r22", "r23")
            asm("sts", at("sg"), "r22")
            asm("sts", at("sg", 1), "r23")
        else:
            asm("lds", "r22", at("sg"))
            asm("lds", "r23", at("sg", 1))
        k_of_signs("r22", "r23")
        asm("lds", "r30", at("mw"))
        asm("lds", "r31", at("mw", 1))
        first = True
        for ptr, (lo, hi) in (("X", ("r16", "r17")), ("Y", ("r18", "r19")),
                              ("Z", ("r4", "r20"))):
            # the low word (mod 2^16 the signs do not matter)
            if ptr == "X":
                asm("ld", "r2", "X+")
                asm("ld", "r3", "X")
            else:
                asm("ld", "r2", ptr)
                asm("ldd", "r3", ptr + "+1")
            low_mac(lo, hi, "r2", "r3", first)
            first = False
        asm("lds", "r2", at("minv"))  # j = (low m^-1) mod 2^13
        asm("lds", "r3", at("minv", 1))
        asm("mul", "r24", "r2")
        asm("movw", "r22", "r0")
        asm("mul", "r24", "r3")
        asm("add", "r23", "r0")
        asm("mul", "r25", "r2")
        asm("add", "r23", "r0")
        asm("andi", "r23", "0x1F")
        asm("sub", "r4", "r22")
        asm("sbc", "r20", "r23")

    def k_p160(row):
        """k_of for m = secp160r1's p: d's and e's signs and low words loaded for row 0 and
        kept in registers for row 1 (r12, r13; r7:r6, r11:r10); p's low word is -1 mod 2^16
        and so is m^-1: the low word a d + b e - k, j = its negation mod 2^14 (P160_N); then
        k p's parts for gen_lincomb_pair160 into MB "kt" (the row's 9 bytes: -k, its sign
        byte, the bytes 1..3 of -k 2^15, k, its sign byte)"""
        ab(row)
        if row == 0:
            de_pointers()
            de_signs("r12", "r13")
            asm("ld", "r6", "X+")  # the low words (mod 2^16 the signs do not matter)
            asm("ld", "r7", "X")
            asm("ld", "r10", "Y")
            asm("ldd", "r11", "Y+1")
        k_of_signs("r12", "r13")
        low_mac("r16", "r17", "r6", "r7", True)
        low_mac("r18", "r19", "r10", "r11", False)
        asm("sub", "r24", "r4")  # + k m's low word, -k
        asm("sbc", "r25", "r20")
        asm("com", "r25")  # j = -low mod 2^14
        asm("neg", "r24")
        asm("sbci", "r25", "0xFF")
        asm("andi", "r25", "0x3F")  # (P160_N = 14)
        asm("sub", "r4", "r24")
        asm("sbc", "r20", "r25")
        kt = lambda o, r: asm("sts", at("kt", 9 * row + o), r)
        asm("clr", "r22")  # -k (|k| < 2^15)
        asm("clr", "r23")
        asm("sub", "r22", "r4")
        asm("sbc", "r23", "r20")
        kt(0, "r22")
        kt(1, "r23")
        asm("mov", "r24", "r23")
        asm("lsl", "r24")
        asm("sbc", "r24", "r24")
        kt(2, "r24")
        asm("asr", "r23")  # -k 2^15's bytes 1..3: (-k's low bit) << 7, -k >> 1
        asm("ror", "r22")
        asm("clr", "r25")  # (C kept)
        asm("ror", "r25")
        kt(3, "r25")
        kt(4, "r22")
        kt(5, "r23")
        kt(6, "r4")  # k
        kt(7, "r20")
        asm("mov", "r24", "r20")
        asm("lsl", "r24")
        asm("sbc", "r24", "r24")
        kt(8, "r24")

    def pair_pass(x, r, fused):
        """both rows over the pair x into the pair r (gen_lincomb_pair160)"""
        for k, lo in enumerate((24, 16, 25, 17, 26, 18, 27, 19)):
            asm("lds", reg(lo), at("t", k))
        pointer(x, False, 28)
        pointer(r, False, 30)
        asm("call", fused)

    def run_pass(x, r, row, with_z):
        """the pass over the pair x into r (a slot, and True for its second number)"""
        if not with_z:
            ab(row)
        pointer(x, False, 26)
        pointer(x, True, 28)
        pointer(r[0], r[1], 14)
        if with_z and not p160:
            asm("lds", "r12", at("mw"))
            asm("lds", "r13", at("mw", 1))
        asm("lds", "r5", at("L"))
        asm("call", zpass if with_z else "ks_avr_lincomb_pass")

    asm.comment("f' = (u f + v g) / 2^13 into n0, g' = (q f + r g) / 2^13 into n1")
    if p160:
        pair_pass("fg", "nn", "ks_avr_lincomb_fg160_pass")
    else:
        run_pass("fg", ("nn", False), 0, False)
        run_pass("fg", ("nn", True), 1, False)
    asm.comment("d' = (u d + v e + k m) / 2^13 into f's place, e' with (q, r) into g's")
    if p160:
        k_of(0)
        k_of(1)
        pair_pass("de", "fg", "ks_avr_lincomb_de160_pass")
    for row in (0, 1) if not p160 else ():
        k_of(row)
        run_pass("de", ("fg", row == 1), row, True)
    asm.comment("the slots turn round: (f, g) <- n's, (d, e) <- f's, n <- d's")
    for lo, what in ((24, "fg"), (22, "de"), (20, "nn")):
        asm("lds", reg(lo), at(what))
        asm("lds", reg(lo + 1), at(what, 1))
    for lo, what in ((20, "fg"), (24, "de"), (22, "nn")):
        asm("sts", at(what), reg(lo))
        asm("sts", at(what, 1), reg(lo + 1))
    asm("lds", "r5", at("cnt"))
    asm("dec", "r5")
    asm("breq", ".+2")  # the body is beyond BRNE's reach
    asm("rjmp", batch)
    epilogue(asm)
    asm.end(name)


# Instructions that could make the path or the time depend on data: branches, skips, jumps
# and calls. The generated code has none (check(), run by `make avr-test`).
CONTROL = ("br", "rjmp", "jmp", "ijmp", "eijmp", "rcall", "call", "icall", "eicall",
           "sbrc", "sbrs", "sbic", "sbis", "cpse", "reti")


# The counted loops, a function's name once for each (gen_lincomb_pass; gen_modinv_batch's
# batches and steps; gen_dbladd160's doublings): `dec r5; breq .+2; rjmp loop`, the counter set
# from a public count (the word count, the batches, the steps, the window); check() allows that
# and no other control flow.
COUNTED_LOOPS = ("ks_avr_lincomb_pass", "ks_avr_lincomb_z_pass", "ks_avr_lincomb_fg160_pass",
                 "ks_avr_lincomb_de160_pass",
                 "ks_avr_modinv_steps", "ks_avr_modinv_steps", "ks_avr_modinv_batches",
                 "ks_avr_modinv_batches_p160", "ks_avr_dbladd_secp160r1")


# Subroutines entered by a fixed CALL (gen_fp160: one copy of secp160r1's product and square
# for the plain and the fused forms; CALL, not RCALL: the linker may place them beyond RCALL's
# 4 KB): the call's target is in the code, never in data.
SUBROUTINES = ("ks_avr_fp160_mul_core", "ks_avr_fp160_sqr_core", SQR_CORE_A, "ks_avr_lincomb_pass",
               "ks_avr_lincomb_z_pass", "ks_avr_lincomb_fg160_pass", "ks_avr_lincomb_de160_pass",
               "ks_avr_modinv_setup", "ks_avr_modinv_steps",
               tail_label("sqr"), tail_label("sqrsub2"), tail_label("sqrssh"), DBL_BODY, DBL_REST,
               ADD_BODY) + tuple(
    "ks_avr_fp160_" + op for op in FUSED160 + ("subv",))


def check(path):
    """Prints a `check` line for sim/mote_report.py: every function of the assembly file is
    straight-line code (one RET at its end and no control-flow instruction), but for the
    counted loops of COUNTED_LOOPS (one `dec r5; breq .+2; rjmp` each) and fixed CALLs of
    SUBROUTINES."""
    functions = instructions = loops = calls = 0
    bad = []
    fn, last = None, None
    for line in open(path):
        if line.startswith("\t.global"):
            functions += 1
            fn = line.split()[1]
        elif line.startswith("\t") and not line.startswith("\t.") and not line.startswith("\t;"):
            op = line.split()[0]
            instructions += 1
            if op.startswith(CONTROL):
                if fn in COUNTED_LOOPS and op == "breq" and last == "dec\tr5" \
                        and line.split()[1] == ".+2":
                    pass
                elif fn in COUNTED_LOOPS and op == "rjmp" and last == "breq\t.+2":
                    loops += 1
                elif op == "call" and line.split()[1] in SUBROUTINES:
                    calls += 1
                else:
                    bad.append(op)
            last = line.strip()
    rets = sum(1 for line in open(path) if line.split()[:1] == ["ret"])
    ok = not bad and rets == functions and loops == len(COUNTED_LOOPS)
    print("check straight_line functions=%d instructions=%d control_flow=%d counted_loops=%d "
          "fixed_calls=%d rets=%d ok=%d" % (functions, instructions, len(bad), loops, calls, rets,
                                            1 if ok else 0))
    print("%d passed, %d failed" % ((1, 0) if ok else (0, 1)))
    print("exit %d" % (0 if ok else 1))


def main():
    if sys.argv[1:2] == ["--check"]:
        check(sys.argv[2])
        return
    asm = Asm()
    asm.lines.append("/* Generated by native/avr/gen_avr_fp.py: do not edit. */")
    asm.lines += ["", "\t.section .bss.ks_avr_fp_t,\"aw\",@nobits",
                  "\t.type ks_avr_fp_t, @object", "ks_avr_fp_t:", "\t.skip %d" % SCRATCH,
                  "\t.size ks_avr_fp_t, %d" % SCRATCH]
    for n in PRODUCT_SIZES:
        gen_mul(asm, n)
        gen_sqr(asm, n)
    Vs = {}
    for square in (False, True):
        V = Vs[square] = gen_fp160_core(asm, square)
        fused_body(asm, "sqr" if square else "mul",
                   lambda: gen_fp160(asm, square, 0, V, tail_label("sqr") if square else None))
        for subs in ((1,) if not square else (1, 2)):
            op = ("sqr" if square else "mul") + {1: "sub", 2: "sub2"}[subs]
            fused_body(asm, op, lambda: gen_fp160(asm, square, subs, V,
                                                   tail_label(op) if op == "sqrsub2" else None))
        if square:
            fused_body(asm, "sqrsubadd", lambda: gen_fp160_sqrsubadd(asm, V))
            fused_body(asm, "sqrsqr", lambda: gen_fp160_sqrsqr(asm, V))
            fused_body(asm, "sqrssh", lambda: gen_fp160_sqrssh(asm, V))
        else:
            fused_body(asm, "mulhalf3", lambda: gen_fp160_mulhalf3(asm, V))
        gen_fp(asm, "secp256r1", 32, square, reduce_secp256r1)
    gen_subv160(asm, Vs[True])
    gen_dbl160_body(asm, Vs[False])
    gen_add160_body(asm, Vs[False], Vs[True])
    gen_dbl160(asm)
    gen_dbl1_160(asm)
    gen_add160(asm)
    gen_dbladd160(asm)
    for field, n, p in FIELDS:
        for op in ("add", "sub"):
            (gen_add_sub_regs if n <= 20 else gen_add_sub)(asm, field, n, p, op)
        gen_half(asm, field, n, p)
        for op in ("sub2", "half3"):
            (gen_add_sub_regs if n <= 20 else gen_add_sub)(asm, field, n, p, op)
    gen_cneg160(asm)
    gen_lincomb_pass(asm, False)
    gen_lincomb_pass(asm, True)
    gen_lincomb_pair160(asm, False)
    gen_lincomb_pair160(asm, True)
    gen_modinv_setup(asm)
    gen_modinv_steps(asm)
    gen_modinv_batch(asm)
    gen_modinv_batch(asm, True)
    sys.stdout.write("\n".join(asm.lines) + "\n")


if __name__ == "__main__":
    main()
