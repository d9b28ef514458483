/* GHASH (prim/ks_ghash.c) against a plain reference multiplication, and GCM (prim/ks_gcm.c):
   the GCM specification's test cases 1-6 (the AES-128 ones, as SP 800-38D's validation uses
   them), truncated tags, libcrypto on random messages in random pieces, and the refusals. inc32's wrap
   is Wycheproof's CounterWrap cases (test_wycheproof.c). */
#include "cipher_test.h"

/* The reference: SP 800-38D Algorithm 1 written plainly (branches and all: test code). */
static void ref_mul(uint8_t x[16], const uint8_t h[16])
{
    uint8_t z[16] = {0}, v[16];
    int i, j;
    memcpy(v, h, 16);
    for (i = 0; i < 128; i++) {
        int lsb;
        if (x[i / 8] & (0x80 >> (i % 8))) {
            for (j = 0; j < 16; j++) {
                z[j] ^= v[j];
            }
        }
        lsb = v[15] & 1;
        for (j = 15; j > 0; j--) {
            v[j] = (uint8_t)((v[j] >> 1) | (v[j - 1] << 7));
        }
        v[0] >>= 1;
        if (lsb) {
            v[0] ^= 0xe1;
        }
    }
    memcpy(x, z, 16);
}

static void ref_ghash(const uint8_t h[16], const uint8_t *in, size_t len, uint8_t out[16])
{
    size_t k;
    memset(out, 0, 16);
    for (k = 0; k < len; k += 16) {
        size_t j;
        for (j = 0; j < 16 && k + j < len; j++) {
            out[j] ^= in[k + j];
        }
        ref_mul(out, h);
    }
}

void test_ghash(void)
{
    static uint8_t data[200];
    uint8_t h[16], want[16], got[16];
    int i;
    ks_ghash g;
    for (i = 0; i < 400; i++) {
        size_t len = test_random_below(200), cut = test_random_below((uint32_t)len + 1);
        test_random(h, 16);
        if (i < 4) {
            memset(h, 0, 16); /* H = 0, 1, x^127, all ones: the edges of the reduction */
            h[i < 2 ? 0 : 15] = (uint8_t)(i == 0 ? 0 : i == 1 ? 0x80 : 0x01);
        } else if (i == 4) {
            memset(h, 0xff, 16);
        }
        test_random(data, len);
        ref_ghash(h, data, len, want);
        ks_ghash_init(&g, h);
        ks_ghash_update(&g, data, cut);
        ks_ghash_update(&g, data + cut, len - cut);
        ks_ghash_final(&g, got);
        CHECK(memcmp(got, want, 16) == 0, "GHASH of %zu bytes (cut at %zu), H %s", len, cut, ks_hex(h, 16));
    }
    ks_ghash_clear(&g);
    for (i = 0; i < (int)sizeof g && ((uint8_t *)&g)[i] == 0; i++) {
    }
    CHECK(i == (int)sizeof g, "GHASH state wiped");
}

/* Seals with the context in the pieces given by `piece` (0: one call), returns ks_gcm rc. */
static int gcm_seal(const uint8_t key[16], const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                    size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                    size_t tag_len, size_t piece)
{
    ks_aes128 aes;
    ks_gcm g;
    size_t k;
    int rc;
    ks_aes128_init(&aes, key);
    ks_gcm_init(&g, &aes);
    rc = ks_gcm_start(&g, 1, iv, iv_len, tag_len);
    if (rc != KS_CIPHER_OK) {
        return rc;
    }
    if (piece == 0) {
        piece = len + aad_len + 1;
    }
    for (k = 0; k < aad_len; k += piece) {
        ks_gcm_aad(&g, aad + k, aad_len - k < piece ? aad_len - k : piece);
    }
    for (k = 0; k < len; k += piece) {
        ks_gcm_update(&g, in + k, out + k, len - k < piece ? len - k : piece);
    }
    return ks_gcm_finish(&g, tag);
}

static const struct {
    const char *key, *iv, *aad, *pt, *ct, *tag;
} spec[] = {
    {"00000000000000000000000000000000", "000000000000000000000000", "", "", "",
     "58e2fccefa7e3061367f1d57a4e7455a"},
    {"00000000000000000000000000000000", "000000000000000000000000", "",
     "00000000000000000000000000000000", "0388dace60b6a392f328c2b971b2fe78",
     "ab6e47d42cec13bdf53a67b21257bddf"},
    {"feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888", "",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255",
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
     "4d5c2af327cd64a62cf35abd2ba6fab4"},
    {"feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888", "feedfacedeadbeeffeedfacedeadbeefabaddad2",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
     "5bc94fbc3221a5db94fae95ae7121a47"},
    {"feffe9928665731c6d6a8f9467308308", "cafebabefacedbad", "feedfacedeadbeeffeedfacedeadbeefabaddad2",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
     "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c742373806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598",
     "3612d2e79e3b0785561be14aaca2fccb"},
    {"feffe9928665731c6d6a8f9467308308",
     "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b",
     "feedfacedeadbeeffeedfacedeadbeefabaddad2",
     "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
     "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca701e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5",
     "619cc5aefffe0bfa462af43c1699d050"},
};

