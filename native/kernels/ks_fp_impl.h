/*
 * What the per-curve field files (ks_fp_secp*.c) share: addition and subtraction mod p, and
 * the pieces of the fast reductions that follow the schoolbook product (ks_bn.h). Internal.
 * The portable reductions work on the product's 32-bit words whatever the limb size:
 *   secp160r1  p = 2^160 - 2^31 - 1            2^160 = 2^31 + 1              (SEC 2)
 *   P-192      p = 2^192 - 2^64 - 1             FIPS 186-4 D.2.1 (Solinas)
 *   P-224      p = 2^224 - 2^96 + 1             FIPS 186-4 D.2.2
 *   P-256      p = 2^256 - 2^224 + 2^192 + 2^96 - 1   FIPS 186-4 D.2.3
 * Each output word is a signed sum of product words in a column accumulator (int64 here,
 * for P-192/224 on the host; P-256 and secp160r1 have their own, see their files); the
 * carry out of the top is folded back twice (2^bits mod p is a short signed sum of powers of
 * 2^32), which provably leaves a value below 2^bits < 2p, and one masked subtraction of p
 * ends it. No step depends on the values: constant time.
 * With 64-bit limbs, secp160r1 and P-256 (the curves the benchmarks watch) have code of their
 * own (their files): with __int128 (KS_FP_MONT) straight-line limb code, P-256 in Montgomery
 * form (ks_fp64.h); without it the same identities on whole limbs with carry chains.
 * Signed >> on int64_t / int32_t is arithmetic on every compiler we target (gcc, clang, avr-gcc).
 */
#ifndef KS_FP_IMPL_H
#define KS_FP_IMPL_H

#include "ks_curve.h"
#include "ks_fp64.h"

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

/* Word i (32 bits) of a limb array, unsigned. */
KS_INLINE uint32_t u32(const ks_limb *t, int i)
{
    return (uint32_t)w32(t, i);
}

/* Limbs from nw 32-bit words (nw even when limbs are 64 bits). Moves and shifts only. The
   secp160r1 reduction on limbs narrower than 64 bits adds such vectors with ks_bn_add
   instead of summing int64 columns: on the 16-bit MSP430, clang-16 lowers int64 carries
   (any carry out of an add wider than two words) to compare-and-jump code, which is not
   constant time. */
