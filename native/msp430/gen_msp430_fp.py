#!/usr/bin/env python3
"""Writes the MSP430 assembly of the field arithmetic (MSP430F1611, clang-16's msp430 ABI).

    gen_msp430_fp.py > ks_fp_msp430.S
    gen_msp430_fp.py --check ks_fp_msp430.S     (a test: straight-line code only)

Products run on the F1611's 16x16 hardware multiplier, two ways:
- by rows (operand scanning; secp160r1, whose ten-word window of product words fits the
  registers: row_product, square_rows; P-256's product in two passes: half_rows): a_i is
  written once per row to MPY and stays as OP1; each b_j written to OP2 starts a product,
  whose two words join one of two carry chains (even j, odd j) that run unbroken through
  the row: 12 cycles a product;
- by columns (product scanning; the P-256 square and the stand-alone P-192/224 products:
  product, square): every a_i b_(k-i) of column k is accumulated in the multiplier's own
  32-bit result (MAC), the carry out of each accumulation (SUMEXT) counted in a register; at the
  column's end the accumulator is shifted down a word by writing RESHI to RESLO and the
  count to RESHI (the result registers are read/write): 15 cycles a product.
A square takes each cross product a_i a_j (i < j) once, doubles, and adds the squares.
The multiplier's timing does not depend on the operands, and the code is straight-line but
for counted loops over a fixed number of words (COUNTED_LOOPS): no branch, no address and no
instruction depends on the data (constant time; the simulator's
equal cycle counts check it). Interrupt handlers in these firmwares never use the
multiplier, so it needs no guarding.

Functions (operands are arrays of 16-bit words, least significant first: also the memory
layout of the kernels' 16- and 32-bit limbs; 8-bit limbs may be unaligned and never come
here, see ks_port_msp430.h):
    ks_msp_mulN(t, a, b)   t[0..2N/2) = a * b, N bytes each (t must not alias a or b),
    ks_msp_sqrN(t, a)      t = a^2; N = 24, 28 (P-192, P-224: reductions in C)
    ks_fp_mul_NAME(r, a, b), ks_fp_sqr_NAME(r, a)
                           the product and the reduction in one function, on a stack buffer,
                           for secp160r1 (p = 2^160 - 2^31 - 1: 2^160 = 2^31 + 1 mod p, SEC 2;
                           the product by rows, see row_product) and P-256 (FIPS 186-4
                           D.2.3); r may alias
    ks_fp_add_NAME(r, a, b), ks_fp_sub_NAME(r, a, b)
                           r = a +- b mod p on reduced elements (secp160r1, P-256); r may alias
    ks_fp_half_NAME(r, a)  r = a / 2 mod p on a reduced element (secp160r1, P-256); r may alias
    ks_fp_sub2_NAME(r, a, b), ks_fp_half3_NAME(r, a)
                           r = a - 2b and r = 3a/2 mod p, the point doubling's fused operations
                           (KS_FP_SUB2_OF, KS_FP_HALF3_OF); r may alias a (not b)
    ks_msp_batches(b)      the divsteps inversion's loop of batches (KS_MODINV_BATCHES): per
                           batch the steps on the low words and four passes over the whole
                           numbers (subroutines ks_msp_steps_core, ks_msp_lincomb[_z]_core)
    ks_msp_dbl_secp160r1(r, p, stride, n), ks_msp_add_secp160r1(r, p, qx, qy, stride)
                           secp160r1's point doubling (n times) and mixed addition (the curve
                           table's, ks_fp_msp430.h; KS_JAC_DBL_N), each field operation a fixed
                           call of a core with nothing saved (ks_msp_fp160_*: the product and
                           square leave their result in registers for a tail, gen_tail160)
    ks_msp_fp160_addr, ks_msp_fp160_subr(x, d)
                           x +- d mod p into registers (gen_addsub_regs160), for
    ks_msp_fp160_mul_sd(x, d), ks_msp_fp160_mul_xsub(a, x, d), ks_msp_fp160_sqr_add(x, d)
                           (x - d)(x + d), a (x - d), (x + d)^2 as the product's or square's
                           core: the factors pushed where the core copies its operands, then a
                           fixed branch into its rows (gen_fused160)
    ks_fp_cneg_secp160r1(r, a, mask)
                           r = -a mod p under a byte mask (KS_FP_CNEG_OF: the k.P lookups)
    ks_msp_row8, ks_msp_sqr8, ks_msp_p256_reduce
                           P-256's 8-word row product and square (straight-line subroutines
                           that its product and square call at fixed addresses) and its
                           reduction (their common tail, entered by a fixed branch): one copy
                           each in flash
llvm-mc rejects @rN+ sources with a memory destination: indexed sources instead (@rN for
offset 0: Asm.__call__), but for mov @r1+ to the multiplier, written as its words (Asm.pop;
check() allows those words only).
"""
import sys

FIELDS = [
    ("secp160r1", 10, 2**160 - 2**31 - 1),
    ("secp256r1", 16, 2**256 - 2**224 + 2**192 + 2**96 - 1),
]
# Stand-alone products, in words, for the fields whose reduction stays in C (ks_fp_msp430.h).
PRODUCT_WORDS = (12, 14)

MPY, MAC, MACS, OP2, RESLO, RESHI, SUMEXT = ("&MPY", "&MAC", "&MACS", "&OP2", "&RESLO", "&RESHI",
                                             "&SUMEXT")
# mov @r1+, &abs (Asm.pop): opcode 4, source r1 (As = 3), destination r2 (Ad = 1, absolute)
POP_WORD = 0x4000 | 1 << 8 | 1 << 7 | 3 << 4 | 2
POP_TO = (MPY, OP2)
# Control flow other than the final ret: jumps, calls, branches (mov to pc), and returns.
CONTROL = ("j", "call", "br", "reti")


class Asm:
    def __init__(self):
        self.lines = []

    def __call__(self, op, *args):
        if len(args) == 2 and str(args[0]).startswith("0(") and op not in ("push", "call"):
            # a source at offset 0 as @rN: a cycle and the offset's word less than 0(rN)
            args = ("@" + str(args[0])[2:-1], args[1])
        self.lines.append("\t%s\t%s" % (op, ", ".join(str(a) for a in args)) if args else "\t" + op)

    def comment(self, text):
        self.lines.append("\t; " + text)

    def pop(self, dst):
        """mov @r1+, dst (the emulated `pop dst`) for a multiplier register dst: a word read
        at the stack's top and the stack shrunk by it, 5 cycles, 2 words, where `mov 0(r1),
        dst` takes 6 and 3 words (x(Rn) source). llvm-mc 16 takes no @rN+ source with a
        memory destination: the instruction as its words (MOV, As = 3 from r1, Ad = 1 to
        &abs through r2), which check() allows only for these registers."""
        assert dst in POP_TO
        self.lines.append("\t.short\t0x%04x, %s\t; pop\t%s" % (POP_WORD, dst[1:], dst))

    def function(self, name):
        self.lines += ["", "\t.section .text.%s,\"ax\",@progbits" % name, "\t.global %s" % name,
                       "\t.type %s, @function" % name, "\t.p2align 1", "%s:" % name]

    def end(self, name):
        self("ret")
        self.lines.append("\t.size %s, .-%s" % (name, name))


def mem(off, base):
    return "%d(%s)" % (off, base)


def product(asm, n, a, b, t, toff, carry):
    """t[toff..] (2n words at base register t) = a * b, product scanning on the multiplier.
    Uses only the register `carry` besides the three pointers."""
    for k in range(2 * n - 1):
        pairs = [(i, k - i) for i in range(max(0, k - n + 1), min(k, n - 1) + 1)]
        for m, (i, j) in enumerate(pairs):
            if k == 0:
                asm("mov", mem(2 * i, a), MPY)
                asm("mov", mem(2 * j, b), OP2)
                continue
            asm("mov", mem(2 * i, a), MAC)
            asm("mov", mem(2 * j, b), OP2)
            if k == 2 * n - 2:
                continue  # the last column: the product fits 2n words, no carry out
            # SUMEXT is the carry of this accumulation alone: count them
            asm("mov" if m == 0 else "add", SUMEXT, carry)
        asm("mov", RESLO, mem(toff + 2 * k, t))
        if k == 2 * n - 2:
            asm("mov", RESHI, mem(toff + 2 * k + 2, t))
        else:
            # shift the accumulator down a word: RESLO = RESHI, RESHI = the carries
            asm("mov", RESHI, RESLO)
            if k == 0:
                asm("clr", RESHI)
            else:
                asm("mov", carry, RESHI)


def square(asm, n, a, t, toff, pool):
    """t[toff..] (2n words) = a^2. Per column: the cross products a_i a_j (i < j) on the
    multiplier, doubled in three registers, then the square a_(k/2)^2 and the carry in (two
    registers) added. `pool` is five free registers, renamed from column to column."""
    x, y, s, c0, c1 = pool
    for k in range(2 * n - 1):
        pairs = [(i, k - i) for i in range(max(0, k - n + 1), min(k, n - 1) + 1) if i < k - i]
        if pairs:
            for m, (i, j) in enumerate(pairs):
                asm("mov", mem(2 * i, a), MPY if m == 0 else MAC)
                asm("mov", mem(2 * j, a), OP2)
                if m == 1:
                    asm("mov", SUMEXT, s)
                elif m > 1:
                    asm("add", SUMEXT, s)
            if len(pairs) == 1:
                asm("clr", s)
            asm("mov", RESLO, x)
            asm("mov", RESHI, y)
            asm("rla", x)
            asm("rlc", y)
            asm("rlc", s)
            if k % 2 == 0:
                asm("mov", mem(k, a), MPY)
                asm("mov", mem(k, a), OP2)
                asm("add", RESLO, x)
                asm("addc", RESHI, y)
                asm("adc", s)
        else:  # k = 0 or 2n - 2: the square alone
            asm("mov", mem(k, a), MPY)
            asm("mov", mem(k, a), OP2)
            asm("mov", RESLO, x)
            asm("mov", RESHI, y)
            asm("clr", s)
        if k > 0:
            asm("add", c0, x)
            asm("addc", c1, y)
            asm("adc", s)
        asm("mov", x, mem(toff + 2 * k, t))
        # the carry out is (y, s); x, c0, c1 are free for the next column
        x, y, s, c0, c1 = c0, c1, x, y, s
    asm("mov", c0, mem(toff + 2 * (2 * n - 1), t))  # c1 is 0: a^2 < 2^(32 n)


def row_product(asm, n, a, b, t, toff, pool, aoff=0, boff=0, lo=RESLO, hi=RESHI, store_hi=True,
                pops=False, tslot=lambda k: 2 * k):
    """t[toff..] (2n words at base register t) = a * b by rows (operand scanning), for n <= 10:
    row i adds a_i B to the words t_i..t_(i+n), held in `pool` (n registers, renamed as the
    window slides: t_i is final after the row's first product, and its register takes the
    new word t_(i+n)). a_i is written once per row to MPY, whose OP1 then stays; each b_j
    starts a product. The products of even j cover the words i..i+n-1 two by two, those of
    odd j the words i+1..i+n: two carry chains of ADDC, one per parity, each unbroken (moves
    to the multiplier and CLR leave the carry flag alone). The carry out of the second chain
    is 0, since t + a_i B < 2^(16 (i+n+1)). Returns the registers of t_n..t_(2n-1), which
    are also stored (unless not store_hi). With pops, a (at 0(r1)), b (above it, in the
    rows' order: the even words, then the odd) and t (above b; all three on r1) are read at
    the stack's top where it is their last read (Asm.pop: 1 cycle less each): a_i at row
    i's start, b in the last row; t is then at 0(r1). tslot(k): where t's word k is, in
    bytes from toff (its place in the frame)."""
    T = {}
    pool = list(pool)
    order = list(range(0, n, 2)) + list(range(1, n, 2))
    boffs = {j: boff + 2 * (order.index(j) if pops else j) for j in range(n)}
    sp = [0]  # pops: the bytes popped so far, taken off every offset from r1
    if pops:
        assert a == b == t == "r1" and aoff == 0 and boff == 2 * n and toff == 4 * n

    def mem(off, base):
        return "%d(%s)" % (off - (sp[0] if base == "r1" else 0), base)

    def last_read(off):
        assert off == sp[0]
        asm.pop(OP2 if sp[0] >= 2 * n else MPY)
        sp[0] += 2

    for i in range(n):
        if pops:
            last_read(aoff + 2 * i)
        else:
            asm("mov", mem(aoff + 2 * i, a), MPY)
        for parity in (0, 1):
            js = list(range(parity, n, 2))
            for m, j in enumerate(js):
                if pops and i == n - 1:
                    last_read(boffs[j])
                else:
                    asm("mov", mem(boffs[j], b), OP2)
                if i == 0 and parity == 0:  # t is still 0 there: no sum
                    if j == 0:
                        asm("mov", lo, mem(toff + tslot(0), t))
                    else:
                        T[j] = pool.pop(0)
                        asm("mov", lo, T[j])
                    T[j + 1] = pool.pop(0)
                    asm("mov", hi, T[j + 1])
                    continue
                asm("add" if m == 0 else "addc", lo, T[i + j])
                if j == 0:  # t_i is final: its register becomes t_(i+n)
                    asm("mov", T[i], mem(toff + tslot(i), t))
                    T[i + n] = T.pop(i)
                    asm("clr", T[i + n])
                if i + j + 1 <= i + n:
                    asm("addc", hi, T[i + j + 1])
            if i == 0 and parity == 0:  # the top word, for the odd chain
                T[n] = pool.pop(0)
                asm("clr", T[n])
            last = js[-1] + 2 + i  # where the chain's carry goes
            if not (i == 0 and parity == 0) and last <= i + n:
                asm("adc", T[last])
    if store_hi:
        for k in range(n, 2 * n):
            asm("mov", T[k], mem(toff + tslot(k), t))
    return [T[k] for k in range(n, 2 * n)]


