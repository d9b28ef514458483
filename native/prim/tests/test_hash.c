/*
 * Tests of the hash family (ks_hash.h), HMAC (ks_hmac.h), the SSL 3.0 MAC (ks_ssl3_mac.h)
 * and the SSL 3.0 / TLS key derivations (ks_tls_prf.h): FIPS 180-4 and RFC 1321 examples,
 * RFC 4231 and RFC 2202, the TLS 1.2 PRF vector of ksecurity's TlsPrfTest, and random
 * cross-checks against OpenSSL's libcrypto (EVP digests, HMAC, the TLS1-PRF KDF) and against
 * the SSL 3.0 definitions written here on libcrypto's MD5 and SHA-1.
 */
#include <stdlib.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "../../tests/ks_test.h"
#include "ks_hash.h"
#include "ks_hmac.h"
#include "ks_ssl3_mac.h"
#include "ks_tls_prf.h"

static const EVP_MD *evp(int id)
{
    switch (id) {
    case KS_HASH_MD5: return EVP_md5();
    case KS_HASH_SHA1: return EVP_sha1();
    case KS_HASH_SHA224: return EVP_sha224();
    case KS_HASH_SHA256: return EVP_sha256();
    case KS_HASH_SHA384: return EVP_sha384();
    default: return EVP_sha512();
    }
}

static const char *names[] = {"MD5", "SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512"};
static const int n_hashes = KS_WITH_SHA512 ? 6 : 4;

static void rnd(uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        b[i] = (uint8_t)rand();
    }
}

static void ref_digest(int id, const uint8_t *in, size_t len, uint8_t *out)
{
    unsigned n;
    EVP_Digest(in, len, out, &n, evp(id), NULL);
}

