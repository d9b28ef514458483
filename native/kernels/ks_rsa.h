/*
 * RSA: modular exponentiation, and the private operation with a CRT key, blinded and
 * checked. Montgomery multiplication with a fixed window (KS_RSA_WINDOW bits) over the
 * exponent, constant time in the exponent, base and modulus values (only the lengths show).
 * Caller buffers and a fixed stack workspace, no allocation, no random number generator:
 * the blinding randomness comes from the caller. Every secret temporary is wiped (ks_wipe).
 */
#ifndef KS_RSA_H
#define KS_RSA_H

#include <stddef.h>
#include <stdint.h>
#include "ks_config.h"

#define KS_RSA_OK 0
#define KS_RSA_INVALID (-1)

/* out (mod_len bytes) = base^exp mod mod; base (mod_len bytes), exp and mod big-endian.
   The modulus must be odd and at most KS_RSA_MAX_BITS (default 4096) bits in at most
   KS_RSA_MAX_BITS / 8 bytes, and base < mod. Returns 0 (KS_OK) or -1 (KS_INVALID: even
   modulus, base >= mod, with out zeroed; a length of 0 or too long, out left alone). exp_len
   may be 0 (the result is 1 mod m). No branch on the base, exponent or modulus values. */
int ks_modexp(const uint8_t *base, const uint8_t *exp, size_t exp_len,
              const uint8_t *mod, size_t mod_len, uint8_t *out);

/* A private key in CRT form (RFC 8017 3.2, second representation), big-endian: p, q, dp,
   dq and qinv of half_len bytes each (leading zeros allowed; qinv = q^-1 mod p, below p),
   n = p q of n_len <= 2 half_len bytes, the public exponent e of e_len bytes.
   half_len <= KS_RSA_MAX_BITS / 16. */
typedef struct {
    const uint8_t *n, *e, *p, *q, *dp, *dq, *qinv;
    size_t n_len, e_len, half_len;
} ks_rsa_crt_key;

/* The blinding state of a key: 2 n_len bytes, the pair (r^e mod n, r^-1 mod n) in the
   kernels' Montgomery form (opaque to the caller, and tied to the build's limb size). */
#define KS_RSA_BLIND_BYTES(n_len) (2 * (n_len))

/* Makes the blinding state from n_len random bytes r (0 < r < n, from the caller's random
   generator): r^e mod n, and r^-1 mod n by Fermat modulo p and q. About the cost of one
   private operation; once per key. KS_INVALID for a malformed key, r >= n, or (with
   negligible probability for a random r) r sharing a factor with n: try another r. The
   state is then zeroed (unless a length was wrong: the buffers are then left alone). */
int ks_rsa_blind_init(const ks_rsa_crt_key *key, const uint8_t *r, uint8_t *state);

/* out (n_len bytes) = in^d mod n, in (n_len bytes) below n: base blinding (in r^e, then the
   result times r^-1; Kocher 1996, section 10), CRT halves with Garner's recombination, and
   the result checked with the public exponent modulo p and q before it is released (a
   fault in one half would otherwise give away a prime factor: Boneh, DeMillo and Lipton,
   EUROCRYPT 1997). The state is renewed (both factors squared) by every call. KS_INVALID,
   with out zeroed, for a malformed key or state, in >= n, or a result that fails the check
   (for a wrong length out is left alone). Branch-free: a malformed key runs the same steps. */
int ks_rsa_private(const ks_rsa_crt_key *key, uint8_t *state, const uint8_t *in, uint8_t *out);

/* The part of the CRT workspace a caller may place itself: the exponent's window table and
   the modulus n, KS_RSA_AUX_BYTES bytes ((2^KS_RSA_WINDOW + 2) half-size numbers), aligned
   for a limb. A mote lays it over static RAM idle during the call (its record buffer at boot,
   the hello's dead bytes during a ClientKeyExchange) instead of its stack; it is wiped at the
   end. ks_rsa_private and ks_rsa_blind_init keep it on the stack. in (r) and out may overlap
   aux and each other: in (r) is read before anything is written, out written after aux is
   wiped; state lies apart. */
#define KS_RSA_AUX_BYTES (((1 << KS_RSA_WINDOW) + 2) * (KS_RSA_MAX_BITS / 16))
int ks_rsa_private_aux(const ks_rsa_crt_key *key, uint8_t *state, const uint8_t *in, uint8_t *out,
                       void *aux);
int ks_rsa_blind_init_aux(const ks_rsa_crt_key *key, const uint8_t *r, uint8_t *state, void *aux);

/* KS_RSA_KEY_FLASH=1 (ks_config.h): the key's bytes (n, e, p, q, dp, dq, qinv) are in flash,
   read with KS_READ_BYTE into the workspace as each is needed (the AVR, whose flash is not in
   its data space: no RAM copy of the key); e_len must then be at most half_len. */

#endif
