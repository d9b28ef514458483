/*
 * The kernels' port header for the AVR build (-DKS_PORT_HEADER="ks_port_avr.h", see
 * kernels/ks_config.h): curve constants live in flash (PROGMEM) and are read with LPM. The
 * test firmware stays below 64 KB, so near reads (pgm_read_*) reach every table; a build that
 * grows past that would need the _far forms (DESIGN.md §4).
 */
#ifndef KS_PORT_AVR_H
#define KS_PORT_AVR_H

#include <avr/pgmspace.h>
/* avr/io.h (pulled in by pgmspace.h) names the UART framing-error bit FE, which
 * kernels/ks_ec_point.c defines as a macro of its own; the kernels use no UART. */
#undef FE

#ifndef KS_LIMB_BITS
#define KS_LIMB_BITS 8
#endif

/* The field arithmetic in generated assembly (gen_avr_fp.py; ks_fp_avr.h, which
   kernels/ks_fp_impl.h includes through KS_FP_PORT_HEADER): -DKS_AVR_ASM=0 builds the
   portable C instead. */
#ifndef KS_AVR_ASM
#define KS_AVR_ASM 1
#endif
#if KS_AVR_ASM
#define KS_FP_PORT_HEADER "ks_fp_avr.h"
/* and r = a / 2 mod p for the curves the motes use (kernels/ks_curves.c) */
#define KS_FP_HALF_secp160r1 ks_fp_half_secp160r1
#define KS_FP_HALF_secp256r1 ks_fp_half_secp256r1
/* and the point doubling's fused operations, r = a - 2b and r = 3a/2 mod p, one call each
   instead of two (kernels/ks_ec_point.c): for a curve of fl limbs, its function or 0 (the
   formulas then compose them); P-256's (secp160r1's point operations are assembly whole,
   below). The limb count tells the curves apart (one size each); a curve the build leaves
   out is never named, so its functions are not linked. A build that carries one curve alone
   (the Sizzle firmware's) names its function without the test, so the formulas' other path
   is left out of its flash. */
#define KS_AVR_ONE_CURVE \
    (KS_WITH_SECP160R1 + KS_WITH_SECP192R1 + KS_WITH_SECP224R1 + KS_WITH_SECP256R1 == 1)
#define KS_AVR_IS_256(fl) (KS_WITH_SECP256R1 && (KS_AVR_ONE_CURVE || (fl) == KS_LIMBS(256)))
#define KS_FP_SUB2_OF(fl) (KS_AVR_IS_256(fl) ? ks_fp_sub2_secp256r1 : 0)
#define KS_FP_HALF3_OF(fl) (KS_AVR_IS_256(fl) ? ks_fp_half3_secp256r1 : 0)
/* and secp160r1's whole point doubling and mixed addition (gen_dbl160, gen_add160: the
   callee-saved registers pushed once for the eight or eleven products and squares, not once
   for each), in the curve table through ks_jac_dbl_secp160r1 and ks_jac_add_secp160r1
   (ks_fp_avr.h, kernels/ks_curves.c): secp160r1 never takes the formulas above. Their field
   operations, the product and square fused with what follows them (ab - s, a^2 - s,
   a^2 - 2s, x -+ a^2, 3ab/2, (a^2, a^4)), are also C functions, which avr/fp_test.c checks. */
#define KS_AVR_FP160_FUSED 1
#define KS_JAC_DBL_secp160r1 ks_jac_dbl_secp160r1
#define KS_JAC_ADD_secp160r1 ks_jac_add_secp160r1
/* r = 2p (r and p point to x, y and z stride bytes on); and the main loop's window of
   secp160r1, r = 2^n r + q for an affine q (kernels/ks_ec.c, KS_JAC_DBL_ADD_N: the w doublings
   and the addition in one call, the registers saved and the frame made once a window), hit
   set to ks_jac_add's mask (all ones where x(2^n r) = x(q)); 1 where done, 0 for other curves */
void ks_avr_dbl_secp160r1(void *r, const void *p, uint8_t stride);
uint8_t ks_avr_dbladd_secp160r1(void *r, const void *p, const void *qx, const void *qy,
                                uint8_t stride, uint8_t n);
/* k P's scalar of secp160r1, 161 bits, in 40 windows of 4, not 41 (kernels/ks_ec.c,
   KS_EC_SHORT_TOP: a constant where secp160r1 is the image's one curve or not in it) */
#define KS_EC_SHORT_TOP(c) (KS_AVR_IS_160((c)->fl) && 160 % KS_EC_WINDOW == 0)
/* r = 2p for a p whose Z is 1 (gen_dbl1_160: delta = 1 and Z3 = Y, two squares fewer), k P's
   affine doublings (kernels/ks_ec.c, KS_JAC_DBL_Z1); 1 where done, 0 for other curves */
void ks_avr_dbl1_secp160r1(void *r, const void *p, uint8_t stride);
#define KS_JAC_DBL_Z1(c, r, p)                                                                \
    (KS_AVR_IS_160((c)->fl)                                                                 \
         ? (ks_avr_dbl1_secp160r1((r)->x, (p)->x, (uint8_t)sizeof (r)->x), 1)               \
         : 0)
#define KS_JAC_DBL_ADD_N(c, q, n, qx, qy, hit)                                              \
    (KS_AVR_IS_160((c)->fl)                                                                 \
         ? ((hit) = (ks_limb)0 - (ks_limb)ks_avr_dbladd_secp160r1((q)->x, (q)->x, (qx), (qy), \
                                                                  (uint8_t)sizeof (q)->x,   \
                                                                  (uint8_t)(n)),            \
            1)                                                                              \
         : 0)
