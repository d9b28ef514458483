/*
 * The AVR build's field operations (KS_AVR_ASM, set by ks_port_avr.h, which names this file
 * as KS_FP_PORT_HEADER): included at the end of kernels/ks_fp_impl.h, it replaces KS_FIELD_OPS so that each curve's field file takes what
 * the generated assembly (gen_avr_fp.py -> ks_fp_avr.S) has for it:
 *   secp160r1  everything: product and reduction in one function, add and sub
 *   secp256r1  the same (the NIST reduction byte by byte)
 *   secp192r1, secp224r1  the 24- and 28-byte products; reduction, add and sub in C
 * The assembly works on bytes: the kernels' 8-, 16- and 32-bit limbs have the same layout in
 * the AVR's little-endian memory. Internal to the kernels.
 */
#ifndef KS_FP_AVR_H
#define KS_FP_AVR_H

void ks_avr_mul24(uint8_t *r, const void *a, const void *b);
void ks_avr_sqr24(uint8_t *r, const void *a);
void ks_avr_mul28(uint8_t *r, const void *a, const void *b);
void ks_avr_sqr28(uint8_t *r, const void *a);

/* mul and sqr from the assembly product of NB bytes and the curve's C reduction. */
#define KS_AVR_PRODUCT_OPS(name, FL, NB)                                    \
    void ks_fp_mul_##name(ks_limb *r, const ks_limb *a, const ks_limb *b)   \
    {                                                                       \
        ks_limb t[2 * (FL)];                                                \
        ks_avr_mul##NB((uint8_t *)t, a, b);                                 \
        reduce_##name(r, t);                                                \
    }                                                                       \
    void ks_fp_sqr_##name(ks_limb *r, const ks_limb *a)                     \
    {                                                                       \
        ks_limb t[2 * (FL)];                                                \
        ks_avr_sqr##NB((uint8_t *)t, a);                                    \
        reduce_##name(r, t);                                                \
    }

/* r = 2p on secp160r1 in one assembly function (gen_avr_fp.py, gen_dbl160): r and p point to
   the points' x, their y and z stride bytes on; ks_avr_dbl_secp160r1 (ks_port_avr.h). */
/* r = p + (qx, qy) for an affine q (gen_add160); 1 where x(p) = x(q), else 0 */
uint8_t ks_avr_add_secp160r1(ks_limb *r, const ks_limb *p, const ks_limb *qx,
                             const ks_limb *qy, uint8_t stride);

/* Per curve: nothing to define where the assembly has all four operations; for secp160r1 the
   curve table's doubling and addition (KS_JAC_DBL_secp160r1, KS_JAC_ADD_secp160r1,
   ks_port_avr.h). */
#define KS_AVR_OPS_secp160r1(FL)                                                \
    void ks_jac_dbl_secp160r1(const ks_curve *c, ks_jac *r, const ks_jac *p)    \
    {                                                                           \
        (void)c;                                                                \
        ks_avr_dbl_secp160r1(r->x, p->x, (uint8_t)sizeof r->x);                 \
    }                                                                           \
    /* q with its Z (Z2, Z2^2, Z2^3 at qz; no mote passes one): p taken to         \
       (X1 Z2^2, Y1 Z2^3, Z1), on the curve scaled by Z2 (x Z2^2, y Z2^3: the      \
       addition does not use a) where q is affine, then the sum's Z times Z2:     \
       11M + 3S as the formulas' (ks_ec_formulas.h), whose code the image then    \
       leaves out. A function of its own: its frame is not on the affine path. */  \
    static KS_NOINLINE uint8_t add_z_secp160r1(ks_jac *r, const ks_jac *p,        \
                                               const ks_limb *qx, const ks_limb *qy, \
                                               const ks_limb *qz)                 \
    {                                                                           \
        ks_jac s;                                                               \
        uint8_t e;                                                              \
        ks_fp_mul_secp160r1(s.x, p->x, qz + KS_FE_MAX);                         \
        ks_fp_mul_secp160r1(s.y, p->y, qz + 2 * KS_FE_MAX);                     \
        memcpy(s.z, p->z, sizeof s.z);                                          \
        e = ks_avr_add_secp160r1(r->x, s.x, qx, qy, (uint8_t)sizeof r->x);      \
        ks_fp_mul_secp160r1(r->z, r->z, qz);                                    \
        return e;                                                               \
    }                                                                           \
    /* the assembly for an affine q (k * P's main loop, the verification's and    \
       the base table's additions), the scaling above for another: the branch is   \
       on the caller's kind of q, not on data */                                  \
    ks_limb ks_jac_add_secp160r1(const ks_curve *c, ks_jac *r, const ks_jac *p,  \
                                 const ks_limb *qx, const ks_limb *qy,           \
                                 const ks_limb *qz)                              \
    {                                                                           \
        uint8_t e;                                                              \
        (void)c;                                                                \
        if (qz != 0) {                                                          \
            e = add_z_secp160r1(r, p, qx, qy, qz);                              \
        } else {                                                                \
            e = ks_avr_add_secp160r1(r->x, p->x, qx, qy, (uint8_t)sizeof r->x); \
        }                                                                       \
        return (ks_limb)0 - (ks_limb)e;                                         \
    }
#define KS_AVR_OPS_secp192r1(FL) KS_AVR_PRODUCT_OPS(secp192r1, FL, 24) KS_C_ADD_SUB_OPS(secp192r1, FL)
#define KS_AVR_OPS_secp224r1(FL) KS_AVR_PRODUCT_OPS(secp224r1, FL, 28) KS_C_ADD_SUB_OPS(secp224r1, FL)
#define KS_AVR_OPS_secp256r1(FL)

#undef KS_FIELD_OPS
#define KS_FIELD_OPS(name, FL) KS_AVR_OPS_##name(FL)

#endif
