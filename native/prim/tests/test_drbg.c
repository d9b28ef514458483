/*
 * Tests of HMAC_DRBG (ks_hmac_drbg.h): the CAVP HMAC_DRBG SHA-256 answers (no reseed, as in
 * ksecurity's HmacDrbgTest; and one with a reseed, HMAC_DRBG.rsp line 5064), the streams the
 * Java HmacDrbg gave for the same inputs (java_kat.h, GenJavaKat.java), random runs against
 * SP 800-90A section 10.1.2 written here on libcrypto's HMAC, the reseed interval and the
 * refused inputs.
 */
#include <stdlib.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "../../tests/ks_test.h"
#include "ks_hmac_drbg.h"
#include "java_kat.h"

/* SP 800-90A 10.1.2 on libcrypto: the reference. */
typedef struct {
    uint8_t k[32], v[32];
} ref_drbg;

static void ref_update(ref_drbg *d, const uint8_t *data, size_t len)
{
    uint8_t buf[32 + 1 + 400];
    unsigned n;
    int round;
    for (round = 0; round < 2; round++) {
        memcpy(buf, d->v, 32);
        buf[32] = (uint8_t)round;
        memcpy(buf + 33, data, len);
        HMAC(EVP_sha256(), d->k, 32, buf, 33 + len, d->k, &n);
        HMAC(EVP_sha256(), d->k, 32, d->v, 32, d->v, &n);
        if (len == 0) {
            return;
        }
    }
}

static void ref_generate(ref_drbg *d, uint8_t *out, size_t len, const uint8_t *add, size_t alen)
{
    unsigned n;
    size_t done = 0;
    if (alen > 0) {
        ref_update(d, add, alen);
    }
    while (done < len) {
        size_t k = len - done < 32 ? len - done : 32;
        HMAC(EVP_sha256(), d->k, 32, d->v, 32, d->v, &n);
        memcpy(out + done, d->v, k);
        done += k;
    }
    ref_update(d, add, alen);
}

static void rnd(uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        b[i] = (uint8_t)rand();
    }
}

static void test_cavp(void)
{
    uint8_t e[32], n[16], r[32], out[128];
    ks_hmac_drbg d;
    ks_unhex(e, "ca851911349384bffe89de1cbdc46e6831e44d34a4fb935ee285dd14b71a7488");
    ks_unhex(n, "659ba96c601dc69fc902940805ec0ca8");
    CHECK(ks_hmac_drbg_instantiate(&d, KS_DRBG_MAX_INTERVAL, e, 32, n, 16, NULL, 0) == 0, "instantiate");
    CHECK(ks_hmac_drbg_generate(&d, out, 128, NULL, 0) == 0, "generate");
    CHECK(ks_hmac_drbg_generate(&d, out, 128, NULL, 0) == 0, "generate");
    CHECK(strcmp(ks_hex(out, 128),
                 "e528e9abf2dece54d47c7e75e5fe302149f817ea9fb4bee6f4199697d04d5b89"
                 "d54fbb978a15b5c443c9ec21036d2460b6f73ebad0dc2aba6e624abf07745bc1"
                 "07694bb7547bb0995f70de25d6b29e2d3011bb19d27676c07162c8b5ccde0668"
                 "961df86803482cb37ed6d5c0bb8d50cf1f50d476aa0458bdaba806f48be9dcb8") == 0,
          "CAVP HMAC_DRBG SHA-256 no reseed");
    CHECK(d.reseed_counter == 3, "reseed counter 3 after two generates");
    ks_unhex(e, "06032cd5eed33f39265f49ecb142c511da9aff2af71203bffaf34a9ca5bd9c0d");
    ks_unhex(n, "0e66f71edc43e42a45ad3c6fc6cdc4df");
    ks_unhex(r, "01920a4e669ed3a85ae8a33b35a74ad7fb2a6bb4cf395ce00334a9c9a5a5d552");
    ks_hmac_drbg_instantiate(&d, KS_DRBG_MAX_INTERVAL, e, 32, n, 16, NULL, 0);
    CHECK(ks_hmac_drbg_reseed(&d, r, 32, NULL, 0) == 0, "reseed");
    ks_hmac_drbg_generate(&d, out, 128, NULL, 0);
    ks_hmac_drbg_generate(&d, out, 128, NULL, 0);
    CHECK(strcmp(ks_hex(out, 128),
                 "76fc79fe9b50beccc991a11b5635783a83536add03c157fb30645e611c2898bb"
                 "2b1bc215000209208cd506cb28da2a51bdb03826aaf2bd2335d576d519160842"
                 "e7158ad0949d1a9ec3e66ea1b1a064b005de914eac2e9d4f2d72a8616a802254"
                 "22918250ff66a41bd2f864a6a38cc5b6499dc43f7f2bd09e1e0f8f5885935124") == 0,
          "CAVP HMAC_DRBG SHA-256 with reseed");
    ks_hmac_drbg_clear(&d);
}

/* The Java's streams (RandomDataImpl's convention: entropy[0..32), nonce entropy[32..48),
   the personalization), generate by generate. */
