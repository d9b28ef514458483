/* GF(p) of P-256, p = 2^256 - 2^224 + 2^192 + 2^96 - 1: FIPS 186-4 D.2.3. */
#include "ks_fp_impl.h"

#if KS_WITH_SECP256R1
extern const ks_limb KS_FLASH ks_secp256r1_p[];
#if KS_LIMB_BITS == 64
KS_INLINE void reduce_secp256r1(ks_limb *r, const ks_limb *t)
{
    /* The same sum T + 2 s1 + 2 s2 + s3 + s4 - d1 - d2 - d3 - d4 on 64-bit limbs, each term a
       256-bit vector of product words, accumulated over 5p so that it stays non-negative:
       0 <= acc < 12 * 2^256. With top = acc >> 256, acc - top * p = (acc mod 2^256)
       + top (2^256 - p) lies in [0, 2^256 + 11 * 2^224) < 2p: one masked subtraction of p
       ends it. Carries only: constant time. */
    const uint64_t LO = 0xFFFFFFFF, HI = ~LO;
    static const uint64_t p5[5] = {0xFFFFFFFFFFFFFFFB, 0x4FFFFFFFF, 0, 0xFFFFFFFB00000005, 4};
    const uint64_t t4 = t[4], t5 = t[5], t6 = t[6], t7 = t[7];
    uint64_t acc[5], v[5], pl[5], s[5], top, hi, lo;
    ks_limb c;
    int i;
    memcpy(acc, p5, sizeof acc);
#define KS_ACC(op, l0, l1, l2, l3)                                          \
    do {                                                                    \
        s[0] = (l0); s[1] = (l1); s[2] = (l2); s[3] = (l3); s[4] = 0;       \
        if (op > 0) { ks_bn_add(acc, acc, s, 5); }                          \
        else { ks_bn_sub(acc, acc, s, 5); }                                 \
    } while (0)
    KS_ACC(1, t[0], t[1], t[2], t[3]);                                        /* T  */
    KS_ACC(1, 0, t5 & HI, t6, t7);                                            /* s1 */
    KS_ACC(1, 0, t5 & HI, t6, t7);
    KS_ACC(1, 0, t6 << 32, (t6 >> 32) | (t7 << 32), t7 >> 32);                /* s2 */
    KS_ACC(1, 0, t6 << 32, (t6 >> 32) | (t7 << 32), t7 >> 32);
    KS_ACC(1, t4, t5 & LO, 0, t7);                                            /* s3 */
    KS_ACC(1, (t4 >> 32) | (t5 << 32), (t5 >> 32) | (t6 & HI), t7,
           (t6 >> 32) | (t4 << 32));                                          /* s4 */
    KS_ACC(-1, (t5 >> 32) | (t6 << 32), t6 >> 32, 0, (t4 & LO) | (t5 << 32)); /* d1 */
    KS_ACC(-1, t6, t7, 0, (t4 >> 32) | (t5 & HI));                            /* d2 */
    KS_ACC(-1, (t6 >> 32) | (t7 << 32), (t7 >> 32) | (t4 << 32),
           (t4 >> 32) | (t5 << 32), t6 << 32);                                /* d3 */
    KS_ACC(-1, t7, t4 & HI, t5, t6 & HI);                                     /* d4 */
#undef KS_ACC
    /* acc -= top * p, top <= 11 */
    top = acc[4];
    c = 0;
    for (i = 0; i < 4; i++) {
        ks_mul_wide(top, KS_READ_LIMB(&ks_secp256r1_p[i]), &hi, &lo);
        lo += c;
        hi += lo < c;
        v[i] = lo;
        c = hi;
    }
    v[4] = c;
    ks_bn_sub(acc, acc, v, 5);
    /* below 2p: subtract p once unless that borrows */
    ks_bn_from_flash(pl, ks_secp256r1_p, 4);
    pl[4] = 0;
    c = ks_bn_sub(v, acc, pl, 5);
    ks_bn_cmov(acc, v, 4, KS_MASK(c ^ 1));
    memcpy(r, acc, 4 * sizeof(uint64_t));
}
#else
/* col += top * (2^256 mod p) = top (2^224 - 2^192 - 2^96 + 1) */
KS_INLINE void fold_secp256r1(int64_t *col, int64_t top)
{
    col[0] += top;
    col[3] -= top;
    col[6] -= top;
    col[7] += top;
}

#define C(i) w32(t, i) /* product word i, read where used: no copy on the stack */
KS_INLINE void reduce_secp256r1(ks_limb *r, const ks_limb *t)
{
    /* T + 2 s1 + 2 s2 + s3 + s4 - d1 - d2 - d3 - d4 (FIPS 186-4 D.2.3), by columns. */
    int64_t col[8];
    col[0] = C(0) + C(8) + C(9) - C(11) - C(12) - C(13) - C(14);
    col[1] = C(1) + C(9) + C(10) - C(12) - C(13) - C(14) - C(15);
    col[2] = C(2) + C(10) + C(11) - C(13) - C(14) - C(15);
    col[3] = C(3) + 2 * C(11) + 2 * C(12) + C(13) - C(15) - C(8) - C(9);
    col[4] = C(4) + 2 * C(12) + 2 * C(13) + C(14) - C(9) - C(10);
    col[5] = C(5) + 2 * C(13) + 2 * C(14) + C(15) - C(10) - C(11);
    col[6] = C(6) + C(13) + 3 * C(14) + 2 * C(15) - C(8) - C(9);
    col[7] = C(7) + C(8) + 3 * C(15) - C(10) - C(11) - C(12) - C(13);
    ks_finish(r, col, 8, 0, fold_secp256r1, ks_secp256r1_p);
}
#undef C
#endif
KS_FIELD_OPS(secp256r1, KS_LIMBS(256))

#if KS_EC_SPECIALIZE
#define KS_F_DBL ks_jac_dbl_secp256r1
#define KS_F_ADD ks_jac_add_secp256r1
#define FMUL(r, a, b) mul_secp256r1((r), (a), (b))
#define FSQR(r, a) sqr_secp256r1((r), (a))
#define FADD(r, a, b) ks_add_mod((r), (a), (b), ks_secp256r1_p, KS_LIMBS(256))
#define FSUB(r, a, b) ks_sub_mod((r), (a), (b), ks_secp256r1_p, KS_LIMBS(256))
#define KS_F_N KS_LIMBS(256)
#include "ks_ec_formulas.h"
#endif
#endif
