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
   ks_port_avr.h) around the assembly (kernels/ks_curve.h, KS_JAC_ASM_OPS). */
#define KS_AVR_OPS_secp160r1(FL) KS_JAC_ASM_OPS(secp160r1, ks_avr_dbl_secp160r1, ks_avr_add_secp160r1, uint8_t)
#define KS_AVR_OPS_secp192r1(FL) KS_AVR_PRODUCT_OPS(secp192r1, FL, 24) KS_C_ADD_SUB_OPS(secp192r1, FL)
#define KS_AVR_OPS_secp224r1(FL) KS_AVR_PRODUCT_OPS(secp224r1, FL, 28) KS_C_ADD_SUB_OPS(secp224r1, FL)
#define KS_AVR_OPS_secp256r1(FL)

#undef KS_FIELD_OPS
#define KS_FIELD_OPS(name, FL) KS_AVR_OPS_##name(FL)

#endif
