/* Jacobian point arithmetic and the encodings of points and scalars (constant time). */
#include "ks_ec.h"
#include "ks_ec_point.h"
#include "ks_wipe.h"

/* The generic formulas: field operations through the curve table. */
#define KS_F_DBL ks_jac_dbl_generic
#define KS_F_ADD ks_jac_add_generic
#define FMUL(r, a, b) c->mul((r), (a), (b))
#define FSQR(r, a) c->sqr((r), (a))
#define FADD(r, a, b) c->add((r), (a), (b))
#define FSUB(r, a, b) c->sub((r), (a), (b))
#define KS_F_N c->fl
#ifdef KS_FP_SUB2_OF
/* The port's fused r = a - 2b and r = 3a/2 mod p (ks_port_*.h) where it has them for the
   curve, else the two operations each stands for (a branch on the curve, not on data). */
typedef void (*fp_op2)(ks_limb *r, const ks_limb *a, const ks_limb *b);
typedef void (*fp_op1)(ks_limb *r, const ks_limb *a);
#define FSUB2(r, a, b, t)                              \
    do {                                               \
        const fp_op2 f_ = KS_FP_SUB2_OF(c->fl);        \
        if (f_ != 0) {                                 \
            f_((r), (a), (b));                         \
        } else {                                       \
            FADD((t), (b), (b));                       \
            FSUB((r), (a), (t));                       \
        }                                              \
    } while (0)
#define FHALF3(r, a, t)                                \
    do {                                               \
        const fp_op1 f_ = KS_FP_HALF3_OF(c->fl);       \
        if (f_ != 0) {                                 \
            f_((r), (a));                              \
        } else {                                       \
            ks_fp_half(c, (t), (a));                   \
            FADD((r), (a), (t));                       \
        }                                              \
    } while (0)
#endif
#include "ks_ec_formulas.h"

#define FE(v) ks_limb v[KS_FE_MAX]

void ks_jac_cmov(const ks_curve *c, ks_jac *r, const ks_jac *a, ks_limb mask)
{
    /* The inner loop of every table lookup. On the host (KS_JAC_CMOV_FULL) all KS_FE_MAX
       limbs: a constant length the compiler unrolls and vectorizes, faster there even for
       secp160r1's 3 of 4 limbs. On the motes only the curve's c->fl limbs (secp160r1 beside
       P-256: 30 of 48 words on the MSP430), except for the curve that fills the structure,
       which keeps the unrolled loop (P-256 on the AVR was slower with a variable count).
       The branch is on the curve, not on a secret. */
    if (KS_JAC_CMOV_FULL || c->fl == KS_FE_MAX) {
        ks_bn_cmov(r->x, a->x, KS_FE_MAX, mask);
        ks_bn_cmov(r->y, a->y, KS_FE_MAX, mask);
        ks_bn_cmov(r->z, a->z, KS_FE_MAX, mask);
    } else {
        size_t n = c->fl;
        ks_bn_cmov(r->x, a->x, n, mask);
        ks_bn_cmov(r->y, a->y, n, mask);
        ks_bn_cmov(r->z, a->z, n, mask);
    }
}

void ks_jac_from_affine(const ks_curve *c, ks_jac *r, const ks_limb *x, const ks_limb *y)
{
    size_t n = c->fl;
    memcpy(r->x, x, n * sizeof(ks_limb));
    memcpy(r->y, y, n * sizeof(ks_limb));
    memset(r->z, 0, sizeof r->z);
    r->z[0] = 1;
    ks_fp_enc(c, r->z);
}

/* ZADDU (Meloni, "New point addition formulae for ECC applications", WAIFI 2007; Goundar,
   Joye, Miyaji, Rivain, Venelli, "Scalar multiplication on Weierstrass elliptic curves from
   Co-Z arithmetic", 2011), 5M + 2S against 12M + 4S for a general addition. */