/* FIPS 180-4 / RFC 1321 examples (the one-million-'a' message in 1000-byte pieces). */
static void test_standard_vectors(void)
{
    static const char *msgs[] = {
        "abc", "", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
        "mnopqrstnopqrstu",
    };
    static const char *want[5][5] = {
        {"a9993e364706816aba3e25717850c26c9cd0d89d", "da39a3ee5e6b4b0d3255bfef95601890afd80709",
         "84983e441c3bd26ebaae4aa1f95129e5e54670f1", "a49b2446a02c645bf419f995b67091253a04a259",
         "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
        {"23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
         "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f",
         "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
         "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3",
         "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"},
        {"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
         "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
         "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
        {"cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
         "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b",
         "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b",
         "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039",
         "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985"},
        {"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd"
         "454d4423643ce80e2a9ac94fa54ca49f",
         "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f"
         "63b931bd47417a81a538327af927da3e",
         "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca0"
         "31ad85c7a71dd70354ec631238ca3445",
         "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433a"
         "c7d329eeb6dd26545e96e55b874be909",
         "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31b"
         "eb009c5c2c49aa2e4eadb217ad8cc09b"},
    };
    static const char *md5_msgs[] = {
        "", "a", "abc", "message digest", "abcdefghijklmnopqrstuvwxyz",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
        "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
    };
    static const char *md5_want[] = {
        "d41d8cd98f00b204e9800998ecf8427e", "0cc175b9c0f1b6a831c399e269772661",
        "900150983cd24fb0d6963f7d28e17f72", "f96b697d7cb7938d525a2f31aaf161d0",
        "c3fcd3d76192e4007dfb496cca67e13b", "d174ab98d277d9f5a5611c2c9f419d9f",
        "57edf4a22be3c955ac49da2e2107b67a",
    };
    uint8_t out[64], a[1000];
    int h, m;
    memset(a, 'a', sizeof a);
    for (h = 0; h < 5; h++) {
        int id = h + 1;
        if (id >= KS_HASH_SHA384 && !KS_WITH_SHA512) {
            continue;
        }
        for (m = 0; m < 5; m++) {
            ks_hash_ctx c;
            CHECK(ks_hash_init(&c, id) == 0, "init %s", names[id]);
            if (m < 4) {
                ks_hash_update(&c, (const uint8_t *)msgs[m], strlen(msgs[m]));
            } else {
                int i;
                for (i = 0; i < 1000; i++) {
                    ks_hash_update(&c, a, sizeof a);
                }
            }
            ks_hash_final(&c, out);
            CHECK(strcmp(ks_hex(out, ks_hash_size(id)), want[h][m]) == 0, "%s FIPS 180 message %d", names[id], m);
        }
    }
    for (m = 0; m < 7; m++) {
        ks_hash(KS_HASH_MD5, (const uint8_t *)md5_msgs[m], strlen(md5_msgs[m]), out);
        CHECK(strcmp(ks_hex(out, 16), md5_want[m]) == 0, "MD5 RFC 1321 message %d", m);
    }
    CHECK(ks_hash_size(KS_HASH_MD5) == 16 && ks_hash_size(KS_HASH_SHA1) == 20 && ks_hash_size(KS_HASH_SHA224) == 28
              && ks_hash_size(KS_HASH_SHA256) == 32 && ks_hash_block(KS_HASH_SHA256) == 64,
          "sizes");
    CHECK(ks_hash_size(9) == 0 && ks_hash(9, a, 1, out) == -1 && ks_hash_size(-1) == 0, "unknown hash id refused");
}

/* Random messages in random pieces against EVP; copies taken mid-stream go on independently;
   ks_hash_final starts the same hash again. */
static void test_random_hashes(void)
{
    static uint8_t msg[3000];
    uint8_t got[64], want[64], got2[64];
    int it, id;
    for (it = 0; it < 300; it++) {
        for (id = 0; id < n_hashes; id++) {
            ks_hash_ctx c, copy;
            size_t len = (size_t)(it < 260 ? it : rand() % (int)sizeof msg), done = 0, cut = len / 3;
            rnd(msg, len);
            ks_hash_init(&c, id);
            while (done < len) {
                size_t k = (size_t)(rand() % 150);
                if (k > len - done) {
                    k = len - done;
                }
                if (done <= cut && cut < done + k) {
                    ks_hash_update(&c, msg + done, cut - done);
                    copy = c; /* the running hash read mid-stream */
                    ks_hash_update(&c, msg + cut, done + k - cut);
                } else {
                    ks_hash_update(&c, msg + done, k);
                }
                done += k;
            }
            if (len == 0) {
                copy = c;
            }
            ks_hash_final(&c, got);
            ref_digest(id, msg, len, want);
            CHECK(memcmp(got, want, ks_hash_size(id)) == 0, "%s of %zu bytes", names[id], len);
            ks_hash_final(&copy, got2);
            ref_digest(id, msg, len > 0 ? cut : 0, want);
            CHECK(memcmp(got2, want, ks_hash_size(id)) == 0, "%s copy at %zu of %zu", names[id], cut, len);
            /* the context starts again after final */
            ks_hash_update(&c, msg, len / 2);
            ks_hash_final(&c, got);
            ref_digest(id, msg, len / 2, want);
            CHECK(memcmp(got, want, ks_hash_size(id)) == 0, "%s reused after final", names[id]);
        }
    }
}

/* RFC 4231 (SHA-224/256/384/512) and RFC 2202 (MD5, SHA-1) HMAC test cases. */
static void test_hmac_vectors(void)
{
    static const char *keys[] = {
        "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4a656665",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "0102030405060708090a0b0c0d0e0f10111213141516171819",
        "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c",
    };
    static const char *want4231[6][4] = {
        {"896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22",
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
         "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6",
         "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4"
         "be9d914eeb61f1702e696c203a126854"},
        {"a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44",
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
         "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649",
         "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fd"
         "caeab1a34d4a6b4b636e070a38bce737"},
        {"7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea",
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
         "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b2a5ab39dc13814b94e3ab6e101a34f27",
         "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e67c807"
         "b946a337bee8942674278859e13292fb"},
        {"6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a",
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
         "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e6801dd23c4a7d679ccf8a386c674cffb",
         "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5788063"
         "a5f19741120c4f2de2adebeb10a298dd"},
        {"0e2aea68a90c8d37c988bcdb9fca6fa8", "a3b6167473100ee06e0c796c2955552b",
         "3abf34c3503b2a23a46efc619baef897", "415fad6271580a531d4179bc891d87a6"},
        {"95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e",
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
         "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952",
         "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e52"
         "95e64f73f63f0aec8b915a985d786598"},
    };
    static const char *data[] = {
        "4869205468657265", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
        "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
        "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd",
        "546573742057697468205472756e636174696f6e",
        "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579"
        "204669727374",
    };
    static const char *want2202[2][3] = {
        {"9294727a3638bb1c13f48ef8158bfc9d", "750c783e6ab0b503eaa86e310a5db738", "56be34521d144c88dbb8c733f0e8b3f6"},
        {"b617318655057264e28bc0b6fb378c8ef146be00", "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79",
         "125d7342b9ac11cd91a39af48aa17b4f63f175d3"},
    };
    uint8_t key[200], in[200], out[64];
    int t, h;
    for (t = 0; t < 6; t++) {
        size_t kl, il;
        if (t < 5) {
            kl = ks_unhex(key, keys[t]);
        } else {
            kl = 131;
            memset(key, 0xaa, kl);
        }
        il = ks_unhex(in, data[t]);
        for (h = 0; h < 4; h++) {
            int id = KS_HASH_SHA224 + h;
            size_t cmp = t == 4 ? 16 : ks_hash_size(id);
            if (id >= KS_HASH_SHA384 && !KS_WITH_SHA512) {
                continue;
            }
            CHECK(ks_hmac(id, key, kl, in, il, out) == 0, "hmac");
            CHECK(strcmp(ks_hex(out, cmp), want4231[t][h]) == 0, "RFC 4231 case %d %s: %s", t + 1, names[id],
                  ks_hex(out, cmp));
        }
        if (t < 3) {
            for (h = 0; h < 2; h++) {
                /* RFC 2202 cases 1-3: its MD5 case 1 key is 16 bytes of 0x0b */
                size_t k2 = (t == 0 && h == 0) ? 16 : (t == 2 && h == 0) ? 16 : kl;
                ks_hmac(h, key, k2, in, il, out);
                CHECK(strcmp(ks_hex(out, ks_hash_size(h)), want2202[h][t]) == 0, "RFC 2202 case %d %s", t + 1,
                      names[h]);
            }
        }
    }
}

/* Random keys (0..300 bytes, around and beyond the block) and messages against libcrypto's
   HMAC; a keyed context reused after final and after reset. */
static void test_random_hmac(void)
{
    static uint8_t key[300], msg[700];
    uint8_t got[64], want[64];
    unsigned wl;
    int it, id;
    for (it = 0; it < 200; it++) {
        for (id = 0; id < n_hashes; id++) {
            ks_hmac_ctx c;
            size_t kl = (size_t)(it < 140 ? it : rand() % 300), ml = (size_t)(rand() % 700);
            rnd(key, kl);
            rnd(msg, ml);
            ks_hmac_init(&c, id, key, kl);
            ks_hmac_update(&c, msg, ml / 2);
            ks_hmac_update(&c, msg + ml / 2, ml - ml / 2);
            ks_hmac_final(&c, got);
            HMAC(evp(id), key, (int)kl, msg, ml, want, &wl);
            CHECK(wl == ks_hmac_size(&c) && memcmp(got, want, wl) == 0, "HMAC-%s key %zu msg %zu", names[id], kl, ml);
            ks_hmac_update(&c, msg, ml / 3);
            ks_hmac_final(&c, got);
            HMAC(evp(id), key, (int)kl, msg, ml / 3, want, &wl);
            CHECK(memcmp(got, want, wl) == 0, "HMAC-%s restarted after final", names[id]);
            ks_hmac_update(&c, msg, ml);
            ks_hmac_reset(&c);
            ks_hmac_update(&c, msg, ml / 5);
            ks_hmac_final(&c, got);
            HMAC(evp(id), key, (int)kl, msg, ml / 5, want, &wl);
            CHECK(memcmp(got, want, wl) == 0, "HMAC-%s after reset", names[id]);
            {   /* the key saved as its chaining values and loaded into a fresh context */
                uint8_t saved[KS_HMAC_KEY_SAVED_MAX];
                ks_hmac_ctx d;
                memset(&d, 0xA5, sizeof d);
                ks_hmac_key_save(&c, saved);
                ks_hmac_key_load(&d, id, saved);
                ks_hmac_update(&d, msg, ml);
                ks_hmac_final(&d, got);
                HMAC(evp(id), key, (int)kl, msg, ml, want, &wl);
                CHECK(wl == ks_hmac_size(&d) && memcmp(got, want, wl) == 0, "HMAC-%s from the saved key", names[id]);
                ks_hmac_clear(&d);
            }
            ks_hmac_clear(&c);
        }
    }
}

/* The SSL 3.0 MAC against hash(secret || pad_2 || hash(secret || pad_1 || data)) on EVP. */
static void test_ssl3_mac(void)
{
    static uint8_t msg[400];
    uint8_t secret[20], pad1[48], pad2[48], inner[20], got[20], want[20];
    int it, h;
    memset(pad1, 0x36, sizeof pad1);
    memset(pad2, 0x5c, sizeof pad2);
    for (h = 0; h < 2; h++) {
        size_t n = ks_hash_size(h), pl = h == 0 ? 48 : 40;
        ks_ssl3_mac_ctx c;
        for (it = 0; it < 200; it++) {
            size_t ml = (size_t)(rand() % 400);
            EVP_MD_CTX *e = EVP_MD_CTX_new();
            rnd(secret, n);
            rnd(msg, ml);
            EVP_DigestInit_ex(e, evp(h), NULL);
            EVP_DigestUpdate(e, secret, n);
            EVP_DigestUpdate(e, pad1, pl);
            EVP_DigestUpdate(e, msg, ml);
            EVP_DigestFinal_ex(e, inner, NULL);
            EVP_DigestInit_ex(e, evp(h), NULL);
            EVP_DigestUpdate(e, secret, n);
            EVP_DigestUpdate(e, pad2, pl);
            EVP_DigestUpdate(e, inner, n);
            EVP_DigestFinal_ex(e, want, NULL);
            EVP_MD_CTX_free(e);
            CHECK(ks_ssl3_mac_init(&c, h, secret, n) == 0, "ssl3 mac init");
            ks_ssl3_mac_update(&c, msg, ml / 2);
            ks_ssl3_mac_update(&c, msg + ml / 2, ml - ml / 2);
            ks_ssl3_mac_final(&c, got);
            CHECK(memcmp(got, want, n) == 0, "SSL 3.0 MAC %s, %zu bytes", names[h], ml);
            ks_ssl3_mac_update(&c, msg, ml);
            ks_ssl3_mac_final(&c, got);
            CHECK(memcmp(got, want, n) == 0, "SSL 3.0 MAC %s restarted", names[h]);
        }
        ks_ssl3_mac_clear(&c);
    }
    CHECK(ks_ssl3_mac_init(&(ks_ssl3_mac_ctx){0}, KS_HASH_SHA256, secret, 32) == -1, "SSL 3.0 MAC over SHA-256 refused");
    CHECK(ks_ssl3_mac_init(&(ks_ssl3_mac_ctx){0}, KS_HASH_SHA1, secret, 16) == -1, "SSL 3.0 MAC secret length");
}

/* PRF(secret, label, seed) from libcrypto's TLS1-PRF KDF ("MD5-SHA1" is TLS 1.0/1.1's). */
static void ref_prf(const char *digest, const uint8_t *secret, size_t slen, const uint8_t *seed, size_t seedlen,
                    uint8_t *out, size_t olen)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "TLS1-PRF", NULL);
    EVP_KDF_CTX *k = EVP_KDF_CTX_new(kdf);
    OSSL_PARAM p[4];
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)digest, 0);
    p[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SECRET, (void *)secret, slen);
    p[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, (void *)seed, seedlen);
    p[3] = OSSL_PARAM_construct_end();
    if (EVP_KDF_derive(k, out, olen, p) != 1) {
        memset(out, 0, olen);
    }
    EVP_KDF_CTX_free(k);
    EVP_KDF_free(kdf);
}

