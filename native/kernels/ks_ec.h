/*
 * Elliptic-curve scalar multiplication on secp160r1, P-192, P-224 and P-256 (SEC 2).
 * Points are x||y, each coordinate big-endian of the field length (ks_ec_field_bytes);
 * scalars are big-endian of the order length (ks_ec_order_bytes: 21 bytes for secp160r1,
 * whose order n has 161 bits; 24, 28 and 32 for the others).
 * Inputs out of range (scalar 0 or >= n, point not on the curve, curve not in this build)
 * give KS_INVALID; a result at infinity gives KS_INFINITY with out zeroed. The kernels
 * validate every point they are given (all four curves have cofactor 1, so a point on the
 * curve is in the prime-order group).
 */
#ifndef KS_EC_H
#define KS_EC_H

#include <stddef.h>
#include <stdint.h>
#include "ks_config.h"

#define KS_SECP160R1 0
#define KS_SECP192R1 1
#define KS_SECP224R1 2
#define KS_SECP256R1 3

#define KS_OK 0
#define KS_INFINITY 1
#define KS_MISMATCH 2
#define KS_INVALID (-1)

/* Coordinate and scalar lengths in bytes, or KS_INVALID for a curve not in this build. */
int ks_ec_field_bytes(int curve);
int ks_ec_order_bytes(int curve);

/* out = k * point. Constant time in k. */
int ks_ec_mul(int curve, const uint8_t *k, const uint8_t *point, uint8_t *out);
#if KS_EC_AUX
/* (Builds with KS_EC_AUX=1, ks_config.h.) The same with k * point's table of odd multiples
   (2^(KS_EC_WINDOW-1) affine points) where the caller puts it: KS_EC_AUX_BYTES bytes, aligned
   for a limb. A mote lays it over static RAM idle during the call (the ATmega128's Sizzle: the
   hello's dead bytes during a ClientKeyExchange), so that its stack need not hold it and it
   can afford the wider window; it is wiped at the end. k, point and out may overlap aux and
   each other: k and point are read before anything is written, out written after aux is
   wiped. */
#define KS_EC_AUX_BYTES \
    ((1u << (KS_EC_WINDOW - 1)) * 2u * ((KS_MAX_BITS + KS_LIMB_BITS - 1) / KS_LIMB_BITS) * (KS_LIMB_BITS / 8))
int ks_ec_mul_aux(int curve, const uint8_t *k, const uint8_t *point, uint8_t *out, void *aux);
#endif
/* out = k * G. Constant time in k. */
int ks_ec_mul_base(int curve, const uint8_t *k, uint8_t *out);
/* The rest is VARIABLE TIME, for public inputs only (signature verification); never a
   secret scalar. u1 and u2 may be 0 (that term is then the point at infinity); both must be
   below n.
   out = u1 * G + u2 * q. */
int ks_ec_mul_add_vartime(int curve, const uint8_t *u1, const uint8_t *u2, const uint8_t *q, uint8_t *out);
/* The size in bytes of a public key's verification table (at most KS_EC_TABLE_MAX), or
   KS_INVALID. */
int ks_ec_table_size(int curve);
#define KS_EC_TABLE_MAX 32768
/* Writes q's verification table (len = ks_ec_table_size bytes; q is validated): KS_OK or
   KS_INVALID. The table holds only public data, in this build's own form. */
int ks_ec_precompute_vartime(int curve, const uint8_t *q, uint8_t *table, size_t len);
/* ECDSA's last step: KS_OK when x(u1 G + u2 Q) mod n = r (r in [1, n-1], orderBytes long),
   KS_MISMATCH when not, KS_INFINITY when the sum is infinity, KS_INVALID for bad input. Q is
   table (len bytes, made by ks_ec_precompute_vartime) or, when table is 0, the point q
   (validated). */
int ks_ec_verify_vartime(int curve, const uint8_t *u1, const uint8_t *u2, const uint8_t *q,
                         const uint8_t *table, size_t len, const uint8_t *r);
/* KS_OK if point is on the curve (coordinates below p), else KS_INVALID. */
int ks_ec_validate(int curve, const uint8_t *point);

#endif
