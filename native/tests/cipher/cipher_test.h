/* Shared by the host tests of the cipher primitives (native/prim/): the harness, a seeded
   generator, and OpenSSL's libcrypto as the oracle. */
#ifndef CIPHER_TEST_H
#define CIPHER_TEST_H

#include "../ks_test.h"
#include "ks_aead.h"
#include "ks_aes.h"
#include "ks_ccm.h"
#include "ks_gcm.h"
#include "ks_ghash.h"
#include "ks_rc4.h"

/* Deterministic bytes (xorshift64*), so a failure can be replayed. */
void test_random(uint8_t *b, size_t n);
uint32_t test_random_below(uint32_t n);

/* libcrypto's AES-128-GCM (mode KS_AEAD_GCM) or AES-128-CCM (KS_AEAD_CCM) seal: out gets the
   ciphertext, tag tag_len bytes. 1 on success. */
int evp_seal(int mode, const uint8_t key[16], const uint8_t *nonce, size_t nonce_len,
             const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
             uint8_t *tag, size_t tag_len);

void test_rc4(void);
void test_aes(void);
void test_ghash(void);
void test_gcm(void);
void test_ccm(void);
void test_aead(void);
void test_wycheproof(const char *path);

#endif