/* Every seed length from 1 to 200 bytes (OpenSSL's KDF refuses an empty one), each split three
   ways (label, s1, s2), against OpenSSL: P_hash lays out A(i) || seed in one or more blocks,
   with the padding's 0x80 in the block before the length field's or in the same one: each edge
   of that layout, up to KS_PRF_SEED_MAX; past it, KS_INVALID and nothing written. */
static void test_tls_prf_seed_lengths(void)
{
    static const char label[] = "extended master secret"; /* 22 bytes: a label's longest */
    uint8_t secret[48], seed[200], got[100], want[100];
    size_t n, ll;
    rnd(secret, sizeof secret);
    rnd(seed, sizeof seed);
    for (n = 1; n <= sizeof seed; n++) {
        for (ll = 0; ll <= 22 && ll <= n; ll += 11) {
            char lab[23];
            uint8_t all[222];
            size_t l1 = (n - ll) / 3;
            int fits = n <= KS_PRF_SEED_MAX, r;
            memcpy(lab, label, ll);
            lab[ll] = 0;
            memcpy(all, label, ll);
            memcpy(all + ll, seed, n - ll);
            memset(got, 0xa5, sizeof got);
            memset(want, 0xa5, sizeof want);
            r = ks_prf_tls10(secret, sizeof secret, lab, seed, l1, seed + l1, n - ll - l1, got, sizeof got);
            if (fits) {
                ref_prf("MD5-SHA1", secret, sizeof secret, all, n, want, sizeof want);
            }
            CHECK(r == (fits ? 0 : -1) && memcmp(got, want, sizeof got) == 0,
                  "TLS 1.0 PRF, seed %zu bytes (label %zu)", n, ll);
            r = ks_prf_tls12(secret, sizeof secret, lab, seed, l1, seed + l1, n - ll - l1, got, sizeof got);
            if (fits) {
                ref_prf("SHA256", secret, sizeof secret, all, n, want, sizeof want);
            }
            CHECK(r == (fits ? 0 : -1) && memcmp(got, want, sizeof got) == 0,
                  "TLS 1.2 PRF, seed %zu bytes (label %zu)", n, ll);
        }
    }
    {   /* a hash the build does not carry: KS_INVALID, as for an unknown id */
        ks_phash p;
        uint8_t k[KS_HMAC_KEY_SAVED_MAX] = {0};
        CHECK(ks_phash_init(&p, 99, k, "x", seed, 16, NULL, 0) == -1, "P_hash of an unknown hash refused");
    }
}

