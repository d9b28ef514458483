/*
 * The SSL 3.0 record MAC (RFC 6101 section 5.2.3.1), HMAC's predecessor:
 * hash(secret || pad_2 || hash(secret || pad_1 || data)), pad_1 = 0x36 and pad_2 = 0x5c
 * repeated 48 times for MD5 and 40 times for SHA-1. Mirrors ksecurity/prim/Ssl3Mac.java.
 * Legacy profile only.
 */
#ifndef KS_SSL3_MAC_H
#define KS_SSL3_MAC_H

#include "ks_hash.h"

typedef struct {
    ks_hash_ctx md;
    uint8_t secret[20];
} ks_ssl3_mac_ctx;

/* Over KS_HASH_MD5 or KS_HASH_SHA1 with a secret as long as the hash (16 or 20 bytes):
   KS_OK (0) or KS_INVALID (-1). Starts a MAC. */
int ks_ssl3_mac_init(ks_ssl3_mac_ctx *c, int hash, const uint8_t *secret, size_t len);
void ks_ssl3_mac_update(ks_ssl3_mac_ctx *c, const uint8_t *in, size_t len);
/* Writes the MAC (16 or 20 bytes) and restarts with the same secret. */
void ks_ssl3_mac_final(ks_ssl3_mac_ctx *c, uint8_t *out);
/* Wipes the secret. */
void ks_ssl3_mac_clear(ks_ssl3_mac_ctx *c);

/* The pad length of SSL 3.0's MAC and Finished hash: 48 for MD5, 40 for SHA-1. */
#define KS_SSL3_PAD_LEN(hash) ((hash) == KS_HASH_MD5 ? 48 : 40)

#endif
