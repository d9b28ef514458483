/* Field addition, subtraction, negation and inversion mod the curve's p (constant time). */
#include "ks_curve.h"
#include "ks_modinv.h"

void ks_fp_cneg(const ks_curve *c, ks_limb *r, const ks_limb *a, ks_limb mask)
{
    /* p - a as 0 - a mod p: the field's own subtraction (assembly on the motes) */
    ks_limb t[KS_FE_MAX], zero[KS_FE_MAX];
#ifdef KS_FP_CNEG_OF
    if (KS_FP_CNEG_OF(c->fl) != 0) { /* the port's own for the curve (a test of the curve) */
        KS_FP_CNEG_OF(c->fl)(r, a, (uint8_t)mask);
        return;
    }
#endif
    memset(zero, 0, sizeof zero);
    ks_fp_sub(c, t, zero, a);
    if (r != a) {
        memcpy(r, a, c->fl * sizeof(ks_limb));
    }
    ks_bn_cmov(r, t, c->fl, mask);
}

void ks_fp_half(const ks_curve *c, ks_limb *r, const ks_limb *a)
{
    /* a / 2 for even a, (a + p) / 2 for odd a (p is odd, so a + p is even and below 2p):
       p added under a mask from a's low bit, the sum shifted as it is made, carry last.
       r[i - 1] is written after a[i - 1] was read: r may alias a. */
    ks_limb mask = KS_MASK(a[0] & 1), carry = 0, prev, s;
    size_t i, n = c->fl;
    if (c->half != 0) { /* the port's own (a branch on the curve, not on a) */
        c->half(r, a);
        return;
    }
    prev = ks_adc(a[0], (ks_limb)(KS_READ_LIMB(&c->p[0]) & mask), &carry);
    for (i = 1; i < n; i++) {
        s = ks_adc(a[i], (ks_limb)(KS_READ_LIMB(&c->p[i]) & mask), &carry);
        r[i - 1] = (ks_limb)((prev >> 1) | (ks_limb)(s << (KS_LIMB_BITS - 1)));
        prev = s;
    }
    r[n - 1] = (ks_limb)((prev >> 1) | (ks_limb)(carry << (KS_LIMB_BITS - 1)));
}

ks_limb ks_fp_canonical_mask(const ks_curve *c, const ks_limb *a)
{
    ks_limb pl[KS_FE_MAX];
    ks_bn_from_flash(pl, c->p, c->fl);
    return ks_bn_lt_mask(a, pl, c->fl);
}

#if KS_MODINV_MIN_BITS <= KS_MAX_BITS
#define KS_FERMAT (KS_MODINV_MIN_BITS > 0)
#else
#define KS_FERMAT 1
#endif

#if KS_FERMAT
/* How many bits of e, from bit i down, equal bit i (whose value goes to *one). A moving
   mask, not a shift by i per bit: the MSP430 and the AVR shift one place per instruction. */
static int run_length(const ks_limb *e, int i, int *one)
{
    int li = i / KS_LIMB_BITS, len = 0;
    ks_limb m = (ks_limb)((ks_limb)1 << (i % KS_LIMB_BITS));
    *one = (e[li] & m) != 0;
    while (li >= 0 && ((e[li] & m) != 0) == *one) {
        len++;
        m >>= 1;
        if (m == 0) {
            m = (ks_limb)((ks_limb)1 << (KS_LIMB_BITS - 1));
            li--;
        }
    }
    return len;
}

/* a = a^(2^s) */
static void sqr_times(const ks_curve *c, ks_limb *a, int s)
{
    while (s-- > 0) {
        c->sqr(a, a);
    }
}

static void fermat_inv(const ks_curve *c, ks_limb *r, const ks_limb *a)
{
    /* Fermat: a^(p-2), by the runs of ones of the exponent, which for these primes are few
       and long (secp160r1: p - 2 = 2^160 - 2^31 - 3 is a run of 128 ones, then 29, then 1).
       x[i] = a^(2^(2^i) - 1), from x[i + 1] = x[i]^(2^(2^i)) x[i]; a run of L ones then costs
       L squarings and one product per set bit of L (acc^(2^L) a^(2^L - 1) is, over the set
       bits 2^i of L from the top, acc <- acc^(2^(2^i)) x[i]), a run of zeros one squaring
       per bit. secp160r1: 159 squarings and 12 products, against 156 and about 54 for a
       4-bit window. The exponent is public: its bits may steer the loops (the same for
       every input). */
    enum { LEVELS = 9 }; /* runs of up to 2^9 - 1 >= KS_MAX_BITS ones */
    ks_limb e[KS_FE_MAX], two[KS_FE_MAX], x[LEVELS][KS_FE_MAX], acc[KS_FE_MAX];
    int i, j, len, one, top, levels = 1, first = 1;
    size_t n = c->fl;
    ks_bn_from_flash(e, c->p, n);
    memset(two, 0, sizeof two);
    two[0] = 2;
    ks_bn_sub(e, e, two, n);
    top = c->fbytes * 8 - 1;
    /* the longest run sets how many x[i] are needed */
    for (i = top; i >= 0; i -= len) {
        len = run_length(e, i, &one);
        while (one && (1 << levels) <= len) {
            levels++;
        }
    }
    memcpy(x[0], a, n * sizeof(ks_limb));
    for (j = 1; j < levels; j++) {
        memcpy(x[j], x[j - 1], n * sizeof(ks_limb));
        sqr_times(c, x[j], 1 << (j - 1));
        c->mul(x[j], x[j], x[j - 1]);
    }
    for (i = top; i >= 0; i -= len) {
        len = run_length(e, i, &one);
        if (!one) {
            if (!first) { /* leading zeros: acc is still 1 */
                sqr_times(c, acc, len);
            }
            continue;
        }
        for (j = levels - 1; j >= 0; j--) {
            if ((len >> j) & 1) {
                if (first) {
                    memcpy(acc, x[j], n * sizeof(ks_limb));
                    first = 0;
                } else {
                    sqr_times(c, acc, 1 << j);
                    c->mul(acc, acc, x[j]);
                }
            }
        }
    }
    memcpy(r, acc, n * sizeof(ks_limb));
}
#endif

void ks_fp_inv(const ks_curve *c, ks_limb *r, const ks_limb *a)
{
    /* by divsteps (ks_modinv.c) for fields of at least KS_MODINV_MIN_BITS bits, else by
       Fermat's a^(p-2) (a branch on the curve, not on a). In Montgomery form (the host's
       P-256) divsteps turn a R into a^-1 R^-1, which two encodings (each times R) bring to
       a^-1 R. */
#if KS_MODINV_MIN_BITS <= KS_MAX_BITS
    if (c->fbytes * 8 >= KS_MODINV_MIN_BITS) {
        ks_modinv(r, a, c->p, c->fl, c->fbytes * 8);
        ks_fp_enc(c, r);
        ks_fp_enc(c, r);
        return;
    }
#endif
#if KS_FERMAT
    fermat_inv(c, r, a);
#endif
}
