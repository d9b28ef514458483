/* GF(p) of P-256, p = 2^256 - 2^224 + 2^192 + 2^96 - 1: FIPS 186-4 D.2.3. */
#include "ks_fp_impl.h"
#include "ks_fp64.h"

#if KS_WITH_SECP256R1
extern const ks_limb KS_FLASH ks_secp256r1_p[];
#if KS_FP_MONT
/* Montgomery form, R = 2^256 (ks_fp64.h). p = -1 mod 2^64, so REDC's factor for each
   round is the low limb m itself, and m p needs no general product: with
   p = (2^64 - 1) + (2^32 - 1) 2^64 + (2^64 - 2^32 + 1) 2^192, the lowest limb of t + m p is
   t0 + m (2^64 - 1) = m 2^64 (so 0, carrying m), the next gets m (2^32 - 1) + m = m 2^32,
   the third nothing, the fourth m (2^64 - 2^32 + 1): shifts, additions and (on x86-64,
   where the add-with-carry chain is what costs) one multiplication by that constant.
   The product itself is ks_bn_mul's product scanning, faster there than ks_fp64.h's rows. */
static const ks_limb p256[4] = {0xFFFFFFFFFFFFFFFF, 0x00000000FFFFFFFF, 0,
                                0xFFFFFFFF00000001};
static const ks_limb p256_r2[4] = {0x3, 0xFFFFFFFBFFFFFFFF, 0xFFFFFFFFFFFFFFFE,
                                   0x00000004FFFFFFFD}; /* R^2 mod p */

/* r = t R^-1 mod p for t < p R (8 limbs). After round i the value is divisible by
   2^(64 (i + 1)); the quotient t / R stays below (p^2 + R p) / R < 2p, and one masked
   subtraction of p ends it. */
KS_INLINE void reduce_secp256r1(ks_limb *r, const ks_limb *t_in)
{
    ks_limb t[8], top = 0;
    int i;
    memcpy(t, t_in, sizeof t);
#if KS_X86_CARRY
    KS_UNROLL for (i = 0; i < 4; i++) {
        const ks_limb m = t[i];
        ks_limb hi3, lo3;
        unsigned long long s;
        unsigned char c;
        /* m (2^64 - 2^32 + 1) = hi3 2^64 + lo3 with hi3 <= 2^64 - 2^32: hi3 + top cannot
           wrap */
        ks_mul_wide(m, 0xFFFFFFFF00000001, &hi3, &lo3);
        hi3 += top;
        c = _addcarry_u64(0, t[i + 1], m << 32, &s);
        t[i + 1] = s;
        c = _addcarry_u64(c, t[i + 2], m >> 32, &s);
        t[i + 2] = s;
        c = _addcarry_u64(c, t[i + 3], lo3, &s);
        t[i + 3] = s;
        c = _addcarry_u64(c, t[i + 4], hi3, &s);
        t[i + 4] = s;
        top = c;
    }
#else
    KS_UNROLL for (i = 0; i < 4; i++) {
        const ks_limb m = t[i];
        /* m (2^64 - 2^32 + 1) < 2^128 - 2^96 + 2^64: with t[i + 3] and a carry below 2^34
           it stays below 2^128 */
        const ks_dlimb m3 = ((ks_dlimb)m << 64) - ((ks_dlimb)m << 32) + m;
        ks_dlimb acc = (ks_dlimb)t[i + 1] + ((ks_dlimb)m << 32);
        t[i + 1] = (ks_limb)acc;
        acc = (acc >> 64) + t[i + 2];
        t[i + 2] = (ks_limb)acc;
        acc = (acc >> 64) + t[i + 3] + m3;
        t[i + 3] = (ks_limb)acc;
        acc = (acc >> 64) + t[i + 4] + top;
        t[i + 4] = (ks_limb)acc;
        top = (ks_limb)(acc >> 64);
    }
#endif
    ks_sub_p_n(r, t + 4, top, p256, 4);
}

KS_INLINE void mul_secp256r1(ks_limb *r, const ks_limb *a, const ks_limb *b)
{
    ks_limb t[8];
    ks_bn_mul(t, a, b, 4);
    reduce_secp256r1(r, t);
}

KS_INLINE void sqr_secp256r1(ks_limb *r, const ks_limb *a)
{
    ks_limb t[8];
    ks_bn_sqr(t, a, 4);
    reduce_secp256r1(r, t);
}
KS_MONT_FORM(secp256r1, p256_r2)
KS_FIELD_WRAPPERS(secp256r1, 4, ks_add_n(r, a, b, p256, 4), ks_sub_n(r, a, b, p256, 4))

