/* GF(p) of P-224, p = 2^224 - 2^96 + 1: the fast reduction of FIPS 186-4 D.2.2. */
#include "ks_fp_impl.h"

#if KS_WITH_SECP224R1
extern const ks_limb KS_FLASH ks_secp224r1_p[];
/* col += top * (2^224 mod p) = top (2^96 - 1) */
KS_INLINE void fold_secp224r1(int64_t *col, int64_t top)
{
    col[0] -= top;
    col[3] += top;
}

#define C(i) w32(t, i) /* product word i, read where used: no copy on the stack */
KS_INLINE void reduce_secp224r1(ks_limb *r, const ks_limb *t)
{
    /* T + s1 + s2 - d1 - d2 (FIPS 186-4 D.2.2). */
    int64_t col[7];
    col[0] = C(0) - C(7) - C(11);
    col[1] = C(1) - C(8) - C(12);
    col[2] = C(2) - C(9) - C(13);
    col[3] = C(3) + C(7) + C(11) - C(10);
    col[4] = C(4) + C(8) + C(12) - C(11);
    col[5] = C(5) + C(9) + C(13) - C(12);
    col[6] = C(6) + C(10) - C(13);
    ks_finish(r, col, 7, 0, fold_secp224r1, ks_secp224r1_p);
}
#undef C
KS_FIELD_OPS(secp224r1, KS_LIMBS(224))
KS_PLAIN_FIELD(secp224r1)

#if KS_EC_SPECIALIZE
#define KS_F_DBL ks_jac_dbl_secp224r1
#define KS_F_ADD ks_jac_add_secp224r1
#define FMUL(r, a, b) mul_secp224r1((r), (a), (b))
#define FSQR(r, a) sqr_secp224r1((r), (a))
#define FADD(r, a, b) KS_FADD(secp224r1, KS_LIMBS(224), r, a, b)
#define FSUB(r, a, b) KS_FSUB(secp224r1, KS_LIMBS(224), r, a, b)
#define KS_F_N KS_LIMBS(224)
#include "ks_ec_formulas.h"
#endif
#endif
