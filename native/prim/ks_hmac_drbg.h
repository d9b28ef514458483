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
#include "ks_hmac.h"

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

/* The DRBG's two steps over any hash of the family: K and V of hl = ks_hash_size(hash) bytes.
   The DRBG above is them over SHA-256; RFC 6979's nonces (ks_ecdsa.c) are them over the
   signature's hash (its section 3.3: its process is HMAC_DRBG). mac: the caller's context;
   keyed: it holds the key K already (as the steps leave it: ks_hmac_final restarts under the
   key), which saves its two compressions. */
typedef struct {
    uint8_t *k, *v;
    int hash;
    size_t hl;
} ks_drbg_kv;
/* HMAC_DRBG_Update (section 10.1.2.2) with provided_data = a || b || c (NULL parts empty; all
   empty: one round). */
void ks_drbg_update(const ks_drbg_kv *s, ks_hmac_ctx *mac, int keyed, const uint8_t *a, size_t al,
                    const uint8_t *b, size_t bl, const uint8_t *c, size_t cl);
/* Generate's output (section 10.1.2.5 step 4): V = HMAC_K(V), len bytes of them into out; then
   the update with the additional input add (step 6; NULL or alen 0: none). */
void ks_drbg_output(const ks_drbg_kv *s, ks_hmac_ctx *mac, int keyed, uint8_t *out, size_t len, const uint8_t *add,
                    size_t alen);

#endif
