/* Montgomery arithmetic modulo an odd number in RAM (ks_rsa_mont.h). */
#include "ks_rsa_mont.h"

/* Returns hi and sets *lo so that (hi, lo) = a b + t + c (cannot overflow). The carries come
   from a double-width sum or from ks_adc: a limb comparison (`l < t`) is a compare and
   branch on the AVR and the MSP430 (on the AVR one whose two paths cost the same cycles:
   sim/ct_same_path.py sees it, equal cycle totals do not). */
KS_INLINE ks_limb muladd(ks_limb *lo, ks_limb a, ks_limb b, ks_limb t, ks_limb c)
{
#if KS_DLIMB_CARRY
    ks_dlimb x = (ks_dlimb)a * b + t + c;
    *lo = (ks_limb)x;
    return (ks_limb)(x >> KS_LIMB_BITS);
#else
    ks_limb hi, l, k = 0;
    ks_mul_wide(a, b, &hi, &l);
    l = ks_adc(l, t, &k);
    hi = (ks_limb)(hi + k); /* hi <= 2^bits - 2: no wrap */
    k = 0;
    l = ks_adc(l, c, &k);
    *lo = l;
    return (ks_limb)(hi + k);
#endif
}

void ks_mont_init(ks_mont *mc, const ks_limb *m, size_t n, ks_limb *t)
{
    ks_limb inv = m[0];
    int j;
    mc->m = m;
    mc->t = t;
    mc->n = n;
    /* -m^-1 mod 2^bits by Newton's iteration (m odd: m m = 1 mod 8, and each step doubles
       the number of correct low bits: 3, 6, 12, 24, 48, 96). */
    for (j = 0; j < 5; j++) {
        inv = (ks_limb)(inv * (ks_limb)(2 - (ks_limb)(m[0] * inv)));
    }
    mc->n0 = (ks_limb)(0 - inv);
}

void ks_mont_r2(const ks_mont *mc, ks_limb *r2, int top)
{
    const size_t n = mc->n;
    size_t i, e = top ? (n - 1) * KS_LIMB_BITS : 0;
    memset(r2, 0, n * sizeof(ks_limb));
    r2[top ? n - 1 : 0] = 1; /* 2^e < m */
    for (; e < n + n * KS_LIMB_BITS; e++) { /* doubled to 2^n R mod m */
        ks_limb carry = ks_bn_add(r2, r2, r2, n);
        ks_limb borrow = ks_bn_sub(mc->t, r2, mc->m, n);
        ks_bn_cmov(r2, mc->t, n, KS_MASK(carry | (borrow ^ 1)));
    }
    for (i = n; i < n * KS_LIMB_BITS; i <<= 1) {
        ks_mont_mul(mc, r2, r2, r2); /* 2^i R to 2^(2i) R */
    }
}

/* CIOS (Koc, Acar and Kaliski, "Analyzing and comparing Montgomery multiplication
   algorithms", IEEE Micro 1996): per limb of b a product row, then a reduction row; or, where
   the port has it in assembly, their FIOS, both rows in one pass (KS_MONT_ROW). */