def half_rows(asm, n, a, b, t, pool, cnt):
    """t (2n words at 0(t)) = a * b by rows as in row_product, for n = 16 (too many product
    words for the registers): in two passes, a * (b_0..b_(n/2-1)), then a * (b_(n/2)..) added
    at word n/2, each with a window of n/2 registers (`pool`). In the second pass the words
    entering the window are the first pass's (from memory), so the carry out of the window's
    top word is not always 0: it runs on through the first pass's words above the window (up
    to word 3n/2 - 1, in memory: the same ADC chain whatever the data) into `cnt`, which holds
    the carries owed to the first word above those and starts it when it enters the window."""
    h = n // 2
    top_mem = n + h - 1  # the first pass's highest word
    for half in (0, 1):
        woff = h * half
        T = {}
        regs = list(pool)
        if half == 1:
            for k in range(h, 2 * h):
                T[k] = regs.pop(0)
                asm("mov", mem(2 * k, t), T[k])
            asm("clr", cnt)
        for i in range(n):
            lo = i + woff
            fresh = half == 0 and i == 0
            asm("mov", mem(2 * i, a), MPY)
            for parity in (0, 1):
                js = list(range(parity, h, 2))
                for m, j in enumerate(js):
                    asm("mov", mem(2 * (woff + j), b), OP2)
                    if fresh and parity == 0:  # t is still 0 there: no sum
                        if j == 0:
                            asm("mov", RESLO, mem(0, t))
                        else:
                            T[j] = regs.pop(0)
                            asm("mov", RESLO, T[j])
                        T[j + 1] = regs.pop(0)
                        asm("mov", RESHI, T[j + 1])
                        continue
                    asm("add" if m == 0 else "addc", RESLO, T[lo + j])
                    if j == 0:  # word lo is final: its register takes the new top word
                        asm("mov", T[lo], mem(2 * lo, t))
                        new = lo + h
                        T[new] = T.pop(lo)
                        if half == 0:
                            asm("clr", T[new])
                        elif new <= top_mem:
                            asm("mov", mem(2 * new, t), T[new])
                        else:
                            asm("mov", cnt, T[new])
                            asm("clr", cnt)
                    asm("addc", RESHI, T[lo + j + 1])
                if fresh and parity == 0:
                    T[h] = regs.pop(0)
                    asm("clr", T[h])
                    continue
                carry_word = lo + js[-1] + 2
                if carry_word <= lo + h:
                    asm("adc", T[carry_word])
                if half == 1:  # on through the first pass's words above the window
                    for w in range(lo + h + 1, top_mem + 1):
                        asm("adc", mem(2 * w, t))
                    asm("adc", cnt)
        for k in sorted(T):
            asm("mov", T[k], mem(2 * k, t))


def square_rows(asm, n, a, t, toff, pool, keep_hi=False, aoff=0, ptrs=False, pops=False,
                tslot=lambda k: 2 * k):
    """t[toff..] (2n words) = a^2 for n <= 10: the cross products a_i a_j (i < j) by rows as
    in row_product (row i: OP1 = a_i once, two unbroken ADDC chains over the words
    2i+1..i+n, held in `pool`); the two words that are final after row i (2i+1, 2i+2) are
    doubled there, a_i^2 (OP1 is a_i already: one write) is added at words 2i (stored by the
    row before) and 2i+1, and both are stored. One register carries both chains between rows:
    the doubling's carry in bit 0 (RRA/RLC), the squares' in bit 15 (RLA/RRC). The carry out
    of row i is 0 since the cross sum of rows 0..i is below 2^(16 (i+n+1)). With keep_hi the
    high half's words stay in the registers they end in (the window shrinks as fast as they
    become final: after row i the window needs n - i registers and i + 1 are left, for the
    2i - 7 final words above n - 1), not stored, and their registers are returned (t_n..t_(2n-1)),
    with those left free. With ptrs (and a twelfth register in `pool`) the multiplier's result
    is read through registers (@rN: 2 cycles, not 3): RESLO's from the start, RESHI's from row
    1, when the words 1 and 2 have freed a register, to the last square, whose high word needs
    that register (for the word 2n - 1). With pops, a (at 0(r1)) and t (above it, both on
    r1) a_i is read at the stack's top for a_i^2, its last read (Asm.pop: 1 cycle less);
    t is then at 0(r1). tslot(k): where t's word k is, in bytes from toff."""
    T = {}
    K = {}  # keep_hi: the final words >= n, in registers
    held = {}  # a final word < n kept in a spare register for the next row's square
    pool = list(pool)
    sp = [0]  # pops: the bytes popped so far, taken off every offset from r1
    if pops:
        assert a == t == "r1" and aoff == 0 and toff == 2 * n

    def mem(off, base):
        return "%d(%s)" % (off - (sp[0] if base == "r1" else 0), base)

    def square_op2(i):
        if pops:
            assert aoff + 2 * i == sp[0]
            asm.pop(OP2)
            sp[0] += 2
        else:
            asm("mov", mem(aoff + 2 * i, a), OP2)
    assert len(pool) >= n + 1 + (1 if ptrs else 0)
    dbit = pool.pop()
    lo, hi, plo, phi = RESLO, RESHI, None, None
    if ptrs:
        plo = pool.pop()
        asm("mov", "#RESLO", plo)
        lo = "@" + plo
    for i in range(n - 1):
        if ptrs and i == 1:
            phi = pool.pop(0)
            asm("mov", "#RESHI", phi)
            hi = "@" + phi
        asm("mov", mem(aoff + 2 * i, a), MPY)
        if i == 0:
            for k in range(1, n + 1):
                T[k] = pool.pop(0)
        else:
            T[i + n] = pool.pop(0)
            asm("clr", T[i + n])
        for parity in (1, 2):
            js = list(range(i + parity, n, 2))
            for m, j in enumerate(js):
                asm("mov", mem(aoff + 2 * j, a), OP2)
                if i == 0 and parity == 1:  # fresh words: no sum
                    asm("mov", lo, T[i + j])
                    asm("mov", hi, T[i + j + 1])
                    continue
                asm("add" if m == 0 else "addc", lo, T[i + j])
                asm("addc", hi, T[i + j + 1])
            if js and not (i == 0 and parity == 1) and js[-1] + i + 2 <= i + n:
                asm("adc", T[js[-1] + i + 2])
        # words 2i+1 and 2i+2 are final: double them (carry from the pair below in dbit's bit 0)
        w1, w2 = T.pop(2 * i + 1), T.pop(2 * i + 2)
        if i == 0:
            asm("rla", w1)
        else:
            asm("rra", dbit)
            asm("rlc", w1)
        asm("rlc", w2)
        if i == 0:
            asm("clr", dbit)
        asm("rlc", dbit)
        # + a_i^2 at words 2i (stored) and 2i+1 (w1): OP1 is a_i still; the squares' carry
        # waits in dbit's bit 15
        square_op2(i)
        asm("rla", dbit)
        if i == 0:
            asm("mov", lo, mem(toff + tslot(0), t))
            asm("add", hi, w1)
        else:
            asm("addc", lo, K.get(2 * i, held.get(2 * i, mem(toff + tslot(2 * i), t))))
            asm("addc", hi, w1)
        asm("rrc", dbit)
        if 2 * i in held:  # final now: stored, its register back to the pool
            asm("mov", held[2 * i], mem(toff + tslot(2 * i), t))
            pool.append(held.pop(2 * i))
        for k, w in ((2 * i + 1, w1), (2 * i + 2, w2)):
            if keep_hi and k >= n:
                K[k] = w
            elif k == 2 * i + 2 and i < n - 2 and len(pool) >= (2 if ptrs and i == 0 else 1):
                held[k] = w  # a_(i+1)^2 is added to it next row: then stored (one RMW less)
            else:
                asm("mov", w, mem(toff + tslot(k), t))
                pool.append(w)
    assert not T
    asm.comment("+ a_(n-1)^2 at words 2n-2 and 2n-1 (the doubling's top bit)")
    if ptrs and not pool:  # the top word takes RESHI's register
        top, phi, hi = phi, None, RESHI
    else:
        top = pool.pop(0)
    asm("mov", mem(aoff + 2 * (n - 1), a), MPY)
    square_op2(n - 1)
    asm("mov", dbit, top)
    asm("and", "#1", top)
    asm("rla", dbit)
    asm("addc", lo, K.get(2 * n - 2, mem(toff + tslot(2 * n - 2), t)))
    asm("addc", hi, top)
    free = [dbit] + [r for r in (plo, phi) if r] + pool
    if keep_hi:
        K[2 * n - 1] = top
        return [K[k] for k in range(n, 2 * n)], free
    asm("mov", top, mem(toff + tslot(2 * n - 1), t))


def push(asm, regs):
    for r in regs:
        asm("push", r)


def pop(asm, regs):
    for r in reversed(regs):
        asm("pop", r)


def gen_product(asm, n, sq):
    name = "ks_msp_%s%d" % ("sqr" if sq else "mul", 2 * n)
    asm.function(name)
    if sq:
        asm.comment("t = r12, a = r13")
        push(asm, ["r10", "r9"])
        square(asm, n, "r13", "r12", 0, ["r11", "r14", "r15", "r10", "r9"])
        pop(asm, ["r10", "r9"])
    else:
        asm.comment("t = r12, a = r13, b = r14")
        product(asm, n, "r13", "r14", "r12", 0, "r11")
    asm.end(name)


SAVED = ["r4", "r5", "r6", "r7", "r8", "r9", "r10"]


def reduce_secp160r1_regs(asm, H, X, Y):
    """secp160r1's reduction, the product's and the square's tail: t mod p into ten registers
    (returned with the two left free), t's low half lo in the frame at T160_SLOT (overwritten;
    words 2..9 at the stack's top, popped by their last reads: the stack 16 bytes up after)
    and its high half hi in the ten registers H (never stored), X and Y free. t = lo + hi 2^160 = lo + hi + hi 2^31
    (mod p, 2^160 = 2^31 + 1): v + 2^160 = lo + hi + 2^160 + s 2^32 + b 2^31 (s = hi >> 1, b =
    hi & 1; v < 2^161 + 2^191): lo + hi into lo's frame words (hi read once, from its
    registers; the carry and the 2^160 in Y), s shifted in place, then b 2^15 + the frame's
    words 1..9 + s 2^32 in one chain into H (words 2..11 of the sum); words 0 and 1 stay in
    the frame. The top two words are U = T + 1, T = v >> 160 <= 2^31 + 1; folding U back as U
    (2^31 + 1) (Z = U_lo, U_hi + (U & 1) 2^15, U >> 1: the middle word carries only for U =
    2^31 + 1, into (U >> 1)'s low word, 0 then; a = b = p - 1 has T = 2^31) leaves x = w + 2^31
    + 1, w = v - T p < 2^160 + 2^63, whose carry out of 2^160 says w >= p: then w - p = x mod
    2^160 (< p); without it w = x - (2^31 + 1) = x + p mod 2^160, p added under the mask (its
    words 0xFFFF but word 1, 0x7FFF). No second fold, no compare pass."""
    asm.comment("lo + hi into the frame (the carry, + 1 for the 2^160, in Y)")
    asm("mov", "#1", Y)
    for j in range(10):
        asm("add" if j == 0 else "addc", H[j], mem(T160_SLOT(j), "r1"))
    asm("adc", Y)
    asm.comment("s = hi >> 1 in place, b 2^15 in X")
    asm("clr", X)
    asm("clrc")
    for j in range(9, -1, -1):
        asm("rrc", H[j])
    asm("rrc", X)
    asm.comment("words 1..11: + b 2^15 at word 1, + s at word 2 up (H: words 2..11)")
    asm("add", X, mem(T160_SLOT(1), "r1"))
    for j in range(2, 10):  # their last reads: popped (@r1+, 1 cycle less than x(r1))
        assert T160_SLOT(j) == 2 * (j - 2)
        asm("addc", "@r1+", H[j - 2])
    asm("addc", Y, H[8])
    asm("adc", H[9])
    ul, uh = H[8], H[9]
    asm.comment("U = T + 1 in (%s, %s): + U + U 2^31, Z = U_lo, U_hi + (U & 1) 2^15, U >> 1" % (ul, uh))
    asm("push", uh)          # U_hi, for Y (popped: 5 cycles against a store and a read's 7)
    asm("mov", ul, X)
    asm("clrc")
    asm("rrc", uh)
    asm("rrc", ul)          # C = U & 1
    asm("clr", Y)
    asm("rrc", Y)           # (U & 1) 2^15
    asm("add", "@r1+", Y)
    asm("adc", ul)          # only for U = 2^31 + 1, whose (U >> 1) mod 2^16 is 0
    # words 0 and 1 taken into X and Y by the sum (a read, not a read and a write back), U's
    # registers then free for the mask; the stack is 16 bytes up (words 2..9 popped)
    asm("add", mem(T160_SLOT(0) - 16, "r1"), X)
    asm("addc", mem(T160_SLOT(1) - 16, "r1"), Y)
    asm("addc", ul, H[0])
    asm("addc", uh, H[1])
    for j in range(2, 8):
        asm("adc", H[j])
    V = [X, Y] + H[:8]
    asm("subc", ul, ul)  # C - 1: 0xFFFF without the carry
    asm("mov", ul, uh)
    asm("and", "#0x7fff", uh)
    asm.comment("no carry (w < p): w = x - 2^31 - 1 = x + p mod 2^160, p added under the mask")
    for j in range(10):
        asm("add" if j == 0 else "addc", uh if j == 1 else ul, V[j])
    return V, (ul, uh)


