/* The host tests of the cipher primitives (native/prim/: RC4, AES-128, GHASH, GCM, CCM, the
   AEAD interface) for one build (KS_AES_TABLES, KS_AES_EXPANDED, KS_GHASH_CLMUL from -D):
   test-cipher WYCHEPROOF_LINES (written by wycheproof_lines.py). */
#include <openssl/evp.h>
#include <stdio.h>

#include "cipher_test.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t next64(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1du;
}

void test_random(uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        b[i] = (uint8_t)(next64() >> 56);
    }
}

uint32_t test_random_below(uint32_t n)
{
    return (uint32_t)(next64() >> 33) % n;
}

int evp_seal(int mode, const uint8_t key[16], const uint8_t *nonce, size_t nonce_len,
             const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
             uint8_t *tag, size_t tag_len)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int gcm = mode == KS_AEAD_GCM, n, ok;
    uint8_t spare[1];
    ok = EVP_EncryptInit_ex(c, gcm ? EVP_aes_128_gcm() : EVP_aes_128_ccm(), NULL, NULL, NULL)
      && EVP_CIPHER_CTX_ctrl(c, gcm ? EVP_CTRL_GCM_SET_IVLEN : EVP_CTRL_CCM_SET_IVLEN, (int)nonce_len, NULL)
      && (gcm || EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_CCM_SET_TAG, (int)tag_len, NULL))
      && EVP_EncryptInit_ex(c, NULL, NULL, key, nonce)
      && (gcm || EVP_EncryptUpdate(c, NULL, &n, NULL, (int)len))
      && (aad_len == 0 || EVP_EncryptUpdate(c, NULL, &n, aad, (int)aad_len))
      && EVP_EncryptUpdate(c, len ? out : spare, &n, len ? in : spare, (int)len)
      && EVP_EncryptFinal_ex(c, spare, &n)
      && EVP_CIPHER_CTX_ctrl(c, gcm ? EVP_CTRL_GCM_GET_TAG : EVP_CTRL_CCM_GET_TAG, (int)tag_len, tag);
    EVP_CIPHER_CTX_free(c);
    return ok;
}

int main(int argc, char **argv)
{
    test_rc4();
    test_aes();
    test_ghash();
    test_gcm();
    test_ccm();
    test_aead();
    test_wycheproof(argc > 1 ? argv[1] : "");
    printf("cipher: AES %s%s, GHASH %s: %d passed, %d failed\n",
           KS_AES_TABLES ? "tables" : "bitsliced",
           KS_AES_TABLES ? (KS_AES_EXPANDED ? " (expanded key)" : " (key schedule per block)") : "",
           KS_GHASH_CLMUL ? "clmul32" : "bytes by masks", ks_test_passed, ks_test_failed);
    return ks_test_failed != 0;
}
