/*
 * Field arithmetic on 64-bit limbs with a double-width product (host builds only: KS_FP_MONT,
 * ks_curve.h). Internal. Loops over a constant limb count n, fully unrolled on locals that
 * the compiler keeps in registers: a product with one carry chain per row and a square that
 * computes each cross product once (secp160r1, P-192, P-224; P-256's products are ks_bn_mul's
 * product scanning, which gcc compiles better for four limbs on x86-64), addition and
 * subtraction mod p with a masked correction (all four curves), and the encoding to and from
 * Montgomery form (P-256). Only multiplications, additions with carry and masks: constant
 * time.
 */
#ifndef KS_FP64_H
#define KS_FP64_H

#include "ks_curve.h"

#if KS_FP_MONT

/* t[0..2n) = a * b, n limbs (operand scanning: row i adds a[i] * b to t[i..i+n]). */
KS_INLINE void ks_mul_n(ks_limb *t, const ks_limb *a, const ks_limb *b, int n)
{
    ks_dlimb acc;
    int i, j;
    KS_UNROLL for (i = 0; i < n; i++) {
        t[n + i] = 0;
    }
    acc = 0;
    KS_UNROLL for (j = 0; j < n; j++) {
        acc += (ks_dlimb)a[0] * b[j];
        t[j] = (ks_limb)acc;
        acc >>= 64;
    }
    t[n] = (ks_limb)acc;
    KS_UNROLL for (i = 1; i < n; i++) {
        acc = 0;
        /* a[i] b[j] + t + carry <= (2^64 - 1)^2 + 2 (2^64 - 1) = 2^128 - 1 */
        KS_UNROLL for (j = 0; j < n; j++) {
            acc += (ks_dlimb)a[i] * b[j] + t[i + j];
            t[i + j] = (ks_limb)acc;
            acc >>= 64;
        }
        t[i + n] = (ks_limb)acc;
    }
}

/* t[0..2n) = a^2: each cross product once, doubled by a shift, plus the squares. */
KS_INLINE void ks_sqr_n(ks_limb *t, const ks_limb *a, int n)
{
    ks_dlimb acc, sq;
    int i, j;
    KS_UNROLL for (i = 0; i < 2 * n; i++) {
        t[i] = 0;
    }
    KS_UNROLL for (i = 0; i + 1 < n; i++) {
        acc = 0;
        KS_UNROLL for (j = i + 1; j < n; j++) {
            acc += (ks_dlimb)a[i] * a[j] + t[i + j];
            t[i + j] = (ks_limb)acc;
            acc >>= 64;
        }
        t[i + n] = (ks_limb)acc;
    }
    /* double t[1..2n-1): the top bit moves into t[2n-1] (0 until now) */
    KS_UNROLL for (i = 2 * n - 1; i > 0; i--) {
        t[i] = (t[i] << 1) | (t[i - 1] >> 63);
    }
    /* add a[i]^2 at t[2i]; the sum is a^2 < 2^(128 n): the last carry is 0 */
    acc = 0;
    KS_UNROLL for (i = 0; i < n; i++) {
        sq = (ks_dlimb)a[i] * a[i];
        acc += (ks_dlimb)t[2 * i] + (ks_limb)sq;
        t[2 * i] = (ks_limb)acc;
        acc = (acc >> 64) + t[2 * i + 1] + (ks_limb)(sq >> 64);
        t[2 * i + 1] = (ks_limb)acc;
        acc >>= 64;
    }
}

/* r = (top 2^(64 n) + v) - p if that is not negative, else v, for a value below 2p (so
   r < p). */
KS_INLINE void ks_sub_p_n(ks_limb *r, const ks_limb *v, ks_limb top, const ks_limb *p, int n)
{
    ks_limb s[KS_FE_MAX], mask;
    int i;
    mask = ks_bn_sub(s, v, p, (size_t)n);
    /* top set: the value is >= 2^(64 n) > p, and the borrow of the low part takes top away */
    mask = KS_MASK(top | (mask ^ 1));
    KS_UNROLL for (i = 0; i < n; i++) {
        r[i] = (ks_limb)(v[i] ^ (mask & (v[i] ^ s[i])));
    }
}

/* r = a + b mod p for a, b < p: a + b < 2p. r may alias a or b. */
KS_INLINE void ks_add_n(ks_limb *r, const ks_limb *a, const ks_limb *b, const ks_limb *p, int n)
{
    ks_limb s[KS_FE_MAX], carry;
    carry = ks_bn_add(s, a, b, (size_t)n);
    ks_sub_p_n(r, s, carry, p, n);
}

/* r = a - b mod p for a, b < p: p added back under the borrow's mask. r may alias. */
KS_INLINE void ks_sub_n(ks_limb *r, const ks_limb *a, const ks_limb *b, const ks_limb *p, int n)
{
    ks_limb s[KS_FE_MAX], pm[KS_FE_MAX], mask;
    int i;
    mask = KS_MASK(ks_bn_sub(s, a, b, (size_t)n));
    KS_UNROLL for (i = 0; i < n; i++) {
        pm[i] = p[i] & mask;
    }
    ks_bn_add(r, s, pm, (size_t)n);
}

/* The encoding and decoding of a Montgomery-form field (ks_fp_enc, ks_fp_dec): a R mod p as
   a times R^2 mod p (r2) reduced once; back by reducing (a, 0). reduce_<name> maps
   t < p R (8 limbs) to t R^-1 mod p. */
#define KS_MONT_FORM(name, r2)                                              \
    void ks_fp_enc_##name(ks_limb *a)                                       \
    {                                                                       \
        ks_limb t[8];                                                       \
        ks_mul_n(t, a, r2, 4);                                                  \
        reduce_##name(a, t);                                                \
    }                                                                       \
    void ks_fp_dec_##name(ks_limb *a)                                       \
    {                                                                       \
        ks_limb t[8] = {0, 0, 0, 0, 0, 0, 0, 0};                            \
        memcpy(t, a, 4 * sizeof(ks_limb));                                  \
        reduce_##name(a, t);                                                \
    }

#endif
#endif
