/*
 * The short-Weierstrass curves y^2 = x^3 - 3x + b over GF(p) of SEC 2 (all four have a = -3
 * and cofactor 1) and the field arithmetic on them. Internal to the kernels.
 */
#ifndef KS_CURVE_H
#define KS_CURVE_H

#include "ks_bn.h"

/* The largest field and order handled by this build (KS_MAX_BITS, ks_config.h), in limbs. */
#define KS_FE_MAX KS_LIMBS(KS_MAX_BITS)

/* A point in Jacobian coordinates (X/Z^2, Y/Z^3); Z = 0 is infinity. */
typedef struct {
    ks_limb x[KS_FE_MAX], y[KS_FE_MAX], z[KS_FE_MAX];
} ks_jac;

/* Montgomery form: where limbs are 64-bit with a double-width product (the host), P-256
   keeps field elements as a R mod p, R = 2^256 (ks_fp_secp256r1.c, ks_fp64.h): with
   p = -1 mod 2^64 its reduction is four short carry chains, cheaper there than the NIST sum;
   the other curves stay in plain form (secp160r1's fold is cheaper still). The kernels
   convert at the edges only: ks_fp_enc after reading a coordinate (bytes, flash
   constants, the fixed-base table) and ks_fp_dec before writing one. Elsewhere (motes, no
   __int128) every field is in plain form and both are no-ops. */
#if KS_LIMB_BITS == 64 && KS_HAVE_DLIMB
#define KS_FP_MONT 1
#else
#define KS_FP_MONT 0
#endif

/* Per-curve copies of the point formulas (ks_ec_formulas.h) with the field operations
   inlined: on by default where limbs are 64-bit (host); the motes share one generic copy. */
#ifndef KS_EC_SPECIALIZE
#define KS_EC_SPECIALIZE (KS_LIMB_BITS == 64)
#endif

typedef struct ks_curve ks_curve;
struct ks_curve {
    uint8_t fl;      /* field element limbs */
    uint8_t fbytes;  /* field element bytes */
    uint8_t ol;      /* scalar limbs */
    uint8_t obytes;  /* scalar bytes */
    uint16_t obits;  /* bits of the order n */
    const ks_limb *p, *b, *gx, *gy, *n; /* KS_FLASH */
    /* r = a * b mod p and r = a^2 mod p, with the curve's fast reduction; r may alias. */
    void (*mul)(ks_limb *r, const ks_limb *a, const ks_limb *b);
    void (*sqr)(ks_limb *r, const ks_limb *a);
    /* r = a + b and r = a - b mod p on reduced elements; r may alias. */
    void (*add)(ks_limb *r, const ks_limb *a, const ks_limb *b);
    void (*sub)(ks_limb *r, const ks_limb *a, const ks_limb *b);
    /* r = a / 2 mod p (r may alias a) where a port has its own (assembly), else 0: the
       portable ks_fp_half. */
    void (*half)(ks_limb *r, const ks_limb *a);
    /* the point formulas (ks_ec_point.h: ks_jac_dbl, ks_jac_add) */
    void (*dbl)(const ks_curve *c, ks_jac *r, const ks_jac *p);
    ks_limb (*add_pt)(const ks_curve *c, ks_jac *r, const ks_jac *p, const ks_limb *qx,
                      const ks_limb *qy, const ks_limb *qz);
    const uint8_t *base;  /* KS_FLASH fixed-base table, or 0 */
#if KS_FP_MONT
    /* a -> the field's form of a and back, in place (identity for a plain-form field) */
    void (*enc)(ks_limb *a);
    void (*dec)(ks_limb *a);
#endif
};

/* The curve with that KS_SECP* number, or 0 if this build does not carry it. */
const ks_curve *ks_curve_get(int curve);

/* Field arithmetic mod p on fully reduced elements of c->fl limbs; r may alias inputs. */
#define ks_fp_add(c, r, a, b) ((c)->add((r), (a), (b)))
#define ks_fp_sub(c, r, a, b) ((c)->sub((r), (a), (b)))
/* In place: a plain residue a < 2^(64 fl) to the field's form (then reduced) and a reduced
   element back to its plain residue. */
#if KS_FP_MONT
#define ks_fp_enc(c, a) ((c)->enc(a))
#define ks_fp_dec(c, a) ((c)->dec(a))
#else
#define ks_fp_enc(c, a) ((void)(c), (void)(a))
#define ks_fp_dec(c, a) ((void)(c), (void)(a))
#endif
/* r = a^-1 (divsteps, ks_modinv: 0 maps to 0). */
void ks_fp_inv(const ks_curve *c, ks_limb *r, const ks_limb *a);
/* r = a / 2 mod p; r may alias a. */
void ks_fp_half(const ks_curve *c, ks_limb *r, const ks_limb *a);
/* r = mask ? p - a : a, for a != 0 or any a when mask is 0 (constant time). */
void ks_fp_cneg(const ks_curve *c, ks_limb *r, const ks_limb *a, ks_limb mask);
/* All-ones if a < p (an input coordinate is canonical), else zero. */
ks_limb ks_fp_canonical_mask(const ks_curve *c, const ks_limb *a);

