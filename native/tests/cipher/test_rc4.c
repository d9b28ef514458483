/* RC4 (prim/ks_rc4.c): RFC 6229 keystreams, libcrypto's RC4 (legacy provider) on random keys
   and pieces, and the key lengths refused. */
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "cipher_test.h"

/* RFC 6229 §2, key 0x0102030405: keystream at these offsets (the Java test's table). */
static const struct {
    int off;
    const char *ks;
} key40[] = {
    {0, "b2396305f03dc027ccc3524a0a1118a8"},    {16, "6982944f18fc82d589c403a47a0d0919"},
    {240, "28cb1132c96ce286421dcaadb8b69eae"},  {256, "1cfcf62b03eddb641d77dfcf7f8d8c93"},
    {496, "42b7d0cdd918a8a33dd51781c81f4041"},  {512, "6459844432a7da923cfb3eb4980661f6"},
    {752, "ec10327bde2beefd18f9277680457e22"},  {768, "eb62638d4f0ba1fe9fca20e05bf8ff2b"},
    {1008, "45129048e6a0ed0b56b490338f078da5"}, {1024, "30abbcc7c20b01609f23ee2d5f6bb7df"},
    {1520, "3294f744d8f9790507e70f62e5bbceea"}, {1536, "d8729db41882259bee4f825325f5a130"},
    {2032, "1eb14a0c13b3bf47fa2a0ba93ad45b8b"}, {2048, "cc582f8ba9f265e2b1be9112e975d2d7"},
};

static const struct {
    const char *key;
    int off;
    const char *ks;
} others[] = {
    {"0102030405060708090a0b0c0d0e0f10", 0, "9ac7cc9a609d1ef7b2932899cde41b975248c4959014126a6e8a84f11d1a9e1c"},
    {"0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20", 0, "eaa6bd25880bf93d3f5d1e4ca2611d91"},
    {"1ada31d5cf688221c109163908ebe51debb46227c6cc8b37641910833222772a", 4096, "370b1c1fe655916d97fd0d47ca1d72b8"},
};

/* The keystream bytes [off, off + n) of key, made in pieces of `piece` bytes. */
static void keystream(const char *key_hex, int off, size_t n, size_t piece, uint8_t *out)
{
    static uint8_t z[4200];
    uint8_t key[32];
    size_t klen = ks_unhex(key, key_hex), done;
    ks_rc4 c;
    memset(z, 0, sizeof z);
    ks_rc4_init(&c, key, klen);
    for (done = 0; done < off + n; done += piece) {
        size_t m = off + n - done < piece ? off + n - done : piece;
        ks_rc4_process(&c, z + done, z + done, m);
    }
    memcpy(out, z + off, n);
    ks_rc4_clear(&c);
}

static void test_vectors(void)
{
    uint8_t got[32], want[32];
    size_t i, n;
    for (i = 0; i < sizeof key40 / sizeof key40[0]; i++) {
        size_t pieces[] = {1, 7, 16, 4096};
        size_t p;
        for (p = 0; p < 4; p++) {
            keystream("0102030405", key40[i].off, 16, pieces[p], got);
            ks_unhex(want, key40[i].ks);
            CHECK(memcmp(got, want, 16) == 0, "RFC 6229 40-bit key, offset %d, pieces of %zu: %s",
                  key40[i].off, pieces[p], ks_hex(got, 16));
        }
    }
    for (i = 0; i < sizeof others / sizeof others[0]; i++) {
        n = ks_unhex(want, others[i].ks);
        keystream(others[i].key, others[i].off, n, 13, got);
        CHECK(memcmp(got, want, n) == 0, "RFC 6229 key %s offset %d: %s", others[i].key,
              others[i].off, ks_hex(got, n));
    }
}

static void test_against_libcrypto(void)
{
    /* a library context of its own, so that the legacy provider does not change the default
       context the other tests use */
    OSSL_LIB_CTX *lib = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *legacy = OSSL_PROVIDER_load(lib, "legacy");
    EVP_CIPHER *rc4 = EVP_CIPHER_fetch(lib, "RC4", NULL);
    static uint8_t key[256], msg[700], want[700], got[700];
    int i, n;
    CHECK(rc4 != NULL, "libcrypto's RC4 (legacy provider) is available");
    for (i = 0; rc4 != NULL && i < 300; i++) {
        size_t klen = 1 + test_random_below(256), len = test_random_below(700), cut;
        EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
        ks_rc4 s;
        test_random(key, klen);
        test_random(msg, len);
        EVP_EncryptInit_ex(c, rc4, NULL, NULL, NULL);
        EVP_CIPHER_CTX_set_key_length(c, (int)klen);
        EVP_EncryptInit_ex(c, NULL, NULL, key, NULL);
        EVP_EncryptUpdate(c, want, &n, msg, (int)len);
        EVP_CIPHER_CTX_free(c);
        cut = len ? test_random_below((uint32_t)len + 1) : 0;
        CHECK(ks_rc4_init(&s, key, klen) == KS_CIPHER_OK, "init, key of %zu bytes", klen);
        ks_rc4_process(&s, msg, got, cut);
        memcpy(got + cut, msg + cut, len - cut);
        ks_rc4_process(&s, got + cut, got + cut, len - cut); /* in place */
        CHECK(memcmp(got, want, len) == 0, "RC4 against libcrypto: key %zu bytes, %zu bytes cut at %zu",
              klen, len, cut);
    }
    EVP_CIPHER_free(rc4);
    OSSL_PROVIDER_unload(legacy);
    OSSL_LIB_CTX_free(lib);
}

static void test_bad_keys(void)
{
    static uint8_t key[257];
    ks_rc4 c;
    memset(&c, 0x5a, sizeof c);
    CHECK(ks_rc4_init(&c, key, 0) == KS_CIPHER_INVALID, "empty key refused");
    CHECK(c.s[0] == 0 && c.s[255] == 0, "state wiped after a refused key");
    CHECK(ks_rc4_init(&c, key, 257) == KS_CIPHER_INVALID, "257-byte key refused");
    CHECK(ks_rc4_init(&c, key, 256) == KS_CIPHER_OK, "256-byte key taken");
    ks_rc4_clear(&c);
    CHECK(c.s[1] == 0 && c.i == 0 && c.j == 0, "cleared");
}

void test_rc4(void)
{
    test_vectors();
    test_against_libcrypto();
    test_bad_keys();
}
