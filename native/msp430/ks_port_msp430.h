/*
 * The kernels' port header for the MSP430F1611 build (-DKS_PORT_HEADER="ks_port_msp430.h",
 * see kernels/ks_config.h). The MSP430 reads flash like RAM: KS_FLASH stays empty.
 */
#ifndef KS_PORT_MSP430_H
#define KS_PORT_MSP430_H

#ifndef KS_LIMB_BITS
#define KS_LIMB_BITS 16
#endif

/* The field arithmetic in generated assembly on the hardware multiplier (gen_msp430_fp.py;
   ks_fp_msp430.h), for 16- and 32-bit limbs (8-bit limb arrays may be unaligned for word
   access); -DKS_MSP430_ASM=0 builds the portable C instead. */
#ifndef KS_MSP430_ASM
#define KS_MSP430_ASM (KS_LIMB_BITS == 16 || KS_LIMB_BITS == 32)
#endif
#if KS_MSP430_ASM
#define KS_FP_PORT_HEADER "ks_fp_msp430.h" /* included by kernels/ks_fp_impl.h */
/* and r = a / 2 mod p for the curves the motes use (kernels/ks_curves.c) */
#define KS_FP_HALF_secp160r1 ks_fp_half_secp160r1
#define KS_FP_HALF_secp256r1 ks_fp_half_secp256r1
/* and the point doubling's fused r = a - 2b and r = 3a/2 mod p, one call each instead of two
   (kernels/ks_ec_point.c): for a curve of fl limbs, its function or 0. None for the C
   formulas: secp160r1's (ks_fp_sub2_secp160r1, ks_fp_half3_secp160r1) serve its assembly
   point operations below, which never take the formulas; P-256's (ks_fp_sub2_secp256r1,
   ks_fp_half3_secp256r1, generated and tested) save 0.4% of its k.P for ~340 B of flash with
   the formulas' glue, which the modern image with the radio link does not have (it fills the
   F1611's 48 KB). Defined (as 0) so that avr/fp_test.c checks the four functions. */
#define KS_FP_SUB2_OF(fl) 0
/* A curve of fl limbs is secp160r1: a test of the limb count, which a build that carries
   secp160r1 alone (the legacy-ecc firmware's) does without, so that the other path is left
   out of its flash. A curve the build leaves out is never named (not linked). */
#define KS_MSP_ONE_CURVE \
    (KS_WITH_SECP160R1 + KS_WITH_SECP192R1 + KS_WITH_SECP224R1 + KS_WITH_SECP256R1 == 1)
#define KS_MSP_IS_160(fl) (KS_WITH_SECP160R1 && (KS_MSP_ONE_CURVE || (fl) == KS_LIMBS(160)))
#define KS_FP_HALF3_OF(fl) 0
/* secp160r1's whole point doubling and mixed addition in generated assembly (gen_dbl160,
   gen_add160: the callee-saved registers pushed once an operation, not once a field
   operation; the elements in a frame on the stack; each field operation a fixed call of its
   core), in the curve table through ks_jac_dbl_secp160r1 and ks_jac_add_secp160r1
   (ks_fp_msp430.h, kernels/ks_curves.c): secp160r1 never takes the C formulas. */
/* and r = -a mod p under a mask for secp160r1 (kernels/ks_fp.c, ks_fp_cneg: the k.P table
   lookups' sign; gen_cneg160, two passes with no register saved) in place of 0 - a by the
   field's subtraction and a masked copy; P-256 keeps those. */
void ks_fp_cneg_secp160r1(void *r, const void *a, uint8_t mask);
#define KS_FP_CNEG_OF(fl) (KS_MSP_IS_160(fl) ? ks_fp_cneg_secp160r1 : 0)
/* k P's scalar of secp160r1, 161 bits, in 40 windows of 4, not 41 (kernels/ks_ec.c,
   KS_EC_SHORT_TOP, as on the AVR: a constant where secp160r1 is the image's one curve) */