def gen_fp_secp160r1(asm, sq):
    """ks_fp_mul_secp160r1 / ks_fp_sqr_secp160r1: the callee-saved registers and r pushed
    around a fixed call of the core (gen_core160), which leaves the result in registers, then
    r stored from them by a fixed call of its tail (gen_tail160: 36 B less than the stores)."""
    name = "ks_fp_%s_secp160r1" % ("sqr" if sq else "mul")
    _, X, _ = CORE160_REGS[sq]
    asm.function(name)
    push(asm, SAVED + ["r12"])
    asm("call", "#" + CORE160[name])
    asm("pop", X)
    asm("call", "#" + TAIL160[(sq, "st")])
    pop(asm, SAVED)
    asm.end(name)


def gen_core160(asm, sq):
    """The product or square and its reduction (a = r13[, b = r14]), every register r4..r15
    clobbered, the result left in registers (CORE160_REGS: its ten words V, two free X, Y), for
    its caller to store or to take on (gen_tail160): a straight-line subroutine (CORE160)."""
    name = CORE160["ks_fp_%s_secp160r1" % ("sqr" if sq else "mul")]
    asm.function(name)
    words = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "r15"]
    if sq:
        # a copied below r (as the product's a and b, below) so that r13 can address RESLO and
        # a register freed by the rows RESHI (square_rows' ptrs): ~100 reads at 2 cycles, not 3;
        # a at the stack's top, each a_i read there by its row (@r1, 1 cycle less than x(r1))
        # and popped for a_i^2 (square_rows' pops)
        asm.comment("a = r13; frame: a (10 words) at 0(r1), t (20 words) at 20(r1)")
        asm("sub", "#40", "r1")
        for j in range(10):
            asm("mov", "@r13+", words[j])
        push(asm, words[::-1])
        asm.lines.append("%s:" % SQR160_ROWS)  # the fused entries' way in (gen_fused160)
        hi, free = square_rows(asm, 10, "r1", "r1", 20, ["r4", "r5", "r6", "r7", "r8", "r9",
                                                          "r10", "r11", "r12", "r14", "r15", "r13"],
                               keep_hi=True, ptrs=True, pops=True, tslot=T160_SLOT)
        V, free = reduce_secp160r1_regs(asm, hi, free[0], free[1])
    else:
        # b and a copied below r (each word read by @rN+ into a register and pushed: 5 cycles;
        # llvm-mc 16 takes neither `push x(rN)` nor `@rN+` into memory), so that r13 and r14
        # can address the product's two words (@r14 = RESLO, @r13 = RESHI: 2 cycles a read
        # instead of 3, 200 reads); the operands are then read from the frame at the cost they
        # had from r13 and r14 (but a_0 and b_0, which were @r13 and @r14). a at the stack's
        # top, then b in the rows' order (even words, odd words), each word popped at its last
        # read (row_product's pops: a_i at row i's start, b in the last row; 1 cycle less)
        asm.comment("a = r13, b = r14; frame: a (10 words) at 0(r1), b (10, evens then odds) "
                    "at 20(r1), t (20 words) at 40(r1)")
        asm("sub", "#40", "r1")
        for src, order in (("r14", list(range(0, 10, 2)) + list(range(1, 10, 2))),
                           ("r13", list(range(10)))):
            for j in range(10):
                asm("mov", "@%s+" % src, words[j])
            push(asm, [words[j] for j in order][::-1])
        asm.lines.append("%s:" % MUL160_ROWS)  # the fused entries' way in (gen_fused160)
        asm("mov", "#RESLO", "r14")
        asm("mov", "#RESHI", "r13")
        hi = row_product(asm, 10, "r1", "r1", "r1", 40,
                         ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "r15"],
                         aoff=0, boff=20, lo=mem(0, "r14"), hi=mem(0, "r13"), store_hi=False,
                         pops=True, tslot=T160_SLOT)
        V, free = reduce_secp160r1_regs(asm, hi, "r13", "r14")
    asm("add", "#%d" % (40 - 16), "r1")  # t's place less the 8 words popped
    assert (V, free[0], free[1]) == CORE160_REGS[sq]
    asm.end(name)


# Where the cores' rows put t's low words (bytes from t's start; its high words, never stored,
# keep their places): words 2..9 first, which the reduction reads last and pops, then 0 and 1
def T160_SLOT(k):
    return 2 * (k - 2) if 2 <= k < 10 else 16 + 2 * k if k < 2 else 2 * k


# Where the cores leave their result (V) and which two registers (X, Y) are free then, by
# sq: gen_core160 asserts it.
CORE160_REGS = {
    False: (["r13", "r14", "r15", "r4", "r5", "r6", "r7", "r8", "r9", "r10"], "r11", "r12"),
    True: (["r13", "r15", "r14", "r5", "r6", "r7", "r8", "r9", "r10", "r11"], "r12", "r4"),
}


def gen_tail160(asm, sq, kind):
    """The point operations' tails of a core (gen_core160), its result in registers: r = V
    ("st"), r = V - s ("sub"), r = V - 2s ("sub2"), X = r and Y = s (CORE160_REGS), each
    difference corrected in registers (p added under the borrow's mask); r may alias s.
    Straight-line subroutines (TAIL160)."""
    V, X, Y = CORE160_REGS[sq]
    pw = words(FIELDS[0][2], 10)
    name = TAIL160[(sq, kind)]
    asm.function(name)
    if kind == "sub2":
        asm("push", Y)
    if kind in ("sub", "sub2"):
        for j in range(10):
            asm("sub" if j == 0 else "subc", "@%s+" % Y, V[j])
        correct_regs(asm, "sub", V, pw, Y)  # s's pointer, spent, takes the mask
    if kind == "sub2":
        asm("pop", Y)
        for j in range(10):
            asm("sub" if j == 0 else "subc", "@%s+" % Y, V[j])
        correct_regs(asm, "sub", V, pw, Y)
    if kind in ("ssh", "x3"):
        # the doubling's Z3' = (V - gamma - delta) / 2 (also the addition's Z3, ADD160_E) or
        # the addition's X3 = V - H^3 - 2V', each read from the caller's frame (gen_dbl160,
        # DBL160_E; gen_add160, ADD160_E) above this call's return address through Y (@Y+:
        # 2 cycles a word, not x(r1)'s 3), which then takes the correction's mask
        for off in ([DBL160_E["G"], DBL160_E["D"]] if kind == "ssh"
                    else [ADD160_E["HHH"], ADD160_E["V"], ADD160_E["V"]]):
            asm("mov", "r1", Y)
            asm("add", "#%d" % (2 + off), Y)
            for j in range(10):
                asm("sub" if j == 0 else "subc", "@%s+" % Y, V[j])
            correct_regs(asm, "sub", V, pw, Y)
    if kind == "half3":
        # 3V/2 = V + V/2: V pushed, halved in place, V added back as popped
        push(asm, V[::-1])
    if kind in ("ssh", "half3"):
        half_regs(asm, V, pw, Y)
    if kind == "half3":
        for j in range(10):
            asm("add" if j == 0 else "addc", "@r1+", V[j])
        correct_regs(asm, "add", V, pw, Y)
    for j in range(10):
        asm("mov", V[j], mem(2 * j, X))
    asm.end(name)


def half_regs(asm, V, pw, m):
    """V = V / 2 mod p in registers (V reduced): where V is odd, (V + p) / 2 < 2^160, V + p
    taken as V - c mod 2^160 (sub_masked_c, c = 2^160 - p) whose no-borrow is V + p's carry,
    shifted in at the top; where V is even nothing is taken off and the 1 shifted in at the
    top is cleared (the mask's 0x8000 ORed with 0x7fff: AND after the RRCs)."""
    asm("mov", V[0], m)
    asm("inv", m)
    asm("rra", m)          # C = NOT the low bit
    asm("subc", m, m)      # -(low bit), C kept
    sub_masked_c(asm, V, pw, m)
    for j in range(len(V) - 1, -1, -1):
        asm("rrc", V[j])
    hi = sub_masked_c.hi_mask(pw)
    asm("bis", "#0x%04x" % (0xFFFF & ~hi), m)  # 0xFFFF when odd, else top bit 0
    asm("and", m, V[-1])


TAIL160 = {(sq, kind): "ks_msp_fp160_%s_%s" % ("sqr" if sq else "mul", kind)
           for sq, kind in ((False, "st"), (False, "sub"), (False, "half3"), (True, "st"),
                            (True, "sub2"), (True, "ssh"), (True, "x3"))}
# the doubling's frame (gen_dbl160), which the tail "ssh" reads
DBL160_E = {x: 20 * j for j, x in enumerate(("G", "B", "D", "T1", "T2", "A"))}
# and the addition's (gen_add160), which the tails "x3" and "ssh" read: S2 is read for the
# last time before H^2 and then S1 take its place; Z1^2 and H^2 where "ssh" reads the
# doubling's gamma and delta (Z3 = ((Z1 + H)^2 - Z1^2 - H^2) / 2)
ADD160_E = {x: 20 * j for j, x in enumerate(("ZZ", "H", "S2", "RR", "HHH", "V", "T"))}
ADD160_E["HH"], ADD160_E["S1"] = ADD160_E["S2"], ADD160_E["S2"]
assert (ADD160_E["ZZ"], ADD160_E["HH"]) == (DBL160_E["G"], DBL160_E["D"])


# secp160r1's cores, called with nothing saved by the C entries and the point operations
FP160_ADDR, FP160_SUBR = "ks_msp_fp160_addr", "ks_msp_fp160_subr"
# the sum's and difference's registers (gen_addsub_regs160) and the fused entries that
# push them as a product's or square's operands (gen_fused160)
MUL160_SD, MUL160_XSUB, SQR160_ADD = ("ks_msp_fp160_mul_sd", "ks_msp_fp160_mul_xsub",
                                      "ks_msp_fp160_sqr_add")
FP160_R = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r15", "r13"]
# the chains (gen_chain160): a core's tail (sq, kind), then its result pushed as the next
# product's b (a at Y) or the next square's a, a fixed branch into that core's rows
CHAIN160 = {(sq, kind, nxt): "ks_msp_fp160_%s_%s_%s" % ("sqr" if sq else "mul", kind, nxt)
            for sq, kind, nxt in ((True, "st", "mul"), (False, "st", "mul"),
                                  (False, "half3", "sqr"))}

# ks_msp_fp160_mul's and _sqr's rows from their frames as copied (labels, not functions:
# gen_fused160 enters them by a fixed branch in place of its ret, a tail for check())
MUL160_ROWS, SQR160_ROWS = "ks_msp_fp160_mul_rows", "ks_msp_fp160_sqr_rows"
CORE160 = {"ks_fp_mul_secp160r1": "ks_msp_fp160_mul", "ks_fp_sqr_secp160r1": "ks_msp_fp160_sqr",
           "ks_fp_add_secp160r1": "ks_msp_fp160_add", "ks_fp_sub2_secp160r1": "ks_msp_fp160_sub2",
           "ks_fp_half3_secp160r1": "ks_msp_fp160_half3"}


