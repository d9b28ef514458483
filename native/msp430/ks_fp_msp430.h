/*
 * The MSP430 build's field operations (KS_MSP430_ASM, set by ks_port_msp430.h, which names
 * this file as KS_FP_PORT_HEADER): included at the end of kernels/ks_fp_impl.h, it replaces KS_FIELD_OPS so that each curve's field file
 * takes what the generated assembly (gen_msp430_fp.py -> ks_fp_msp430.S) has for it:
 *   secp160r1, secp256r1  everything: product and reduction in one function, add and sub
 *   secp192r1, secp224r1  the 12- and 14-word products; reduction, add and sub in C
 * The assembly works on 16-bit words: the kernels' 16- and 32-bit limbs have that layout in
 * the MSP430's little-endian memory (8-bit limbs need not be word-aligned: never here).
 * Internal to the kernels.
 */
#ifndef KS_FP_MSP430_H
#define KS_FP_MSP430_H

#if KS_LIMB_BITS != 16 && KS_LIMB_BITS != 32
#error "KS_MSP430_ASM needs 16- or 32-bit limbs"
#endif

void ks_msp_mul24(ks_limb *t, const ks_limb *a, const ks_limb *b);
void ks_msp_sqr24(ks_limb *t, const ks_limb *a);
void ks_msp_mul28(ks_limb *t, const ks_limb *a, const ks_limb *b);
void ks_msp_sqr28(ks_limb *t, const ks_limb *a);

/* mul and sqr from the assembly product of NB bytes and the curve's C reduction. */
#define KS_MSP_PRODUCT_OPS(name, FL, NB)                                    \
    void ks_fp_mul_##name(ks_limb *r, const ks_limb *a, const ks_limb *b)   \
    {                                                                       \
        ks_limb t[2 * (FL)];                                                \
        ks_msp_mul##NB(t, a, b);                                            \
        reduce_##name(r, t);                                                \
    }                                                                       \
    void ks_fp_sqr_##name(ks_limb *r, const ks_limb *a)                     \
    {                                                                       \
        ks_limb t[2 * (FL)];                                                \
        ks_msp_sqr##NB(t, a);                                               \
        reduce_##name(r, t);                                                \
    }

/* r = p + (qx, qy) on secp160r1 for an affine q (gen_add160; r and p point to the points' x,
   their y and z stride bytes on); 1 where x(p) = x(q), else 0 */
uint16_t ks_msp_add_secp160r1(ks_limb *r, const ks_limb *p, const ks_limb *qx,
                              const ks_limb *qy, uint16_t stride);

/* Per curve: what the assembly does not define (nothing for P-256); for secp160r1 the curve
   table's doubling (one: the count's 1) and addition (KS_JAC_DBL_secp160r1,
   KS_JAC_ADD_secp160r1, ks_port_msp430.h) around the assembly (kernels/ks_curve.h,
   KS_JAC_ASM_OPS). */
#define KS_MSP_DBL1_secp160r1(r, p, stride) ks_msp_dbl_secp160r1(r, p, stride, 1)
#define KS_MSP_OPS_secp160r1(FL) KS_JAC_ASM_OPS(secp160r1, KS_MSP_DBL1_secp160r1, ks_msp_add_secp160r1, uint16_t)
#define KS_MSP_OPS_secp192r1(FL) KS_MSP_PRODUCT_OPS(secp192r1, FL, 24) KS_C_ADD_SUB_OPS(secp192r1, FL)
#define KS_MSP_OPS_secp224r1(FL) KS_MSP_PRODUCT_OPS(secp224r1, FL, 28) KS_C_ADD_SUB_OPS(secp224r1, FL)
#define KS_MSP_OPS_secp256r1(FL)

#undef KS_FIELD_OPS
#define KS_FIELD_OPS(name, FL) KS_MSP_OPS_##name(FL)

#endif
