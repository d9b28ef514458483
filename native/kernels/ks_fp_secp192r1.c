/* GF(p) of P-192, p = 2^192 - 2^64 - 1: the fast reduction of FIPS 186-4 D.2.1. */
#include "ks_fp_impl.h"

#if KS_WITH_SECP192R1
extern const ks_limb KS_FLASH ks_secp192r1_p[];
/* col += top * (2^192 mod p) = top (2^64 + 1) */
KS_INLINE void fold_secp192r1(int64_t *col, int64_t top)
{
    col[0] += top;
    col[2] += top;
}

#define C(i) w32(t, i) /* product word i, read where used: no copy on the stack */
KS_INLINE void reduce_secp192r1(ks_limb *r, const ks_limb *t)
{
    /* T + (0,C3,C3) + (C4,C4,0) + (C5,C5,C5) in 64-bit words Ci = (c[2i+1], c[2i]). */
    int64_t col[6];
    col[0] = C(0) + C(6) + C(10);
    col[1] = C(1) + C(7) + C(11);
    col[2] = C(2) + C(6) + C(8) + C(10);
    col[3] = C(3) + C(7) + C(9) + C(11);
    col[4] = C(4) + C(8) + C(10);
    col[5] = C(5) + C(9) + C(11);
    ks_finish(r, col, 6, 0, fold_secp192r1, ks_secp192r1_p);
}
#undef C
KS_FIELD_OPS(secp192r1, KS_LIMBS(192))
KS_PLAIN_FIELD(secp192r1)

#if KS_EC_SPECIALIZE
#define KS_F_DBL ks_jac_dbl_secp192r1
#define KS_F_ADD ks_jac_add_secp192r1
#define FMUL(r, a, b) mul_secp192r1((r), (a), (b))
#define FSQR(r, a) sqr_secp192r1((r), (a))
#define FADD(r, a, b) KS_FADD(secp192r1, KS_LIMBS(192), r, a, b)
#define FSUB(r, a, b) KS_FSUB(secp192r1, KS_LIMBS(192), r, a, b)
#define KS_F_N KS_LIMBS(192)
#include "ks_ec_formulas.h"
#endif
#endif