#define KS_EC_SHORT_TOP(c) (KS_MSP_IS_160((c)->fl) && 160 % KS_EC_WINDOW == 0)
#define KS_JAC_DBL_secp160r1 ks_jac_dbl_secp160r1
#define KS_JAC_ADD_secp160r1 ks_jac_add_secp160r1
/* r = 2^n p (r and p point to x, y and z stride bytes on), and k.P's window of n doublings
   of secp160r1 by it in one call (kernels/ks_ec.c, KS_JAC_DBL_N); the number done, 0 for
   other curves (the test is on the curve, public) */
void ks_msp_dbl_secp160r1(void *r, const void *p, uint16_t stride, uint16_t n);
#define KS_JAC_DBL_N(c, q, n)                                                              \
    (KS_MSP_IS_160((c)->fl)                                                                \
         ? (ks_msp_dbl_secp160r1((q)->x, (q)->x, (uint16_t)sizeof (q)->x, (uint16_t)(n)), (n)) \
         : 0)
#endif

/* The divsteps inversion (kernels/ks_modinv.c): its whole loop of batches in one call of the
   generated assembly (gen_msp430_fp.py, gen_batches: per batch the 13 or 14 steps on the low words,
   gen_steps, and the four passes over the 16-bit words on the multiplier's signed MAC,
   gen_lincomb, as subroutines with nothing saved; the callee-saved registers pushed once an
   inversion), for both curves. In portable C it measured slower than Fermat here (its
   16 x 16 -> 32 products go through the 32-bit multiply helper): Fermat there
   (1024 > KS_MAX_BITS: the field never calls ks_modinv). */
#if KS_MSP430_ASM
/* The passes shift by 14 on m's balanced digits: secp160r1's p in 27 batches of 14 steps, the
   other moduli in batches of 13 with the matrix doubled (gen_msp430_fp.py at LINCOMB_N). */
typedef struct {
    uint16_t *p[6];         /* f, g, d, e and the two free places (ks_modinv's v) */
    const uint16_t *m;
    uint16_t minv;          /* m^-1 mod 2^16 */
    uint16_t L, batches, eta; /* eta held as -eta (gen_steps) */
    uint16_t steps;         /* a batch's: 13, or 14 in secp160r1's form */
} ks_msp_batches_args;
void ks_msp_batches(ks_msp_batches_args *b);
/* secp160r1's form (gen_msp430_fp.py at LINCOMB_N) when m is its p (kernels/ks_modinv.h; a
   test on the public modulus; where secp160r1 is the only curve L = 11 says it: the other
   modulus would be its n, of 12 words; none without secp160r1) */
#if !KS_WITH_SECP160R1
#define KS_MSP_IS_P160(m, L) 0
#elif KS_MSP_ONE_CURVE
#define KS_MSP_IS_P160(m, L) ((L) == 11)
#else
#define KS_MSP_IS_P160(m, L) ks_modinv_is_p160(m, L)
#endif
/* The hook's shape is the AVR's: v holds f, g, d, e and the two free places, L words apart,
   from eta = 1; the batches trade the places' names as kernels/ks_modinv.c's loop does, and
   the hook returns how many ran, which the C's names follow. m^-1 mod 2^16 (public: m's) by
   Newton's x(2 - m x) from x = m, right to 3 bits: 3 -> 6 -> 12 -> 24. */
static inline int ks_msp_modinv_batches(uint16_t *v, const uint16_t *m, unsigned L, int batches,
                                        uint8_t p160, uint16_t p160_batches)
{
    uint16_t minv = m[0];
    uint8_t i;
    for (i = 0; i < 3; i++) {
        minv = (uint16_t)(minv * (uint16_t)(2 - (uint16_t)(m[0] * minv)));
    }
    {
        /* m as balanced digits in [-2^15, 2^15) for the passes' signed k z_i (the top one 0
           or 1; m's words: public) */
        uint16_t z[18], c = 0; /* L <= 18 (KS_MODINV_BATCHES checks it where it is used) */
        unsigned j;
        for (j = 0; j < L; j++) {
            const uint16_t w = (uint16_t)(m[j] + c);
            c = (uint16_t)((m[j] | w) >> 15); /* m + c >= 2^15: the word was, or w is */
            z[j] = w;                            /* (mod 2^16: w - 2^16 when it carries on) */
        }
        {
            ks_msp_batches_args b = {{v, v + L, v + 2 * L, v + 3 * L, v + 4 * L, v + 5 * L}, z,
                                     minv, (uint16_t)L, (uint16_t)(p160 ? p160_batches : batches),
                                     0xFFFF /* -eta, from eta = 1 */,
                                     (uint16_t)(p160 ? 14 : 13)};
            ks_msp_batches(&b);
            return (int)b.batches;
        }
    }
}
/* (the sizeof: the copy's 18 words hold ks_modinv's longest m, KS_MAX_BITS + 1 bits, checked
   at compile time in ks_modinv.c, where KS_MAX_BITS is known) */
