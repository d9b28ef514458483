/* The AEAD interface (prim/ks_aead.c) as the TLS record layer drives it (AeadProtection.java:
   12-byte nonce, 13 bytes of AAD, 16-byte GCM and 8-byte CCM_8 tags): against libcrypto;
   streamed in every split equal to one call; forged records rejected, with nothing released
   by ks_aead_open; the refusals and the wipe. */
#include "cipher_test.h"

static const uint8_t modes[2] = {KS_AEAD_GCM, KS_AEAD_CCM};
static const size_t tls_tag[2] = {16, 8};

static int all_zero(const uint8_t *b, size_t n)
{
    uint8_t d = 0;
    while (n--) {
        d |= b[n];
    }
    return d == 0;
}

/* A TLS-shaped record: nonce = salt || seq, AAD = seq || type || version || length. */
static void record(uint8_t nonce[12], uint8_t aad[13], size_t len)
{
    test_random(nonce, 12);
    memcpy(aad, nonce + 4, 8);
    aad[8] = 23;
    aad[9] = 3;
    aad[10] = 3;
    aad[11] = (uint8_t)(len >> 8);
    aad[12] = (uint8_t)len;
}

static void test_records(void)
{
    static uint8_t pt[2100], want[2100], buf[2100];
    uint8_t key[16], nonce[12], aad[13], wtag[16], tag[16];
    ks_aead a;
    int m, i;
    for (m = 0; m < 2; m++) {
        for (i = 0; i < 200; i++) {
            size_t len = i < 3 ? (size_t)i * 1024 : test_random_below(2100), tl = tls_tag[m];
            test_random(key, 16);
            record(nonce, aad, len);
            test_random(pt, len);
            CHECK(evp_seal(modes[m], key, nonce, 12, aad, 13, pt, len, want, wtag, tl), "libcrypto");
            CHECK(ks_aead_init(&a, modes[m], key) == KS_CIPHER_OK, "init");
            memcpy(buf, pt, len);
            CHECK(ks_aead_seal(&a, nonce, 12, aad, 13, buf, len, tag, tl) == KS_CIPHER_OK
                  && memcmp(buf, want, len) == 0 && memcmp(tag, wtag, tl) == 0,
                  "%s record of %zu bytes sealed as libcrypto does", m ? "CCM_8" : "GCM", len);
            CHECK(ks_aead_open(&a, nonce, 12, aad, 13, buf, len, tag, tl) == KS_CIPHER_OK
                  && memcmp(buf, pt, len) == 0, "%s record of %zu bytes opened", m ? "CCM_8" : "GCM", len);
        }
    }
}

/* The message through the streaming calls, AAD and data cut at the same places: pieces of
   `piece` bytes starting after `first` bytes (so every split point and every piece size). */
static int stream(ks_aead *a, int encrypt, const uint8_t *nonce, const uint8_t *aad, size_t al,
                  const uint8_t *in, uint8_t *out, size_t len, size_t first, size_t piece,
                  uint8_t *tag, size_t tl)
{
    size_t k, n;
    int rc = ks_aead_start(a, encrypt, nonce, 12, (uint32_t)al, (uint32_t)len, tl);
    for (k = 0; k < al && rc == KS_CIPHER_OK; k += n) {
        n = k == 0 && first ? first : piece;
        n = n < al - k ? n : al - k;
        rc = ks_aead_aad(a, aad + k, n);
    }
    for (k = 0; k < len && rc == KS_CIPHER_OK; k += n) {
        n = k == 0 && first ? first : piece;
        n = n < len - k ? n : len - k;
        rc = ks_aead_update(a, in + k, out + k, n);
    }
    if (rc != KS_CIPHER_OK) {
        return rc;
    }
    return encrypt ? ks_aead_finish(a, tag) : ks_aead_verify(a, tag);
}

static void test_every_split(void)
{
    enum { LEN = 70, AL = 37 };
    uint8_t key[16], nonce[12], aad[AL], pt[LEN], ct[LEN], tag[16], got[LEN], gtag[16];
    ks_aead a;
    int m;
    size_t first, piece;
    for (m = 0; m < 2; m++) {
        int bad = 0, tries = 0;
        size_t tl = tls_tag[m];
        test_random(key, 16);
        test_random(nonce, 12);
        test_random(aad, AL);
        test_random(pt, LEN);
        ks_aead_init(&a, modes[m], key);
        memcpy(ct, pt, LEN);
        ks_aead_seal(&a, nonce, 12, aad, AL, ct, LEN, tag, tl);
        for (first = 0; first <= LEN; first++) {
            for (piece = 1; piece <= LEN + 1; piece++) {
                if (first > 0 && piece != LEN + 1 && piece != 1 && piece != 16) {
                    continue; /* every split point with one, 16 and all remaining bytes */
                }
                tries++;
                memset(got, 0, LEN);
                if (stream(&a, 1, nonce, aad, AL, pt, got, LEN, first, piece, gtag, tl) != KS_CIPHER_OK
                    || memcmp(got, ct, LEN) != 0 || memcmp(gtag, tag, tl) != 0) {
                    bad++;
                }
                memcpy(got, ct, LEN); /* decrypted in place */
                if (stream(&a, 0, nonce, aad, AL, got, got, LEN, first, piece, tag, tl) != KS_CIPHER_OK
                    || memcmp(got, pt, LEN) != 0) {
                    bad++;
                }
            }
        }
        CHECK(bad == 0 && tries > 2 * LEN, "%s: %d splits streamed equal to one call, %d differ",
              m ? "CCM" : "GCM", tries, bad);
    }
    ks_aead_clear(&a);
}

