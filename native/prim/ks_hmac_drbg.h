/*
 * HMAC_DRBG with SHA-256 (NIST SP 800-90A Rev. 1 section 10.1.2): instantiate, reseed and
 * generate with optional additional input, no prediction resistance. Mirrors
 * ksecurity/prim/HmacDrbg.java byte for byte: the same entropy, nonce, personalization and
 * additional input give the same stream. Security strength 256 bits: entropy input of at
 * least 32 bytes. Requests of at most 65,536 bytes (2^19 bits); after reseed_interval
 * generate calls, generate refuses until reseed (the Java allows up to 2^48, this up to
 * KS_DRBG_MAX_INTERVAL).
 * The Java's RandomData (impl/RandomDataImpl.java) is one such DRBG, and each generateData
 * call is one generate of exactly the bytes asked, without additional input.
 */
#ifndef KS_HMAC_DRBG_H
#define KS_HMAC_DRBG_H

#include "ks_config.h"

#define KS_DRBG_MAX_REQUEST 65536u
#define KS_DRBG_MIN_ENTROPY 32u
#define KS_DRBG_MAX_INTERVAL 0xfffffffeu
/* generate's answer when a reseed is due (it wrote nothing). */
#define KS_DRBG_RESEED 1

typedef struct {
    uint8_t k[32], v[32];
    uint32_t reseed_counter; /* generate calls since the last (re)seed, plus one; 0 = not instantiated */
    uint32_t reseed_interval;
} ks_hmac_drbg;

/* Section 10.1.2.3: seed material = entropy || nonce || personalization (nonce and pers may be
   NULL with length 0). interval: generate calls allowed between reseeds
   (1..KS_DRBG_MAX_INTERVAL). KS_OK (0), or KS_INVALID (-1) for entropy shorter than 32 bytes
   or an interval out of range. */
int ks_hmac_drbg_instantiate(ks_hmac_drbg *d, uint32_t interval, const uint8_t *entropy, size_t elen,
                             const uint8_t *nonce, size_t nlen, const uint8_t *pers, size_t plen);
/* Section 10.1.2.4: seed material = entropy || additional input (may be NULL). KS_OK or
   KS_INVALID (not instantiated, entropy too short). */
int ks_hmac_drbg_reseed(ks_hmac_drbg *d, const uint8_t *entropy, size_t elen, const uint8_t *add, size_t alen);
/* Section 10.1.2.5: len bytes into out. KS_OK; KS_DRBG_RESEED, writing nothing, when a reseed
   is due; KS_INVALID when not instantiated or len > 65536. add may be NULL. */
int ks_hmac_drbg_generate(ks_hmac_drbg *d, uint8_t *out, size_t len, const uint8_t *add, size_t alen);
/* Uninstantiate (section 9.4): wipes the state. */
void ks_hmac_drbg_clear(ks_hmac_drbg *d);

#endif