#define KS_MODINV_BATCHES(v, mw, L, batches)                                                   \
    ((void)sizeof(char[(KS_MAX_BITS + 1 + 15) / 16 + 1 <= 18 ? 1 : -1]),                    \
     ks_msp_modinv_batches(v, mw, (unsigned)(L), batches, KS_MSP_IS_P160(mw, (unsigned)(L)), \
                           KS_MODINV_P160_BATCHES))
#endif
/* The Montgomery product's rows (kernels/ks_rsa_mont.c: RSA, and ECDSA's products modulo n):
   one pass per limb of b in assembly on the hardware multiplier (ks_rsa_msp430.S, which
   msp430.mk's msp_link adds to every link of ks_rsa_mont.c), for 16-bit limbs. Its own switch,
   on with 16-bit limbs also where the field is portable C (-DKS_MSP430_ASM=0: the RSA test's
   builds); -DKS_MSP430_MONT_ASM=0 builds the C rows. */
#ifndef KS_MSP430_MONT_ASM
#define KS_MSP430_MONT_ASM (KS_LIMB_BITS == 16)
#endif
#if KS_MSP430_MONT_ASM
#if KS_LIMB_BITS != 16
#error "KS_MSP430_MONT_ASM needs 16-bit limbs"
#endif
void ks_msp_mont_row(uint16_t *t, const uint16_t *a, const uint16_t *m, uint16_t b, uint16_t q,
                     uint16_t n);
#define KS_MONT_ROW(t, a, m, b, q, n) ks_msp_mont_row(t, a, m, b, q, (uint16_t)(n))
#define KS_MONT_ROW_MAX_LIMBS 65535
#endif
#ifndef KS_MODINV_MIN_BITS
#if KS_MSP430_ASM
#define KS_MODINV_MIN_BITS 0
#else
#define KS_MODINV_MIN_BITS 1024
#endif
#endif

/* ks_wipe_stack after an operation, as deep as it went below the public function, of the
   10 KB of RAM: from the test firmware's stack peaks without the wipe (built with
   KS_WIPE_STACK_EC=2) less the ~214 B down to ks_ec_mul's frame, k * P goes 1.30 KB deeper
   with the assembly field (peak 1,510 B, 32-bit limbs), up to 1.59 KB in portable C (1,802 B,
   32-bit limbs: Fermat's inversion under the table's frame). RSA-1024 2.5 KB (its 2.3 KB
   workspace is in the frame below the public function). */
#ifndef KS_WIPE_STACK_EC
#if KS_MSP430_ASM
#define KS_WIPE_STACK_EC 1312
#else
#define KS_WIPE_STACK_EC 1600
#endif
#endif
/* k.P's digits from k's bytes (kernels/ks_ec_point.c, ks_ec_digit): the MSP430 shifts by a
   count one bit an instruction, as the AVR, and its limbs lie little-endian in memory; a
   digit from two bytes by one shift of at most 7 instead of a limb's shift for every bit:
   secp160r1 k.P -22 k cycles*, P-256 -34 k*, and the function 76 B smaller (clang -O2). */
#ifndef KS_EC_DIGIT_BYTES
#define KS_EC_DIGIT_BYTES 1
#endif
/* No data cache: a load takes the same cycles at every address (kernels/ks_config.h). */
#ifndef KS_SECRET_INDEX
#define KS_SECRET_INDEX 1
#endif

#ifndef KS_WIPE_STACK_RSA
#define KS_WIPE_STACK_RSA 2560
#endif

#endif