static void test_forgeries(void)
{
    enum { LEN = 40 };
    uint8_t key[16], nonce[12], aad[13], pt[LEN], ct[LEN], tag[16], buf[LEN], t2[16], n2[12], a2[13];
    ks_aead a;
    int m;
    size_t bit;
    for (m = 0; m < 2; m++) {
        int accepted = 0, released = 0, streamed = 0, tries = 0;
        size_t tl = tls_tag[m];
        test_random(key, 16);
        record(nonce, aad, LEN);
        test_random(pt, LEN);
        ks_aead_init(&a, modes[m], key);
        memcpy(ct, pt, LEN);
        ks_aead_seal(&a, nonce, 12, aad, 13, ct, LEN, tag, tl);
        /* one flipped bit anywhere in the tag, the ciphertext, the AAD or the nonce */
        for (bit = 0; bit < 8 * (tl + LEN + 13 + 12); bit++) {
            size_t byte = bit / 8;
            uint8_t flip = (uint8_t)(1 << (bit % 8));
            memcpy(t2, tag, tl);
            memcpy(buf, ct, LEN);
            memcpy(a2, aad, 13);
            memcpy(n2, nonce, 12);
            if (byte < tl) {
                t2[byte] ^= flip;
            } else if ((byte -= tl) < LEN) {
                buf[byte] ^= flip;
            } else if ((byte -= LEN) < 13) {
                a2[byte] ^= flip;
            } else {
                n2[byte - 13] ^= flip;
            }
            tries++;
            if (stream(&a, 0, n2, a2, 13, buf, pt, LEN, 0, 7, t2, tl) != KS_CIPHER_BAD_TAG) {
                streamed++;
            }
            if (ks_aead_open(&a, n2, 12, a2, 13, buf, LEN, t2, tl) != KS_CIPHER_BAD_TAG) {
                accepted++;
            }
            if (!all_zero(buf, LEN)) {
                released++;
            }
        }
        CHECK(accepted == 0 && streamed == 0 && released == 0,
              "%s: %d one-bit forgeries: %d opened, %d verified streaming, %d left bytes in the buffer",
              m ? "CCM_8" : "GCM", tries, accepted, streamed, released);
        /* and the genuine record still opens */
        memcpy(buf, ct, LEN);
        CHECK(ks_aead_open(&a, nonce, 12, aad, 13, buf, LEN, tag, tl) == KS_CIPHER_OK, "genuine record");
    }
    ks_aead_clear(&a);
}

static void test_refusals(void)
{
    uint8_t key[16] = {1}, nonce[14] = {0}, buf[8] = {1, 2, 3, 4, 5, 6, 7, 8}, tag[16] = {0};
    ks_aead a;
    size_t i;
    CHECK(ks_aead_init(&a, 3, key) == KS_CIPHER_INVALID, "unknown mode refused");
    ks_aead_init(&a, KS_AEAD_CCM, key);
    CHECK(ks_aead_open(&a, nonce, 14, NULL, 0, buf, 8, tag, 8) == KS_CIPHER_INVALID && buf[7] == 8,
          "CCM open with a 14-byte nonce refused, buffer untouched");
    CHECK(ks_aead_seal(&a, nonce, 12, NULL, 0, buf, 8, tag, 5) == KS_CIPHER_INVALID && buf[7] == 8,
          "CCM seal with a 5-byte tag refused, buffer untouched");
    CHECK(ks_aead_verify(&a, tag) == KS_CIPHER_BAD_TAG, "verify without a message is not a pass");
    ks_aead_init(&a, KS_AEAD_GCM, key);
    CHECK(ks_aead_open(&a, nonce, 0, NULL, 0, buf, 8, tag, 16) == KS_CIPHER_INVALID && buf[7] == 8,
          "GCM open with an empty nonce refused, buffer untouched");
    ks_aead_clear(&a);
    for (i = 0; i < sizeof a && ((uint8_t *)&a)[i] == 0; i++) {
    }
    CHECK(i == sizeof a, "context wiped");
}

void test_aead(void)
{
    test_records();
    test_every_split();
    test_forgeries();
    test_refusals();
}
