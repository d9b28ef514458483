/*
 * Modular exponentiation for RSA: Montgomery multiplication with a fixed window
 * (KS_RSA_WINDOW bits) over the exponent, constant time in the exponent's value and in the
 * base and modulus values (only the lengths show). Caller buffers and a fixed stack
 * workspace (2^w + 4 numbers of KS_RSA_MAX_BITS); no allocation.
 */
#ifndef KS_RSA_H
#define KS_RSA_H

#include <stddef.h>
#include <stdint.h>

/* out (mod_len bytes) = base^exp mod mod; base (mod_len bytes), exp and mod big-endian.
   The modulus must be odd and at most KS_RSA_MAX_BITS (default 4096) bits in at most
   KS_RSA_MAX_BITS / 8 bytes, and base < mod. Returns 0 (KS_OK) or -1 (KS_INVALID: even
   modulus, base >= mod, a length of 0 or too long). exp_len may be 0 (the result is 1 mod m). */
int ks_modexp(const uint8_t *base, const uint8_t *exp, size_t exp_len,
              const uint8_t *mod, size_t mod_len, uint8_t *out);

#endif
