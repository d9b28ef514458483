/*
 * Constant time of the host's cipher primitives as valgrind's memcheck sees it (as
 * tests/ct/test_ct.c does for the RSA kernels): the key, the hash key H and the plaintext
 * are marked undefined, and memcheck reports every branch and every memory address computed
 * from them. Run under `valgrind --error-exitcode`: any report fails it. Covers the bitsliced
 * AES (key schedule, one and two blocks), GHASH (the build's multiplication), GCM and CCM
 * sealing, and the AEAD open of a genuine and a forged record (the tag check and the wipe).
 * Results are marked defined before they are compared: the caller learns them anyway.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "../../ks_test.h"
#include "ks_aead.h"

int ks_test_passed, ks_test_failed;

static void secret(const void *p, size_t n)
{
    VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}

static void public(const void *p, size_t n)
{
    VALGRIND_MAKE_MEM_DEFINED(p, n);
}

static void unhex(uint8_t *out, const char *hex)
{
    size_t i;
    for (i = 0; hex[2 * i]; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

int main(void)
{
    uint8_t key[16], pt[64], want[64], out[64], out2[16], tag[16], wtag[16], iv[12], aad[20], h[16];
    ks_aes128 aes;
    ks_ghash g;
    ks_aead a;
    int rc, m;

    /* AES: FIPS 197 C.1 */
    unhex(key, "000102030405060708090a0b0c0d0e0f");
    unhex(pt, "00112233445566778899aabbccddeeff");
    unhex(want, "69c4e0d86a7b0430d8cdb78070b4c55a");
    secret(key, 16), secret(pt, 16);
    ks_aes128_init(&aes, key);
    ks_aes128_encrypt(&aes, pt, out);
    ks_aes128_encrypt2(&aes, pt, pt, out2, out2);
    public(out, 16), public(out2, 16);
    CHECK(memcmp(out, want, 16) == 0 && memcmp(out2, want, 16) == 0, "AES-128 with a secret key and block");

    /* GHASH with H and the data secret: GCM test case 2, H = E(0^128, 0^128), over C and the
       length block; the hash is its tag XOR E(J0) (test case 1's tag) */
    unhex(h, "66e94bd4ef8a2c3b884cfa59ca342b2e");
    unhex(pt, "0388dace60b6a392f328c2b971b2fe7800000000000000000000000000000080");
    unhex(want, "f38cbb1ad69223dcc3457ae5b6b0f885");
    secret(h, 16), secret(pt, 32);
    ks_ghash_init(&g, h);
    ks_ghash_update(&g, pt, 32);
    ks_ghash_final(&g, out);
    public(out, 16);
    CHECK(memcmp(out, want, 16) == 0, "GHASH with a secret H and data");

    /* GCM test case 4 and SP 800-38C example 3, sealed and opened with the key and text secret */
    for (m = 0; m < 2; m++) {
        size_t len = m ? 24 : 60, al = 20, tl = m ? 8 : 16;
        if (m == 0) {
            unhex(key, "feffe9928665731c6d6a8f9467308308");
            unhex(iv, "cafebabefacedbaddecaf888");
            unhex(aad, "feedfacedeadbeeffeedfacedeadbeefabaddad2");
            unhex(pt, "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39");
            unhex(want, "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091");
            unhex(wtag, "5bc94fbc3221a5db94fae95ae7121a47");
        } else {
            unhex(key, "404142434445464748494a4b4c4d4e4f");
            unhex(iv, "101112131415161718191a1b");
            unhex(aad, "000102030405060708090a0b0c0d0e0f10111213");
            unhex(pt, "202122232425262728292a2b2c2d2e2f3031323334353637");
            unhex(want, "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5");
            unhex(wtag, "484392fbc1b09951");
        }
        secret(key, 16), secret(pt, len);
        ks_aead_init(&a, m ? KS_AEAD_CCM : KS_AEAD_GCM, key);
        memcpy(out, pt, len);
        rc = ks_aead_seal(&a, iv, 12, aad, al, out, len, tag, tl);
        public(&rc, sizeof rc), public(out, len), public(tag, tl);
        CHECK(rc == KS_CIPHER_OK && memcmp(out, want, len) == 0 && memcmp(tag, wtag, tl) == 0,
              "%s sealed with a secret key and plaintext", m ? "CCM" : "GCM");
        rc = ks_aead_open(&a, iv, 12, aad, al, out, len, tag, tl);
        public(&rc, sizeof rc), public(out, len), public(pt, len);
        CHECK(rc == KS_CIPHER_OK && memcmp(out, pt, len) == 0, "%s opened", m ? "CCM" : "GCM");
        memcpy(out, want, len);
        tag[0] ^= 1;
        rc = ks_aead_open(&a, iv, 12, aad, al, out, len, tag, tl);
        public(&rc, sizeof rc), public(out, len);
        CHECK(rc == KS_CIPHER_BAD_TAG && out[0] == 0 && out[len - 1] == 0, "%s forgery rejected", m ? "CCM" : "GCM");
        ks_aead_clear(&a);
    }
    printf("cipher constant time (valgrind), GHASH %s: %d passed, %d failed\n",
           KS_GHASH_CLMUL ? "clmul32" : "bytes by masks", ks_test_passed, ks_test_failed);
    return ks_test_failed != 0;
}