/* The field operations of each curve (ks_fp_secp*.c), for the curve table. */
#define KS_FIELD_DECLARE(name)                                                  \
    void ks_fp_mul_##name(ks_limb *r, const ks_limb *a, const ks_limb *b);      \
    void ks_fp_sqr_##name(ks_limb *r, const ks_limb *a);                        \
    void ks_fp_add_##name(ks_limb *r, const ks_limb *a, const ks_limb *b);      \
    void ks_fp_sub_##name(ks_limb *r, const ks_limb *a, const ks_limb *b);      \
    void ks_fp_half_##name(ks_limb *r, const ks_limb *a);                       \
    void ks_fp_sub2_##name(ks_limb *r, const ks_limb *a, const ks_limb *b);     \
    void ks_fp_half3_##name(ks_limb *r, const ks_limb *a);                      \
    void ks_fp_mulsub_##name(ks_limb *r, const ks_limb *a, const ks_limb *b,    \
                             const ks_limb *s);                                 \
    void ks_fp_sqrsub_##name(ks_limb *r, const ks_limb *a, const ks_limb *s);   \
    void ks_fp_sqrsub2_##name(ks_limb *r, const ks_limb *a, const ks_limb *s);  \
    void ks_fp_sqrsubadd_##name(ks_limb *r1, ks_limb *r2, const ks_limb *a,     \
                                const ks_limb *x);                              \
    void ks_fp_sqrsqr_##name(ks_limb *r1, ks_limb *r2, const ks_limb *a);      \
    void ks_fp_sqrssh_##name(ks_limb *r, const ks_limb *a, const ks_limb *s,    \
                             const ks_limb *t);                                 \
    void ks_fp_mulhalf3_##name(ks_limb *r, const ks_limb *a, const ks_limb *b); \
    void ks_jac_dbl_##name(const ks_curve *c, ks_jac *r, const ks_jac *p);      \
    ks_limb ks_jac_add_##name(const ks_curve *c, ks_jac *r, const ks_jac *p,    \
                              const ks_limb *qx, const ks_limb *qy, const ks_limb *qz); \
    void ks_fp_enc_##name(ks_limb *a);                                          \
    void ks_fp_dec_##name(ks_limb *a);
KS_FIELD_DECLARE(secp160r1)
KS_FIELD_DECLARE(secp192r1)
KS_FIELD_DECLARE(secp224r1)
KS_FIELD_DECLARE(secp256r1)
/* A port's curve table entries around its assembly doubling and mixed addition (the motes'
   secp160r1: ks_fp_avr.h, ks_fp_msp430.h). DBL(r, p, stride) doubles, ADD(r, p, qx, qy,
   stride) adds an affine q and gives 1 where x(p) = x(q), r and p pointing to the points' x,
   their y and z stride bytes on; STRIDE is the assembly's stride type. A q with its Z (Z2,
   Z2^2, Z2^3 at qz; no mote passes one): p taken to (X1 Z2^2, Y1 Z2^3, Z1), on the curve
   scaled by Z2 (x Z2^2, y Z2^3: the addition does not use a) where q is affine, then the
   sum's Z times Z2: 11M + 3S as the formulas' (ks_ec_formulas.h), whose code the image then
   leaves out. That is a function of its own, its frame off the affine path; the branch is on
   the caller's kind of q (k * P's main loop, the verification's and the base table's
   additions pass none), not on data. */
#define KS_JAC_ASM_OPS(name, DBL, ADD, STRIDE)                                  \
    void ks_jac_dbl_##name(const ks_curve *c, ks_jac *r, const ks_jac *p)      \
    {                                                                           \
        (void)c;                                                                \
        DBL(r->x, p->x, (STRIDE)sizeof r->x);                                   \
    }                                                                           \
    static KS_NOINLINE unsigned add_z_##name(ks_jac *r, const ks_jac *p,        \
                                             const ks_limb *qx, const ks_limb *qy, \
                                             const ks_limb *qz)                 \
    {                                                                           \
        ks_jac s;                                                               \
        unsigned e;                                                             \
        ks_fp_mul_##name(s.x, p->x, qz + KS_FE_MAX);                            \
        ks_fp_mul_##name(s.y, p->y, qz + 2 * KS_FE_MAX);                        \
        memcpy(s.z, p->z, sizeof s.z);                                          \
        e = ADD(r->x, s.x, qx, qy, (STRIDE)sizeof r->x);                        \
        ks_fp_mul_##name(r->z, r->z, qz);                                       \
        return e;                                                               \
    }                                                                           \
    ks_limb ks_jac_add_##name(const ks_curve *c, ks_jac *r, const ks_jac *p,    \
                              const ks_limb *qx, const ks_limb *qy,             \
                              const ks_limb *qz)                                \
    {                                                                           \
        unsigned e;                                                             \
        (void)c;                                                                \
        if (qz != 0) {                                                          \
            e = add_z_##name(r, p, qx, qy, qz);                                 \
        } else {                                                                \
            e = ADD(r->x, p->x, qx, qy, (STRIDE)sizeof r->x);                   \
        }                                                                       \
        return (ks_limb)0 - (ks_limb)e;                                         \
    }
void ks_jac_dbl_generic(const ks_curve *c, ks_jac *r, const ks_jac *p);
ks_limb ks_jac_add_generic(const ks_curve *c, ks_jac *r, const ks_jac *p, const ks_limb *qx,
                           const ks_limb *qy, const ks_limb *qz);

#endif
