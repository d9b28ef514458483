/*
 * The curves of SEC 2 v2 section 2 (secp160r1, secp192r1 = P-192, secp224r1 = P-224,
 * secp256r1 = P-256): constants as limbs of the build's size, kept in flash (KS_FLASH).
 */
#include "ks_curve.h"
#include "ks_ec_base.h"

/* A 64-bit constant from its low and high 32-bit halves, as limbs of the build's size. */
#if KS_LIMB_BITS == 64
#define KS_W(lo, hi) (((uint64_t)(hi) << 32) | (lo))
#elif KS_LIMB_BITS == 32
#define KS_W(lo, hi) (lo), (hi)
#elif KS_LIMB_BITS == 16
#define KS_W(lo, hi) (ks_limb)((uint32_t)(lo) & 0xFFFF), (ks_limb)((uint32_t)(lo) >> 16), \
        (ks_limb)((uint32_t)(hi) & 0xFFFF), (ks_limb)((uint32_t)(hi) >> 16)
#else
#define KS_B(w, s) (ks_limb)(((uint32_t)(w) >> (s)) & 0xFF)
#define KS_W(lo, hi) KS_B(lo, 0), KS_B(lo, 8), KS_B(lo, 16), KS_B(lo, 24), \
        KS_B(hi, 0), KS_B(hi, 8), KS_B(hi, 16), KS_B(hi, 24)
#endif

#if KS_WITH_SECP160R1
const ks_limb KS_FLASH ks_secp160r1_p[] = {
    KS_W(0x7FFFFFFF, 0xFFFFFFFF), KS_W(0xFFFFFFFF, 0xFFFFFFFF), KS_W(0xFFFFFFFF, 0x00000000)};
static const ks_limb KS_FLASH secp160r1_b[] = {
    KS_W(0xC565FA45, 0x81D4D4AD), KS_W(0x65ACF89F, 0x54BD7A8B), KS_W(0x1C97BEFC, 0x00000000)};
static const ks_limb KS_FLASH secp160r1_gx[] = {
    KS_W(0x13CBFC82, 0x68C38BB9), KS_W(0x46646989, 0x8EF57328), KS_W(0x4A96B568, 0x00000000)};
static const ks_limb KS_FLASH secp160r1_gy[] = {
    KS_W(0x7AC5FB32, 0x04235137), KS_W(0x59DCC912, 0x3168947D), KS_W(0x23A62855, 0x00000000)};
static const ks_limb KS_FLASH secp160r1_n[] = {
    KS_W(0xCA752257, 0xF927AED3), KS_W(0x0001F4C8, 0x00000000), KS_W(0x00000000, 0x00000001)};
#endif
#if KS_WITH_SECP192R1
const ks_limb KS_FLASH ks_secp192r1_p[] = {
    KS_W(0xFFFFFFFF, 0xFFFFFFFF), KS_W(0xFFFFFFFE, 0xFFFFFFFF), KS_W(0xFFFFFFFF, 0xFFFFFFFF)};
static const ks_limb KS_FLASH secp192r1_b[] = {
    KS_W(0xC146B9B1, 0xFEB8DEEC), KS_W(0x72243049, 0x0FA7E9AB), KS_W(0xE59C80E7, 0x64210519)};
static const ks_limb KS_FLASH secp192r1_gx[] = {
    KS_W(0x82FF1012, 0xF4FF0AFD), KS_W(0x43A18800, 0x7CBF20EB), KS_W(0xB03090F6, 0x188DA80E)};
static const ks_limb KS_FLASH secp192r1_gy[] = {
    KS_W(0x1E794811, 0x73F977A1), KS_W(0x6B24CDD5, 0x631011ED), KS_W(0xFFC8DA78, 0x07192B95)};
static const ks_limb KS_FLASH secp192r1_n[] = {
    KS_W(0xB4D22831, 0x146BC9B1), KS_W(0x99DEF836, 0xFFFFFFFF), KS_W(0xFFFFFFFF, 0xFFFFFFFF)};
#endif
#if KS_WITH_SECP224R1
const ks_limb KS_FLASH ks_secp224r1_p[] = {
    KS_W(0x00000001, 0x00000000), KS_W(0x00000000, 0xFFFFFFFF), KS_W(0xFFFFFFFF, 0xFFFFFFFF), KS_W(0xFFFFFFFF, 0x00000000)};
static const ks_limb KS_FLASH secp224r1_b[] = {
    KS_W(0x2355FFB4, 0x270B3943), KS_W(0xD7BFD8BA, 0x5044B0B7), KS_W(0xF5413256, 0x0C04B3AB), KS_W(0xB4050A85, 0x00000000)};
static const ks_limb KS_FLASH secp224r1_gx[] = {
    KS_W(0x115C1D21, 0x343280D6), KS_W(0x56C21122, 0x4A03C1D3), KS_W(0x321390B9, 0x6BB4BF7F), KS_W(0xB70E0CBD, 0x00000000)};
static const ks_limb KS_FLASH secp224r1_gy[] = {
    KS_W(0x85007E34, 0x44D58199), KS_W(0x5A074764, 0xCD4375A0), KS_W(0x4C22DFE6, 0xB5F723FB), KS_W(0xBD376388, 0x00000000)};
static const ks_limb KS_FLASH secp224r1_n[] = {
    KS_W(0x5C5C2A3D, 0x13DD2945), KS_W(0xE0B8F03E, 0xFFFF16A2), KS_W(0xFFFFFFFF, 0xFFFFFFFF), KS_W(0xFFFFFFFF, 0x00000000)};
