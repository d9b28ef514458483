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

#endif
