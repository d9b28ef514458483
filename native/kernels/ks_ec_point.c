/* Jacobian point arithmetic and the encodings of points and scalars (constant time). */
#include "ks_ec.h"
#include "ks_ec_point.h"

#define FE(v) ks_limb v[KS_FE_MAX]

void ks_jac_dbl(const ks_curve *c, ks_jac *r, const ks_jac *p)
{
    FE(delta); FE(gamma); FE(beta); FE(alpha); FE(t1); FE(t2);
    c->sqr(delta, p->z);
    c->sqr(gamma, p->y);
    c->mul(beta, p->x, gamma);
    /* alpha = 3 (X - delta)(X + delta), which is 3 X^2 + a Z^4 for a = -3 */
    ks_fp_sub(c, t1, p->x, delta);
    ks_fp_add(c, t2, p->x, delta);
    c->mul(t1, t1, t2);
    ks_fp_add(c, alpha, t1, t1);
    ks_fp_add(c, alpha, alpha, t1);
    /* Z3 = (Y + Z)^2 - gamma - delta: last read of p */
    ks_fp_add(c, t2, p->y, p->z);
    c->sqr(t2, t2);
    ks_fp_sub(c, t2, t2, gamma);
    ks_fp_sub(c, r->z, t2, delta);
    /* X3 = alpha^2 - 8 beta */
    ks_fp_add(c, t1, beta, beta);
    ks_fp_add(c, t1, t1, t1); /* 4 beta */
    ks_fp_add(c, t2, t1, t1); /* 8 beta */
    c->sqr(r->x, alpha);
    ks_fp_sub(c, r->x, r->x, t2);
    /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
    ks_fp_sub(c, t1, t1, r->x);
    c->mul(t1, alpha, t1);
    c->sqr(gamma, gamma);
    ks_fp_add(c, gamma, gamma, gamma);
    ks_fp_add(c, gamma, gamma, gamma);
    ks_fp_add(c, gamma, gamma, gamma);
    ks_fp_sub(c, r->y, t1, gamma);
}

ks_limb ks_jac_add(const ks_curve *c, ks_jac *r, const ks_jac *p,
                   const ks_limb *qx, const ks_limb *qy, const ks_limb *qz)
{
    FE(z1z1); FE(u1); FE(u2); FE(s1); FE(s2); FE(h); FE(rr); FE(hh); FE(hhh); FE(v); FE(t);
    ks_limb exceptional;
    size_t n = c->fl;
    c->sqr(z1z1, p->z);
    if (qz != 0) {
        FE(z2z2);
        c->sqr(z2z2, qz);
        c->mul(u1, p->x, z2z2);
        c->mul(s1, p->y, qz);
        c->mul(s1, s1, z2z2);
    } else {
        memcpy(u1, p->x, n * sizeof(ks_limb));
        memcpy(s1, p->y, n * sizeof(ks_limb));
    }
    c->mul(u2, qx, z1z1);
    c->mul(s2, qy, p->z);
    c->mul(s2, s2, z1z1);
    ks_fp_sub(c, h, u2, u1);
    ks_fp_sub(c, rr, s2, s1);
    exceptional = ks_bn_zero_mask(h, n);
    /* Z3 = Z1 Z2 H: last read of p->z */
    if (qz != 0) {
        c->mul(t, p->z, qz);
        c->mul(r->z, t, h);
    } else {
        c->mul(r->z, p->z, h);
    }
    c->sqr(hh, h);
    c->mul(hhh, h, hh);
    c->mul(v, u1, hh);
    /* X3 = R^2 - H^3 - 2V */
    c->sqr(t, rr);
    ks_fp_sub(c, t, t, hhh);
    ks_fp_sub(c, t, t, v);
    ks_fp_sub(c, r->x, t, v);
    /* Y3 = R (V - X3) - S1 H^3 */
    ks_fp_sub(c, t, v, r->x);
    c->mul(t, rr, t);
    c->mul(s1, s1, hhh);
    ks_fp_sub(c, r->y, t, s1);
    return exceptional;
}

