/* Field addition, subtraction, negation and inversion mod the curve's p (constant time). */
#include "ks_curve.h"

void ks_fp_cneg(const ks_curve *c, ks_limb *r, const ks_limb *a, ks_limb mask)
{
    ks_limb t[KS_FE_MAX], pl[KS_FE_MAX];
    ks_bn_from_flash(pl, c->p, c->fl);
    ks_bn_sub(t, pl, a, c->fl);
    if (r != a) {
        memcpy(r, a, c->fl * sizeof(ks_limb));
    }
    ks_bn_cmov(r, t, c->fl, mask);
}

ks_limb ks_fp_canonical_mask(const ks_curve *c, const ks_limb *a)
{
    ks_limb pl[KS_FE_MAX];
    ks_bn_from_flash(pl, c->p, c->fl);
    return ks_bn_lt_mask(a, pl, c->fl);
}

void ks_fp_inv(const ks_curve *c, ks_limb *r, const ks_limb *a)
{
    /* Fermat: a^(p-2), a fixed window of KS_INV_WINDOW bits over the public exponent p - 2
       (its bits may steer the loop: they are the same for every input). */
    enum { W = KS_INV_WINDOW, M = (1 << KS_INV_WINDOW) - 1 };
    ks_limb e[KS_FE_MAX], two[KS_FE_MAX], pw[1 << KS_INV_WINDOW][KS_FE_MAX], acc[KS_FE_MAX];
    int i, j, d, top;
    size_t n = c->fl;
    ks_bn_from_flash(e, c->p, n);
    memset(two, 0, sizeof two);
    two[0] = 2;
    ks_bn_sub(e, e, two, n);
    /* pw[j] = a^j for j = 1..2^W - 1 */
    memcpy(pw[1], a, n * sizeof(ks_limb));
    for (j = 2; j <= M; j++) {
        c->mul(pw[j], pw[j - 1], a);
    }
    memset(acc, 0, sizeof acc);
    acc[0] = 1;
    ks_fp_enc(c, acc);
    top = c->fbytes * 8 / W - 1;
    for (i = top; i >= 0; i--) {
        d = (int)((e[(i * W) / KS_LIMB_BITS] >> ((i * W) % KS_LIMB_BITS)) & M);
        if (i != top) {
            for (j = 0; j < W; j++) {
                c->sqr(acc, acc);
            }
        }
        if (d != 0) {
            c->mul(acc, acc, pw[d]);
        }
    }
    memcpy(r, acc, n * sizeof(ks_limb));
}
