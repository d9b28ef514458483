/*
 * Tests of ECDSA signing (ks_ecdsa.h): RFC 6979 A.2.5 (P-256, SHA-256, "sample" and "test")
 * with no k'; the signatures the Java's Ecdsa.sign gave for the same key, hash and k'
 * (java_kat.h from GenJavaKat.java: hedged and deterministic, secp160r1 to P-256, SHA-1 to
 * SHA-512 nonces), raw and DER; random keys, hashes and k' on every curve of the build, each
 * signature verified with libcrypto's EC arithmetic (r = x(e/s G + r/s Q) mod n) and its DER
 * against i2d_ECDSA_SIG; the hedge (another k', another signature); the DRBG draw; refused
 * inputs.
 */
#include <stdlib.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>

#include "../../tests/ks_test.h"
#include "ks_ecdsa.h"
#include "ks_hash.h"
#include "java_kat.h"

static const int nids[4] = {NID_secp160r1, NID_X9_62_prime192v1, NID_secp224r1, NID_X9_62_prime256v1};
static const char *curve_names[4] = {"secp160r1", "P-192", "P-224", "P-256"};

static void rnd(uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        b[i] = (uint8_t)rand();
    }
}

/* The signature r || s on hash h under d, checked the textbook way on libcrypto. */
static int ref_verify(int curve, const uint8_t *d, const uint8_t *h, size_t hlen, const uint8_t *sig)
{
    int ob = ks_ec_order_bytes(curve), ok;
    EC_GROUP *g = EC_GROUP_new_by_curve_name(nids[curve]);
    BN_CTX *bc = BN_CTX_new();
    const BIGNUM *n = EC_GROUP_get0_order(g);
    BIGNUM *x = BN_bin2bn(d, ob, NULL), *e = BN_bin2bn(h, (int)hlen, NULL), *r = BN_bin2bn(sig, ob, NULL),
           *s = BN_bin2bn(sig + ob, ob, NULL), *w = BN_new(), *u1 = BN_new(), *u2 = BN_new(), *rx = BN_new();
    EC_POINT *q = EC_POINT_new(g), *p = EC_POINT_new(g);
    int qlen = BN_num_bits(n);
    if ((int)hlen * 8 > qlen) {
        BN_rshift(e, e, (int)hlen * 8 - qlen);
    }
    BN_mod(e, e, n, bc);
    ok = !BN_is_zero(r) && !BN_is_zero(s) && BN_cmp(r, n) < 0 && BN_cmp(s, n) < 0;
    BN_mod_inverse(w, s, n, bc);
    BN_mod_mul(u1, e, w, n, bc);
    BN_mod_mul(u2, r, w, n, bc);
    EC_POINT_mul(g, q, x, NULL, NULL, bc);
    EC_POINT_mul(g, p, u1, q, u2, bc);
    EC_POINT_get_affine_coordinates(g, p, rx, NULL, bc);
    BN_mod(rx, rx, n, bc);
    ok = ok && BN_cmp(rx, r) == 0;
    EC_POINT_free(p);
    EC_POINT_free(q);
    BN_free(x);
    BN_free(e);
    BN_free(r);
    BN_free(s);
    BN_free(w);
    BN_free(u1);
    BN_free(u2);
    BN_free(rx);
    BN_CTX_free(bc);
    EC_GROUP_free(g);
    return ok;
}

/* libcrypto's DER of r || s. */
static int ref_der(int curve, const uint8_t *sig, uint8_t *out)
{
    int ob = ks_ec_order_bytes(curve), len;
    ECDSA_SIG *es = ECDSA_SIG_new();
    unsigned char *p = out;
    ECDSA_SIG_set0(es, BN_bin2bn(sig, ob, NULL), BN_bin2bn(sig + ob, ob, NULL));
    len = i2d_ECDSA_SIG(es, &p);
    ECDSA_SIG_free(es);
    return len;
}

static void test_rfc6979(void)
{
    static const char *msgs[2] = {"sample", "test"};
    static const char *want[2] = {
        "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
        "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8",
        "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367"
        "019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083",
    };
    uint8_t d[32], h[32], sig[64], der[80];
    int i, len;
    ks_unhex(d, "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721");
    for (i = 0; i < 2; i++) {
        ks_hash(KS_HASH_SHA256, (const uint8_t *)msgs[i], strlen(msgs[i]), h);
        CHECK(ks_ecdsa_sign(KS_SECP256R1, d, h, 32, KS_HASH_SHA256, NULL, sig) == KS_OK, "sign");
        CHECK(strcmp(ks_hex(sig, 64), want[i]) == 0, "RFC 6979 A.2.5 P-256 SHA-256 \"%s\": %s", msgs[i],
              ks_hex(sig, 64));
    }
    len = ks_ecdsa_der(KS_SECP256R1, sig, der);
    /* "test": r has its top bit set (a leading zero byte), s starts 0x01 (no zero byte) */
    CHECK(len == 71 && strcmp(ks_hex(der, 8), "3045022100f1abb0") == 0 && der[37] == 0x02 && der[38] == 0x20,
          "DER of the RFC 6979 signature: %s", ks_hex(der, (size_t)len));
}

