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

KS_INLINE void reduce_secp192r1(ks_limb *r, const ks_limb *t)
{
    /* T + (0,C3,C3) + (C4,C4,0) + (C5,C5,C5) in 64-bit words Ci = (c[2i+1], c[2i]). */
    int64_t c[12], col[6];
    int i;
    for (i = 0; i < 12; i++) {
        c[i] = w32(t, i);
    }
    col[0] = c[0] + c[6] + c[10];
    col[1] = c[1] + c[7] + c[11];
    col[2] = c[2] + c[6] + c[8] + c[10];
    col[3] = c[3] + c[7] + c[9] + c[11];
    col[4] = c[4] + c[8] + c[10];
    col[5] = c[5] + c[9] + c[11];
    ks_finish(r, col, 6, 0, fold_secp192r1, ks_secp192r1_p);
}
KS_FIELD_OPS(secp192r1, KS_LIMBS(192))
#endif
