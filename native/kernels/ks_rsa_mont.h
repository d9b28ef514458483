/*
 * Montgomery arithmetic modulo an odd number held in RAM (an RSA modulus or one of its
 * prime factors), for ks_rsa.c and ks_rsa_crt.c. Internal to the kernels.
 * R = 2^(KS_LIMB_BITS n); a number "in Montgomery form" is a R mod m. Every function is
 * constant time in the values: loops run over the (public) limb count and exponent length,
 * carries come from ks_adc / ks_sbb, choices are masks. Scratch space comes from the caller
 * (ks_mont.t) so that one ks_wipe of the caller's workspace clears every product.
 */
#ifndef KS_RSA_MONT_H
#define KS_RSA_MONT_H

#include "ks_bn.h"

/* Limbs of the largest modulus (ks_modexp) and of the largest CRT prime (ks_rsa_private). */
#define KS_RSA_LIMBS KS_LIMBS(KS_RSA_MAX_BITS)
#define KS_RSA_HALF_LIMBS KS_LIMBS(KS_RSA_MAX_BITS / 2)
#define KS_RSA_ENTRIES (1 << KS_RSA_WINDOW)

typedef struct {
    const ks_limb *m; /* the odd modulus, n limbs (the top ones may be zero) */
    ks_limb *t;       /* scratch: n + 2 limbs; 2 n + 2 for ks_mont_reduce_wide, ks_mont_from
                         and ks_mont_pow */
    size_t n;
    ks_limb n0;       /* -m^-1 mod 2^KS_LIMB_BITS */
} ks_mont;

/* Sets up mc for the odd modulus m of n limbs with scratch t (see ks_mont). */
void ks_mont_init(ks_mont *mc, const ks_limb *m, size_t n, ks_limb *t);

/* r2 = R^2 mod m, without a division (the modulus may be a secret prime): from a power of two
   below m, masked doublings (a conditional subtraction of m each) up to 2^n R mod m, then
   log2(KS_LIMB_BITS) Montgomery squares, each taking 2^i R to 2^(2i) R, up to
   2^(n KS_LIMB_BITS) R = R^2. top (public): m's top limb is not zero (a curve's order n; a CRT
   prime, which the key check holds to it), so 2^((n - 1) KS_LIMB_BITS) is below m and
   n + KS_LIMB_BITS doublings do; else from 1, n + n KS_LIMB_BITS of them. A 512-bit prime in
   16-bit limbs: 48 doublings and 4 products, where 1,024 doublings from 1 to R^2 took 5% of
   the ATmega128's RSA-1024 private operation. With top set for an m that does not fill its
   top limb, r2 is wrong, not unsafe. */
void ks_mont_r2(const ks_mont *mc, ks_limb *r2, int top);

/* r = a b / R mod m, fully reduced, for a < R and b < m; r may alias a or b. */
void ks_mont_mul(const ks_mont *mc, ks_limb *r, const ks_limb *a, const ks_limb *b);

/* r (2 n limbs) = a b + c, for a, b and c of n limbs: schoolbook rows (no modulus). r must not
   alias a, b or c. */
void ks_mul_add_plain(ks_limb *r, const ks_limb *a, const ks_limb *b, const ks_limb *c, size_t n);

/* r = a + b mod m and r = a - b mod m, for a, b < m; r may alias a or b. */
void ks_mont_add(const ks_mont *mc, ks_limb *r, const ks_limb *a, const ks_limb *b);
void ks_mont_sub(const ks_mont *mc, ks_limb *r, const ks_limb *a, const ks_limb *b);

/* r = a R mod m (Montgomery form) for a of 2 n limbs below R^2, r2 = R^2 mod m:
   (a_lo R^2 + a_hi R^2 R) / R, three products and one addition. */
void ks_mont_reduce_wide(const ks_mont *mc, ks_limb *r, const ks_limb *a, const ks_limb *r2);

/* r = a / R mod m (out of Montgomery form, or a < R reduced and divided by R). */
void ks_mont_from(const ks_mont *mc, ks_limb *r, const ks_limb *a);

/* acc = a^e (Montgomery form in and out; e big-endian of e_len bytes, secret): fixed window
   of KS_RSA_WINDOW bits, one product per window also for a zero digit, the table entry read
   from every slot under a mask. one = R mod m. tab holds KS_RSA_ENTRIES x n limbs and sel n
   limbs of scratch; a may alias sel. Only e_len and n show in the running time. */
void ks_mont_pow(const ks_mont *mc, ks_limb *acc, const ks_limb *a, const uint8_t *e,
                 size_t e_len, const ks_limb *one, ks_limb *tab, ks_limb *sel);

/* The kernels' answer for a mask: 0 (KS_RSA_OK) for all-ones, -1 (KS_RSA_INVALID) for zero,
   without a branch (the mask may come from secret values: a CRT prime, a check's result). */
KS_INLINE int ks_rsa_result(ks_limb ok)
{
    return (int)(ok & 1) - 1;
}

/* out = a (n limbs) as len big-endian bytes when ok is all-ones, else zeroes. */
void ks_mont_out(uint8_t *out, size_t len, ks_limb *a, size_t n, ks_limb ok);

/* acc = a^e for a public exponent (big-endian, e_len bytes): square and multiply, which
   branches on the bits of e and on nothing else. acc must not alias a. */
void ks_mont_pow_public(const ks_mont *mc, ks_limb *acc, const ks_limb *a, const uint8_t *e,
                        size_t e_len, const ks_limb *one);

#endif