static void test_java(void)
{
    int i, ran = 0;
    for (i = 0; i < JAVA_ECDSA_COUNT; i++) {
        const java_ecdsa_kat *k = &java_ecdsa[i];
        uint8_t sig[64], der[80];
        int ob = ks_ec_order_bytes(k->curve), rc, len;
        if (ob < 0 || ks_hash_size(k->nonce_hash) == 0) {
            continue; /* a curve or hash this build does not carry */
        }
        rc = ks_ecdsa_sign(k->curve, k->d, k->h, k->hlen, k->nonce_hash, k->has_extra ? k->extra : NULL, sig);
        CHECK(rc == KS_OK && memcmp(sig, k->sig, 2 * (size_t)ob) == 0, "Java signature %d (%s, hash %d%s): %s", i,
              curve_names[k->curve], k->nonce_hash, k->has_extra ? ", hedged" : "", ks_hex(sig, 2 * (size_t)ob));
        len = ks_ecdsa_der(k->curve, sig, der);
        CHECK(len == k->der_len && memcmp(der, k->der, (size_t)len) == 0, "Java DER %d", i);
        ran++;
    }
    CHECK(ran >= (KS_WITH_SHA512 ? 12 : 10), "Java vectors run: %d", ran);
}

static void test_random(int iterations)
{
    static const int hashes[] = {KS_HASH_SHA1, KS_HASH_SHA224, KS_HASH_SHA256, KS_HASH_SHA384, KS_HASH_SHA512};
    int curve, it;
    for (curve = 0; curve < 4; curve++) {
        int ob = ks_ec_order_bytes(curve);
        EC_GROUP *g;
        BIGNUM *n;
        if (ob < 0) {
            continue;
        }
        g = EC_GROUP_new_by_curve_name(nids[curve]);
        n = BN_dup(EC_GROUP_get0_order(g));
        for (it = 0; it < iterations; it++) {
            uint8_t d[32], h[64], extra[32], sig[64], sig2[64], der[80], rder[80];
            int hid = hashes[rand() % (KS_WITH_SHA512 ? 5 : 3)], len, rlen;
            size_t hl = ks_hash_size(hid);
            BIGNUM *dv;
            do {
                rnd(d, (size_t)ob);
                if (it % 4 == 1) {
                    memset(d, 0, (size_t)ob - 1 - (size_t)(it % 7)); /* small keys */
                } else if (curve == KS_SECP160R1) {
                    d[0] &= 1;
                }
                dv = BN_bin2bn(d, ob, NULL);
                len = BN_is_zero(dv) || BN_cmp(dv, n) >= 0;
                BN_free(dv);
            } while (len);
            rnd(h, hl);
            rnd(extra, (size_t)ob);
            CHECK(ks_ecdsa_sign(curve, d, h, hl, hid, it % 3 ? extra : NULL, sig) == KS_OK, "sign");
            CHECK(ref_verify(curve, d, h, hl, sig), "%s signature verifies (hash %d)", curve_names[curve], hid);
            len = ks_ecdsa_der(curve, sig, der);
            rlen = ref_der(curve, sig, rder);
            CHECK(len == rlen && memcmp(der, rder, (size_t)len) == 0 && len <= ks_ecdsa_der_max(curve),
                  "%s DER as libcrypto writes it", curve_names[curve]);
            /* the hedge: the same inputs sign the same; another k' signs otherwise */
            ks_ecdsa_sign(curve, d, h, hl, hid, it % 3 ? extra : NULL, sig2);
            CHECK(memcmp(sig, sig2, 2 * (size_t)ob) == 0, "same inputs, same signature");
            extra[it % ob] ^= 1;
            ks_ecdsa_sign(curve, d, h, hl, hid, extra, sig2);
            CHECK(memcmp(sig, sig2, (size_t)ob) != 0 && ref_verify(curve, d, h, hl, sig2),
                  "another k' gives another valid signature");
        }
        BN_free(n);
        EC_GROUP_free(g);
    }
}