P256 = 2**256 - 2**224 + 2**192 + 2**96 - 1
# FIPS 186-4 D.2.3: t mod p = T + 2 S1 + 2 S2 + S3 + S4 - D1 - D2 - D3 - D4, each term a
# 256-bit vector of the product's 32-bit words c_k; here (sign, [k at word 0..7], None for 0).
P256_TERMS = [
    (1, [0, 1, 2, 3, 4, 5, 6, 7]),                     # T
    (2, [None, None, None, 11, 12, 13, 14, 15]),       # S1
    (2, [None, None, None, 12, 13, 14, 15, None]),     # S2
    (1, [8, 9, 10, None, None, None, 14, 15]),         # S3
    (1, [9, 10, 11, 13, 14, 15, 13, 8]),               # S4
    (-1, [11, 12, 13, None, None, None, 8, 10]),       # D1
    (-1, [12, 13, 14, 15, None, None, 9, 11]),         # D2
    (-1, [13, 14, 15, 8, 9, 10, None, 12]),            # D3
    (-1, [14, 15, None, 9, 10, 11, None, 13]),         # D4
]
P256_OFFSET = 5 * P256  # keeps the sum non-negative: the D terms take at most 4 (2^256 - 1)


def p256_identity_holds():
    """The table above against Python's integers (the generator refuses to write otherwise)."""
    import random
    rng = random.Random(256)
    for _ in range(100):
        t = rng.randrange(P256 * P256)
        c = [(t >> (32 * k)) & 0xFFFFFFFF for k in range(16)]
        s = sum(sign * sum(c[k] << (32 * w) for w, k in enumerate(ks) if k is not None)
                for sign, ks in P256_TERMS)
        if s % P256 != t % P256 or not 0 <= s + P256_OFFSET < 12 * 2**256:
            return False
    return True


def reduce_secp256r1(asm, rp):
    """r (pointer at rp(r1)) = t mod p, t the 32-word product at 0(r1), which it overwrites.
    acc = the NIST sum + 5p, word by word (16-bit words m = 2w + h take the halves h of the
    32-bit terms at w) in a two-register accumulator kept nonnegative (an offset moved up a
    word at a time, below), each word written over t_m (only
    T used it); 0 <= acc < 12 2^256. With top = acc >> 256 (<= 11), v = acc - top p =
    (acc mod 2^256) + top K, K = 2^256 - p = 2^224 - 2^192 - 2^96 + 1, lies in
    [0, 2^256 + 11 2^224) < 2p (as in the C of kernels/ks_fp_secp256r1.c). D = v + K =
    (acc mod 2^256) + (top + 1) K (one carry chain adds top + 1 at words 0 and 14, another
    subtracts it at words 6 and 12) carries past 2^256 exactly when v >= p, and is then the
    result mod 2^256; else K is subtracted under a mask (one pass, into r)."""
    assert p256_identity_holds()
    off = words(P256_OFFSET, 17)
    acc0, acc1, x = "r14", "r15", "r13"
    # Each word's running sum (acc1:acc0) is kept nonnegative, so that its carry is simply acc1
    # (no sign to extend): T 2^16 is added at word m and T taken off at word m + 1 (where that
    # 2^16 has become 1), folded into the word's offset constant. A word's negative terms take
    # at most 4 (2^16 - 1) off, its positive ones add at most 7 (2^16 - 1): with T = 8 the sum
    # stays within [0, 2^32). The last word's T 2^16 reaches the top: taken off there.
    T = 8
    # The high half's words (k >= 8) most used by the terms wait in the nine registers free
    # during the sum (a term from a register costs 1 cycle, from the frame 3): loaded once.
    uses = {}
    for sign, ks in P256_TERMS:
        for k in ks:
            if k is not None and k >= 8:
                uses[k] = uses.get(k, 0) + abs(sign)
    hot_regs = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12"]
    hot_words = sorted(((k, h) for k in uses for h in (0, 1)), key=lambda kh: (-uses[kh[0]], kh))
    hot = dict(zip(hot_words, hot_regs))
    for (k, h), r in sorted(hot.items(), key=lambda i: 2 * i[0][0] + i[0][1]):
        asm("mov", mem(2 * (2 * k + h), "r1"), r)
    for m in range(16):
        w, h = m // 2, m % 2
        addend = off[m] + T * 0x10000 - (T if m > 0 else 0)
        if m == 0:
            asm("mov", "#0x%04x" % (addend & 0xFFFF), acc0)
            asm("mov", "#0x%04x" % (addend >> 16), acc1)
        else:
            asm("add", "#0x%04x" % (addend & 0xFFFF), acc0)
            asm("addc", "#0x%04x" % (addend >> 16), acc1)
        for sign, ks in P256_TERMS:
            k = ks[w]
            if k is None:
                continue
            for _ in range(abs(sign)):
                src = hot.get((k, h), mem(2 * (2 * k + h), "r1"))
                if sign > 0:
                    asm("add", src, acc0)
                    asm("adc", acc1)
                else:
                    asm("sub", src, acc0)
                    asm("sbc", acc1)
        asm("mov", acc0, mem(2 * m, "r1"))
        asm("clr", x)  # the carry, acc1, is nonnegative
        acc0, acc1, x = acc1, x, acc0
    top, c, out, mask, pre = acc0, "r12", "r11", "r12", "r10"
    asm("add", "#0x%04x" % ((off[16] + 1 - T) & 0xFFFF), top)  # top + 1 (acc1 is 0 here)
    asm.comment("D = (acc mod 2^256) + (top + 1) K, K = 2^256 - p = 2^224 - 2^192 - 2^96 + 1:")
    asm.comment("v + K for v = acc - top p < 2p; c, the word above, is 1 exactly when v >= p.")
    asm.comment("One carry chain: u K (u = top + 1 <= 12) has the words u, 0 x5, 2^16 - u, 0xFFFF x5,")
    asm.comment("0xFFFF - u, 0xFFFF, u - 1, 0 (u_k_words)")
    nu, fu, um, ff = "r4", "r5", "r6", "r7"
    asm("clr", nu)
    asm("sub", top, nu)
    asm("mov", "#-1", ff)
    asm("mov", ff, fu)
    asm("sub", top, fu)
    asm("mov", top, um)
    asm("dec", um)
    asm("clr", c)
    src = u_k_words(top, nu, fu, um, ff)
    for m in range(16):
        if src[m] is None:
            asm("adc", mem(2 * m, "r1"))
        else:
            asm("add" if m == 0 else "addc", src[m], mem(2 * m, "r1"))
    asm("adc", c)
    asm.comment("r = D mod 2^256 if c, else D - K")
    kw = words(2**256 - P256, 16)
    asm("dec", mask)  # c - 1: 0xFFFF when K is to be taken off
    pre = masked_words(asm, kw, mask, ["r10", "r9"])
    asm("mov", mem(rp, "r1"), out)
    for m in range(16):
        asm("mov", mem(2 * m, "r1"), x)
        masked(asm, "sub", m, kw[m], mask, pre, x)
        asm("mov", x, mem(2 * m, out))


def u_k_words(u, nu, fu, um, ff):
    """The 16 words of u K (K = 2^256 - p for P-256, 1 <= u <= 12) as the registers holding
    them (u; nu = 2^16 - u; fu = 0xFFFF - u; um = u - 1; ff = 0xFFFF) or None for 0, checked
    against Python's integers for every u."""
    src = [u, None, None, None, None, None, nu, ff, ff, ff, ff, ff, fu, ff, um, None]
    for k in range(1, 13):
        val = {u: k, nu: 0x10000 - k, fu: 0xFFFF - k, um: k - 1, ff: 0xFFFF, None: 0}
        assert sum(val[r] << (16 * m) for m, r in enumerate(src)) == k * (2**256 - P256)
    return src


def karatsuba_rows(asm, n, pool):
    """t (2n words at 0(r1)) = a * b (r13, r14) by one level of subtractive Karatsuba on
    halves of h = n/2 words, each half product a row_product: with B = 2^(16 h),
    a b = L + B Q + B^2 H, L = a0 b0, H = a1 b1, Q = L + H - s M, M = |a0 - a1| |b0 - b1|,
    s the product of the two signs, taken without a branch: with M' = (M XOR m) + (m & 1) + m
    2^(16 n) (m = 0xFFFF when the signs agree), L + H - s M = L + H + M'. Added to t (= L +
    B^2 H) in the refined way: X = L1 + H0 once, in registers, then t's words h..n-1 = X + L0
    + M'_lo and n..n+h-1 = X + H1 + M'_hi in one pass (P-256: 192 word products instead of
    256; the product's glue 656 -> 490 cycles* against Q = L + H + M' in a loop, then t += Q B).
    Frame: t at 0(r1) (|a0 - a1| and |b0 - b1| first wait in t's top half, which H then
    overwrites), M at 2n(r1) (n words); `pool` is h registers."""
    h = n // 2
    o_m = 4 * n
    assert h == 8 and list(pool) == P256_REGS
    asm.comment("|a0 - a1|, |b0 - b1| into the frame (absdiff, written out: no call); their sign masks")
    absdiff(asm, "r13", 2 * n, "r12")
    absdiff(asm, "r14", 3 * n, "r15")
    asm("xor", "r12", "r15")
    asm("inv", "r15")  # 0xFFFF when the signs agree: subtract M
    asm("push", "r15")  # below the frame for a while, with a's pointer: the frame moves
    asm("push", "r13")  # up two words
    asm("mov", "r14", "r15")  # b's pointer (the row product keeps r12..r15)
    asm.comment("M = |a0 - a1| |b0 - b1|")
    frame_at(asm, "r13", 4 + 2 * n)
    frame_at(asm, "r14", 4 + 3 * n)
    frame_at(asm, "r12", 4 + o_m)
    asm("call", "#" + ROW8)
    asm.comment("L = a0 b0, H = a1 b1")
    asm("mov", "@r1", "r13")
    asm("mov", "r15", "r14")
    frame_at(asm, "r12", 4)
    asm("call", "#" + ROW8)
    asm("add", "#%d" % (2 * h), "r13")
    asm("add", "#%d" % (2 * h), "r14")
    frame_at(asm, "r12", 4 + 2 * n)
    asm("call", "#" + ROW8)
    asm.comment("the two words below the frame stay: a's pointer's slot keeps X's carry, then the mask")
    F = 4  # the frame's offset until they go
    asm("mov", mem(2, "r1"), "r12")  # the mask m
    R, lo, hi, x = list(pool), "r13", "r14", "r15"
    asm.comment("t += B (L + H - s M), refined: X = L1 + H0 (in registers, its carry cx at 0(r1)); words")
    asm.comment("h..n-1 of t become X + L0 + M'_lo, words n..n+h-1 X + H1 + M'_hi (M' = (M XOR m) + (m & 1)")
    asm.comment("+ m 2^(16 n)), one two-word accumulator; then the carry, cx and m on through H1")
    for j in range(h):
        asm("mov", mem(F + 2 * (h + j), "r1"), R[j])
    for j in range(h):
        asm("add" if j == 0 else "addc", mem(F + 2 * (n + j), "r1"), R[j])
    asm("clr", x)  # MOV: the carry stays
    asm("adc", x)
    asm("mov", x, mem(0, "r1"))
    asm("mov", "r12", lo)
    asm("and", "#1", lo)
    asm("clr", hi)
    for j in range(n):
        if j == h:
            asm("add", mem(0, "r1"), lo)  # cx at word n (lo <= 3: no carry)
        asm("add", R[j % h], lo)
        asm("adc", hi)
        asm("add", mem(F + 2 * (j if j < h else n + j), "r1"), lo)  # L0, or H1
        asm("adc", hi)
        asm("mov", mem(F + o_m + 2 * j, "r1"), x)
        asm("xor", "r12", x)
        asm("add", x, lo)
        asm("adc", hi)
        asm("mov", lo, mem(F + 2 * (h + j), "r1"))
        asm("mov", hi, lo)
        asm("clr", hi)
    asm.comment("word n + h: the carry (<= 3) + cx + m, mod 2^16 the middle sum's top word (0 or 1)")
    asm("add", mem(0, "r1"), lo)
    asm("add", "r12", lo)
    asm("add", "#%d" % F, "r1")
    asm("add", lo, mem(2 * (h + n), "r1"))
    for i in range(h + n + 1, 2 * n):
        asm("adc", mem(2 * i, "r1"))