static void test_java(void)
{
    int i, j;
    for (i = 0; i < JAVA_DRBG_COUNT; i++) {
        const java_drbg_kat *k = &java_drbg[i];
        uint8_t out[261];
        size_t off = 0;
        ks_hmac_drbg d;
        ks_hmac_drbg_instantiate(&d, 1u << 16, k->entropy, 32, k->entropy + 32, 16, k->pers, 12);
        for (j = 0; j < 5; j++) {
            ks_hmac_drbg_generate(&d, out + off, java_drbg_lengths[j], NULL, 0);
            off += java_drbg_lengths[j];
        }
        ks_hmac_drbg_reseed(&d, k->entropy2, 32, k->add_len ? k->add : NULL, k->add_len);
        ks_hmac_drbg_generate(&d, out + off, 64, k->add2_len ? k->add2 : NULL, k->add2_len);
        CHECK(memcmp(out, k->out, sizeof out) == 0, "Java HmacDrbg stream %d", i);
    }
}

static void test_random(void)
{
    int it, j;
    for (it = 0; it < 200; it++) {
        uint8_t e[80], n[20], p[60], a[60], got[300], want[300];
        size_t el = 32 + (size_t)(rand() % 48), nl = (size_t)(rand() % 20), pl = (size_t)(rand() % 60);
        ks_hmac_drbg d;
        ref_drbg r;
        uint8_t seed[160];
        rnd(e, el);
        rnd(n, nl);
        rnd(p, pl);
        ks_hmac_drbg_instantiate(&d, 1000, e, el, nl ? n : NULL, nl, pl ? p : NULL, pl);
        memset(r.k, 0, 32);
        memset(r.v, 1, 32);
        memcpy(seed, e, el);
        memcpy(seed + el, n, nl);
        memcpy(seed + el + nl, p, pl);
        ref_update(&r, seed, el + nl + pl);
        for (j = 0; j < 4; j++) {
            size_t len = (size_t)(rand() % 300), al = rand() % 2 ? (size_t)(rand() % 60) : 0;
            rnd(a, al);
            if (j == 2) {
                rnd(e, 32);
                ks_hmac_drbg_reseed(&d, e, 32, a, al);
                memcpy(seed, e, 32);
                memcpy(seed + 32, a, al);
                ref_update(&r, seed, 32 + al);
            }
            CHECK(ks_hmac_drbg_generate(&d, got, len, al ? a : NULL, al) == 0, "generate");
            ref_generate(&r, want, len, a, al);
            CHECK(len == 0 || memcmp(got, want, len) == 0, "HMAC_DRBG against SP 800-90A, %zu bytes, add %zu", len,
                  al);
        }
        ks_hmac_drbg_clear(&d);
    }
}

static void test_limits(void)
{
    uint8_t e[32] = {0}, out[8];
    static uint8_t big[KS_DRBG_MAX_REQUEST + 1];
    ks_hmac_drbg d;
    memset(&d, 0, sizeof d);
    CHECK(ks_hmac_drbg_generate(&d, out, 8, NULL, 0) == -1, "generate before instantiate refused");
    CHECK(ks_hmac_drbg_reseed(&d, e, 32, NULL, 0) == -1, "reseed before instantiate refused");
    CHECK(ks_hmac_drbg_instantiate(&d, 2, e, 31, NULL, 0, NULL, 0) == -1, "31 bytes of entropy refused");
    CHECK(ks_hmac_drbg_instantiate(&d, 0, e, 32, NULL, 0, NULL, 0) == -1, "interval 0 refused");
    CHECK(ks_hmac_drbg_instantiate(&d, 0xffffffffu, e, 32, NULL, 0, NULL, 0) == -1, "interval 2^32-1 refused");
    CHECK(ks_hmac_drbg_instantiate(&d, 2, e, 32, NULL, 0, NULL, 0) == 0, "instantiate");
    CHECK(ks_hmac_drbg_generate(&d, big, KS_DRBG_MAX_REQUEST + 1, NULL, 0) == -1, "65537 bytes refused");
    CHECK(ks_hmac_drbg_generate(&d, big, KS_DRBG_MAX_REQUEST, NULL, 0) == 0, "65536 bytes");
    CHECK(ks_hmac_drbg_generate(&d, out, 8, NULL, 0) == 0, "second generate");
    memset(out, 0x77, sizeof out);
    CHECK(ks_hmac_drbg_generate(&d, out, 8, NULL, 0) == KS_DRBG_RESEED && out[0] == 0x77 && out[7] == 0x77,
          "third generate waits for a reseed, writing nothing");
    CHECK(ks_hmac_drbg_reseed(&d, e, 16, NULL, 0) == -1, "short reseed entropy refused");
    CHECK(ks_hmac_drbg_reseed(&d, e, 32, NULL, 0) == 0, "reseed");
    CHECK(ks_hmac_drbg_generate(&d, out, 8, NULL, 0) == 0, "generate after reseed");
    ks_hmac_drbg_clear(&d);
    CHECK(d.reseed_counter == 0 && ks_hmac_drbg_generate(&d, out, 8, NULL, 0) == -1, "cleared");
}

int main(void)
{
    srand(90);
    test_cavp();
    test_java();
    test_random();
    test_limits();
    printf("prim HMAC_DRBG: %d passed, %d failed\n", ks_test_passed, ks_test_failed);
    return ks_test_failed != 0;
}
