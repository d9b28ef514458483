/*
 * CCM (SP 800-38C) over AES-128, mirroring ksecurity/prim/Ccm.java: CBC-MAC over B0, the
 * encoded AAD and the payload, then CTR with the counter blocks Ctr_i (S0 = E(Ctr_0) masks
 * the tag). CCM needs both lengths before it starts (they are in B0): they are given to
 * ks_ccm_start, and ks_ccm_finish refuses if the data given do not add up to them. Nonces of
 * 7..13 bytes, tags of 4, 6, ..., 16 bytes. TLS's AES-128-CCM_8 (RFC 6655, RFC 7251) uses
 * 12-byte nonces, 13 bytes of AAD and 8-byte tags; the record header gives the length first.
 *
 * Streaming: AAD and data may come in any pieces. CCM's MAC covers the plaintext, so
 * decryption releases plaintext BEFORE the tag is known: the caller must not act on it until
 * the tag verifies (ks_aead_verify); ks_aead_open releases nothing on failure.
 */
#ifndef KS_CCM_H
#define KS_CCM_H

#include "ks_aes.h"
#include "ks_cipher.h"

typedef struct {
    const ks_aes128 *aes;
    uint8_t mac[16];  /* the CBC-MAC state, the bytes of a partial block XORed in */
    uint8_t ctr[16];  /* the next counter block */
    uint8_t ks[16];   /* keystream of the current payload block */
    uint32_t aad_left, msg_left;
    uint8_t mac_pos, ks_pos, q, tag_len, encrypt, state;
} ks_ccm;

/* Binds the context to a keyed AES, which must outlive it. */
void ks_ccm_init(ks_ccm *c, const ks_aes128 *aes);

/* Starts a message of aad_len bytes of AAD and msg_len bytes of data: KS_CIPHER_INVALID for a
   bad nonce or tag length, or a message too long for the nonce's length field. */
int ks_ccm_start(ks_ccm *c, int encrypt, const uint8_t *nonce, size_t nonce_len,
                 uint32_t aad_len, uint32_t msg_len, size_t tag_len);

/* Adds associated data; KS_CIPHER_INVALID past the length given, or after data. */
int ks_ccm_aad(ks_ccm *c, const uint8_t *in, size_t len);

/* Encrypts or decrypts len bytes (out may equal in); KS_CIPHER_INVALID if the AAD is not all
   in yet or the data would exceed the length given. */
int ks_ccm_update(ks_ccm *c, const uint8_t *in, uint8_t *out, size_t len);

/* Writes the tag_len-byte tag; KS_CIPHER_INVALID if the data differ from the lengths given. */
int ks_ccm_finish(ks_ccm *c, uint8_t *tag);

void ks_ccm_clear(ks_ccm *c);

#endif
