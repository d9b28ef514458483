/* GF(p) of secp160r1, p = 2^160 - 2^31 - 1 (SEC 2): 2^160 = 2^31 + 1 mod p. */
#include "ks_fp_impl.h"
#include "ks_fp64.h"

#if KS_WITH_SECP160R1
extern const ks_limb KS_FLASH ks_secp160r1_p[];
#if KS_FP_MONT
/* 64-bit limbs with a double-width product (ks_fp64.h): one carry chain per step. */
static const ks_limb p160[3] = {0xFFFFFFFF7FFFFFFF, 0xFFFFFFFFFFFFFFFF, 0x00000000FFFFFFFF};

KS_INLINE void reduce_secp160r1(ks_limb *r, const ks_limb *t)
{
    /* t = lo + hi 2^160 = lo + hi + hi 2^31 (mod p), lo = t mod 2^160, hi = t >> 160 (below
       2^160: t < 2^320). lo + hi + hi 2^31 < 2^161 + 2^191 < 2^192: three limbs. */
    const ks_limb LO = 0xFFFFFFFF;
    const ks_limb h0 = (t[2] >> 32) | (t[3] << 32), h1 = (t[3] >> 32) | (t[4] << 32),
                  h2 = (t[4] >> 32) | (t[5] << 32);
    ks_limb v0, v1, v2, top, v[3];
    ks_dlimb acc;
    acc = (ks_dlimb)t[0] + h0 + (ks_limb)(h0 << 31);
    v0 = (ks_limb)acc;
    acc = (acc >> 64) + t[1] + h1 + (ks_limb)((h0 >> 33) | (h1 << 31));
    v1 = (ks_limb)acc;
    v2 = (ks_limb)((acc >> 64) + (t[2] & LO) + h2 + ((h1 >> 33) | (h2 << 31)));
    /* fold the bits above 2^160 once: top < 2^32, top (2^31 + 1) < 2^64, which leaves a value
       below 2^160 + 2^64 < 2p; one masked subtraction of p ends it */
    top = v2 >> 32;
    acc = (ks_dlimb)v0 + top + (top << 31);
    v0 = (ks_limb)acc;
    acc = (acc >> 64) + v1;
    v1 = (ks_limb)acc;
    v2 = (ks_limb)((acc >> 64) + (v2 & LO));
    v[0] = v0;
    v[1] = v1;
    v[2] = v2;
    ks_sub_p_n(r, v, 0, p160, 3);
}

KS_INLINE void mul_secp160r1(ks_limb *r, const ks_limb *a, const ks_limb *b)
{
    ks_limb t[6];
    ks_mul_n(t, a, b, 3);
    reduce_secp160r1(r, t);
}

KS_INLINE void sqr_secp160r1(ks_limb *r, const ks_limb *a)
{
    ks_limb t[6];
    ks_sqr_n(t, a, 3);
    reduce_secp160r1(r, t);
}
KS_FIELD_WRAPPERS(secp160r1, 3, ks_add_n(r, a, b, p160, 3), ks_sub_n(r, a, b, p160, 3))
KS_PLAIN_FIELD(secp160r1)
#if KS_EC_SPECIALIZE
#define FADD(r, a, b) ks_add_n((r), (a), (b), p160, 3)
#define FSUB(r, a, b) ks_sub_n((r), (a), (b), p160, 3)
#endif
#else /* the portable reduction */
#if KS_LIMB_BITS == 64
KS_INLINE void reduce_secp160r1(ks_limb *r, const ks_limb *t)
{
    /* The same identity on 64-bit limbs: t = lo + hi (2^31 + 1), lo = t mod 2^160. */
    const uint64_t LO = 0xFFFFFFFF;
    uint64_t v[3], h[3], s[3], pl[3], top;
    ks_limb borrow;
    h[0] = (t[2] >> 32) | (t[3] << 32);
    h[1] = (t[3] >> 32) | (t[4] << 32);
    h[2] = (t[4] >> 32) | (t[5] << 32); /* below 2^32: t < 2^320 */
    v[0] = t[0];
    v[1] = t[1];
    v[2] = t[2] & LO;
    ks_bn_add(v, v, h, 3); /* below 2^161: no carry out of 192 bits */
    s[0] = h[0] << 31;
    s[1] = (h[0] >> 33) | (h[1] << 31);
    s[2] = (h[1] >> 33) | (h[2] << 31);
    ks_bn_add(v, v, s, 3); /* below 2^161 + 2^191 < 2^192 */
    /* fold the bits above 2^160 twice: top < 2^32, top (2^31 + 1) < 2^63; then top <= 1 */
    top = v[2] >> 32;
    v[2] &= LO;
    s[0] = top + (top << 31);
    s[1] = s[2] = 0;
    ks_bn_add(v, v, s, 3);
    top = v[2] >> 32;
    v[2] &= LO;
    s[0] = top + (top << 31);
    ks_bn_add(v, v, s, 3); /* now below 2^160 < 2p */
    ks_bn_from_flash(pl, ks_secp160r1_p, 3);
    borrow = ks_bn_sub(s, v, pl, 3);
    ks_bn_cmov(v, s, 3, KS_MASK(borrow ^ 1));
    memcpy(r, v, sizeof v);
}
#else
/* v (6 words) += the 6-word vector w */
KS_INLINE void add_w32(ks_limb *v, const uint32_t *w)
{
    ks_limb s[KS_LIMBS(192)];
    ks_w32_to_limbs(s, w, 6);
    ks_bn_add(v, v, s, KS_LIMBS(192));
}

