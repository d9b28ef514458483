/*
 * The field operations of each curve: addition and subtraction mod p, and multiplication: a schoolbook product (ks_bn.h) followed by the curve's
 * fast reduction, computed on the product's 32-bit words whatever the limb size:
 *   secp160r1  p = 2^160 - 2^31 - 1            2^160 = 2^31 + 1              (SEC 2)
 *   P-192      p = 2^192 - 2^64 - 1             FIPS 186-4 D.2.1 (Solinas)
 *   P-224      p = 2^224 - 2^96 + 1             FIPS 186-4 D.2.2
 *   P-256      p = 2^256 - 2^224 + 2^192 + 2^96 - 1   FIPS 186-4 D.2.3
 * Each output word is a signed sum of product words in a 64-bit column accumulator; the
 * carry out of the top is folded back twice (2^bits mod p is a short signed sum of powers of
 * 2^32), which provably leaves a value below 2^bits < 2p, and one masked subtraction of p
 * ends it. No step depends on the values: constant time.
 * Signed >> on int64_t is arithmetic on every compiler we target (gcc, clang, avr-gcc).
 */
#include "ks_curve.h"

/* Word i (32 bits) of a limb array. */
KS_INLINE int64_t w32(const ks_limb *t, int i)
{
#if KS_LIMB_BITS == 64
    return (int64_t)(uint32_t)(t[i >> 1] >> (32 * (i & 1)));
#elif KS_LIMB_BITS == 32
    return (int64_t)t[i];
#elif KS_LIMB_BITS == 16
    return (int64_t)((uint32_t)t[2 * i] | ((uint32_t)t[2 * i + 1] << 16));
#else
    return (int64_t)((uint32_t)t[4 * i] | ((uint32_t)t[4 * i + 1] << 8)
                     | ((uint32_t)t[4 * i + 2] << 16) | ((uint32_t)t[4 * i + 3] << 24));
#endif
}

/* Turns column sums into 32-bit words (in place, as int64 in [0, 2^32)); returns the carry. */
KS_INLINE int64_t ks_carry(int64_t *col, int nw)
{
    int64_t carry = 0;
    int i;
    for (i = 0; i < nw; i++) {
        int64_t v = col[i] + carry;
        col[i] = v & 0xFFFFFFFF;
        carry = v >> 32;
    }
    return carry;
}

/* r = (columns + top0 2^(32 nw)) mod p, for a field of nw 32-bit words whose 2^(32 nw) mod p
   is sum fold[i] 2^(32 i): the carry out of the top is folded back twice, which leaves a
   value below 2^(32 nw) < 2p (shown for each curve below), then p is subtracted under a
   mask if the value is not below it. */
KS_INLINE void ks_finish(ks_limb *r, int64_t *col, int nw, int64_t top0, const int64_t *fold,
                         const ks_limb *p)
{
    ks_limb t[KS_FE_MAX], pl[KS_FE_MAX], borrow;
    const int fl = KS_LIMBS(32 * nw);
    int i, round;
    int64_t top = ks_carry(col, nw) + top0;
    for (round = 0; round < 2; round++) {
        for (i = 0; i < nw; i++) {
            col[i] += top * fold[i];
        }
        top = ks_carry(col, nw);
    }
    for (i = 0; i < fl; i++) {
#if KS_LIMB_BITS == 64
        uint64_t hi = 2 * i + 1 < nw ? (uint64_t)col[2 * i + 1] : 0;
        r[i] = (uint64_t)col[2 * i] | (hi << 32);
#else
        r[i] = (ks_limb)((uint32_t)col[i / (32 / KS_LIMB_BITS)] >> (KS_LIMB_BITS * (i % (32 / KS_LIMB_BITS))));
#endif
    }
    ks_bn_from_flash(pl, p, fl);
    borrow = ks_bn_sub(t, r, pl, fl);
    ks_bn_cmov(r, t, fl, KS_MASK(borrow ^ 1));
}

/* r = a + b mod p: a + b < 2p, so p is subtracted (under a mask) when the sum carried out or
   is not below p. */
KS_INLINE void ks_add_mod(ks_limb *r, const ks_limb *a, const ks_limb *b, const ks_limb *p,
                          size_t n)
{
    ks_limb t[KS_FE_MAX], pl[KS_FE_MAX], carry, borrow;
    ks_bn_from_flash(pl, p, n);
    carry = ks_bn_add(r, a, b, n);
    borrow = ks_bn_sub(t, r, pl, n);
    ks_bn_cmov(r, t, n, KS_MASK(carry | (borrow ^ 1)));
}

/* r = a - b mod p: p is added back (masked) when the difference borrowed. */
KS_INLINE void ks_sub_mod(ks_limb *r, const ks_limb *a, const ks_limb *b, const ks_limb *p,
                          size_t n)
{
    ks_limb pl[KS_FE_MAX], mask;
    size_t i;
    mask = KS_MASK(ks_bn_sub(r, a, b, n));
    for (i = 0; i < n; i++) {
        pl[i] = (ks_limb)(KS_READ_LIMB(&p[i]) & mask);
    }
    ks_bn_add(r, r, pl, n);
}