void ks_jac_cmov(const ks_curve *c, ks_jac *r, const ks_jac *a, ks_limb mask)
{
    ks_bn_cmov(r->x, a->x, c->fl, mask);
    ks_bn_cmov(r->y, a->y, c->fl, mask);
    ks_bn_cmov(r->z, a->z, c->fl, mask);
}

void ks_jac_from_affine(const ks_curve *c, ks_jac *r, const ks_limb *x, const ks_limb *y)
{
    size_t n = c->fl;
    memcpy(r->x, x, n * sizeof(ks_limb));
    memcpy(r->y, y, n * sizeof(ks_limb));
    memset(r->z, 0, sizeof r->z);
    r->z[0] = 1;
}

int ks_jac_to_bytes(const ks_curve *c, uint8_t *out, const ks_jac *p)
{
    FE(zi); FE(zi2); FE(t);
    if (ks_bn_zero_mask(p->z, c->fl)) {
        memset(out, 0, 2 * (size_t)c->fbytes);
        return KS_INFINITY;
    }
    ks_fp_inv(c, zi, p->z);
    c->sqr(zi2, zi);
    c->mul(t, p->x, zi2);
    ks_bn_to_bytes(out, c->fbytes, t);
    c->mul(zi2, zi2, zi);
    c->mul(t, p->y, zi2);
    ks_bn_to_bytes(out + c->fbytes, c->fbytes, t);
    return KS_OK;
}

int ks_ec_load(const ks_curve *c, ks_limb *x, ks_limb *y, const uint8_t *in)
{
    FE(lhs); FE(rhs); FE(t);
    ks_limb ok;
    size_t n = c->fl;
    ks_bn_from_bytes(x, n, in, c->fbytes);
    ks_bn_from_bytes(y, n, in + c->fbytes, c->fbytes);
    ok = ks_fp_canonical_mask(c, x) & ks_fp_canonical_mask(c, y);
    /* y^2 = (x^2 - 3) x + b */
    c->sqr(lhs, y);
    c->sqr(rhs, x);
    memset(t, 0, sizeof t);
    t[0] = 3;
    ks_fp_sub(c, rhs, rhs, t);
    c->mul(rhs, rhs, x);
    ks_bn_from_flash(t, c->b, n);
    ks_fp_add(c, rhs, rhs, t);
    ks_fp_sub(c, t, lhs, rhs);
    ok &= ks_bn_zero_mask(t, n);
    return ok ? KS_OK : KS_INVALID;
}

int ks_ec_load_scalar(const ks_curve *c, ks_limb *k, const uint8_t *in, int allow_zero)
{
    ks_limb nl[KS_FE_MAX];
    ks_limb ok;
    ks_bn_from_bytes(k, c->ol, in, c->obytes);
    ks_bn_from_flash(nl, c->n, c->ol);
    ok = ks_bn_lt_mask(k, nl, c->ol);
    if (!allow_zero) {
        ok &= (ks_limb)~ks_bn_zero_mask(k, c->ol);
    }
    return ok ? KS_OK : KS_INVALID;
}

ks_limb ks_ec_make_odd(const ks_curve *c, ks_limb *k)
{
    ks_limb nl[KS_FE_MAX], t[KS_FE_MAX];
    ks_limb even = KS_MASK((k[0] & 1) ^ 1);
    ks_bn_from_flash(nl, c->n, c->ol);
    ks_bn_sub(t, nl, k, c->ol);
    ks_bn_cmov(k, t, c->ol, even);
    return even;
}

uint32_t ks_ec_digit(const ks_limb *k, size_t nl, int i, int w, int m)
{
    uint32_t e = 0;
    int j;
    for (j = 0; j < w; j++) {
        int bit = w * i + j; /* bit of E = bit + 1 of k; positions are public */
        uint32_t b = 0;
        if ((size_t)(bit + 1) < nl * KS_LIMB_BITS) {
            b = (uint32_t)(k[(bit + 1) / KS_LIMB_BITS] >> ((bit + 1) % KS_LIMB_BITS)) & 1;
        }
        if (bit == w * m - 1) {
            b = 1;
        }
        e |= b << j;
    }
    return e;
}