void ks_mont_mul(const ks_mont *mc, ks_limb *r, const ks_limb *a, const ks_limb *b)
{
    const ks_limb *m = mc->m;
#if KS_LIMB_BITS == 64
    /* On the host a local array, which nothing else can point into, runs a fifth faster than
       the caller's scratch (gcc 12 keeps the product in a stack slot otherwise); ks_wipe_stack
       clears it. The motes use the caller's scratch: no second copy on their stack. */
    ks_limb t[2 * KS_RSA_HALF_LIMBS + 2]; /* >= KS_RSA_LIMBS + 2: the n-domain of a CRT key */
#else
    ks_limb *t = mc->t;
#endif
    const size_t n = mc->n;
    const ks_limb n0 = mc->n0;
    size_t i;
    memset(t, 0, (n + 2) * sizeof(ks_limb));
#if defined(KS_MONT_ROW) && KS_RSA_LIMBS <= KS_MONT_ROW_MAX_LIMBS
    /* A port's row in assembly (ks_port_avr.h, ks_port_msp430.h): t = (t + a b[i] + q m) /
       2^bits in one pass over the limbs (FIOS), t[n] its 0/1 top, q making the sum's low limb
       0. No product here has more limbs than ks_modexp's modulus. */
    for (i = 0; i < n; i++) {
        const ks_limb bi = b[i];
        const ks_limb q = (ks_limb)((ks_limb)(t[0] + (ks_limb)((unsigned)a[0] * bi)) * n0);
        KS_MONT_ROW(t, a, m, bi, q, n);
    }
#else
    for (i = 0; i < n; i++) {
        const ks_limb bi = b[i]; /* a local: t may alias b as far as the compiler knows */
        ks_limb c = 0, k = 0, q, s;
        size_t j;
        for (j = 0; j < n; j++) {
            c = muladd(&t[j], a[j], bi, t[j], c);
        }
        t[n] = ks_adc(t[n], c, &k);
        t[n + 1] = k;
        /* add q m, which clears t[0], and shift down one limb */
        q = (ks_limb)(t[0] * n0);
        c = muladd(&s, q, m[0], t[0], 0);
        for (j = 1; j < n; j++) {
            c = muladd(&t[j - 1], q, m[j], t[j], c);
        }
        k = 0;
        t[n - 1] = ks_adc(t[n], c, &k);
        t[n] = (ks_limb)(t[n + 1] + k);
    }
#endif
    /* t < 2m: subtract m unless that borrows past t[n] */
    {
        ks_limb borrow = ks_bn_sub(r, t, m, n);
        ks_bn_cmov(r, t, n, KS_MASK((ks_limb)(borrow & (t[n] ^ 1))));
    }
}

#if defined(KS_MONT_MAC_ROW) && KS_RSA_LIMBS <= KS_MONT_ROW_MAX_LIMBS
/* r = a^2 / R mod m by separated operand scanning (Koc, Acar and Kaliski, above): the square
   with each cross product once (n - 1 rows of a_i by the limbs above it), doubled and the
   squares a_i^2 added (KS_MONT_SQR_DIAG), then the 2n-limb result reduced, one row q m per
   limb, each row's carry added into the limb above it with the previous row's carry bit.
   1.5 n^2 limb products against the product's 2 n^2; the rows in the port's assembly
   (ks_port_avr.h). t holds 2 n + 1 limbs. */
static void mont_sqr(const ks_mont *mc, ks_limb *r, const ks_limb *a)
{
    ks_limb *t = mc->t;
    const ks_limb *m = mc->m;
    const size_t n = mc->n;
    ks_limb top = 0, borrow;
    size_t i;
    memset(t, 0, (2 * n + 1) * sizeof(ks_limb));
    for (i = 0; i + 1 < n; i++) {
        t[i + n] = KS_MONT_MAC_ROW(t + 2 * i + 1, a + i + 1, a[i], n - i - 1);
    }
    KS_MONT_SQR_DIAG(t, a, n);
    for (i = 0; i < n; i++) {
        ks_limb c = KS_MONT_MAC_ROW(t + i, m, (ks_limb)((unsigned)t[i] * mc->n0), n), k = 0, k2 = 0;
        t[i + n] = ks_adc(t[i + n], c, &k);
        t[i + n] = ks_adc(t[i + n], top, &k2);
        top = (ks_limb)(k + k2); /* t[i + n] + c + top < 2^(bits + 1): at most 1 */
    }
    t[2 * n] = top;
    /* t + n < 2m: subtract m unless that borrows past t[2n] */
    borrow = ks_bn_sub(r, t + n, m, n);
    ks_bn_cmov(r, t + n, n, KS_MASK((ks_limb)(borrow & (t[2 * n] ^ 1))));
}
#define KS_MONT_SQUARE(mc, r, a) mont_sqr(mc, r, a)
#else
#define KS_MONT_SQUARE(mc, r, a) ks_mont_mul(mc, r, a, a)
#endif

void ks_mul_add_plain(ks_limb *r, const ks_limb *a, const ks_limb *b, const ks_limb *c, size_t n)
{
    size_t i, j;
    memcpy(r, c, n * sizeof(ks_limb));
    memset(r + n, 0, n * sizeof(ks_limb));
    for (i = 0; i < n; i++) {
        const ks_limb bi = b[i];
        ks_limb carry = 0;
        for (j = 0; j < n; j++) {
            carry = muladd(&r[i + j], a[j], bi, r[i + j], carry);
        }
        r[i + n] = carry;
    }
}