/* The field operations of one curve, with its limb count a constant (unrolled loops). */
#define KS_FIELD_OPS(name, FL)                                              \
    void ks_fp_add_##name(ks_limb *r, const ks_limb *a, const ks_limb *b)   \
    {                                                                       \
        ks_add_mod(r, a, b, ks_##name##_p, FL);                             \
    }                                                                       \
    void ks_fp_sub_##name(ks_limb *r, const ks_limb *a, const ks_limb *b)   \
    {                                                                       \
        ks_sub_mod(r, a, b, ks_##name##_p, FL);                             \
    }                                                                       \
    void ks_fp_mul_##name(ks_limb *r, const ks_limb *a, const ks_limb *b)   \
    {                                                                       \
        ks_limb t[2 * (FL)];                                                \
        ks_bn_mul(t, a, b, FL);                                             \
        reduce_##name(r, t);                                                \
    }                                                                       \
    void ks_fp_sqr_##name(ks_limb *r, const ks_limb *a)                     \
    {                                                                       \
        ks_limb t[2 * (FL)];                                                \
        ks_bn_sqr(t, a, FL);                                                \
        reduce_##name(r, t);                                                \
    }

#if KS_WITH_SECP160R1
extern const ks_limb KS_FLASH ks_secp160r1_p[];
KS_INLINE void reduce_secp160r1(ks_limb *r, const ks_limb *t)
{
    /* t = lo + hi * 2^160 = lo + hi + hi * 2^31 (mod p), hi = words 5..9. */
    static const int64_t fold[5] = {((int64_t)1 << 31) + 1, 0, 0, 0, 0}; /* 2^160 mod p */
    int64_t col[5], h[5];
    int i;
    for (i = 0; i < 5; i++) {
        h[i] = w32(t, 5 + i);
    }
    for (i = 0; i < 5; i++) {
        col[i] = w32(t, i) + h[i] + ((h[i] & 1) << 31) + (i > 0 ? h[i - 1] >> 1 : 0);
    }
    /* hi >> 1 reaches word 5 (2^160); the whole top, below 2^31 + 2 (t < 2^160 (2^31 + 2)),
       times 2^31 + 1 stays below 2^63 */
    ks_finish(r, col, 5, h[4] >> 1, fold, ks_secp160r1_p);
}
KS_FIELD_OPS(secp160r1, KS_LIMBS(160))
#endif

#if KS_WITH_SECP192R1
extern const ks_limb KS_FLASH ks_secp192r1_p[];
KS_INLINE void reduce_secp192r1(ks_limb *r, const ks_limb *t)
{
    /* T + (0,C3,C3) + (C4,C4,0) + (C5,C5,C5) in 64-bit words Ci = (c[2i+1], c[2i]). */
    static const int64_t fold[6] = {1, 0, 1, 0, 0, 0}; /* 2^192 = 2^64 + 1 */
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
    ks_finish(r, col, 6, 0, fold, ks_secp192r1_p);
}
KS_FIELD_OPS(secp192r1, KS_LIMBS(192))
#endif

#if KS_WITH_SECP224R1
extern const ks_limb KS_FLASH ks_secp224r1_p[];
KS_INLINE void reduce_secp224r1(ks_limb *r, const ks_limb *t)
{
    /* T + s1 + s2 - d1 - d2 (FIPS 186-4 D.2.2). */
    static const int64_t fold[7] = {-1, 0, 0, 1, 0, 0, 0}; /* 2^224 = 2^96 - 1 */
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
    ks_finish(r, col, 7, 0, fold, ks_secp224r1_p);
}
KS_FIELD_OPS(secp224r1, KS_LIMBS(224))
#endif

#if KS_WITH_SECP256R1
extern const ks_limb KS_FLASH ks_secp256r1_p[];
KS_INLINE void reduce_secp256r1(ks_limb *r, const ks_limb *t)
{
    /* T + 2 s1 + 2 s2 + s3 + s4 - d1 - d2 - d3 - d4 (FIPS 186-4 D.2.3), by columns. */
    static const int64_t fold[8] = {1, 0, 0, -1, 0, 0, -1, 1}; /* 2^256 mod p */
    int64_t c[16], col[8];
    int i;
    for (i = 0; i < 16; i++) {
        c[i] = w32(t, i);
    }
    col[0] = c[0] + c[8] + c[9] - c[11] - c[12] - c[13] - c[14];
    col[1] = c[1] + c[9] + c[10] - c[12] - c[13] - c[14] - c[15];
    col[2] = c[2] + c[10] + c[11] - c[13] - c[14] - c[15];
    col[3] = c[3] + 2 * c[11] + 2 * c[12] + c[13] - c[15] - c[8] - c[9];
    col[4] = c[4] + 2 * c[12] + 2 * c[13] + c[14] - c[9] - c[10];
    col[5] = c[5] + 2 * c[13] + 2 * c[14] + c[15] - c[10] - c[11];
    col[6] = c[6] + c[13] + 3 * c[14] + 2 * c[15] - c[8] - c[9];
    col[7] = c[7] + c[8] + 3 * c[15] - c[10] - c[11] - c[12] - c[13];
    ks_finish(r, col, 8, 0, fold, ks_secp256r1_p);
}
KS_FIELD_OPS(secp256r1, KS_LIMBS(256))
#endif