static void test_tls_prf(void)
{
    static const char *labels[] = {"master secret", "key expansion", "client finished", "extended master secret", ""};
    uint8_t secret[100], s1[40], s2[40], seed[200], got[300], want[300], piece[300];
    int it;
    /* ksecurity's TlsPrfTest.tls12KnownAnswer */
    {
        uint8_t sec[16], sd[16];
        ks_unhex(sec, "9bbe436ba940f017b17652849a71db35");
        ks_unhex(sd, "a0ba9f936cda311827a6f796ffd5198c");
        ks_prf_tls12(sec, 16, "test label", sd, 16, NULL, 0, got, 100);
        CHECK(strcmp(ks_hex(got, 100),
                     "e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a"
                     "6b301791e90d35c9c9a46b4e14baf9af0fa022f7077def17abfd3797c0564bab"
                     "4fbc91666e9def9b97fce34f796789baa48082d122ee42c5a72e5a5110fff701"
                     "87347b66") == 0,
              "TLS 1.2 PRF known answer");
    }
    for (it = 0; it < 300; it++) {
        const char *label = labels[it % 5];
        size_t ll = strlen(label), sl = 1 + (size_t)(rand() % 99), l1 = (size_t)(rand() % 40),
               l2 = (size_t)(rand() % 40), ol = 1 + (size_t)(rand() % 299), done;
        if (ll + l1 + l2 > KS_PRF_SEED_MAX) { /* past it: test_tls_prf_seed_lengths */
            l2 = KS_PRF_SEED_MAX - ll - l1;
        }
        ks_phash p;
        rnd(secret, sl);
        rnd(s1, l1);
        rnd(s2, l2);
        memcpy(seed, label, ll);
        memcpy(seed + ll, s1, l1);
        memcpy(seed + ll + l1, s2, l2);
        ks_prf_tls10(secret, sl, label, s1, l1, s2, l2, got, ol);
        ref_prf("MD5-SHA1", secret, sl, seed, ll + l1 + l2, want, ol);
        CHECK(memcmp(got, want, ol) == 0, "TLS 1.0 PRF secret %zu out %zu", sl, ol);
        ks_prf_tls12(secret, sl, label, s1, l1, s2, l2, got, ol);
        ref_prf("SHA256", secret, sl, seed, ll + l1 + l2, want, ol);
        CHECK(memcmp(got, want, ol) == 0, "TLS 1.2 PRF secret %zu out %zu", sl, ol);
        {   /* the same under the secret's prepared key */
            uint8_t key10[KS_PRF_TLS10_KEY], key12[KS_PRF_TLS12_KEY];
            ks_prf_tls12_key(secret, sl, key12);
            ks_prf_tls12_keyed(key12, label, s1, l1, s2, l2, got, ol);
            CHECK(memcmp(got, want, ol) == 0, "TLS 1.2 PRF keyed, secret %zu out %zu", sl, ol);
            ks_prf_tls10_key(secret, sl, key10);
            ks_prf_tls10_keyed(key10, label, s1, l1, s2, l2, got, ol);
            ref_prf("MD5-SHA1", secret, sl, seed, ll + l1 + l2, want, ol);
            CHECK(memcmp(got, want, ol) == 0, "TLS 1.0 PRF keyed, secret %zu out %zu", sl, ol);
            ref_prf("SHA256", secret, sl, seed, ll + l1 + l2, want, ol); /* P_SHA256's again, for below */
        }
        /* the stream in random pieces gives the same bytes */
        {
            uint8_t key12[KS_PRF_TLS12_KEY];
            ks_prf_tls12_key(secret, sl, key12);
            ks_phash_init(&p, KS_HASH_SHA256, key12, label, l1 ? s1 : NULL, l1, s2, l2);
            for (done = 0; done < ol;) {
                size_t k = (size_t)(rand() % 70);
                if (k > ol - done) {
                    k = ol - done;
                }
                ks_phash_next(&p, piece + done, k, 0);
                done += k;
            }
            ks_phash_clear(&p);
        }
        CHECK(memcmp(piece, want, ol) == 0, "P_SHA256 stream in pieces, %zu bytes", ol);
    }
}

