/*
 * Authenticated encryption with associated data: the small interface the TLS record layer
 * calls, mirroring ksecurity/prim/Aead.java (GCM and CCM behind one set of calls). As
 * kssl/tls/AeadProtection.java drives it: ks_aead_init once per key (mode, 16-byte AES key);
 * then per record ks_aead_start with the 12-byte nonce (salt || explicit nonce), the lengths
 * and the tag length (16 for GCM, 8 for CCM_8), ks_aead_aad with the 13-byte additional data,
 * ks_aead_update with the fragment in any pieces, then ks_aead_finish (seal: the tag) or
 * ks_aead_verify (open: compares the tag in constant time).
 *
 * Streaming decryption (start, update..., verify) releases plaintext before the tag is known,
 * so that a mote can process a record as it arrives: the caller must not act on that
 * plaintext until ks_aead_verify returns KS_CIPHER_OK. ks_aead_open does the whole record in
 * place and releases nothing on failure: the buffer is zeroed before it returns
 * KS_CIPHER_BAD_TAG, and the work done is the same either way.
 *
 * The context holds the AES key and the mode's state; the mode points into the context, so
 * a context must not be copied or moved after ks_aead_init.
 */
#ifndef KS_AEAD_H
#define KS_AEAD_H

#include "ks_ccm.h"
#include "ks_gcm.h"

#define KS_AEAD_GCM 1
#define KS_AEAD_CCM 2

typedef struct {
    ks_aes128 aes;
    union {
        ks_gcm gcm;
        ks_ccm ccm;
    } m;
    uint8_t mode, tag_len;
} ks_aead;

/* Keys the context for KS_AEAD_GCM or KS_AEAD_CCM with a 16-byte AES key. */
int ks_aead_init(ks_aead *a, uint8_t mode, const uint8_t key[16]);

/* Starts a message. aad_len and msg_len are the lengths that will follow (CCM needs them and
   checks them; GCM ignores them). KS_CIPHER_INVALID for a nonce, tag length or message
   length the mode refuses. */
int ks_aead_start(ks_aead *a, int encrypt, const uint8_t *nonce, size_t nonce_len,
                  uint32_t aad_len, uint32_t msg_len, size_t tag_len);

/* Adds associated data; only before the first data byte. */
int ks_aead_aad(ks_aead *a, const uint8_t *in, size_t len);

/* Encrypts or decrypts len bytes (out may equal in). */
int ks_aead_update(ks_aead *a, const uint8_t *in, uint8_t *out, size_t len);

/* Seal: writes the tag (the tag length given to start); the message is then over. */
int ks_aead_finish(ks_aead *a, uint8_t *tag);

/* Open: KS_CIPHER_OK if tag (the tag length given to start) is the message's tag,
   KS_CIPHER_BAD_TAG if not (compared in constant time); the message is then over. */
int ks_aead_verify(ks_aead *a, const uint8_t *tag);

/* One-shot seal in place: buf (len bytes) encrypted, the tag written to tag. */
int ks_aead_seal(ks_aead *a, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                 size_t aad_len, uint8_t *buf, size_t len, uint8_t *tag, size_t tag_len);

/* One-shot open in place: KS_CIPHER_OK with buf decrypted, or KS_CIPHER_BAD_TAG with buf
   zeroed (nothing released), or KS_CIPHER_INVALID (buf untouched). */
int ks_aead_open(ks_aead *a, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                 size_t aad_len, uint8_t *buf, size_t len, const uint8_t *tag, size_t tag_len);

/* Wipes the key and the mode's state. */
void ks_aead_clear(ks_aead *a);

#endif
