/*
 * GCM (SP 800-38D) over AES-128, streaming, mirroring ksecurity/prim/Gcm.java: AAD first, then
 * data of any length in any pieces, then the tag. IVs of any length of at least one byte:
 * 12-byte IVs are used directly (J0 = IV || 0^31 || 1), others are hashed with GHASH (§7.1).
 * The counter is inc32. Tags of 16, 15, 14, 13, 12, 8 or 4 bytes (§5.2.1.2), the leading bytes
 * of the full tag. At most 2^32 - 1 bytes of AAD and of data per message (SP 800-38D allows
 * 2^36 - 32 of data; a TLS record is at most 2^14 + 2048). TLS (RFC 5288, kssl/tls/AeadProtection.java) uses 12-byte nonces
 * (4-byte salt || 8-byte explicit nonce), 13 bytes of AAD and 16-byte tags.
 *
 * Decryption hashes each piece of ciphertext, then decrypts it: a record is processed as it
 * arrives, with no buffer of its size, and the tag is compared at the end (ks_aead_verify).
 * So ks_gcm_update releases plaintext BEFORE the tag is known: the caller must not act on it
 * until the tag verifies. ks_aead_open is the one-shot form that releases nothing on failure.
 */
#ifndef KS_GCM_H
#define KS_GCM_H

#include "ks_cipher.h"
#include "ks_ctr.h"
#include "ks_ghash.h"

typedef struct {
    const ks_aes128 *aes;
    ks_ghash gh;
    ks_ctr ctr;
    uint8_t ej0[16];            /* E(K, J0): masks the tag */
    uint32_t aad_len, msg_len;  /* bytes so far */
    uint8_t encrypt, state, tag_len;
} ks_gcm;

/* Binds the context to a keyed AES (which must outlive it) and computes H = E(K, 0^128). */
void ks_gcm_init(ks_gcm *g, const ks_aes128 *aes);

/* Starts a message: KS_CIPHER_INVALID for an empty IV or a tag length GCM does not allow. */
int ks_gcm_start(ks_gcm *g, int encrypt, const uint8_t *iv, size_t iv_len, size_t tag_len);

/* Adds associated data, only before the first data byte (else KS_CIPHER_INVALID). */
int ks_gcm_aad(ks_gcm *g, const uint8_t *in, size_t len);

/* Encrypts or decrypts len bytes (out may equal in). */
int ks_gcm_update(ks_gcm *g, const uint8_t *in, uint8_t *out, size_t len);

/* Writes the tag_len-byte tag; the message is then over. */
int ks_gcm_finish(ks_gcm *g, uint8_t *tag);

/* The tag lengths SP 800-38D allows: 4, 8, 12..16 bytes. */
int ks_gcm_valid_tag_length(size_t t);

/* Wipes H, the keystream, the running hash and E(K, J0). */
void ks_gcm_clear(ks_gcm *g);

#endif
