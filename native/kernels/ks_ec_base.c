/*
 * k * G from the precomputed table (ks_ec_base.h): with the odd recoding k = sum d_i 2^(w i)
 * (ks_ec_make_odd, ks_ec_digit), k * G is the sum of one table point per position, so the
 * whole multiplication is m mixed additions and no doubling. Each lookup reads every entry
 * of its position under a mask: no secret index or branch.
 * Exceptional additions: after positions 0..i-1 the sum is s * G with |s| < 2^(w i), and
 * the next term is d * 2^(w i) * G with |d| >= 1; for i < m - 1 both stay below n/2 in size,
 * so they can be neither equal nor opposite. Only the last addition may meet the doubling
 * case (never infinity: k' is in [1, n-1]), and there the doubled point is selected by mask.
 */
#include "ks_ec_base.h"
#include "ks_wipe.h"

#if KS_BASE_WINDOW > 0

/* r = the affine point for digit e at position pos, negated when e encodes a negative digit. */
static void base_lookup(const ks_curve *c, ks_limb *x, ks_limb *y, int pos, uint32_t e)
{
    enum { W = KS_BASE_WINDOW, ENTRIES = 1 << (KS_BASE_WINDOW - 1) };
    uint8_t acc[2 * ((KS_MAX_BITS + 7) / 8)];
    const size_t len = 2 * (size_t)c->fbytes;
    const uint8_t *tab = c->base + (size_t)pos * ENTRIES * len;
    uint32_t neg = ((e >> (W - 1)) & 1) ^ 1;
    uint32_t idx = (e ^ (0u - neg)) & (ENTRIES - 1);
    size_t j, b;
    memset(acc, 0, sizeof acc);
    for (j = 0; j < ENTRIES; j++) {
        uint32_t d = (uint32_t)j ^ idx;
        uint8_t mask = (uint8_t)(0u - (((d | (0u - d)) >> 31) ^ 1));
        for (b = 0; b < len; b++) {
            acc[b] |= (uint8_t)(KS_READ_BYTE(&tab[j * len + b]) & mask);
        }
    }
    memset(x, 0, KS_FE_MAX * sizeof(ks_limb));
    memset(y, 0, KS_FE_MAX * sizeof(ks_limb));
    for (b = 0; b < c->fbytes; b++) {
        x[b / KS_LIMB_BYTES] |= (ks_limb)((ks_limb)acc[b] << (8 * (b % KS_LIMB_BYTES)));
        y[b / KS_LIMB_BYTES] |= (ks_limb)((ks_limb)acc[c->fbytes + b] << (8 * (b % KS_LIMB_BYTES)));
    }
    ks_fp_enc(c, x);
    ks_fp_enc(c, y);
    ks_fp_cneg(c, y, y, KS_MASK(neg));
    ks_wipe(acc, sizeof acc);
}

void ks_ec_base_mul(const ks_curve *c, ks_jac *q, const ks_limb *k_in)
{
    enum { W = KS_BASE_WINDOW };
    ks_limb k[KS_FE_MAX], x[KS_FE_MAX], y[KS_FE_MAX], even, hit;
    ks_jac d;
    const int m = (c->obits + W - 1) / W;
    int i;
    memcpy(k, k_in, c->ol * sizeof(ks_limb));
    even = ks_ec_make_odd(c, k);
    base_lookup(c, x, y, 0, ks_ec_digit(k, c->ol, 0, W, m));
    ks_jac_from_affine(c, q, x, y);
    for (i = 1; i < m; i++) {
        base_lookup(c, x, y, i, ks_ec_digit(k, c->ol, i, W, m));
        hit = ks_jac_add(c, q, q, x, y, 0);
        if (i == m - 1) {
            ks_jac_from_affine(c, &d, x, y);
            ks_jac_dbl(c, &d, &d);
            ks_jac_cmov(c, q, &d, hit);
        }
    }
    ks_fp_cneg(c, q->y, q->y, even);
    ks_wipe(k, sizeof k);
    ks_wipe(x, sizeof x);
    ks_wipe(y, sizeof y);
    ks_wipe(&d, sizeof d);
}

#endif