/* v mod 2^160 + (v >> 160) (2^31 + 1): the bits above 2^160 folded back once */
KS_INLINE void fold_secp160r1(ks_limb *v)
{
    uint32_t w[6] = {0, 0, 0, 0, 0, 0}, top = u32(v, 5);
    int i;
    for (i = KS_LIMBS(160); i < KS_LIMBS(192); i++) {
        v[i] = 0;
    }
    w[0] = top;
    add_w32(v, w);
    w[0] = top << 31;
    w[1] = top >> 1;
    add_w32(v, w);
}

KS_INLINE void reduce_secp160r1(ks_limb *r, const ks_limb *t)
{
    /* t = lo + hi 2^160 = lo + hi + hi 2^31 (mod p), hi = words 5..9, as 192-bit vectors
       (no int64 columns: see ks_w32_to_limbs). lo + hi + hi 2^31 < 2^161 + 2^191 < 2^192;
       folding the bits above 2^160 twice leaves a value below 2^160 < 2p, as on 64-bit
       limbs; then one masked subtraction of p. */
    enum { N5 = KS_LIMBS(160), N6 = KS_LIMBS(192) };
    uint32_t h[5], w[6];
    ks_limb v[N6], s[N6], borrow;
    int i;
    for (i = 0; i < 5; i++) {
        h[i] = u32(t, 5 + i);
    }
    for (i = 0; i < 5; i++) {
        w[i] = u32(t, i);
    }
    w[5] = 0;
    ks_w32_to_limbs(v, w, 6);
    for (i = 0; i < 5; i++) {
        w[i] = h[i];
    }
    add_w32(v, w);
    w[0] = h[0] << 31;
    for (i = 1; i < 5; i++) {
        w[i] = (h[i] << 31) | (h[i - 1] >> 1);
    }
    w[5] = h[4] >> 1;
    add_w32(v, w);
    fold_secp160r1(v);
    fold_secp160r1(v);
    ks_bn_from_flash(s, ks_secp160r1_p, N5);
    for (i = N5; i < N6; i++) {
        s[i] = 0;
    }
    borrow = ks_bn_sub(s, v, s, N6);
    ks_bn_cmov(v, s, N5, KS_MASK(borrow ^ 1));
    for (i = 0; i < N5; i++) {
        r[i] = v[i];
    }
}
#endif
KS_FIELD_OPS(secp160r1, KS_LIMBS(160))
#if KS_EC_SPECIALIZE
#define FADD(r, a, b) KS_FADD(secp160r1, KS_LIMBS(160), r, a, b)
#define FSUB(r, a, b) KS_FSUB(secp160r1, KS_LIMBS(160), r, a, b)
#endif
#endif

#if KS_EC_SPECIALIZE
#define KS_F_DBL ks_jac_dbl_secp160r1
#define KS_F_ADD ks_jac_add_secp160r1
#define FMUL(r, a, b) mul_secp160r1((r), (a), (b))
#define FSQR(r, a) sqr_secp160r1((r), (a))
#define KS_F_N KS_LIMBS(160)
#include "ks_ec_formulas.h"
#endif
#endif
