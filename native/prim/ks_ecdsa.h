/*
 * ECDSA signing (SEC 1 v2 section 4.1.3; FIPS 186-4) on the curves of kernels/ks_ec.h, with
 * hedged RFC 6979 nonces, as ksecurity/math/Ecdsa.java (sign, derEncode) and
 * ksecurity/impl/EcdsaSignature.java: the nonce comes from HMAC_DRBG keyed with the private
 * key and the message hash, in the message's own hash function (RFC 6979 section 3.2), with
 * section 3.6's additional data k' (orderBytes of fresh randomness) after them when given.
 * The same key, hash and k' give the same signature bytes as the Java; without k' it is
 * RFC 6979 exactly (known-answer tests). The Java draws k' with ONE RandomData.generateData
 * of orderBytes (one HMAC_DRBG generate, no additional input), after the private key and the
 * hash are read and before anything else: ks_ecdsa_sign_drbg does the same.
 *
 * Constant time in the private key and the nonce: ks_ec_mul_base, Montgomery arithmetic
 * modulo n (kernels/ks_rsa_mont.h) and the inversion of k by divsteps (kernels/ks_modinv.h).
 * The one other path is RFC 6979's rejection of a nonce candidate: k >= n for about every
 * second candidate on secp160r1 (its order has 161 bits and is close to 2^160), below 2^-32
 * on the others; r = 0 or s = 0 never in practice. A rejected candidate costs the same public
 * HMAC work and says nothing about the nonce finally used. No verify-after-sign: the Java
 * does not either (the hedge is its answer to faults). Nonce and temporaries are wiped.
 */
#ifndef KS_ECDSA_H
#define KS_ECDSA_H

#include "ks_ec.h"
#include "ks_hmac_drbg.h"

/* Signs the message hash (hlen bytes) with the private scalar d (ks_ec_order_bytes, big-endian,
   1 <= d < n); nonce_hash is the KS_HASH_* id of the hash that made it (RFC 6979's HMAC);
   extra is k' (ks_ec_order_bytes bytes) or NULL for the deterministic nonce. Writes r || s
   (2 ks_ec_order_bytes) to sig. KS_OK, or KS_INVALID (sig untouched) for a curve or hash not
   in this build or d out of range. */
int ks_ecdsa_sign(int curve, const uint8_t *d, const uint8_t *hash, size_t hlen, int nonce_hash,
                  const uint8_t *extra, uint8_t *sig);

/* The same with k' drawn from drbg as the Java draws it (one generate of ks_ec_order_bytes,
   after d is checked). KS_OK, KS_INVALID (nothing drawn for a bad d), or KS_DRBG_RESEED
   (nothing drawn, nothing signed: reseed and call again). */
int ks_ecdsa_sign_drbg(int curve, const uint8_t *d, const uint8_t *hash, size_t hlen, int nonce_hash,
                       ks_hmac_drbg *drbg, uint8_t *sig);

/* The longest DER signature on the curve, or KS_INVALID. */
int ks_ecdsa_der_max(int curve);
/* r || s (2 ks_ec_order_bytes at raw) as DER SEQUENCE { INTEGER r, INTEGER s } at out (at
   most ks_ecdsa_der_max bytes), as X9.62, Java Card and TLS write it: returns the length,
   or KS_INVALID. The lengths show r and s, which are public. */
int ks_ecdsa_der(int curve, const uint8_t *raw, uint8_t *out);

#endif