static void test_spec(void)
{
    uint8_t key[16], iv[64], aad[32], pt[64], ct[64], tag[16], got[64], gtag[16];
    size_t i, t;
    for (i = 0; i < sizeof spec / sizeof spec[0]; i++) {
        size_t ivl = ks_unhex(iv, spec[i].iv), al = ks_unhex(aad, spec[i].aad);
        size_t pl = ks_unhex(pt, spec[i].pt);
        ks_unhex(key, spec[i].key);
        ks_unhex(ct, spec[i].ct);
        ks_unhex(tag, spec[i].tag);
        CHECK(gcm_seal(key, iv, ivl, aad, al, pt, pl, got, gtag, 16, 0) == KS_CIPHER_OK
              && memcmp(got, ct, pl) == 0 && memcmp(gtag, tag, 16) == 0,
              "GCM test case %zu: %s tag %s", i + 1, ks_hex(got, pl), ks_hex(gtag, 16));
        for (t = 4; t < 16; t++) {
            int valid = ks_gcm_valid_tag_length(t);
            memset(gtag, 0x55, 16);
            CHECK(gcm_seal(key, iv, ivl, aad, al, pt, pl, got, gtag, t, 0) == (valid ? KS_CIPHER_OK : KS_CIPHER_INVALID)
                  && (!valid || (memcmp(gtag, tag, t) == 0 && gtag[t] == 0x55)),
                  "GCM test case %zu, tag of %zu bytes: the leading bytes, no more", i + 1, t);
        }
    }
}

static void test_random_messages(void)
{
    static uint8_t aad[100], pt[400], want[400], got[400];
    uint8_t key[16], iv[80], wtag[16], gtag[16];
    static const size_t tags[] = {4, 8, 12, 13, 14, 15, 16};
    int i;
    for (i = 0; i < 600; i++) {
        size_t ivl = i % 3 ? 12 : 1 + test_random_below(80), al = test_random_below(100);
        size_t pl = test_random_below(400), tl = tags[test_random_below(7)];
        size_t piece = test_random_below(40);
        test_random(key, 16);
        test_random(iv, ivl);
        test_random(aad, al);
        test_random(pt, pl);
        CHECK(evp_seal(KS_AEAD_GCM, key, iv, ivl, aad, al, pt, pl, want, wtag, 16), "libcrypto GCM");
        CHECK(gcm_seal(key, iv, ivl, aad, al, pt, pl, got, gtag, tl, piece) == KS_CIPHER_OK
              && memcmp(got, want, pl) == 0 && memcmp(gtag, wtag, tl) == 0,
              "GCM against libcrypto: iv %zu, aad %zu, msg %zu bytes, tag %zu, pieces of %zu", ivl, al,
              pl, tl, piece);
    }
}

static void test_refusals(void)
{
    uint8_t key[16] = {0}, iv[12] = {0}, b[16] = {0}, tag[16];
    ks_aes128 aes;
    ks_gcm g;
    ks_aes128_init(&aes, key);
    ks_gcm_init(&g, &aes);
    CHECK(ks_gcm_update(&g, b, b, 16) == KS_CIPHER_INVALID, "data before start refused");
    CHECK(ks_gcm_finish(&g, tag) == KS_CIPHER_INVALID, "finish before start refused");
    CHECK(ks_gcm_start(&g, 1, iv, 0, 16) == KS_CIPHER_INVALID, "empty IV refused");
    CHECK(ks_gcm_start(&g, 1, iv, 12, 17) == KS_CIPHER_INVALID, "17-byte tag refused");
    CHECK(ks_gcm_start(&g, 1, iv, 12, 11) == KS_CIPHER_INVALID, "11-byte tag refused");
    CHECK(ks_gcm_start(&g, 1, iv, 12, 0) == KS_CIPHER_INVALID, "no tag refused");
    CHECK(ks_gcm_start(&g, 1, iv, 12, 16) == KS_CIPHER_OK, "start");
    CHECK(ks_gcm_update(&g, b, b, 3) == KS_CIPHER_OK, "data");
    CHECK(ks_gcm_aad(&g, b, 1) == KS_CIPHER_INVALID, "AAD after data refused");
    CHECK(ks_gcm_finish(&g, tag) == KS_CIPHER_OK, "finish");
    CHECK(ks_gcm_update(&g, b, b, 1) == KS_CIPHER_INVALID, "data after finish refused");
    ks_gcm_start(&g, 1, iv, 12, 16);
    g.aad_len = 0xfffffff0u; /* as if 2^32 - 16 bytes had come: the counts are 32-bit */
    CHECK(ks_gcm_aad(&g, b, 16) == KS_CIPHER_INVALID && ks_gcm_aad(&g, b, 15) == KS_CIPHER_OK,
          "AAD past 2^32 - 1 bytes refused");
    g.msg_len = 0xfffffff0u;
    CHECK(ks_gcm_update(&g, b, b, 16) == KS_CIPHER_INVALID && ks_gcm_update(&g, b, b, 15) == KS_CIPHER_OK,
          "data past 2^32 - 1 bytes refused");
    ks_gcm_clear(&g);
    ks_aes128_clear(&aes);
}

void test_gcm(void)
{
    test_spec();
    test_random_messages();
    test_refusals();
}
