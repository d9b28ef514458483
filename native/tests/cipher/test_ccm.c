/* CCM (prim/ks_ccm.c): SP 800-38C Appendix C examples 1-4 (example 4: 65,536 bytes of AAD,
   the 0xff 0xfe length encoding), RFC 3610's packet vector #1 (CCM_8 tags), libcrypto on
   random nonces, tags and messages in random pieces, and the refusals (lengths that do not
   add up, a message too long for its length field). */
#include "cipher_test.h"

static int ccm_seal(const uint8_t key[16], const uint8_t *n, size_t nl, const uint8_t *aad,
                    size_t al, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tl,
                    size_t piece)
{
    ks_aes128 aes;
    ks_ccm c;
    size_t k;
    int rc;
    ks_aes128_init(&aes, key);
    ks_ccm_init(&c, &aes);
    rc = ks_ccm_start(&c, 1, n, nl, (uint32_t)al, (uint32_t)len, tl);
    if (rc != KS_CIPHER_OK) {
        return rc;
    }
    if (piece == 0) {
        piece = len + al + 1;
    }
    for (k = 0; k < al && rc == KS_CIPHER_OK; k += piece) {
        rc = ks_ccm_aad(&c, aad + k, al - k < piece ? al - k : piece);
    }
    for (k = 0; k < len && rc == KS_CIPHER_OK; k += piece) {
        rc = ks_ccm_update(&c, in + k, out + k, len - k < piece ? len - k : piece);
    }
    return rc == KS_CIPHER_OK ? ks_ccm_finish(&c, tag) : rc;
}

static const struct {
    const char *nonce, *aad, *pt, *ct_tag;
    size_t tag;
} sp800_38c[] = {
    {"10111213141516", "0001020304050607", "20212223", "7162015b4dac255d", 4},
    {"1011121314151617", "000102030405060708090a0b0c0d0e0f", "202122232425262728292a2b2c2d2e2f",
     "d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd", 6},
    {"101112131415161718191a1b", "000102030405060708090a0b0c0d0e0f10111213",
     "202122232425262728292a2b2c2d2e2f3031323334353637",
     "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5484392fbc1b09951", 8},
    /* example 4: the AAD is 65,536 bytes 00 01 .. ff 00 01 .. (aad "" here, made below) */
    {"101112131415161718191a1b1c", NULL, "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f",
     "69915dad1e84c6376a68c2967e4dab615ae0fd1faec44cc484828529463ccf72b4ac6bec93e8598e7f0dadbcea5b", 14},
};

static void test_vectors(void)
{
    static uint8_t aad[65536];
    uint8_t key[16], n[16], pt[64], want[80], got[80];
    size_t i, al, j;
    ks_unhex(key, "404142434445464748494a4b4c4d4e4f");
    for (i = 0; i < sizeof sp800_38c / sizeof sp800_38c[0]; i++) {
        size_t nl = ks_unhex(n, sp800_38c[i].nonce), pl = ks_unhex(pt, sp800_38c[i].pt);
        size_t tl = sp800_38c[i].tag;
        if (sp800_38c[i].aad) {
            al = ks_unhex(aad, sp800_38c[i].aad);
        } else {
            for (al = 0; al < 65536; al++) {
                aad[al] = (uint8_t)al;
            }
        }
        ks_unhex(want, sp800_38c[i].ct_tag);
        CHECK(ccm_seal(key, n, nl, aad, al, pt, pl, got, got + pl, tl, 0) == KS_CIPHER_OK
              && memcmp(got, want, pl + tl) == 0, "SP 800-38C example %zu: %s", i + 1,
              ks_hex(got, pl + tl));
        CHECK(ccm_seal(key, n, nl, aad, al, pt, pl, got, got + pl, tl, 5) == KS_CIPHER_OK
              && memcmp(got, want, pl + tl) == 0, "SP 800-38C example %zu in pieces of 5", i + 1);
    }
    /* RFC 3610 §8, packet vector #1: M = 8, L = 2; 8 bytes of header (AAD), 23 of payload */
    ks_unhex(key, "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf");
    ks_unhex(n, "00000003020100a0a1a2a3a4a5");
    for (j = 0; j < 31; j++) {
        pt[j] = (uint8_t)j;
    }
    ks_unhex(want, "588c979a61c663d2f066d0c2c0f989806d5f6b61dac38417e8d12cfdf926e0");
    CHECK(ccm_seal(key, n, 13, pt, 8, pt + 8, 23, got, got + 23, 8, 0) == KS_CIPHER_OK
          && memcmp(got, want, 31) == 0, "RFC 3610 packet vector #1: %s", ks_hex(got, 31));
}