void ks_jac_zaddu(const ks_curve *c, ks_limb *rx, ks_limb *ry, ks_jac *p, const ks_limb *qx,
                  const ks_limb *qy, ks_limb *h)
{
    FE(cc); FE(w1); FE(w2); FE(dy); FE(t);
    ks_fp_sub(c, t, p->x, qx);       /* X1 - X2 */
    c->mul(p->z, p->z, t);           /* Z3 = Z (X1 - X2): p's and r's new Z */
    if (h != 0) {
        memcpy(h, t, sizeof t);
    }
    c->sqr(cc, t);                   /* C = (X1 - X2)^2 */
    c->mul(w1, p->x, cc);            /* W1 = X1 C */
    c->mul(w2, qx, cc);              /* W2 = X2 C */
    ks_fp_sub(c, dy, p->y, qy);      /* Y1 - Y2 */
    ks_fp_sub(c, t, w1, w2);
    c->mul(p->y, p->y, t);           /* A1 = Y1 (W1 - W2): the updated p's y */
    c->sqr(t, dy);                   /* D = (Y1 - Y2)^2 */
    ks_fp_sub(c, t, t, w1);
    ks_fp_sub(c, rx, t, w2);         /* X3 = D - W1 - W2 */
    ks_fp_sub(c, t, w1, rx);
    c->mul(t, dy, t);
    ks_fp_sub(c, ry, t, p->y);       /* Y3 = (Y1 - Y2)(W1 - X3) - A1 */
    memcpy(p->x, w1, sizeof w1);     /* the updated p: (W1, A1, Z3) */
}

void ks_jac_odd_multiples(const ks_curve *c, ks_jac *tab, int entries, ks_jac *d)
{
    /* P rescaled to d's Z = y: (x Z^2, y Z^3, Z); each entry is then tab[j - 1] + d by co-Z
       addition, which gives d the new entry's Z for the next one. d = +-tab[j - 1] would
       need 2 = +-(2j - 1) mod n: never, as n > 2 entries + 1. */
    FE(z2);
    int j;
    c->sqr(z2, d->z);
    c->mul(tab[0].x, tab[0].x, z2);
    c->mul(z2, z2, d->z);
    c->mul(tab[0].y, tab[0].y, z2);
    memcpy(tab[0].z, d->z, sizeof d->z);
    for (j = 1; j < entries; j++) {
        ks_jac_zaddu(c, tab[j].x, tab[j].y, d, tab[j - 1].x, tab[j - 1].y, 0);
        memcpy(tab[j].z, d->z, sizeof d->z);
    }
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
    ks_fp_dec(c, t);
    ks_bn_to_bytes(out, c->fbytes, t);
    c->mul(zi2, zi2, zi);
    c->mul(t, p->y, zi2);
    ks_fp_dec(c, t);
    ks_bn_to_bytes(out + c->fbytes, c->fbytes, t);
    ks_wipe(zi, sizeof zi); /* 1/Z tells of the scalar; t of the result (an ECDH secret) */
    ks_wipe(zi2, sizeof zi2);
    ks_wipe(t, sizeof t);
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
    ks_fp_enc(c, x);
    ks_fp_enc(c, y);
    /* y^2 = (x^2 - 3) x + b */
    c->sqr(lhs, y);
    c->sqr(rhs, x);
    memset(t, 0, sizeof t);
    t[0] = 3;
    ks_fp_enc(c, t);
    ks_fp_sub(c, rhs, rhs, t);
    c->mul(rhs, rhs, x);
    ks_bn_from_flash(t, c->b, n);
    ks_fp_enc(c, t);
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

#if KS_EC_DIGIT_BYTES && (KS_EC_WINDOW > 9 || KS_BASE_WINDOW > 9)
#error "KS_EC_DIGIT_BYTES reads a digit from two bytes: windows of at most 9 bits"
#endif
uint32_t ks_ec_digit(const ks_limb *k, size_t nl, int i, int w, int m)
{
#if KS_EC_DIGIT_BYTES
    /* The port's limbs lie little-endian in memory and its shifts by a count are loops (the
       AVR: KS_EC_DIGIT_BYTES): E's w <= 9 bits, k's bits w i + 1 .., from the two bytes that
       hold them, by one shift of at most 7. Indices and the count are public. */
    const uint8_t *kb = (const uint8_t *)k;
    const size_t at = (size_t)(w * i + 1) / 8, nb = nl * KS_LIMB_BYTES;
    unsigned v = 0;
    uint32_t e;
    if (at < nb) {
        v = kb[at];
    }
    if (at + 1 < nb) {
        v |= (unsigned)kb[at + 1] << 8;
    }
    e = (uint32_t)(v >> ((w * i + 1) % 8)) & ((1u << w) - 1);
    if (i == m - 1) {
        e |= (uint32_t)1 << (w - 1); /* E's top bit, bit w m - 1 */
    }
    return e;
#else
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
#endif
}