void ks_mont_add(const ks_mont *mc, ks_limb *r, const ks_limb *a, const ks_limb *b)
{
    ks_limb *s = mc->t;
    ks_limb carry = ks_bn_add(r, a, b, mc->n);
    ks_limb borrow = ks_bn_sub(s, r, mc->m, mc->n);
    ks_bn_cmov(r, s, mc->n, KS_MASK(carry | (borrow ^ 1)));
}

void ks_mont_sub(const ks_mont *mc, ks_limb *r, const ks_limb *a, const ks_limb *b)
{
    ks_limb mask = KS_MASK(ks_bn_sub(r, a, b, mc->n)), c = 0;
    size_t i;
    for (i = 0; i < mc->n; i++) {
        r[i] = ks_adc(r[i], (ks_limb)(mc->m[i] & mask), &c);
    }
}

void ks_mont_reduce_wide(const ks_mont *mc, ks_limb *r, const ks_limb *a, const ks_limb *r2)
{
    ks_limb *v = mc->t + mc->n + 2;
    ks_mont_mul(mc, v, a, r2);          /* a_lo R */
    ks_mont_mul(mc, r, a + mc->n, r2);  /* a_hi R */
    ks_mont_mul(mc, r, r, r2);          /* a_hi R^2 */
    ks_mont_add(mc, r, r, v);
}

void ks_mont_from(const ks_mont *mc, ks_limb *r, const ks_limb *a)
{
    ks_limb *one = mc->t + mc->n + 2;
    memset(one, 0, mc->n * sizeof(ks_limb));
    one[0] = 1;
    ks_mont_mul(mc, r, a, one);
}

void ks_mont_out(uint8_t *out, size_t len, ks_limb *a, size_t n, ks_limb ok)
{
    size_t i;
    for (i = 0; i < n; i++) {
        a[i] &= ok;
    }
    ks_bn_to_bytes(out, len, a);
}

void ks_mont_pow(const ks_mont *mc, ks_limb *acc, const ks_limb *a, const uint8_t *e,
                 size_t e_len, const ks_limb *one, ks_limb *tab, ks_limb *sel)
{
    enum { W = KS_RSA_WINDOW };
    const size_t n = mc->n, bits = e_len * 8, windows = (bits + W - 1) / W;
    size_t i;
    uint32_t j;
    memcpy(tab, one, n * sizeof(ks_limb));
    memcpy(tab + n, a, n * sizeof(ks_limb));
    for (j = 2; j < KS_RSA_ENTRIES; j++) {
        ks_mont_mul(mc, tab + j * n, tab + (j - 1) * n, tab + n);
    }
    /* Left to right over W-bit windows: W squarings, then one product with the entry read
       under a mask from every table slot (also for a zero digit). */
    memcpy(acc, one, n * sizeof(ks_limb));
    for (i = windows; i-- > 0;) {
        uint32_t d = 0;
        int k;
        for (k = W - 1; k >= 0; k--) {
            size_t b = i * W + (size_t)k; /* a public position */
            d <<= 1;
            if (b < bits) {
                d |= (e[e_len - 1 - b / 8] >> (b % 8)) & 1u;
            }
        }
        for (k = 0; k < W; k++) {
            KS_MONT_SQUARE(mc, acc, acc);
        }
        memset(sel, 0, n * sizeof(ks_limb));
        for (j = 0; j < KS_RSA_ENTRIES; j++) {
            uint32_t x = j ^ d;
            ks_bn_cmov(sel, tab + j * n, n, KS_MASK(KS_TOP_BIT32(x | (0u - x)) ^ 1));
        }
        ks_mont_mul(mc, acc, acc, sel);
    }
}

void ks_mont_pow_public(const ks_mont *mc, ks_limb *acc, const ks_limb *a, const uint8_t *e,
                        size_t e_len, const ks_limb *one)
{
    size_t b = e_len * 8;
    memcpy(acc, one, mc->n * sizeof(ks_limb));
    /* skip the leading zero bits, start from a at the top one */
    while (b > 0 && !((e[e_len - 1 - (b - 1) / 8] >> ((b - 1) % 8)) & 1)) {
        b--;
    }
    if (b == 0) {
        return;
    }
    memcpy(acc, a, mc->n * sizeof(ks_limb));
    while (--b > 0) {
        ks_mont_mul(mc, acc, acc, acc);
        if ((e[e_len - 1 - (b - 1) / 8] >> ((b - 1) % 8)) & 1) {
            ks_mont_mul(mc, acc, acc, a);
        }
    }
}
