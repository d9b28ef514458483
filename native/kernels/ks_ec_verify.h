/*
 * The variable-time verification engine (ks_ec_verify.c; internal). Its knobs, which a build
 * may override with -D:
 *   KS_VERIFY_CHUNKS, KS_VERIFY_WIDTH  a public key's table (ks_ec_precompute_vartime): the
 *       odd multiples up to 2^(w-1) - 1 of 2^(s j) Q for j < chunks, s = ceil((bits(n) + 1) /
 *       chunks). The host: 16 chunks of 16 points (P-256: 16 KB, 17 doublings per
 *       verification; 8 chunks were about 10% slower); the motes, whose RAM is 4-10 KB: one
 *       chunk of 4.
 *   KS_VERIFY_ONE_SHOT_WIDTH  the width of the table made on the stack when there is none
 *       (a key verified once, ks_ec_mul_add_vartime; and G where the build has no fixed-base table).
 */
#ifndef KS_EC_VERIFY_H
#define KS_EC_VERIFY_H

#include "ks_ec_point.h"

#ifndef KS_VERIFY_CHUNKS
#if KS_LIMB_BITS >= 32
#define KS_VERIFY_CHUNKS 16
#else
#define KS_VERIFY_CHUNKS 1
#endif
#endif
#ifndef KS_VERIFY_WIDTH
#if KS_LIMB_BITS >= 32
#define KS_VERIFY_WIDTH 6
#else
#define KS_VERIFY_WIDTH 4
#endif
#endif
#ifndef KS_VERIFY_ONE_SHOT_WIDTH
#if KS_LIMB_BITS >= 32
#define KS_VERIFY_ONE_SHOT_WIDTH 5
#else
#define KS_VERIFY_ONE_SHOT_WIDTH 4
#endif
#endif

#if KS_VERIFY_WIDTH < 2 || KS_VERIFY_WIDTH > 8 || KS_VERIFY_ONE_SHOT_WIDTH < 2 || KS_VERIFY_ONE_SHOT_WIDTH > 8
#error "verification table widths are 2..8"
#endif

/* The table's header: curve, chunks, width, spacing (2 bytes, little-endian), padding. */
#define KS_VT_HEADER 8

#endif
