/*
 * The fixed-base table of ks_ec_mul_base (internal). With KS_BASE_WINDOW = w > 0, the table of
 * a curve holds, for each position i = 0 .. m-1 (m = ceil(bits(n) / w)) and j = 0 .. 2^(w-1)-1,
 * the affine point (2j + 1) * 2^(w i) * G as x||y, each coordinate little-endian of the field
 * length; it is generated at build time by gen/ks_gen_base.c into ks_base_<w>.c.
 */
#ifndef KS_EC_BASE_H
#define KS_EC_BASE_H

#include "ks_ec_point.h"

#if KS_BASE_WINDOW > 0
#define KS_BASE_TABLE(name) ks_base_##name
extern const uint8_t KS_FLASH ks_base_secp160r1[];
extern const uint8_t KS_FLASH ks_base_secp192r1[];
extern const uint8_t KS_FLASH ks_base_secp224r1[];
extern const uint8_t KS_FLASH ks_base_secp256r1[];
/* q = k * G for 0 < k < n from the curve's table (c->base). Constant time in k. */
void ks_ec_base_mul(const ks_curve *c, ks_jac *q, const ks_limb *k);
#else
#define KS_BASE_TABLE(name) 0
#endif

#endif
