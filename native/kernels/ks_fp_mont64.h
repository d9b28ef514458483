/*
 * Four-limb field arithmetic on 64-bit limbs with a double-width product (host builds only:
 * KS_FP_MONT, ks_curve.h), for P-256 in Montgomery form (ks_fp_secp256r1.c). Internal.
 * Straight-line code on locals (the compiler keeps them in registers): a 4 x 4 product with
 * one carry chain per row, a square that computes each cross product once, addition and
 * subtraction mod p with a masked correction. Only multiplications, additions with carry
 * and masks: constant time.
 */
#ifndef KS_FP_MONT64_H
#define KS_FP_MONT64_H

#include "ks_curve.h"

#if KS_FP_MONT

/* t[0..8) = a * b (operand scanning: row i adds a[i] * b to t[i..i+4]). */
KS_INLINE void ks_mul4(ks_limb *t, const ks_limb *a, const ks_limb *b)
{
    ks_dlimb acc;
    int i, j;
    KS_UNROLL for (i = 0; i < 4; i++) {
        t[4 + i] = 0;
    }
    acc = 0;
    KS_UNROLL for (j = 0; j < 4; j++) {
        acc += (ks_dlimb)a[0] * b[j];
        t[j] = (ks_limb)acc;
        acc >>= 64;
    }
    t[4] = (ks_limb)acc;
    KS_UNROLL for (i = 1; i < 4; i++) {
        acc = 0;
        /* a[i] b[j] + t + carry < 2^128 */
        KS_UNROLL for (j = 0; j < 4; j++) {
            acc += (ks_dlimb)a[i] * b[j] + t[i + j];
            t[i + j] = (ks_limb)acc;
            acc >>= 64;
        }
        t[i + 4] = (ks_limb)acc;
    }
}

/* t[0..8) = a^2: the six cross products once, doubled by a shift, plus the four squares. */
KS_INLINE void ks_sqr4(ks_limb *t, const ks_limb *a)
{
    ks_dlimb acc, sq;
    ks_limb c = 0;
    int i;
    acc = (ks_dlimb)a[0] * a[1];
    t[1] = (ks_limb)acc;
    acc = (acc >> 64) + (ks_dlimb)a[0] * a[2];
    t[2] = (ks_limb)acc;
    acc = (acc >> 64) + (ks_dlimb)a[0] * a[3];
    t[3] = (ks_limb)acc;
    t[4] = (ks_limb)(acc >> 64);
    acc = (ks_dlimb)a[1] * a[2] + t[3];
    t[3] = (ks_limb)acc;
    acc = (acc >> 64) + (ks_dlimb)a[1] * a[3] + t[4];
    t[4] = (ks_limb)acc;
    t[5] = (ks_limb)(acc >> 64);
    acc = (ks_dlimb)a[2] * a[3] + t[5];
    t[5] = (ks_limb)acc;
    t[6] = (ks_limb)(acc >> 64);
    /* double t[1..7): the top bit moves to t[7] */
    t[7] = t[6] >> 63;
    t[6] = (t[6] << 1) | (t[5] >> 63);
    t[5] = (t[5] << 1) | (t[4] >> 63);
    t[4] = (t[4] << 1) | (t[3] >> 63);
    t[3] = (t[3] << 1) | (t[2] >> 63);
    t[2] = (t[2] << 1) | (t[1] >> 63);
    t[1] = t[1] << 1;
    /* add a[i]^2 at t[2i]; the sum is a^2 < 2^512: the last carry is 0 */
    sq = (ks_dlimb)a[0] * a[0];
    t[0] = (ks_limb)sq;
    c = (ks_limb)(sq >> 64);
    acc = (ks_dlimb)t[1] + c;
    t[1] = (ks_limb)acc;
    KS_UNROLL for (i = 1; i < 4; i++) {
        sq = (ks_dlimb)a[i] * a[i];
        acc = (acc >> 64) + t[2 * i] + (ks_limb)sq;
        t[2 * i] = (ks_limb)acc;
        acc = (acc >> 64) + t[2 * i + 1] + (ks_limb)(sq >> 64);
        t[2 * i + 1] = (ks_limb)acc;
    }
}

/* r = (top 2^256 + v) - p if that is not negative, else v, for a value below 2p (so r < p). */
KS_INLINE void ks_sub_p4(ks_limb *r, const ks_limb *v, ks_limb top, const ks_limb *p)
{
    ks_limb s[4], borrow;
    int i;
    borrow = ks_bn_sub(s, v, p, 4);
    /* top set: the value is >= 2^256 > p, and the borrow of the low part takes top away */
    borrow = KS_MASK(top | (borrow ^ 1));
    KS_UNROLL for (i = 0; i < 4; i++) {
        r[i] = (ks_limb)(v[i] ^ (borrow & (v[i] ^ s[i])));
    }
}

/* r = a + b mod p for a, b < p: a + b < 2p. r may alias a or b. */
KS_INLINE void ks_add4(ks_limb *r, const ks_limb *a, const ks_limb *b, const ks_limb *p)
{
    ks_limb s[4], carry;
    carry = ks_bn_add(s, a, b, 4);
    ks_sub_p4(r, s, carry, p);
}

/* r = a - b mod p for a, b < p: p added back under the borrow's mask. r may alias. */
KS_INLINE void ks_sub4(ks_limb *r, const ks_limb *a, const ks_limb *b, const ks_limb *p)
{
    ks_limb s[4], pm[4], mask;
    int i;
    mask = KS_MASK(ks_bn_sub(s, a, b, 4));
    KS_UNROLL for (i = 0; i < 4; i++) {
        pm[i] = p[i] & mask;
    }
    ks_bn_add(r, s, pm, 4);
}

/* The encoding and decoding of a Montgomery-form field (ks_fp_enc, ks_fp_dec): a R mod p as
   a times R^2 mod p (r2) reduced once; back by reducing (a, 0). reduce_<name> maps
   t < p R (8 limbs) to t R^-1 mod p. */
#define KS_MONT_FORM(name, r2)                                              \
    void ks_fp_enc_##name(ks_limb *a)                                       \
    {                                                                       \
        ks_limb t[8];                                                       \
        ks_mul4(t, a, r2);                                                  \
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