/* ks_ecdsa_sign_drbg draws orderBytes with one generate, after checking d, as the Java does. */
static void test_drbg(void)
{
    uint8_t seed[48], d[32], h[32], extra[32], sig[64], want[64];
    ks_hmac_drbg a, b;
    int curve;
    for (curve = 0; curve < 4; curve++) {
        int ob = ks_ec_order_bytes(curve);
        if (ob < 0) {
            continue;
        }
        rnd(seed, sizeof seed);
        rnd(h, sizeof h);
        memset(d, 0, sizeof d);
        rnd(d + 1, (size_t)ob - 1);
        ks_hmac_drbg_instantiate(&a, 3, seed, 32, seed + 32, 16, NULL, 0);
        b = a;
        CHECK(ks_ecdsa_sign_drbg(curve, d, h, 32, KS_HASH_SHA256, &a, sig) == KS_OK, "sign from the DRBG");
        ks_hmac_drbg_generate(&b, extra, (size_t)ob, NULL, 0);
        ks_ecdsa_sign(curve, d, h, 32, KS_HASH_SHA256, extra, want);
        CHECK(memcmp(sig, want, 2 * (size_t)ob) == 0 && memcmp(&a, &b, sizeof a) == 0,
              "%s: k' is one generate of %d bytes", curve_names[curve], ob);
        memset(d, 0, sizeof d);
        CHECK(ks_ecdsa_sign_drbg(curve, d, h, 32, KS_HASH_SHA256, &a, sig) == KS_INVALID && memcmp(&a, &b, sizeof a) == 0,
              "a bad key draws nothing");
        d[ob - 1] = 1;
        ks_ecdsa_sign_drbg(curve, d, h, 32, KS_HASH_SHA256, &a, sig);
        ks_ecdsa_sign_drbg(curve, d, h, 32, KS_HASH_SHA256, &a, sig);
        CHECK(ks_ecdsa_sign_drbg(curve, d, h, 32, KS_HASH_SHA256, &a, sig) == KS_DRBG_RESEED, "reseed due");
    }
}

static void test_invalid(void)
{
    uint8_t d[32], h[32], sig[64], der[80];
    int curve;
    memset(h, 7, sizeof h);
    for (curve = 0; curve < 4; curve++) {
        int ob = ks_ec_order_bytes(curve), k;
        EC_GROUP *g;
        BIGNUM *n;
        if (ob < 0) {
            CHECK(ks_ecdsa_sign(curve, d, h, 32, KS_HASH_SHA256, NULL, sig) == KS_INVALID, "absent curve refused");
            CHECK(ks_ecdsa_der_max(curve) == KS_INVALID && ks_ecdsa_der(curve, sig, der) == KS_INVALID, "absent curve DER");
            continue;
        }
        g = EC_GROUP_new_by_curve_name(nids[curve]);
        n = BN_dup(EC_GROUP_get0_order(g));
        for (k = 0; k < 4; k++) {
            /* 0, n, n + 1, all ones */
            if (k == 0) {
                memset(d, 0, sizeof d);
            } else if (k == 3) {
                memset(d, 0xff, sizeof d);
            } else {
                if (k == 2) {
                    BN_add_word(n, 1);
                }
                BN_bn2binpad(n, d, ob);
            }
            memset(sig, 0x5a, sizeof sig);
            CHECK(ks_ecdsa_sign(curve, d, h, 32, KS_HASH_SHA256, NULL, sig) == KS_INVALID && sig[0] == 0x5a,
                  "%s: bad private key %d refused", curve_names[curve], k);
        }
        BN_sub_word(n, 2); /* n - 1 is fine */
        BN_bn2binpad(n, d, ob);
        CHECK(ks_ecdsa_sign(curve, d, h, 32, KS_HASH_SHA256, NULL, sig) == KS_OK && ref_verify(curve, d, h, 32, sig),
              "%s: d = n - 1", curve_names[curve]);
        CHECK(ks_ecdsa_sign(curve, d, h, 32, 11, NULL, sig) == KS_INVALID, "unknown nonce hash refused");
        BN_free(n);
        EC_GROUP_free(g);
    }
    CHECK(ks_ecdsa_sign(7, d, h, 32, KS_HASH_SHA256, NULL, sig) == KS_INVALID, "unknown curve refused");
}

int main(int argc, char **argv)
{
    int iterations = argc > 1 ? atoi(argv[1]) : 40;
    srand(6979);
    test_rfc6979();
    test_java();
    test_random(iterations);
    test_drbg();
    test_invalid();
    printf("prim ECDSA, limbs of %d bits: %d passed, %d failed\n", KS_LIMB_BITS, ks_test_passed, ks_test_failed);
    return ks_test_failed != 0;
}