/* SSL 3.0's derivation and Finished hash against their definitions on EVP. */
static void test_ssl3_prf(void)
{
    uint8_t secret[48], s1[32], s2[32], got[KS_PRF_SSL3_MAX + 1], want[KS_PRF_SSL3_MAX + 20], msgs[300], out[20],
        ref[20], inner[20];
    int it, h, snd;
    for (it = 0; it < 100; it++) {
        size_t sl = 1 + (size_t)(rand() % 48), ol = 1 + (size_t)(rand() % KS_PRF_SSL3_MAX), i, done = 0;
        rnd(secret, sl);
        rnd(s1, 32);
        rnd(s2, 32);
        for (i = 0; done < ol; i++) {
            uint8_t letters[26], sha[20];
            EVP_MD_CTX *e = EVP_MD_CTX_new();
            memset(letters, 'A' + (int)i, i + 1);
            EVP_DigestInit_ex(e, EVP_sha1(), NULL);
            EVP_DigestUpdate(e, letters, i + 1);
            EVP_DigestUpdate(e, secret, sl);
            EVP_DigestUpdate(e, s1, 32);
            EVP_DigestUpdate(e, s2, 32);
            EVP_DigestFinal_ex(e, sha, NULL);
            EVP_DigestInit_ex(e, EVP_md5(), NULL);
            EVP_DigestUpdate(e, secret, sl);
            EVP_DigestUpdate(e, sha, 20);
            EVP_DigestFinal_ex(e, want + done, NULL);
            EVP_MD_CTX_free(e);
            done += 16;
        }
        CHECK(ks_prf_ssl3(secret, sl, s1, 32, s2, 32, got, ol) == 0, "ssl3 prf");
        CHECK(memcmp(got, want, ol) == 0, "SSL 3.0 derivation, %zu bytes", ol);
    }
    got[0] = 0x5a;
    CHECK(ks_prf_ssl3(secret, 48, s1, 32, s2, 32, got, KS_PRF_SSL3_MAX + 1) == -1 && got[0] == 0x5a,
          "SSL 3.0 derivation refuses 417 bytes");
    rnd(secret, 48);
    rnd(msgs, sizeof msgs);
    for (h = 0; h < 2; h++) {
        for (snd = 0; snd < 3; snd++) {
            const uint8_t *sender = snd == 0 ? ks_ssl3_sender_client : snd == 1 ? ks_ssl3_sender_server : NULL;
            size_t n = ks_hash_size(h), pl = h == 0 ? 48 : 40;
            uint8_t pad[48];
            ks_hash_ctx running, copy;
            EVP_MD_CTX *e = EVP_MD_CTX_new();
            ks_hash_init(&running, h);
            ks_hash_update(&running, msgs, sizeof msgs);
            copy = running;
            CHECK(ks_prf_ssl3_hash(&copy, sender, secret, 48, out) == n, "ssl3 hash length");
            EVP_DigestInit_ex(e, evp(h), NULL);
            EVP_DigestUpdate(e, msgs, sizeof msgs);
            if (sender != NULL) {
                EVP_DigestUpdate(e, sender, 4);
            }
            EVP_DigestUpdate(e, secret, 48);
            memset(pad, 0x36, pl);
            EVP_DigestUpdate(e, pad, pl);
            EVP_DigestFinal_ex(e, inner, NULL);
            EVP_DigestInit_ex(e, evp(h), NULL);
            EVP_DigestUpdate(e, secret, 48);
            memset(pad, 0x5c, pl);
            EVP_DigestUpdate(e, pad, pl);
            EVP_DigestUpdate(e, inner, n);
            EVP_DigestFinal_ex(e, ref, NULL);
            EVP_MD_CTX_free(e);
            CHECK(memcmp(out, ref, n) == 0, "SSL 3.0 Finished hash %s sender %d", names[h], snd);
            /* the running hash itself goes on untouched */
            ks_hash_final(&running, out);
            ref_digest(h, msgs, sizeof msgs, ref);
            CHECK(memcmp(out, ref, n) == 0, "running hash intact");
        }
    }
    CHECK(memcmp(ks_ssl3_sender_client, "CLNT", 4) == 0 && memcmp(ks_ssl3_sender_server, "SRVR", 4) == 0,
          "sender codes");
}

int main(void)
{
    srand(8);
    test_standard_vectors();
    test_random_hashes();
    test_hmac_vectors();
    test_random_hmac();
    test_ssl3_mac();
    test_tls_prf();
    test_tls_prf_seed_lengths();
    test_ssl3_prf();
    printf("prim hashes, HMAC, PRFs (SHA-512 %s): %d passed, %d failed\n", KS_WITH_SHA512 ? "on" : "off",
           ks_test_passed, ks_test_failed);
    return ks_test_failed != 0;
}
