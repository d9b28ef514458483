/* Montgomery modular exponentiation (ks_rsa.h). */
#include "ks_bn.h"
#include "ks_rsa.h"

#define RSA_LIMBS KS_LIMBS(KS_RSA_MAX_BITS)

enum { W = KS_RSA_WINDOW, ENTRIES = 1 << KS_RSA_WINDOW };

/* Returns hi and sets *lo so that (hi, lo) = t + a * b + c (cannot overflow). */
KS_INLINE ks_limb muladd(ks_limb *lo, ks_limb a, ks_limb b, ks_limb t, ks_limb c)
{
    ks_limb hi, l;
    ks_mul_wide(a, b, &hi, &l);
    l = (ks_limb)(l + t);
    hi = (ks_limb)(hi + (l < t));
    l = (ks_limb)(l + c);
    hi = (ks_limb)(hi + (l < c));
    *lo = l;
    return hi;
}

/* r = a * b / R mod m (CIOS, R = 2^(KS_LIMB_BITS n)) for a, b < m; r may alias a or b. */
static void mont_mul(ks_limb *r, const ks_limb *a, const ks_limb *b, const ks_limb *m,
                     ks_limb n0, size_t n)
{
    ks_limb t[RSA_LIMBS + 2], u[RSA_LIMBS];
    size_t i, j;
    memset(t, 0, (n + 2) * sizeof(ks_limb));
    for (i = 0; i < n; i++) {
        ks_limb c = 0, q, s;
        for (j = 0; j < n; j++) {
            c = muladd(&t[j], a[j], b[i], t[j], c);
        }
        s = (ks_limb)(t[n] + c);
        t[n + 1] = (ks_limb)(s < c);
        t[n] = s;
        /* add q m, which clears t[0], and shift down one limb */
        q = (ks_limb)(t[0] * n0);
        c = muladd(&s, q, m[0], t[0], 0);
        for (j = 1; j < n; j++) {
            c = muladd(&t[j - 1], q, m[j], t[j], c);
        }
        s = (ks_limb)(t[n] + c);
        t[n - 1] = s;
        t[n] = (ks_limb)(t[n + 1] + (s < c));
    }
    /* t < 2m: subtract m unless that borrows past t[n] */
    {
        ks_limb borrow = ks_bn_sub(u, t, m, n);
        ks_limb keep = KS_MASK((ks_limb)(borrow & (t[n] ^ 1)));
        ks_bn_cmov(u, t, n, keep);
        memcpy(r, u, n * sizeof(ks_limb));
    }
}

int ks_modexp(const uint8_t *base, const uint8_t *exp, size_t exp_len,
              const uint8_t *mod, size_t mod_len, uint8_t *out)
{
    ks_limb m[RSA_LIMBS], r2[RSA_LIMBS], acc[RSA_LIMBS], sel[RSA_LIMBS];
    ks_limb tab[ENTRIES][RSA_LIMBS];
    ks_limb inv, n0, ok;
    size_t n, i, bits, windows;
    int j;
    if (mod_len == 0 || mod_len > KS_RSA_MAX_BITS / 8) {
        return -1;
    }
    n = KS_LIMBS(mod_len * 8);
    ks_bn_from_bytes(m, n, mod, mod_len);
    ks_bn_from_bytes(acc, n, base, mod_len);
    ok = KS_MASK(m[0] & 1) & ks_bn_lt_mask(acc, m, n);
    if (!ok) {
        return -1;
    }
    /* n0 = -m^-1 mod 2^KS_LIMB_BITS by Newton's iteration (m odd: m * m = 1 mod 8, and each
       step doubles the number of correct low bits: 3, 6, 12, 24, 48, 96). */
    inv = m[0];
    for (j = 0; j < 5; j++) {
        inv = (ks_limb)(inv * (ks_limb)(2 - (ks_limb)(m[0] * inv)));
    }
    n0 = (ks_limb)(0 - inv);
    /* r2 = R^2 mod m by 2 n KS_LIMB_BITS masked doublings of 1 (the modulus may be a secret
       CRT prime: no branch on its value). */
    memset(r2, 0, n * sizeof(ks_limb));
    r2[0] = 1;
    for (i = 0; i < 2 * n * KS_LIMB_BITS; i++) {
        ks_limb carry = ks_bn_add(r2, r2, r2, n);
        ks_limb borrow = ks_bn_sub(sel, r2, m, n);
        ks_bn_cmov(r2, sel, n, KS_MASK(carry | (borrow ^ 1)));
    }
    /* tab[j] = base^j in Montgomery form (tab[0] = R mod m, the one). */
    memset(sel, 0, n * sizeof(ks_limb));
    sel[0] = 1;
    mont_mul(tab[0], sel, r2, m, n0, n);
    mont_mul(tab[1], acc, r2, m, n0, n);
    for (j = 2; j < ENTRIES; j++) {
        mont_mul(tab[j], tab[j - 1], tab[1], m, n0, n);
    }
    /* Left to right over W-bit windows: W squarings, then one multiplication by the entry
       read with a mask from every table slot (also for a zero digit). */
    memcpy(acc, tab[0], n * sizeof(ks_limb));
    bits = exp_len * 8;
    windows = (bits + W - 1) / W;
    for (i = windows; i-- > 0;) {
        uint32_t d = 0, e;
        for (j = W - 1; j >= 0; j--) {
            size_t b = i * W + (size_t)j; /* public position */
            if (b < bits) {
                d = (d << 1) | ((exp[exp_len - 1 - b / 8] >> (b % 8)) & 1u);
            } else {
                d <<= 1;
            }
        }
        for (j = 0; j < W; j++) {
            mont_mul(acc, acc, acc, m, n0, n);
        }
        memset(sel, 0, n * sizeof(ks_limb));
        for (e = 0; e < ENTRIES; e++) {
            uint32_t x = e ^ d;
            ks_bn_cmov(sel, tab[e], n, KS_MASK(KS_TOP_BIT32(x | (0u - x)) ^ 1));
        }
        mont_mul(acc, acc, sel, m, n0, n);
    }
    /* out of Montgomery form */
    memset(sel, 0, n * sizeof(ks_limb));
    sel[0] = 1;
    mont_mul(acc, acc, sel, m, n0, n);
    ks_bn_to_bytes(out, mod_len, acc);
    memset(tab, 0, sizeof tab);
    memset(acc, 0, sizeof acc);
    memset(sel, 0, sizeof sel);
    return 0;
}
