/*
 * One scalar multiplication implementation under test on a simulated mote: ours (ec_impl_ks.c,
 * the native/kernels) or the micro-ecc peer (ec_impl_uecc.c). ec_test.c runs either one.
 */
#ifndef EC_IMPL_H
#define EC_IMPL_H

#include <stdint.h>

enum { EC_SECP160R1, EC_P256 };

extern const char ec_impl_name[];
/* How many bytes of the product ec_impl_mul writes: the x coordinate only (an ECDH shared
 * secret, micro-ecc) or x||y (ours). */
extern const uint8_t ec_impl_out_coords;
/* 1 if the implementation claims constant time, so that equal cycle counts for every scalar are
 * a test; micro-ecc makes no such claim (its counts vary by ~0.1%), so there it is reported. */
extern const uint8_t ec_impl_constant_time;

/* out = k * point (point x||y, big-endian; k of the curve order's length). 0 on success. */
int ec_impl_mul(uint8_t curve, const uint8_t *k, const uint8_t *point, uint8_t *out);
/* The implementation's checks of paths no k * P takes, each given to count (1 passed) with its
 * name (one word); point is secp160r1's known-answer point (x||y, big-endian). Ours: the point addition
 * with q given with its own Z (the ATmega128's is assembly for an affine q and a scaling for
 * that one). None for the peers. */
void ec_impl_checks(const uint8_t *point, void (*count)(uint8_t ok, const char *what));

#endif