KS_INLINE void ks_w32_to_limbs(ks_limb *v, const uint32_t *w, int nw)
{
    int i;
#if KS_LIMB_BITS == 64
    for (i = 0; 2 * i < nw; i++) {
        v[i] = (uint64_t)w[2 * i] | ((uint64_t)w[2 * i + 1] << 32);
    }
#else
    for (i = 0; i < nw * (32 / KS_LIMB_BITS); i++) {
        v[i] = (ks_limb)(w[i / (32 / KS_LIMB_BITS)] >> (KS_LIMB_BITS * (i % (32 / KS_LIMB_BITS))));
    }
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
   is added to the columns by fold(col, top): the carry out of the top is folded back twice, which leaves a
   value below 2^(32 nw) < 2p (shown for each curve below), then p is subtracted under a
   mask if the value is not below it. */
KS_INLINE void ks_finish(ks_limb *r, int64_t *col, int nw, int64_t top0,
                         void (*fold)(int64_t *col, int64_t top),
                         const ks_limb *p)
{
    ks_limb t[KS_FE_MAX], pl[KS_FE_MAX], borrow;
    const int fl = KS_LIMBS(32 * nw);
    int i, round;
    int64_t top = ks_carry(col, nw) + top0;
    for (round = 0; round < 2; round++) {
        fold(col, top);
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
   is not below p. r may alias a or b. (No copies of a and b: a wide copy right after the
   narrow stores that wrote them stalls on store forwarding.) */
KS_INLINE void ks_add_mod(ks_limb *r, const ks_limb *a, const ks_limb *b, const ks_limb *p,
                          size_t n)
{
    ks_limb s[KS_FE_MAX], t[KS_FE_MAX], pl[KS_FE_MAX];
    ks_limb carry, borrow;
    size_t i;
    ks_bn_from_flash(pl, p, n);
    carry = ks_bn_add(s, a, b, n);
    borrow = ks_bn_sub(t, s, pl, n);
    ks_bn_cmov(s, t, n, KS_MASK(carry | (borrow ^ 1)));
    for (i = 0; i < n; i++) {
        r[i] = s[i];
    }
}

/* r = a - b mod p: p is added back (masked) when the difference borrowed. */
KS_INLINE void ks_sub_mod(ks_limb *r, const ks_limb *a, const ks_limb *b, const ks_limb *p,
                          size_t n)
{
    ks_limb s[KS_FE_MAX], pl[KS_FE_MAX], mask;
    size_t i;
    mask = KS_MASK(ks_bn_sub(s, a, b, n));
    for (i = 0; i < n; i++) {
        pl[i] = (ks_limb)(KS_READ_LIMB(&p[i]) & mask);
    }
    ks_bn_add(s, s, pl, n);
    for (i = 0; i < n; i++) {
        r[i] = s[i];
    }
}

/* A field kept in plain form where others use Montgomery form (KS_FP_MONT): its encoding
   and decoding do nothing. */
#if KS_FP_MONT
#define KS_PLAIN_FIELD(name)                                                \
    void ks_fp_enc_##name(ks_limb *a)                                       \
    {                                                                       \
        (void)a;                                                            \
    }                                                                       \
    void ks_fp_dec_##name(ks_limb *a)                                       \
    {                                                                       \
        (void)a;                                                            \
    }
#else
#define KS_PLAIN_FIELD(name)
#endif

/* The field operations of one curve, with its limb count a constant (unrolled loops): inline
   versions for the curve's own point formulas (KS_EC_SPECIALIZE) and the out-of-line ones
   of the curve table. KS_FIELD_WRAPPERS makes the out-of-line ones for a field file that
   writes its own inline mul_<name> and sqr_<name>, and add and sub as statements on r, a, b. */
#define KS_FIELD_WRAPPERS(name, FL, add_stmt, sub_stmt)                     \
    void ks_fp_add_##name(ks_limb *r, const ks_limb *a, const ks_limb *b)   \
    {                                                                       \
        add_stmt;                                                           \
    }                                                                       \
    void ks_fp_sub_##name(ks_limb *r, const ks_limb *a, const ks_limb *b)   \
    {                                                                       \
        sub_stmt;                                                           \
    }                                                                       \
    void ks_fp_mul_##name(ks_limb *r, const ks_limb *a, const ks_limb *b)   \
    {                                                                       \
        mul_##name(r, a, b);                                                \
    }                                                                       \
    void ks_fp_sqr_##name(ks_limb *r, const ks_limb *a)                     \
    {                                                                       \
        sqr_##name(r, a);                                                   \
    }

#if KS_FP_MONT
/* 64-bit limbs with __int128: the straight-line products and add/sub of ks_fp64.h */
#define KS_FIELD_OPS(name, FL)                                              \
    KS_INLINE void mul_##name(ks_limb *r, const ks_limb *a, const ks_limb *b) \
    {                                                                       \
        ks_limb t[2 * (FL)];                                                \
        ks_mul_n(t, a, b, FL);                                              \
        reduce_##name(r, t);                                                \
    }                                                                       \
    KS_INLINE void sqr_##name(ks_limb *r, const ks_limb *a)                 \
    {                                                                       \
        ks_limb t[2 * (FL)];                                                \
        ks_sqr_n(t, a, FL);                                                 \
        reduce_##name(r, t);                                                \
    }                                                                       \
    KS_FIELD_WRAPPERS(name, FL, ks_add_n(r, a, b, ks_##name##_p, FL),       \
                      ks_sub_n(r, a, b, ks_##name##_p, FL))
#define KS_FADD(name, FL, r, a, b) ks_add_n((r), (a), (b), ks_##name##_p, FL)
#define KS_FSUB(name, FL, r, a, b) ks_sub_n((r), (a), (b), ks_##name##_p, FL)
#else
#define KS_FIELD_OPS(name, FL)                                              \
    KS_INLINE void mul_##name(ks_limb *r, const ks_limb *a, const ks_limb *b) \
    {                                                                       \
        ks_limb t[2 * (FL)];                                                \
        ks_bn_mul(t, a, b, FL);                                             \
        reduce_##name(r, t);                                                \
    }                                                                       \
    KS_INLINE void sqr_##name(ks_limb *r, const ks_limb *a)                 \
    {                                                                       \
        ks_limb t[2 * (FL)];                                                \
        ks_bn_sqr(t, a, FL);                                                \
        reduce_##name(r, t);                                                \
    }                                                                       \
    KS_FIELD_WRAPPERS(name, FL, ks_add_mod(r, a, b, ks_##name##_p, FL),     \
                      ks_sub_mod(r, a, b, ks_##name##_p, FL))
#define KS_FADD(name, FL, r, a, b) ks_add_mod((r), (a), (b), ks_##name##_p, FL)
#define KS_FSUB(name, FL, r, a, b) ks_sub_mod((r), (a), (b), ks_##name##_p, FL)
#endif

/* C add/sub mod p, for the motes' ports where the assembly has only a curve's products (P-192/224). */
#define KS_C_ADD_SUB_OPS(name, FL)                                          \
    void ks_fp_add_##name(ks_limb *r, const ks_limb *a, const ks_limb *b)   \
    {                                                                       \
        ks_add_mod(r, a, b, ks_##name##_p, FL);                             \
    }                                                                       \
    void ks_fp_sub_##name(ks_limb *r, const ks_limb *a, const ks_limb *b)   \
    {                                                                       \
        ks_sub_mod(r, a, b, ks_##name##_p, FL);                             \
    }

/* A port that has field operations of its own (assembly) names, in its port header
   (KS_PORT_HEADER), a header that redefines KS_FIELD_OPS on top of the definitions above:
   KS_FP_PORT_HEADER, included here. The kernels know no port by name. */
#ifdef KS_FP_PORT_HEADER
#include KS_FP_PORT_HEADER
#endif

#endif