/* and r = -a mod p under a mask for secp160r1 (kernels/ks_fp.c, ks_fp_cneg: the k.P table
   lookups' sign; gen_cneg160, one pass with no register saved) in place of 0 - a by the
   field's subtraction and a masked copy; P-256 keeps those. */
void ks_fp_cneg_secp160r1(void *r, const void *a, uint8_t mask);
#define KS_AVR_IS_160(fl) (KS_WITH_SECP160R1 && (KS_AVR_ONE_CURVE || (fl) == KS_LIMBS(160)))
#define KS_FP_CNEG_OF(fl) (KS_AVR_IS_160(fl) ? ks_fp_cneg_secp160r1 : 0)
#endif

/* The divsteps inversion (kernels/ks_modinv.c): its batches in one call of the generated
   assembly (gen_avr_fp.py, gen_modinv_batch: 16-bit words, 13 steps a batch, both curves):
   each batch the steps on the low words, both k's (m^-1 mod 2^16 found once a call) and the
   four passes over the whole numbers (ks_avr_lincomb_pass, _z_pass), the registers saved once
   an inversion and no C between the batches; the batches run, which ks_modinv's names follow.
   Portable C in the builds without the assembly. */
#if KS_AVR_ASM
void ks_avr_modinv_batches(uint16_t *v, const uint16_t *mw, uint8_t L, uint8_t batches);
#if KS_WITH_SECP160R1
/* and their form for m = secp160r1's p alone (gen_modinv_batch's p160: batches of 14 steps,
   each pair's two rows in one pass, k p added to d and e without a product a word, p being
   2^160 - 2^31 - 1), taken when m's words are that p (kernels/ks_modinv.h: a branch on m,
   which is public) */
void ks_avr_modinv_batches_p160(uint16_t *v, const uint16_t *mw, uint8_t L, uint8_t batches);
#define KS_MODINV_BATCHES(v, mw, L, batches)                                              \
    (ks_modinv_is_p160(mw, (unsigned)(L))                                                \
         ? (ks_avr_modinv_batches_p160(v, mw, (uint8_t)(L), KS_MODINV_P160_BATCHES),     \
            KS_MODINV_P160_BATCHES)                                                     \
         : (ks_avr_modinv_batches(v, mw, (uint8_t)(L), (uint8_t)(batches)), (batches)))
#else
#define KS_MODINV_BATCHES(v, mw, L, batches) \
    (ks_avr_modinv_batches(v, mw, (uint8_t)(L), (uint8_t)(batches)), (batches))
#endif
#endif
/* The Montgomery product's rows (kernels/ks_rsa_mont.c: RSA, and ECDSA's products modulo n):
   one pass per limb of b in assembly (ks_rsa_avr.S), for 16-bit limbs; n counts in a byte. */
#if KS_AVR_ASM && KS_LIMB_BITS == 16
void ks_avr_mont_row(uint16_t *t, const uint16_t *a, const uint16_t *m, uint16_t b, uint16_t q,
                     uint8_t n);
#define KS_MONT_ROW(t, a, m, b, q, n) ks_avr_mont_row(t, a, m, b, q, (uint8_t)(n))
#define KS_MONT_ROW_MAX_LIMBS 255
/* and the square's rows (the Montgomery square in ks_mont_pow) */
uint16_t ks_avr_mac_row(uint16_t *t, const uint16_t *a, uint16_t b, uint8_t n);
void ks_avr_sqr_diag(uint16_t *t, const uint16_t *a, uint8_t n);
#define KS_MONT_MAC_ROW(t, a, b, n) ks_avr_mac_row(t, a, b, (uint8_t)(n))
#define KS_MONT_SQR_DIAG(t, a, n) ks_avr_sqr_diag(t, a, (uint8_t)(n))
#endif
#ifndef KS_MODINV_MIN_BITS
#if KS_AVR_ASM
#define KS_MODINV_MIN_BITS 0
#else
#define KS_MODINV_MIN_BITS 200
#endif
#endif

/* ks_wipe_stack after an operation, as deep as it went below the public function, of the
   4 KB of RAM: from the test firmware's stack peaks without the wipe (built with
   KS_WIPE_STACK_EC=2) less the ~213 B down to ks_ec_mul's frame, k * P goes 1.24 KB deeper
   with the assembly field (peak 1,449 B with 32-bit limbs: the divsteps inversion under the
   table's frame), up to 1.53 KB in portable C (1,745 B, 32-bit limbs); RSA-1024 2.5 KB (its
   2.3 KB workspace is in the frame below the public function). */
#ifndef KS_WIPE_STACK_EC
#if KS_AVR_ASM
#define KS_WIPE_STACK_EC 1248
#else
#define KS_WIPE_STACK_EC 1536
#endif
#endif
/* The window digits of k (kernels/ks_ec_point.c, ks_ec_digit) read from k's bytes, one shift
   a digit instead of one a bit (avr-gcc shifts by a count in a loop). */
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

#define KS_FLASH PROGMEM
#define KS_READ_BYTE(p) pgm_read_byte(p)
#define KS_FLASH_IS_DATA 0 /* LPM reads the flash, not LD */
#if KS_LIMB_BITS == 8
#define KS_READ_LIMB(p) pgm_read_byte(p)
#elif KS_LIMB_BITS == 16
#define KS_READ_LIMB(p) pgm_read_word(p)
#elif KS_LIMB_BITS == 32
#define KS_READ_LIMB(p) pgm_read_dword(p)
#else
#define KS_READ_LIMB(p) ((uint64_t)pgm_read_dword((const uint8_t *)(p) + 4) << 32 | pgm_read_dword(p))
#endif

#endif