#if KS_EC_SPECIALIZE
#define FADD(r, a, b) ks_add_n((r), (a), (b), p256, 4)
#define FSUB(r, a, b) ks_sub_n((r), (a), (b), p256, 4)
#endif
#else /* plain form: the NIST reduction */
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
/* Half-word i (16 bits) of a limb array. */
KS_INLINE int32_t h16(const ks_limb *t, int i)
{
#if KS_LIMB_BITS == 32
    return (int32_t)(uint16_t)(t[i >> 1] >> (16 * (i & 1)));
#elif KS_LIMB_BITS == 16
    return (int32_t)t[i];
#else
    return (int32_t)((uint16_t)t[2 * i] | ((uint16_t)t[2 * i + 1] << 8));
#endif
}

/* Column sums of 16-bit columns to 16-bit values; returns the carry. int32_t, not int64_t:
   two registers on the 16-bit targets, where clang-16 lowers int64 carries to branches. */
KS_INLINE int32_t carry16(int32_t *col)
{
    int32_t carry = 0;
    int i;
    for (i = 0; i < 16; i++) {
        int32_t v = col[i] + carry;
        col[i] = v & 0xFFFF;
        /* v >> 16 (arithmetic) from a logical shift of v + 2^31: avr-gcc sign-extends the
           plain shift with a skip (sbrc) on the sign bit */
        carry = (int32_t)((((uint32_t)v + 0x80000000u) >> 16) - 0x8000u);
    }
    return carry;
}

#define C(i) h16(t, 2 * (i) + h) /* half h of product word i */
KS_INLINE void reduce_secp256r1(ks_limb *r, const ks_limb *t)
{
    /* T + 2 s1 + 2 s2 + s3 + s4 - d1 - d2 - d3 - d4 (FIPS 186-4 D.2.3) by columns of 16-bit
       half-words: each 32-bit word's formula holds for its low and its high half alike
       (|sum| < 2^20). */
    int32_t col[16], top;
    ks_limb s[KS_LIMBS(256)], borrow;
    int h, i, round;
    for (h = 0; h < 2; h++) {
        col[0 + h] = C(0) + C(8) + C(9) - C(11) - C(12) - C(13) - C(14);
        col[2 + h] = C(1) + C(9) + C(10) - C(12) - C(13) - C(14) - C(15);
        col[4 + h] = C(2) + C(10) + C(11) - C(13) - C(14) - C(15);
        col[6 + h] = C(3) + 2 * C(11) + 2 * C(12) + C(13) - C(15) - C(8) - C(9);
        col[8 + h] = C(4) + 2 * C(12) + 2 * C(13) + C(14) - C(9) - C(10);
        col[10 + h] = C(5) + 2 * C(13) + 2 * C(14) + C(15) - C(10) - C(11);
        col[12 + h] = C(6) + C(13) + 3 * C(14) + 2 * C(15) - C(8) - C(9);
        col[14 + h] = C(7) + C(8) + 3 * C(15) - C(10) - C(11) - C(12) - C(13);
    }
    /* fold the carry out of 2^256 back twice, top (2^224 - 2^192 - 2^96 + 1): the value is
       then below 2^256 < 2p (as for ks_finish); one masked subtraction of p ends it */
    top = carry16(col);
    for (round = 0; round < 2; round++) {
        col[0] += top;
        col[6] -= top;
        col[12] -= top;
        col[14] += top;
        top = carry16(col);
    }
    for (i = 0; i < KS_LIMBS(256); i++) {
#if KS_LIMB_BITS == 32
        r[i] = (uint32_t)col[2 * i] | ((uint32_t)col[2 * i + 1] << 16);
#else
        r[i] = (ks_limb)(col[i / (16 / KS_LIMB_BITS)] >> (KS_LIMB_BITS * (i % (16 / KS_LIMB_BITS))));
#endif
    }
    ks_bn_from_flash(s, ks_secp256r1_p, KS_LIMBS(256));
    borrow = ks_bn_sub(s, r, s, KS_LIMBS(256));
    ks_bn_cmov(r, s, KS_LIMBS(256), KS_MASK(borrow ^ 1));
}
#undef C
#endif
KS_FIELD_OPS(secp256r1, KS_LIMBS(256))
#if KS_EC_SPECIALIZE
#define FADD(r, a, b) KS_FADD(secp256r1, KS_LIMBS(256), r, a, b)
#define FSUB(r, a, b) KS_FSUB(secp256r1, KS_LIMBS(256), r, a, b)
#endif
#endif

#if KS_EC_SPECIALIZE
#define KS_F_DBL ks_jac_dbl_secp256r1
#define KS_F_ADD ks_jac_add_secp256r1
#define FMUL(r, a, b) mul_secp256r1((r), (a), (b))
#define FSQR(r, a) sqr_secp256r1((r), (a))
#define KS_F_N KS_LIMBS(256)
#include "ks_ec_formulas.h"
#endif
#endif