#endif
#if KS_WITH_SECP256R1
const ks_limb KS_FLASH ks_secp256r1_p[] = {
    KS_W(0xFFFFFFFF, 0xFFFFFFFF), KS_W(0xFFFFFFFF, 0x00000000), KS_W(0x00000000, 0x00000000), KS_W(0x00000001, 0xFFFFFFFF)};
static const ks_limb KS_FLASH secp256r1_b[] = {
    KS_W(0x27D2604B, 0x3BCE3C3E), KS_W(0xCC53B0F6, 0x651D06B0), KS_W(0x769886BC, 0xB3EBBD55), KS_W(0xAA3A93E7, 0x5AC635D8)};
static const ks_limb KS_FLASH secp256r1_gx[] = {
    KS_W(0xD898C296, 0xF4A13945), KS_W(0x2DEB33A0, 0x77037D81), KS_W(0x63A440F2, 0xF8BCE6E5), KS_W(0xE12C4247, 0x6B17D1F2)};
static const ks_limb KS_FLASH secp256r1_gy[] = {
    KS_W(0x37BF51F5, 0xCBB64068), KS_W(0x6B315ECE, 0x2BCE3357), KS_W(0x7C0F9E16, 0x8EE7EB4A), KS_W(0xFE1A7F9B, 0x4FE342E2)};
static const ks_limb KS_FLASH secp256r1_n[] = {
    KS_W(0xFC632551, 0xF3B9CAC2), KS_W(0xA7179E84, 0xBCE6FAAD), KS_W(0xFFFFFFFF, 0xFFFFFFFF), KS_W(0x00000000, 0xFFFFFFFF)};
#endif

#if KS_EC_SPECIALIZE
#define KS_JAC(op, name) ks_jac_##op##_##name
#else
#define KS_JAC(op, name) ks_jac_##op##_generic
#endif

#if KS_FP_MONT
#define KS_FORM(name) , ks_fp_enc_##name, ks_fp_dec_##name
#else
#define KS_FORM(name)
#endif

/* A port's own r = a / 2 mod p for a curve (its port header defines KS_FP_HALF_<curve> as
   ks_fp_half_<curve>), else 0: ks_fp_half's portable code. */
#ifndef KS_FP_HALF_secp160r1
#define KS_FP_HALF_secp160r1 0
#endif
#ifndef KS_FP_HALF_secp192r1
#define KS_FP_HALF_secp192r1 0
#endif
#ifndef KS_FP_HALF_secp224r1
#define KS_FP_HALF_secp224r1 0
#endif
#ifndef KS_FP_HALF_secp256r1
#define KS_FP_HALF_secp256r1 0
#endif

/* A port's own point doubling and addition for a curve (its port header defines
   KS_JAC_DBL_<curve> as ks_jac_dbl_<curve>, KS_JAC_ADD_<curve> as ks_jac_add_<curve>, which
   its field file defines), else the formulas' (KS_JAC). */
#ifndef KS_JAC_DBL_secp160r1
#define KS_JAC_DBL_secp160r1 KS_JAC(dbl, secp160r1)
#endif
#ifndef KS_JAC_DBL_secp192r1
#define KS_JAC_DBL_secp192r1 KS_JAC(dbl, secp192r1)
#endif
#ifndef KS_JAC_DBL_secp224r1
#define KS_JAC_DBL_secp224r1 KS_JAC(dbl, secp224r1)
#endif
#ifndef KS_JAC_DBL_secp256r1
#define KS_JAC_DBL_secp256r1 KS_JAC(dbl, secp256r1)
#endif
#ifndef KS_JAC_ADD_secp160r1
#define KS_JAC_ADD_secp160r1 KS_JAC(add, secp160r1)
#endif
#ifndef KS_JAC_ADD_secp192r1
#define KS_JAC_ADD_secp192r1 KS_JAC(add, secp192r1)
#endif
#ifndef KS_JAC_ADD_secp224r1
#define KS_JAC_ADD_secp224r1 KS_JAC(add, secp224r1)
#endif
#ifndef KS_JAC_ADD_secp256r1
#define KS_JAC_ADD_secp256r1 KS_JAC(add, secp256r1)
#endif

#define KS_CURVE(name, pbits, nbits)                                                        \
    { KS_LIMBS(pbits), ((pbits) + 7) / 8, KS_LIMBS(nbits), ((nbits) + 7) / 8, (nbits),       \
      ks_##name##_p, name##_b, name##_gx, name##_gy, name##_n,                               \
      ks_fp_mul_##name, ks_fp_sqr_##name, ks_fp_add_##name, ks_fp_sub_##name,        \
      KS_FP_HALF_##name,                                                                     \
      KS_JAC_DBL_##name, KS_JAC_ADD_##name, KS_BASE_TABLE(name) KS_FORM(name) }

#if KS_WITH_SECP160R1
static const ks_curve c160 = KS_CURVE(secp160r1, 160, 161);
#endif
#if KS_WITH_SECP192R1
static const ks_curve c192 = KS_CURVE(secp192r1, 192, 192);
#endif
#if KS_WITH_SECP224R1
static const ks_curve c224 = KS_CURVE(secp224r1, 224, 224);
#endif
#if KS_WITH_SECP256R1
static const ks_curve c256 = KS_CURVE(secp256r1, 256, 256);
#endif

const ks_curve *ks_curve_get(int curve)
{
    switch (curve) {
#if KS_WITH_SECP160R1
    case 0: return &c160;
#endif
#if KS_WITH_SECP192R1
    case 1: return &c192;
#endif
#if KS_WITH_SECP224R1
    case 2: return &c224;
#endif
#if KS_WITH_SECP256R1
    case 3: return &c256;
#endif
    default: return 0;
    }
}