def halves_square(asm, n, pool):
    """t (2n words at 0(r1)) = a^2 (r13) from its halves (h = n/2 words, B = 2^(16 h)):
    a0^2 + 2 a0 a1 B + a1^2 B^2, the two squares by rows (square_rows) into t's halves, the
    product a0 a1 by rows (row_product) at 2n(r1), then doubled and added at word h in two
    chunks of h words held in registers (two carry chains, each carry kept in a register
    between the chunks; written out: 47 cycles* less than a loop over chunks of h/2 words).
    The same 136 word products as by columns (square), but at 12 cycles each instead of 15. `pool` is h + 2 registers; r14 and r15's place are taken as well."""
    h = n // 2
    o_p = 4 * n
    R = list(pool)
    asm.comment("a0^2, a1^2 into t's halves")
    asm("mov", "r13", "r14")
    frame_at(asm, "r12", 0)
    asm("call", "#" + SQR8)
    asm("add", "#%d" % (2 * h), "r14")
    frame_at(asm, "r12", 2 * n)
    asm("call", "#" + SQR8)
    asm.comment("a0 a1 at %d(r1)" % o_p)
    frame_at(asm, "r12", o_p)
    asm("call", "#" + ROW8)
    asm.comment("t += 2 a0 a1 B: doubled and added in two chunks of h words held in registers (both")
    asm.comment("carries wait in registers between them)")
    W = R[:h]
    dbit, cadd = R[h], R[h + 1]
    for k in range(n // h):
        for j in range(h):
            asm("mov", mem(o_p + 2 * (h * k + j), "r1"), W[j])
        if k == 0:
            asm("rla", W[0])
        else:
            asm("rra", dbit)  # the doubling's carry in
            asm("rlc", W[0])
        for j in range(1, h):
            asm("rlc", W[j])
        asm("clr", dbit)
        asm("rlc", dbit)
        if k > 0:
            asm("rra", cadd)  # the sum's carry in
        for j in range(h):
            asm("add" if k == 0 and j == 0 else "addc", W[j], mem(2 * (h + h * k + j), "r1"))
        asm("clr", cadd)
        asm("rlc", cadd)
    asm.comment("the doubling's top bit and the sum's carry on through the top words")
    asm("add", cadd, dbit)  # at most 2, as one word
    asm("add", dbit, mem(2 * (h + n), "r1"))
    for i in range(h + n + 1, 2 * n):
        asm("adc", mem(2 * i, "r1"))


# P-256's shared straight-line pieces (flash: the product and the square would otherwise
# carry three and one copies of the 8-word row product, two of the 8-word square and two of
# the reduction, ~4 KB more): subroutines entered by a fixed `call #NAME`, and the reduction
# a common tail entered by a fixed `br #NAME` (check() allows exactly these).
ROW8, SQR8, P256_TAIL = "ks_msp_row8", "ks_msp_sqr8", "ks_msp_p256_reduce"
# The fused operations of the fields in memory (gen_sub2, gen_half3) call the field's own
# straight-line add, sub and half the same way.
SUBROUTINES = (ROW8, SQR8) + tuple("ks_fp_%s_%s" % (op, field) for field, n, p in FIELDS if n > 10
                                   for op in ("add", "sub", "half")) \
    + tuple(CORE160.values()) + tuple(TAIL160.values()) \
    + (FP160_ADDR, FP160_SUBR, MUL160_SD, MUL160_XSUB, SQR160_ADD) + tuple(CHAIN160.values()) \
    + ("ks_msp_steps_core",
       "ks_msp_lincomb_core", "ks_msp_lincomb_z_core")
TAILS = (P256_TAIL, MUL160_ROWS, SQR160_ROWS)
P256_FRAME = 96
P256_REGS = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11"]


def frame_at(asm, reg, off):
    """reg = the address off(r1)"""
    asm("mov", "r1", reg)
    if off:
        asm("add", "#%d" % off, reg)


def absdiff(asm, x, off, mask):
    """off(r1) (8 words) = |x0 - x1|, x0 and x1 the 8-word halves at register x (kept); mask =
    the sign mask (0xFFFF when x0 < x1); uses r4..r11 (saved by the caller)."""
    R = P256_REGS
    for i in range(8):  # by @x+ (2 cycles a word, not 3), x put back after
        asm("mov", "@%s+" % x, R[i])
    for i in range(8):
        asm("sub" if i == 0 else "subc", "@%s+" % x, R[i])
    asm("subc", mask, mask)  # C - 1: 0xFFFF when x0 < x1
    asm("sub", "#32", x)
    for i in range(8):
        asm("xor", mask, R[i])
    for i in range(8):
        asm("sub" if i == 0 else "subc", mask, R[i])
    for i in range(8):
        asm("mov", R[i], mem(off + 2 * i, "r1"))


def gen_row8(asm):
    """ks_msp_row8: t (r12) = a (r13) * b (r14), 8 words each, by rows (row_product); uses
    r4..r11 (saved by the caller), keeps r12..r15."""
    asm.function(ROW8)
    row_product(asm, 8, "r13", "r14", "r12", 0, P256_REGS)
    asm.end(ROW8)


def gen_sqr8(asm):
    """ks_msp_sqr8: t (r12) = a (r14)^2, 8 words, by rows (square_rows); uses r4..r11 and
    r15 (saved by the caller or free), keeps r12..r14."""
    asm.function(SQR8)
    square_rows(asm, 8, "r14", "r12", 0, P256_REGS + ["r15"])
    asm.end(SQR8)


def gen_fp_secp256r1(asm, sq):
    """The product (Karatsuba) or the square (from halves) into the frame, then on to the
    common reduction, which returns for both."""
    name = "ks_fp_%s_secp256r1" % ("sqr" if sq else "mul")
    asm.function(name)
    asm.comment("r = r12, a = r13, b = r14; frame: t (32 words) at 0(r1), %s (16 words) at "
                "64(r1), r at %d(r1)" % (
        "a0 a1" if sq else "M", P256_FRAME))
    push(asm, SAVED + ["r12"])
    asm("sub", "#%d" % P256_FRAME, "r1")
    if sq:
        halves_square(asm, 16, P256_REGS + ["r12", "r15"])
    else:
        karatsuba_rows(asm, 16, P256_REGS)
    asm("br", "#" + P256_TAIL)
    asm.lines.append("\t.size %s, .-%s" % (name, name))


def gen_p256_tail(asm):
    """ks_msp_p256_reduce: entered by a branch from the product or the square, with their
    frame (the 32-word value at 0(r1), r's pointer above it, the saved registers): r = t mod
    p, the frame dropped, the registers restored, returns to their caller."""
    asm.function(P256_TAIL)
    reduce_secp256r1(asm, P256_FRAME)
    asm("add", "#%d" % (P256_FRAME + 2), "r1")
    pop(asm, SAVED)
    asm.end(P256_TAIL)


def words(x, n):
    return [(x >> (16 * j)) & 0xFFFF for j in range(n)]


def masked_words(asm, pw, mask, spare=("r13", "r14")):
    """The words of p other than 0 and 0xFFFF, masked ahead of the carry chain (AND changes
    the carry flag): a dict word index -> register (from `spare`, free by then)."""
    spare = list(spare)
    out = {}
    for j, pj in enumerate(pw):
        if pj not in (0, 0xFFFF):
            r = spare.pop(0)
            asm("mov", "#0x%04x" % pj, r)
            asm("and", mask, r)
            out[j] = r
    return out


def masked(asm, op, j, pj, mask, pre, dst):
    """dst (op)= pj & mask, op "add" or "sub", carrying from word j - 1 unless j = 0."""
    first = j == 0
    if pj == 0:
        if first:
            asm(op, "#0", dst)
        else:
            asm("adc" if op == "add" else "sbc", dst)
    else:
        asm(op if first else op + "c", mask if pj == 0xFFFF else pre[j], dst)


def gen_add_sub(asm, field, n, p, op):
    """r = a + b mod p: s = a + b (carry c), then subtract p under a mask if c or s >= p
    (s < 2p, so c and s mod 2^(16n) >= p never hold together). r = a - b mod p: add p under
    the mask of the borrow. r (r12) may alias a (r13) or b (r14): word j is written after a_j
    and b_j are read."""
    name = "ks_fp_%s_%s" % (op, field)
    pw = words(p, n)
    asm.function(name)
    for j in range(n):  # @rN+ sources (2 cycles, not 3): the pointers are not needed again
        asm("mov", "@r13+", "r15")
        asm((op if j == 0 else op + "c"), "@r14+", "r15")
        asm("mov", "r15", mem(2 * j, "r12"))
    correct(asm, op, n, pw, "r12")
    asm.end(name)


def correct(asm, op, n, pw, rp, spare=("r13", "r14")):
    """The n words at rp mod p after a sum (op "add": p taken off under the mask of its carry,
    in C, or of the words being >= p) or a difference ("sub": p added back under the mask of
    its borrow, in C). Uses r11, r15 and `spare` (for p's words other than 0 and 0xFFFF)."""
    if op == "add":
        asm("clr", "r11")
        asm("adc", "r11")      # c
        for j in range(n):     # C = (s mod 2^(16n) >= p), without storing s - p (@rp+)
            asm("mov", "@%s+" % rp, "r15")
            asm("sub" if j == 0 else "subc", "#0x%04x" % pw[j], "r15")
        asm("adc", "r11")      # c + C, 0 or 1
        asm("sub", "#%d" % (2 * n), rp)  # rp again (the carry is read)
        asm("inv", "r11")
        asm("inc", "r11")      # mask: 0 - (c + C)
        pre = masked_words(asm, pw, "r11", spare)
        for j in range(n):
            masked(asm, "sub", j, pw[j], "r11", pre, mem(2 * j, rp))
    else:
        asm("subc", "r11", "r11")  # C - 1: 0xFFFF when a - b borrowed
        pre = masked_words(asm, pw, "r11", spare)
        for j in range(n):
            masked(asm, "add", j, pw[j], "r11", pre, mem(2 * j, rp))


def gen_sub2(asm, field, n, p):
    """ks_fp_sub2_FIELD(r, a, b): r = a - 2b mod p (the point doubling's X3; one call where the
    formulas would make two: kernels/ks_ec_point.c, KS_FP_SUB2_OF) as (a - b) - b: a fixed
    call of ks_fp_sub_FIELD, then the second subtraction in place on r (b read again) and
    its correction; r may alias a, not b. (Written out whole it is as fast and 240 B more.)"""
    name = "ks_fp_sub2_%s" % field
    pw = words(p, n)
    asm.function(name)
    asm("push", "r14")  # ks_fp_sub's correction takes r13 and r14
    asm("call", "#ks_fp_sub_%s" % field)
    asm("pop", "r14")
    for j in range(n):
        asm("sub" if j == 0 else "subc", mem(2 * j, "r14"), mem(2 * j, "r12"))
    correct(asm, "sub", n, pw, "r12", ["r13"])
    asm.end(name)


def gen_half3(asm, field, n, p):
    """ks_fp_half3_FIELD(r, a): r = 3a/2 = a + a/2 mod p (the point doubling's alpha; one call
    for ks_fp_half and an addition: KS_FP_HALF3_OF): fixed calls of ks_fp_half_FIELD into a
    frame on the stack and of ks_fp_add_FIELD (both keep r12; a's r13 put back after the
    half); r may alias a. (Written
    out whole it was ~20 cycles faster and 590 B more.)"""
    name = "ks_fp_half3_%s" % field
    asm.function(name)
    asm("sub", "#%d" % (2 * n), "r1")
    asm("push", "r12")
    frame_at(asm, "r12", 2)
    asm("call", "#ks_fp_half_%s" % field)
    asm("sub", "#%d" % (2 * n), "r13")  # a again
    asm("mov", "r12", "r14")  # a / 2
    asm("pop", "r12")
    asm("call", "#ks_fp_add_%s" % field)
    asm("add", "#%d" % (2 * n), "r1")
    asm.end(name)


def gen_add_regs(asm, field, n, p):
    """r = a + b mod p for n = 10: the sum in registers (ks_msp_fp160_addr: s = a + b, carry c;
    s - p in place, no borrow: C; if neither c nor C, s < p, p added back), then stored."""
    name = "ks_fp_add_%s" % field
    assert n == 10
    gen_c_entry(asm, name)
    asm.function(CORE160[name])
    asm("call", "#" + FP160_ADDR)
    for j in range(n):
        asm("mov", FP160_R[j], mem(2 * j, "r12"))
    asm.end(CORE160[name])


def gen_c_entry(asm, name):
    """The C-callable NAME: the callee-saved registers pushed around a fixed call of its core
    (CORE160), which the point operations call with nothing saved."""
    asm.function(name)
    push(asm, SAVED)
    asm("call", "#" + CORE160[name])
    pop(asm, SAVED)
    asm.end(name)


def correct_regs(asm, kind, V, pw, m):
    """The words in registers V mod p after a sum (kind "add", its carry in C: p taken off,
    and added back unless the sum carried or s - p did not borrow) or a difference ("sub",
    its borrow in C: p added where it borrowed). p added back mod 2^(16 n) as c = 2^(16 n) - p
    taken off (sub_masked_c: for secp160r1 one SUBC of 0 and one of the mask's 0x8000, then
    the borrow's SBCs; no word of p masked on the stack). m is a free register."""
    n = len(V)
    if kind == "add":
        asm("clr", m)
        asm("adc", m)      # c
        for j in range(n):
            if pw[j] == 0:
                asm("sbc" if j else "sub", *(() if j else ("#0",)), V[j])
            else:
                asm("sub" if j == 0 else "subc", "#0x%04x" % pw[j], V[j])
        asm("adc", m)      # c + C: 1 keeps s - p
        asm("dec", m)      # -1 adds p back; C = NOT that (the DEC's no-borrow)
    else:
        asm("subc", m, m)  # -(borrow); C is still NOT the borrow
    sub_masked_c(asm, V, pw, m)


def sub_masked_c(asm, V, pw, m):
    """V -= c b mod 2^(16 n), c = 2^(16 n) - p (V + p b mod 2^(16 n)), for m = -b and C = NOT b
    (b = 0 or 1): c's words are 1, then one word w, else 0 (secp160r1: 2^31 + 1); its low 1
    is the SUBC of 0 at word 0 (V_0 - b, C = NOT b), w b is m after BIC (which keeps the
    flags), the rest the borrow's SBCs. The final C is the no-borrow: V + p b's carry where
    b = 1, 1 where b = 0. Leaves m = w b."""
    hi = sub_masked_c.hi_mask(pw)
    k = sub_masked_c.hi_word(pw)
    asm("bic", "#0x%04x" % (0xFFFF & ~hi), m)
    for j in range(len(V)):
        if j == 0:
            asm("subc", "#0", V[j])
        elif j == k:
            asm("subc", m, V[j])
        else:
            asm("sbc", V[j])


def _c_words(pw):
    n = len(pw)
    p = sum(w << (16 * j) for j, w in enumerate(pw))
    cw = words((1 << (16 * n)) - p, n)
    nz = [j for j in range(1, n) if cw[j]]
    # one other word, a run of top bits (what BIC of a mask leaves: -b & w)
    assert cw[0] == 1 and len(nz) == 1 and cw[nz[0]] == 0xFFFF & ~((1 << (16 - bin(cw[nz[0]]).count("1"))) - 1)
    return nz[0], cw[nz[0]]


sub_masked_c.hi_word = lambda pw: _c_words(pw)[0]
sub_masked_c.hi_mask = lambda pw: _c_words(pw)[1]


def gen_fused_regs(asm, field, n, p, op):
    """ks_fp_sub2_FIELD and ks_fp_half3_FIELD (gen_sub2, gen_half3) for n = 10, the value in
    registers (r4..r11, r14, r15): loaded once, corrected there (correct_regs, the mask in r12,
    saved), stored once. r may alias a (and for sub2 not b)."""
    name = "ks_fp_%s_%s" % (op, field)
    pw = words(p, n)
    assert n == 10
    V = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r15", "r14"]
    gen_c_entry(asm, name)
    asm.function(CORE160[name])
    asm("push", "r12")
    if op == "sub2":
        asm("mov", "r14", "r12")  # b's pointer: r14 joins V
        for j in range(n):  # by @rN+ (2 cycles a word, not 3)
            asm("mov", "@r13+", V[j])
            asm("sub" if j == 0 else "subc", "@r12+", V[j])
        asm("mov", "r12", "r13")  # MOV keeps the borrow in C for the correction
        correct_regs(asm, "sub", V, pw, "r12")
        asm("sub", "#%d" % (2 * n), "r13")  # b's pointer again
        for j in range(n):
            asm("sub" if j == 0 else "subc", "@r13+", V[j])
        correct_regs(asm, "sub", V, pw, "r12")
    else:
        for j in range(n):
            asm("mov", "@r13+", V[j])
        asm("sub", "#%d" % (2 * n), "r13")  # a again, for the sum
        half_regs(asm, V, pw, "r12")
        for j in range(n):
            asm("add" if j == 0 else "addc", "@r13+", V[j])
        correct_regs(asm, "add", V, pw, "r12")
    asm("pop", "r12")
    for j in range(n):
        asm("mov", V[j], mem(2 * j, "r12"))
    asm.end(CORE160[name])


def gen_half(asm, field, n, p):
    """ks_fp_half_FIELD(r, a): r = a / 2 mod p, a reduced: a + (p under the mask of a's low
    bit) into r (word j written after a_j is read: r may alias a), then RRC through r from the
    top word down, the sum's carry entering the top (MOV leaves the carry flag alone)."""
    name = "ks_fp_half_%s" % field
    pw = words(p, n)
    asm.function(name)
    asm("mov", "@r13", "r14")
    asm("and", "#1", "r14")
    asm("inv", "r14")
    asm("inc", "r14")      # mask: 0xFFFF when a is odd
    pre = masked_words(asm, pw, "r14", ["r11"])
    for j in range(n):  # a by @r13+ (r13 ends 2n bytes on: gen_half3 puts it back)
        asm("mov", "@r13+", "r15")
        masked(asm, "add", j, pw[j], "r14", pre, "r15")
        asm("mov", "r15", mem(2 * j, "r12"))
    for j in range(n - 1, -1, -1):
        asm("rrc", mem(2 * j, "r12"))
    asm.end(name)


# The divsteps inversion's whole-number step (kernels/ks_modinv.c, 16-bit words): the passes
# shift by LINCOMB_N = 14 (2 bits out of each word, not 3). secp160r1's form (its p, found in
# ks_port_msp430.h) runs 27 batches of 14 steps (378 >= 369, ks_modinv.c's bound for 160 bits)
# against 29 of 13; the generic form keeps 13 steps a batch and runs the passes with the matrix
# doubled (the steps start from 2I: 2 T (x, y) >> 14 = T (x, y) >> 13, k even). z comes as m's
# balanced digits z_i in [-2^15, 2^15) (m = sum z_i 2^(16 i), the top one 0 or 1; secp160r1's
# p = 2^160 - 2^31 - 1: -1, -2^15, 0, ..., 0, 1), k z_i on the signed MAC. The signed 32-bit sum
# of a word holds (the AVR's argument at gen_avr_fp.py's P160_N, redone): |a x_i + b y_i| <=
# 2^14 (2^16 - 1) = 2^30 - 2^14 for both forms (rows |a| + |b| <= 2^14, doubled or of 14 steps);
# |k| <= 2^15 - 1 (secp160r1: a [x < 0] + b [y < 0] - j, 0 <= j < 2^14; doubled: twice such a
# k of 13 steps, |k| <= 2 (2^14 - 1)), so |k z_i| <= (2^15 - 1) 2^15 = 2^30 - 2^15; the carry in
# is below 2^15 + 1 in size: |sum| < 2^30 - 2^14 + 2^30 - 2^15 + 2^15 + 1 < 2^31.
LINCOMB_N = 14
P160_BATCHES = 27
assert 4096 * LINCOMB_N * P160_BATCHES >= 9437 * 160 + 1 > 4096 * LINCOMB_N * (P160_BATCHES - 1)


def gen_lincomb(asm, with_z):
    """ks_msp_lincomb(r, x, y, p) / ks_msp_lincomb_z(r, x, y, p), p = {z, a, b, zinv, L} (words
    at 0, 2, 4, 6, 8): r = (a x + b y [+ k z]) >> 14 on L >= 3 16-bit words, x and y two's
    complement (the top word signed), z the modulus as balanced digits (above, LINCOMB_N) and
    zinv = z^-1 mod 2^16, |a| + |b| <= 2^14, the sum divisible by 2^14: with z, k is
    found here as kernels/ks_modinv.c's lincomb finds it (KS_MODINV_LINCOMB_ZINV), on the
    multiplier (the C's four products are calls of the multiply helper); k z_i on the signed
    MAC (MACS), every word (the top digit may be 1). The words below the top
    go to the multiplier's unsigned MAC with the coefficient as its 16 bits (a + 2^16 when
    a < 0), which counts 2^16 x too many when a < 0: x under a's sign mask (made once) is
    taken off the high half (r9 gathers them, after what the shift left: below). The top
    words are signed both: MACS. The
    32-bit result register holds each word's sum modulo 2^32, and the sum fits 32 signed bits
    (ks_modinv.c), so it is exact; then the word out (shifted by 13 with the one before) and
    the result shifted down 16 bits with its sign. The words below the top in a counted
    loop: its one branch tests the count (L, public), never the data."""
    name = LINCOMB_Z if with_z else LINCOMB
    N = LINCOMB_N
    a, b, k, t, u, corr, prev, zp, rp, xp, yp, cnt = (
        "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15")
    asm.function(name)
    asm("mov", "2(r15)", a)
    asm("mov", "4(r15)", b)
    if with_z:
        asm("mov", "6(r15)", k)  # z^-1 mod 2^16 first
        asm("mov", "0(r15)", zp)
    asm("mov", "8(r15)", cnt)
    if with_z:
        asm.comment("k = a [x < 0] + b [y < 0] - j, j = ((a x0 + b y0 + k' z0) z^-1 mod 2^16) mod 2^%d for" % N)
        asm.comment("k' = the first two terms: the sum then divisible by 2^%d (ks_modinv.c's lincomb)" % N)
        for coeff, ptr, first in ((a, xp, True), (b, yp, False)):
            asm("mov", cnt, t)
            asm("rla", t)
            asm("add", ptr, t)
            asm("mov", mem(-2, t), t)  # the top word
            asm("rla", t)
            asm("subc", t, t)
            asm("inv", t)           # its sign mask
            asm("and", coeff, t)
            asm("mov" if first else "add", t, corr)
        asm("mov", a, MPY)
        asm("mov", "@" + xp, OP2)
        asm("mov", b, MAC)
        asm("mov", "@" + yp, OP2)
        asm("mov", corr, MAC)
        asm("mov", "@" + zp, OP2)
        asm("mov", RESLO, MPY)
        asm("mov", k, OP2)
        asm("mov", RESLO, t)
        asm("and", "#0x%04x" % ((1 << N) - 1), t)
        asm("sub", t, corr)
        asm("mov", corr, k)
    asm("sub", "#2", cnt)  # L - 2 words in the loop

    def sign_mask(src, dst):
        """dst = 0xFFFF when src < 0, else 0"""
        asm("mov", src, dst)
        asm("rla", dst)
        asm("subc", dst, dst)
        asm("inv", dst)

    # the coefficients' sign masks: without z in k's and z's registers; with z a's in u (the
    # words out then re-read RESLO for prev), b's and k's on the stack (k's at 2(r1), b's at 0)
    if with_z:
        sign_mask(b, t)
        asm("push", t)
        masks = {a: u, b: "0(r1)"}
        sign_mask(a, u)
    else:
        masks = {a: k, b: zp}
        sign_mask(a, k)
        sign_mask(b, zp)
    asm("mov", "#0", RESLO)
    asm("mov", "#0", RESHI)
    asm("mov", "#0", corr)

    def product(m, ptr, signed):
        asm("mov", m, MACS if signed else MAC)
        asm("mov", "@%s+" % ptr, t)
        asm("mov", t, OP2)
        if not signed:  # 2^16 x too many when m < 0
            asm("and", masks[m], t)
            asm("sub", t, corr)

    def word(signed):
        product(a, xp, signed)
        product(b, yp, signed)
        if with_z:  # k z_i, both signed: nothing to correct
            asm("mov", k, MACS)
            asm("mov", "@%s+" % zp, t)  # (llvm-mc 16 takes no @rN+ into memory)
            asm("mov", t, OP2)
        asm("add", corr, RESHI)  # the shift's and the products' corrections

    def out():
        """r's next word: (s << (16 - N)) | (prev >> N) from s in t"""
        for _ in range(16 - N):
            asm("rla", prev)
            asm("rlc", t)
        asm("mov", t, "0(%s)" % rp)
        asm("incd", rp)

    def shift():
        """the result down 16 bits with its sign: RESHI is left as it was, what it lacks (the
        sign's word less the old high half) starts the next word's corrections (corr)"""
        asm("mov", RESHI, t)
        asm("mov", t, RESLO)
        asm("mov", t, corr)
        asm("rla", corr)
        asm("subc", corr, corr)
        asm("inv", corr)
        asm("sub", t, corr)

    def word_out():
        """the word's sum out (with the one before) and kept as prev; the result shifted"""
        asm("mov", RESLO, t)
        if with_z:  # u holds a's mask
            out()
            asm("mov", RESLO, prev)
        else:
            asm("mov", t, u)
            out()
            asm("mov", u, prev)
        shift()

    asm.comment("word 0: its low %d bits are 0, nothing out yet" % N)
    word(False)
    asm("mov", RESLO, prev)
    shift()
    loop = ".L%s_loop" % name
    asm.lines.append("%s:" % loop)
    word(False)
    word_out()
    asm("dec", cnt)
    asm("jnz", loop)
    asm.comment("the top word, signed; then the last two words out")
    word(True)
    word_out()
    asm("mov", RESLO, t)
    out()
    if with_z:
        asm("add", "#2", "r1")  # b's mask
    asm.end(name)


def gen_steps(asm):
    """ks_msp_steps(eta, f, g, t): kernels/ks_modinv.c's steps() (KS_MODINV_STEPS): N = 13
    divsteps on the low words f, g of (eta, f, g), eta = 2 delta updated in place, t = the
    matrix (u v; q r) with 2^N (f', g') = t (f, g). Per step, with masks only (in the form of
    libsecp256k1's modinv32 divsteps, written afresh): E = all-ones when g is odd, Y = all-ones
    when eta > 0; g += (Y ? -f : f) and its row likewise where g is odd; then where g was odd
    and eta > 0 (sw = E & Y) f += the new g, which makes it the old g (f + (g - f)), its row
    likewise, and eta = -eta: the swap of (eta, f, g) to (-eta, g, -f) and the sum g - f of
    kernels/ks_modinv.c's steps(). Then g halved (arithmetic shift: the bits shifted in stay
    above the N low bits the steps read), f's row doubled, eta += 2. The N steps in a counted
    loop (public count). Held as n = -eta (in the caller's slot too: it starts at -1), g's
    parity from BIT and the masks left complemented where a BIC or a SUB takes them as they
    are: 39 cycles a step against 42 (the start of the batches' round, 2026-11-29)."""
    name = STEPS
    f, g, u, v, q, r, d, E, Y, x, cnt = ("r13", "r14", "r4", "r5", "r6", "r7", "r8", "r9", "r10",
                                         "r11", "r15")
    asm.function(name)
    push(asm, ["r12", "r15"])
    asm("mov", "#%d" % (LINCOMB_N + 1), u)
    asm("sub", x, u)       # the matrix from 2I for 13 steps (the passes shift by 14), I for 14
    asm("clr", v)
    asm("clr", q)
    asm("mov", u, r)
    asm("mov", mem(0, "r12"), d)
    asm("mov", x, cnt)     # the steps a batch from the caller (r11): 13, or 14 for secp160r1
    loop = ".L%s_loop" % name
    asm.lines.append("%s:" % loop)
    asm("bit", "#1", g)    # C = g's low bit
    asm("subc", E, E)      # C - 1: E all-ones when g is even
    asm("mov", d, Y)       # d holds n = -eta (the caller's eta slot too)
    asm("rla", Y)          # C = n's sign: eta > 0
    asm("subc", Y, Y)      # Y: all-ones when eta <= 0
    for a_, b_ in ((f, g), (u, q), (v, r)):  # b -= (Y ? a : -a) where g is odd
        asm("mov", a_, x)
        asm("xor", Y, x)
        asm("sub", Y, x)
        asm("bic", E, x)
        asm("sub", x, b_)
    asm("bis", E, Y)
    asm("inv", Y)          # sw: g odd and eta > 0
    for a_, b_ in ((f, g), (u, q), (v, r)):  # a += b under sw: the old b
        asm("mov", b_, x)
        asm("and", Y, x)
        asm("add", x, a_)
    asm("xor", Y, d)
    asm("sub", Y, d)       # eta = -eta under sw
    asm("rra", g)
    asm("rla", u)
    asm("rla", v)
    asm("decd", d)         # eta += 2
    asm("dec", cnt)
    asm("jnz", loop)
    asm("pop", "r15")
    asm("mov", u, mem(0, "r15"))
    asm("mov", v, mem(2, "r15"))
    asm("mov", q, mem(4, "r15"))
    asm("mov", r, mem(6, "r15"))
    asm("pop", "r12")
    asm("mov", d, mem(0, "r12"))
    asm.end(name)


# The divsteps' straight-line subroutines (each with its one counted loop), called by the
# batches' loop (gen_batches) with nothing saved.
STEPS, LINCOMB, LINCOMB_Z, BATCHES = ("ks_msp_steps_core", "ks_msp_lincomb_core",
                                      "ks_msp_lincomb_z_core", "ks_msp_batches")
# ks_msp_batches' frame: t (the batch's matrix, 4 words), the passes' argument block (z, a,
# b, zinv, L), eta, the six pointers (f, g, d, e and the two free places), the count
BT_T, BT_ARG, BT_ETA, BT_P, BT_CNT, BT_NS = 0, 8, 18, 20, 32, 34
BT_FRAME = 36


def gen_batches(asm):
    """ks_msp_batches(b), b = {f, g, d, e, n0, n1, m, zinv, L, batches, eta} (words):
    kernels/ks_modinv.c's loop of batches in one call (KS_MODINV_BATCHES): per batch the N
    steps on the low words (gen_steps), f and g's passes into n0 and n1 (gen_lincomb), which
    then trade places with f and g, and d and e's likewise; the callee-saved registers pushed
    once, the pointers in a frame, the batches in a counted loop (their number public). At the
    end the pointers of f and d (which trade places) written back to b's first and third
    words."""
    asm.function(BATCHES)
    push(asm, SAVED + ["r12"])
    asm("sub", "#%d" % BT_FRAME, "r1")
    for j in range(6):
        asm("mov", mem(2 * j, "r12"), mem(BT_P + 2 * j, "r1"))
    asm("mov", mem(12, "r12"), mem(BT_ARG, "r1"))       # z = m
    asm("mov", mem(14, "r12"), mem(BT_ARG + 6, "r1"))   # m^-1 mod 2^16
    asm("mov", mem(16, "r12"), mem(BT_ARG + 8, "r1"))   # L
    asm("mov", mem(18, "r12"), mem(BT_CNT, "r1"))
    asm("mov", mem(20, "r12"), mem(BT_ETA, "r1"))
    asm("mov", mem(22, "r12"), mem(BT_NS, "r1"))       # the steps a batch
    loop = ".L%s_loop" % BATCHES
    asm.lines.append("%s:" % loop)
    asm("mov", "r1", "r12")
    asm("add", "#%d" % BT_ETA, "r12")
    asm("mov", mem(BT_P, "r1"), "r13")
    asm("mov", "@r13", "r13")                            # f's low word
    asm("mov", mem(BT_P + 2, "r1"), "r14")
    asm("mov", "@r14", "r14")                            # g's
    asm("mov", "r1", "r15")                              # t at 0
    asm("mov", mem(BT_NS, "r1"), "r11")
    asm("call", "#" + STEPS)
    for core, x, y in ((LINCOMB, 0, 1), (LINCOMB_Z, 2, 3)):  # (f, g), then (d, e)
        for row, out in ((0, 4), (1, 5)):
            asm("mov", mem(BT_T + 4 * row, "r1"), mem(BT_ARG + 2, "r1"))
            asm("mov", mem(BT_T + 4 * row + 2, "r1"), mem(BT_ARG + 4, "r1"))
            asm("mov", mem(BT_P + 2 * out, "r1"), "r12")
            asm("mov", mem(BT_P + 2 * x, "r1"), "r13")
            asm("mov", mem(BT_P + 2 * y, "r1"), "r14")
            asm("mov", "r1", "r15")
            asm("add", "#%d" % BT_ARG, "r15")
            asm("call", "#" + core)
        for old_, new_ in ((x, 4), (y, 5)):  # the new values' places trade names with the old
            asm("mov", mem(BT_P + 2 * old_, "r1"), "r12")
            asm("mov", mem(BT_P + 2 * new_, "r1"), mem(BT_P + 2 * old_, "r1"))
            asm("mov", "r12", mem(BT_P + 2 * new_, "r1"))
    asm("dec", mem(BT_CNT, "r1"))
    asm("jnz", loop)
    asm("mov", mem(BT_FRAME, "r1"), "r12")               # b
    asm("mov", mem(BT_P, "r1"), mem(0, "r12"))
    asm("mov", mem(BT_P + 4, "r1"), mem(4, "r12"))
    asm("add", "#%d" % (BT_FRAME + 2), "r1")
    pop(asm, SAVED)
    asm.end(BATCHES)





def point160(asm, elems, slots):
    """The frame helpers of secp160r1's point operations: ptr(reg, x) loads the address of the
    frame's element x or the pointer in slot x; op(core, r, a[, b[, c]]) the arguments and a
    fixed call of the core; fop(tail, r, a[, b], s=None) a product (b given) or a square
    into registers, then its tail (gen_tail160: r = the result, - s, - 2s)."""
    def ptr(reg, x):
        if x in elems:
            asm("mov", "r1", reg)
            if elems[x]:
                asm("add", "#%d" % elems[x], reg)
        else:
            asm("mov", mem(slots[x], "r1"), reg)

    def op(core, *args):
        for reg, x in zip(("r12", "r13", "r14", "r15"), args):
            ptr(reg, x)
        asm("call", "#" + core)

    def fop(tail, r, a=None, b=None, s=None, core=None, c=None, into=None, sq=None):
        """into: ("mul", a') or ("sqr",): the result, after its tail, taken on as the next
        product's b (with a') or square's operand (gen_chain160); the caller then calls
        fop(next tail, r', sq=the next's) with no operands: the tail alone."""
        if a is not None:
            sq = b is None or core == SQR160_ADD
            if c is not None:
                ptr("r12", c)
            ptr("r13", a)
            if b is not None:
                ptr("r14", b)
            asm("call", "#" + (core or CORE160["ks_fp_%s_secp160r1" % ("sqr" if sq else "mul")]))
        _, X, Y = CORE160_REGS[sq]
        ptr(X, r)
        if into is not None:
            if into[0] == "mul":
                ptr(Y, into[1])
            asm("call", "#" + CHAIN160[(sq, tail, into[0])])
            return
        if s is not None:
            ptr(Y, s)
        asm("call", "#" + TAIL160[(sq, tail)])
    return op, fop


def frame160(names, after):
    return {x: after + 2 * j for j, x in enumerate(names)}




def gen_addsub_regs160(asm, kind):
    """ks_msp_fp160_addr / ks_msp_fp160_subr(x = r13, d = r14): x + d or x - d mod p into the
    registers FP160_R (x loaded and d added or taken off by @rN+, the correction there),
    r14 clobbered, r12 kept: straight-line subroutines of the fused entries (gen_fused160)
    and of ks_fp_add_secp160r1's core."""
    pw = words(FIELDS[0][2], 10)
    R = FP160_R
    name = FP160_ADDR if kind == "add" else FP160_SUBR
    asm.function(name)
    for j in range(10):  # x's pointer r13 then holds word 9
        asm("mov", "@r13+" if j < 9 else "@r13", R[j])
        asm(kind if j == 0 else kind + "c", "@r14+", R[j])
    correct_regs(asm, kind, R, pw, "r14")
    asm.end(name)


def gen_fused160(asm, name):
    """The point operations' field operations on a sum or difference, which they then no
    longer store and reload: the sum or difference made in registers (gen_addsub_regs160)
    and pushed where the product or square copies its operands (a at the stack's top, b
    above it, evens then odds, t's 40 bytes above both: gen_core160), then a fixed branch
    into its rows (MUL160_ROWS, SQR160_ROWS; check(): a tail). The result as the core's:
        ks_msp_fp160_mul_sd(x = r13, d = r14)        (x - d)(x + d) (the doubling's A)
        ks_msp_fp160_mul_xsub(a = r12, x = r13, d = r14)   a (x - d)
        ks_msp_fp160_sqr_add(x = r13, d = r14)       (x + d)^2 (the doubling's Z3)
    For mul_sd x's pointer waits in r12, d's in t's place (scratch until the rows)."""
    order = list(range(0, 10, 2)) + list(range(1, 10, 2))
    asm.function(name)
    asm("sub", "#40", "r1")
    if name == MUL160_SD:
        asm("mov", "r13", "r12")  # x's pointer (the subroutines keep r12)
        asm("mov", "r14", mem(0, "r1"))
    asm("call", "#" + (FP160_ADDR if name == SQR160_ADD else FP160_SUBR))
    push(asm, (FP160_R if name == SQR160_ADD else [FP160_R[j] for j in order])[::-1])
    if name == MUL160_SD:
        asm("mov", "r12", "r13")
        asm("mov", mem(20, "r1"), "r14")
        asm("call", "#" + FP160_ADDR)
        push(asm, FP160_R[::-1])
    elif name == MUL160_XSUB:
        A = FP160_R[:9] + ["r12"]
        for j in range(10):  # a's pointer r12 then holds word 9
            asm("mov", "@r12+" if j < 9 else "@r12", A[j])
        push(asm, A[::-1])
    asm("br", "#" + (SQR160_ROWS if name == SQR160_ADD else MUL160_ROWS))
    asm.lines.append("\t.size %s, .-%s" % (name, name))


def gen_chain160(asm, sq, kind, nxt):
    """A core's result in registers (CORE160_REGS[sq]) through its tail (gen_tail160: r = X,
    which leaves the result in its registers), then pushed where the next core copies an
    operand: as a product's b (evens then odds; its a copied from Y, as the product copies
    it) or as a square's a, and a fixed branch into that core's rows (MUL160_ROWS,
    SQR160_ROWS): the next core's load of this operand and a call less. The point
    operations then call the next core's tail."""
    V, X, Y = CORE160_REGS[sq]
    name = CHAIN160[(sq, kind, nxt)]
    order = list(range(0, 10, 2)) + list(range(1, 10, 2))
    asm.function(name)
    asm("call", "#" + TAIL160[(sq, kind)])
    asm("sub", "#40", "r1")
    if nxt == "mul":
        push(asm, [V[j] for j in order][::-1])
        A = V[:9] + [Y]
        for j in range(10):  # a's pointer Y then holds word 9
            asm("mov", "@%s+" % Y if j < 9 else "@%s" % Y, A[j])
        push(asm, A[::-1])
    else:
        push(asm, V[::-1])
    asm("br", "#" + (MUL160_ROWS if nxt == "mul" else SQR160_ROWS))
    asm.lines.append("\t.size %s, .-%s" % (name, name))


def gen_cneg160(asm):
    """ks_fp_cneg_secp160r1(r, a, mask): r = -a mod p where the byte mask is 0xFF, else a
    (kernels/ks_fp.c's ks_fp_cneg: the k.P table lookups' sign, KS_FP_CNEG_OF), r may alias a:
    m = mask and (a != 0) (a's words ORed, the top bit of x | -x); then r = (a ^ m) - (2^31 & m)
    mod 2^160 (for m all-ones 2^160 - 1 - a - 2^31 = p - a): a ^ m word by word into r (XOR
    changes the carry flag), then 2^31 & m taken off r's words 1..9 in one borrow chain. No
    register saved."""
    name = "ks_fp_cneg_secp160r1"
    assert FIELDS[0][2] == 2**160 - 2**31 - 1
    asm.function(name)
    asm("mov", "@r13", "r15")
    for j in range(1, 10):
        asm("bis", mem(2 * j, "r13"), "r15")
    asm("mov", "r15", "r11")
    asm("inv", "r11")
    asm("inc", "r11")
    asm("bis", "r15", "r11")
    asm("rla", "r11")      # C = (a != 0)
    asm("subc", "r11", "r11")
    asm("inv", "r11")      # 0xFFFF when a != 0
    asm("sxt", "r14")      # the byte mask to a word
    asm("and", "r14", "r11")
    for j in range(10):    # r = a ^ m (word j written after a_j is read: r may alias a)
        asm("mov", "@r13+", "r15")
        asm("xor", "r11", "r15")
        asm("mov", "r15", mem(2 * j, "r12"))
    asm("and", "#0x8000", "r11")
    asm("sub", "r11", mem(2, "r12"))
    for j in range(2, 10):
        asm("sbc", mem(2 * j, "r12"))
    asm.end(name)


DBL160_CNT = 132  # the doubling's count in its frame (check(): its loop's `dec 132(r1)`)


def gen_dbl160(asm):
    """ks_msp_dbl_secp160r1(r, p, stride, n): r = 2^n p on secp160r1 (n >= 1; r and p point to
    the points' x, their y and z stride bytes on; r may be p), by the formulas' doubling
    (kernels/ks_ec_formulas.h: dbl-2001-b rescaled by 1/2, 4M + 4S) n times, the first from p
    and the rest in r: the callee-saved registers pushed once for all, the elements in a frame
    on the stack, each field operation a fixed call of its core (nothing saved there). The n
    doublings in a counted loop (n public: the window's width)."""
    name = "ks_msp_dbl_secp160r1"
    E = DBL160_E
    S = frame160(("RX", "RY", "RZ", "PX", "PY", "PZ", "CNT"), 120)
    fr = 120 + 2 * len(S)
    assert S["CNT"] == DBL160_CNT
    op, fop = point160(asm, E, S)
    asm.function(name)
    push(asm, SAVED)
    asm("sub", "#%d" % fr, "r1")
    for base, names in (("r12", ("RX", "RY", "RZ")), ("r13", ("PX", "PY", "PZ"))):
        for j, x in enumerate(names):
            if j:
                asm("add", "r14", base)
            asm("mov", base, mem(S[x], "r1"))
    asm("mov", "r15", mem(S["CNT"], "r1"))
    loop = ".L%s_loop" % name
    asm.lines.append("%s:" % loop)
    fop("st", "G", "PY", into=("mul", "PX"))  # gamma = Y^2, taken on as b:
    fop("st", "B", sq=False)               # beta = X gamma
    fop("st", "D", "PZ")                   # delta = Z^2
    fop("ssh", "RZ", "PY", "PZ", core=SQR160_ADD)  # Z3' = Y Z = ((Y + Z)^2 - gamma - delta) / 2
    fop("half3", "A", "PX", "D", core=MUL160_SD, into=("sqr",))  # A = 3 (X - delta)(X +
    #                                        delta) / 2 (the last read of p), squared:
    fop("sub2", "RX", s="B", sq=True)      # X3' = A^2 - 2 beta
    fop("st", "G", "G")
    fop("sub", "RY", "B", "RX", s="G", core=MUL160_XSUB, c="A")  # Y3' = A (beta - X3') - gamma^2
    asm.comment("the next doubling from r")
    for a_, b_ in (("RX", "PX"), ("RY", "PY"), ("RZ", "PZ")):
        asm("mov", mem(S[a_], "r1"), mem(S[b_], "r1"))
    asm("dec", mem(S["CNT"], "r1"))
    asm("jnz", loop)
    asm("add", "#%d" % fr, "r1")
    pop(asm, SAVED)
    asm.end(name)


def gen_add160(asm):
    """ks_msp_add_secp160r1(r, p, qx, qy, stride): r = p + (qx, qy) on secp160r1 for an affine
    q (the formulas' add-1998-cmo-2: kernels/ks_ec_formulas.h; 7M + 4S here, Z3 = Z1 H as
    ((Z1 + H)^2 - Z1^2 - H^2) / 2 by the doubling's tail "ssh"), r and p as in
    gen_dbl160 (r may be p), stride the fifth argument (on the stack); returns 1 where
    x(p) = x(q) (H = 0: the exceptional case), else 0, from H's words ORed (no branch)."""
    name = "ks_msp_add_secp160r1"
    E = ADD160_E
    S = frame160(("RX", "RY", "RZ", "PX", "PY", "PZ", "QX", "QY", "E"), 140)
    fr = 140 + 2 * len(S)
    op, fop = point160(asm, E, S)
    asm.function(name)
    push(asm, SAVED)
    asm("mov", mem(2 + 2 * len(SAVED), "r1"), "r11")  # the stride
    asm("sub", "#%d" % fr, "r1")
    asm("mov", "r14", mem(S["QX"], "r1"))
    asm("mov", "r15", mem(S["QY"], "r1"))
    for base, names in (("r12", ("RX", "RY", "RZ")), ("r13", ("PX", "PY", "PZ"))):
        for j, x in enumerate(names):
            if j:
                asm("add", "r11", base)
            asm("mov", base, mem(S[x], "r1"))
    fop("st", "ZZ", "PZ", into=("mul", "QX"))  # Z1^2, taken on as b:
    fop("sub", "H", s="PX", sq=False)      # H = X2 Z1^2 - X1
    fop("st", "S2", "QY", "PZ", into=("mul", "ZZ"))  # S2 = Y2 Z1, taken on as b:
    fop("sub", "RR", s="PY", sq=False)     # R = Y2 Z1^3 - Y1
    asm.comment("H = 0: 1, else 0 (the top bit of H | -H, for H's words ORed)")
    asm("mov", mem(E["H"], "r1"), "r15")
    for j in range(1, 10):
        asm("bis", mem(E["H"] + 2 * j, "r1"), "r15")
    asm("mov", "r15", "r14")
    asm("inv", "r14")
    asm("inc", "r14")
    asm("bis", "r15", "r14")
    asm("rla", "r14")
    asm("subc", "r12", "r12")
    asm("and", "#1", "r12")
    asm("mov", "r12", mem(S["E"], "r1"))
    fop("st", "HH", "H", into=("mul", "H"))  # H^2, taken on as b:
    fop("st", "HHH", sq=False)             # H^3
    fop("ssh", "RZ", "PZ", "H", core=SQR160_ADD)  # Z3 = Z1 H = ((Z1 + H)^2 - Z1^2 - H^2) / 2:
    #                                        the last read of p's z
    fop("st", "V", "PX", "HH")             # V = X1 H^2: the last read of p's x
    fop("x3", "RX", "RR")                  # X3 = R^2 - H^3 - 2V
    fop("st", "S1", "PY", "HHH")           # Y1 H^3: the last read of p
    fop("sub", "RY", "V", "RX", s="S1", core=MUL160_XSUB, c="RR")  # Y3 = R (V - X3) - Y1 H^3
    asm("mov", mem(S["E"], "r1"), "r12")
    asm("add", "#%d" % fr, "r1")
    pop(asm, SAVED)
    asm.end(name)


def generate():
    asm = Asm()
    asm.lines += ["; Generated by native/msp430/gen_msp430_fp.py: do not edit.",
                  "MPY\t= 0x0130", "MAC\t= 0x0134", "MACS\t= 0x0136", "OP2\t= 0x0138", "RESLO\t= 0x013a",
                  "RESHI\t= 0x013c", "SUMEXT\t= 0x013e"]
    for n in PRODUCT_WORDS:
        gen_product(asm, n, False)
        gen_product(asm, n, True)
    gen_fp_secp160r1(asm, False)
    gen_fp_secp160r1(asm, True)
    gen_core160(asm, False)
    gen_core160(asm, True)
    for sq, kind in TAIL160:
        gen_tail160(asm, sq, kind)
    for kind in ("add", "sub"):
        gen_addsub_regs160(asm, kind)
    for name in (MUL160_SD, MUL160_XSUB, SQR160_ADD):
        gen_fused160(asm, name)
    for key in CHAIN160:
        gen_chain160(asm, *key)
    gen_cneg160(asm)
    gen_dbl160(asm)
    gen_add160(asm)
    gen_row8(asm)
    gen_sqr8(asm)
    gen_fp_secp256r1(asm, False)
    gen_fp_secp256r1(asm, True)
    gen_p256_tail(asm)
    for field, n, p in FIELDS:
        if n == 10:
            gen_add_regs(asm, field, n, p)
        else:
            gen_add_sub(asm, field, n, p, "add")
        gen_add_sub(asm, field, n, p, "sub")
        gen_half(asm, field, n, p)
        if n == 10:
            gen_fused_regs(asm, field, n, p, "sub2")
            gen_fused_regs(asm, field, n, p, "half3")
        else:
            gen_sub2(asm, field, n, p)
            gen_half3(asm, field, n, p)
    gen_steps(asm)
    gen_lincomb(asm, False)
    gen_lincomb(asm, True)
    gen_batches(asm)
    return "\n".join(asm.lines) + "\n"


# Functions with one counted loop (gen_steps, gen_lincomb):
# `dec r15; jnz loop`, the counter set from the word count (public); check() allows that and
# no other control flow.
COUNTED_LOOPS = (STEPS, LINCOMB, LINCOMB_Z, BATCHES, "ks_msp_dbl_secp160r1")


def check(path):
    """Prints a `check` line for bench/mote_report.py: every function of the assembly file is
    straight-line code (one ret at its end, no other control flow, nothing written to pc), but
    for the counted loops of COUNTED_LOOPS (one `dec r15; jnz` each), the fixed calls of the
    straight-line SUBROUTINES and the fixed branches into the straight-line TAILS (each ending
    a function in place of its ret): no target, count or path depends on data."""
    functions = instructions = rets = loops = calls = tails = 0
    bad = []
    fn, last = None, None
    for line in open(path):
        if line.startswith("\t.global"):
            functions += 1
            fn = line.split()[1]
        elif line.startswith("\t.short"):
            # instructions as words (Asm.pop): only mov @r1+, &MPY / &OP2
            w = [x.strip() for x in line.split(";")[0].split(None, 1)[1].split(",")]
            instructions += 1
            if not (len(w) == 2 and int(w[0], 16) == POP_WORD and "&" + w[1] in POP_TO):
                bad.append(line.strip())
            last = line.strip()
        elif line.startswith("\t") and not line.startswith("\t.") and not line.startswith("\t;"):
            f = line.split(None, 1)
            op = f[0]
            arg = f[1].strip() if len(f) > 1 else ""
            instructions += 1
            if op == "ret":
                rets += 1
            elif fn in COUNTED_LOOPS and op == "jnz" and last in ("dec\tr15", "dec\t%d(r1)" % DBL160_CNT,
                                                                   "dec\t%d(r1)" % BT_CNT):
                loops += 1
            elif op == "call" and arg in ["#" + x for x in SUBROUTINES]:
                calls += 1
            elif op == "br" and arg in ["#" + x for x in TAILS]:
                tails += 1
                rets += 1  # the function's end
            elif op.startswith(CONTROL) or (len(f) > 1 and f[1].split(",")[-1].strip() in ("pc", "r0")):
                bad.append(op)
            last = line.strip()
        elif line.startswith("\t.size") and last not in ("ret",) + tuple("br\t#" + x for x in TAILS):
            bad.append("fall-through at the end of " + line.split()[1].rstrip(","))
    ok = not bad and rets == functions and loops == len(COUNTED_LOOPS)
    print("check straight_line functions=%d instructions=%d control_flow=%d counted_loops=%d "
          "calls=%d tails=%d rets=%d ok=%d" % (functions, instructions, len(bad), loops, calls,
                                               tails, rets, 1 if ok else 0))
    print("%d passed, %d failed" % ((1, 0) if ok else (0, 1)))
    print("exit %d" % (0 if ok else 1))


def main():
    if sys.argv[1:2] == ["--check"]:
        check(sys.argv[2])
    else:
        sys.stdout.write(generate())


if __name__ == "__main__":
    main()
