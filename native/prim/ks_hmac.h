/*
 * HMAC (RFC 2104) over any hash of ks_hash.h: one generic HMAC, keyed once, MACs many times.
 * Mirrors ksecurity/prim/Hmac.java: init hashes K ^ ipad and K ^ opad once and keeps the two
 * chaining values (RFC 2104 section 4), so each MAC starts from them: two compressions fewer
 * per MAC (the TLS PRF, the DRBG and RFC 6979 make many short ones).
 */
#ifndef KS_HMAC_H
#define KS_HMAC_H

#include "ks_hash.h"

typedef struct {
    ks_hash_ctx md;
    uint8_t istate[KS_HASH_STATE_MAX]; /* chaining value after K ^ ipad: as secret as K */
    uint8_t ostate[KS_HASH_STATE_MAX]; /* after K ^ opad */
} ks_hmac_ctx;

/* Sets the key (any length; longer than the block is hashed first) and starts a MAC:
   KS_OK (0), or KS_INVALID (-1) for a hash this build does not carry. */
int ks_hmac_init(ks_hmac_ctx *c, int hash, const uint8_t *key, size_t len);
void ks_hmac_update(ks_hmac_ctx *c, const uint8_t *in, size_t len);
/* Writes the MAC (ks_hmac_size bytes) and restarts with the same key. */
void ks_hmac_final(ks_hmac_ctx *c, uint8_t *out);
/* Forgets the message so far: the next byte starts a new MAC under the same key. */
void ks_hmac_reset(ks_hmac_ctx *c);
size_t ks_hmac_size(const ks_hmac_ctx *c);
/* The key as its two chaining values (RFC 2104 section 4: after K ^ ipad, then after
   K ^ opad; 2 ks_hash_state_size bytes, as secret as K) from a keyed context, and a context
   started from them: a key used for many MACs kept in that form (the TLS 1.0 record MAC) costs
   no compressions when a MAC starts, instead of two. */
#define KS_HMAC_KEY_SAVED_MAX (2 * KS_HASH_STATE_MAX)
void ks_hmac_key_save(const ks_hmac_ctx *c, uint8_t *saved);
void ks_hmac_key_load(ks_hmac_ctx *c, int hash, const uint8_t *saved);
/* saved = the saved form of key (len bytes) for `hash`, made on a context of its own (wiped). */
void ks_hmac_key_make(int hash, const uint8_t *key, size_t len, uint8_t *saved);
/* One call: out = HMAC(key, in). */
int ks_hmac(int hash, const uint8_t *key, size_t klen, const uint8_t *in, size_t len, uint8_t *out);
/* Wipes the key material. */
void ks_hmac_clear(ks_hmac_ctx *c);

#endif
