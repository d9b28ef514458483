/*
 * Constant-time modular inversion for an odd modulus by Bernstein and Yang's divsteps ("Fast
 * constant-time gcd computation and modular inversion", 2019): a fixed number of branch-free
 * steps, batched on the low words with a 2x2 matrix applied to the whole numbers. The field
 * inversion (ks_fp_inv) uses it in place of Fermat's a^(p-2). No Java mirror (KSecurity's
 * field inverts by Fermat).
 */
#ifndef KS_MODINV_H
#define KS_MODINV_H

#include "ks_bn.h"

/* r = a^-1 mod m for an odd m of `bits` bits, 48 <= bits <= KS_MAX_BITS + 1 (a field's p or
   a curve's order n), m read from flash (KS_FLASH limbs), 0 <= a < m, gcd(a, m) = 1; a = 0
   gives 0. n <= KS_FE_MAX limbs each; r may alias a. Constant time: the same steps for every
   a (m, bits and n are public). Field inversion (ks_fp_inv) and ECDSA's k^-1 mod n. */
void ks_modinv(ks_limb *r, const ks_limb *a, const ks_limb *m, size_t n, int bits);

/* For the motes' batches (KS_MODINV_BATCHES), which have a form of their own for secp160r1's
   p = 2^160 - 2^31 - 1: m's L 16-bit words are that p (a test on the public modulus), and the
   batches of 14 steps that form runs: the least B with 4096 14 B >= 9437 160 + 1 (the bound
   in ks_modinv.c; 378 steps). */
#define KS_MODINV_P160_BATCHES 27
static inline uint8_t ks_modinv_is_p160(const uint16_t *m, unsigned L)
{
    uint8_t i, ok = L == 11 && m[1] == 0x7FFF && m[10] == 0;
    for (i = 0; ok && i < 10; i++) {
        ok = i == 1 || m[i] == 0xFFFF;
    }
    return ok;
}

#endif