static void test_random_messages(void)
{
    static uint8_t aad[300], pt[400], want[400], got[400];
    uint8_t key[16], n[13], wtag[16], gtag[16];
    int i;
    for (i = 0; i < 600; i++) {
        size_t nl = i % 3 ? 12 : 7 + test_random_below(7), al = test_random_below(i % 50 ? 100 : 300);
        size_t pl = test_random_below(400), tl = 4 + 2 * test_random_below(7);
        size_t piece = test_random_below(40);
        if (i % 4 == 0) {
            tl = 8; /* CCM_8 */
        }
        test_random(key, 16);
        test_random(n, nl);
        test_random(aad, al);
        test_random(pt, pl);
        CHECK(evp_seal(KS_AEAD_CCM, key, n, nl, aad, al, pt, pl, want, wtag, tl), "libcrypto CCM");
        CHECK(ccm_seal(key, n, nl, aad, al, pt, pl, got, gtag, tl, piece) == KS_CIPHER_OK
              && memcmp(got, want, pl) == 0 && memcmp(gtag, wtag, tl) == 0,
              "CCM against libcrypto: nonce %zu, aad %zu, msg %zu bytes, tag %zu, pieces of %zu", nl,
              al, pl, tl, piece);
    }
}

static void test_refusals(void)
{
    uint8_t key[16] = {0}, n[13] = {0}, b[32] = {0}, tag[16];
    ks_aes128 aes;
    ks_ccm c;
    size_t t;
    ks_aes128_init(&aes, key);
    ks_ccm_init(&c, &aes);
    CHECK(ks_ccm_update(&c, b, b, 1) == KS_CIPHER_INVALID, "data before start refused");
    CHECK(ks_ccm_start(&c, 1, n, 6, 0, 0, 8) == KS_CIPHER_INVALID, "6-byte nonce refused");
    CHECK(ks_ccm_start(&c, 1, n, 14, 0, 0, 8) == KS_CIPHER_INVALID, "14-byte nonce refused");
    for (t = 0; t <= 18; t++) {
        int ok = t >= 4 && t <= 16 && t % 2 == 0;
        CHECK(ks_ccm_start(&c, 1, n, 12, 0, 0, t) == (ok ? KS_CIPHER_OK : KS_CIPHER_INVALID),
              "tag of %zu bytes %s", t, ok ? "taken" : "refused");
    }
    CHECK(ks_ccm_start(&c, 1, n, 13, 0, 65536, 8) == KS_CIPHER_INVALID, "q = 2: 65,536 bytes refused");
    CHECK(ks_ccm_start(&c, 1, n, 13, 0, 65535, 8) == KS_CIPHER_OK, "q = 2: 65,535 bytes taken");
    CHECK(ks_ccm_start(&c, 1, n, 12, 0, 0x1000000, 8) == KS_CIPHER_INVALID, "q = 3: 2^24 bytes refused");
    CHECK(ks_ccm_start(&c, 1, n, 11, 0, 0x1000000, 8) == KS_CIPHER_OK, "q = 4: 2^24 bytes taken");
    CHECK(ks_ccm_start(&c, 1, n, 12, 4, 8, 8) == KS_CIPHER_OK, "start, 4 + 8 bytes");
    CHECK(ks_ccm_update(&c, b, b, 1) == KS_CIPHER_INVALID, "data before all the AAD refused");
    CHECK(ks_ccm_aad(&c, b, 5) == KS_CIPHER_INVALID, "AAD beyond its length refused");
    CHECK(ks_ccm_aad(&c, b, 4) == KS_CIPHER_OK, "AAD");
    CHECK(ks_ccm_update(&c, b, b, 9) == KS_CIPHER_INVALID, "data beyond its length refused");
    CHECK(ks_ccm_update(&c, b, b, 7) == KS_CIPHER_OK, "data");
    CHECK(ks_ccm_finish(&c, tag) == KS_CIPHER_INVALID, "finish one byte short refused");
    CHECK(ks_ccm_aad(&c, b, 0) == KS_CIPHER_INVALID, "AAD after data refused");
    CHECK(ks_ccm_update(&c, b, b, 1) == KS_CIPHER_OK && ks_ccm_finish(&c, tag) == KS_CIPHER_OK, "finish");
    CHECK(ks_ccm_finish(&c, tag) == KS_CIPHER_INVALID, "finish twice refused");
    ks_ccm_clear(&c);
    ks_aes128_clear(&aes);
}

void test_ccm(void)
{
    test_vectors();
    test_random_messages();
    test_refusals();
}
