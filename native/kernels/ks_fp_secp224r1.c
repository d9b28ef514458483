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

KS_INLINE void reduce_secp224r1(ks_limb *r, const ks_limb *t)
{
    /* T + s1 + s2 - d1 - d2 (FIPS 186-4 D.2.2). */
    int64_t c[14], col[7];
    int i;
    for (i = 0; i < 14; i++) {
        c[i] = w32(t, i);
    }
    col[0] = c[0] - c[7] - c[11];
    col[1] = c[1] - c[8] - c[12];
    col[2] = c[2] - c[9] - c[13];
    col[3] = c[3] + c[7] + c[11] - c[10];
    col[4] = c[4] + c[8] + c[12] - c[11];
    col[5] = c[5] + c[9] + c[13] - c[12];
    col[6] = c[6] + c[10] - c[13];
    ks_finish(r, col, 7, 0, fold_secp224r1, ks_secp224r1_p);
}
KS_FIELD_OPS(secp224r1, KS_LIMBS(224))
#endif
