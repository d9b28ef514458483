/* AES-128 encryption (prim/ks_aes_ct.c or ks_aes_tab.c, whichever the build selects): FIPS 197
   and SP 800-38A known answers, libcrypto on random keys and blocks, the two-block call, in
   place, and the wipe. */
#include <openssl/evp.h>

#include "cipher_test.h"

static const struct {
    const char *key, *pt, *ct;
} kat[] = {
    /* FIPS 197 Appendix C.1 and Appendix B */
    {"000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a"},
    {"2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734", "3925841d02dc09fbdc118597196a0b32"},
    /* SP 800-38A F.1.1, ECB-AES128 */
    {"2b7e151628aed2a6abf7158809cf4f3c", "6bc1bee22e409f96e93d7e117393172a", "3ad77bb40d7a3660a89ecaf32466ef97"},
    {"2b7e151628aed2a6abf7158809cf4f3c", "ae2d8a571e03ac9c9eb76fac45af8e51", "f5d3d58503b9699de785895a96fdbaaf"},
    {"2b7e151628aed2a6abf7158809cf4f3c", "30c81c46a35ce411e5fbc1191a0a52ef", "43b1cd7f598ece23881b00e3ed030688"},
    {"2b7e151628aed2a6abf7158809cf4f3c", "f69f2445df4f9b17ad2b417be66c3710", "7b0c785e27e8ad3f8223207104725dd4"},
};

static void evp_ecb(const uint8_t key[16], const uint8_t in[16], uint8_t out[16])
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int n;
    EVP_EncryptInit_ex(c, EVP_aes_128_ecb(), NULL, key, NULL);
    EVP_CIPHER_CTX_set_padding(c, 0);
    EVP_EncryptUpdate(c, out, &n, in, 16);
    EVP_CIPHER_CTX_free(c);
}

void test_aes(void)
{
    uint8_t key[16], pt[16], pt2[16], want[16], want2[16], got[16], got2[16];
    ks_aes128 c;
    size_t i, j;
    for (i = 0; i < sizeof kat / sizeof kat[0]; i++) {
        ks_unhex(key, kat[i].key);
        ks_unhex(pt, kat[i].pt);
        ks_unhex(want, kat[i].ct);
        ks_aes128_init(&c, key);
        ks_aes128_encrypt(&c, pt, got);
        CHECK(memcmp(got, want, 16) == 0, "AES-128 known answer %zu: %s", i, ks_hex(got, 16));
        ks_aes128_encrypt(&c, pt, pt); /* in place */
        CHECK(memcmp(pt, want, 16) == 0, "AES-128 known answer %zu in place", i);
    }
    for (i = 0; i < 2000; i++) {
        test_random(key, 16);
        test_random(pt, 16);
        test_random(pt2, 16);
        evp_ecb(key, pt, want);
        evp_ecb(key, pt2, want2);
        ks_aes128_init(&c, key);
        ks_aes128_encrypt(&c, pt, got);
        CHECK(memcmp(got, want, 16) == 0, "AES-128 against libcrypto, key %s", ks_hex(key, 16));
        ks_aes128_encrypt2(&c, pt, pt2, got, got2);
        CHECK(memcmp(got, want, 16) == 0 && memcmp(got2, want2, 16) == 0, "two blocks, key %s",
              ks_hex(key, 16));
        if (i < 50) {
            /* aliasing: out0 = in1 and out1 = in0 (the CCM and CTR callers' shapes) */
            memcpy(got, pt, 16);
            memcpy(got2, pt2, 16);
            ks_aes128_encrypt2(&c, got, got2, got2, got);
            CHECK(memcmp(got2, want, 16) == 0 && memcmp(got, want2, 16) == 0, "two blocks, crossed");
        }
    }
    ks_aes128_clear(&c);
    for (j = 0, i = 0; i < sizeof c; i++) {
        j |= ((uint8_t *)&c)[i];
    }
    CHECK(j == 0, "round keys wiped");
}
