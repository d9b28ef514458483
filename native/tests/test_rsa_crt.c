/* The blinded CRT private operation (ks_rsa_private, ks_rsa_blind_init) against OpenSSL's
   BN_mod_exp with d: random keys, the blinding state's exact values and their renewal,
   faults (a wrong dp, dq or qinv, a wrong blinding factor) caught by the check, and every
   invalid input. Test keys only, made here from OpenSSL's prime generator. */
#include <openssl/bn.h>

#include "../kernels/ks_bn.h"
#include "../kernels/ks_rsa.h"
#include "ks_test.h"
#include "rsa_test_key.h"

#define MAXN RSA_TEST_MAX_BYTES

/* What the state must hold: f R_n mod n, R_n = 2^(KS_LIMB_BITS 2h), h limbs per half. */
static void state_value(uint8_t *out, const BIGNUM *f, const rsa_test_key *k, BN_CTX *ctx)
{
    BIGNUM *r = BN_new(), *v = BN_new();
    BN_set_bit(r, (int)(KS_LIMB_BITS * 2 * KS_LIMBS(k->key.half_len * 8)));
    BN_mod_mul(v, f, r, k->n, ctx);
    BN_bn2binpad(v, out, (int)k->key.n_len);
    BN_free(r);
    BN_free(v);
}

/* ks_rsa_private on in, against in^d mod n; returns the kernel's result code. */
static int private_vs_openssl(rsa_test_key *k, uint8_t *state, const BIGNUM *in, BN_CTX *ctx,
                              const char *what)
{
    uint8_t ib[MAXN], out[MAXN], want[MAXN];
    BIGNUM *m = BN_new();
    int len = (int)k->key.n_len, rc;
    BN_bn2binpad(in, ib, len);
    BN_mod_exp(m, in, k->d, k->n, ctx);
    BN_bn2binpad(m, want, len);
    rc = ks_rsa_private(&k->key, state, ib, out);
    CHECK(rc == KS_RSA_OK && memcmp(out, want, (size_t)len) == 0, "private %s, %d bits: got %d %s",
          what, len * 8, rc, ks_hex(out, (size_t)len));
    BN_free(m);
    return rc;
}

static void test_key_size(int bits, int ops, BN_CTX *ctx)
{
    rsa_test_key k;
    uint8_t r[MAXN], state[2 * MAXN], want[MAXN], out[MAXN], ib[MAXN];
    BIGNUM *rb = BN_new(), *a = BN_new(), *b = BN_new(), *in = BN_new(), *two = BN_new();
    size_t len = (size_t)bits / 8;
    int i;
    rsa_test_key_make(&k, bits, ctx);
    BN_rand_range(rb, k.n);
    BN_bn2binpad(rb, r, (int)len);
    CHECK(ks_rsa_blind_init(&k.key, r, state) == KS_RSA_OK, "blind_init %d bits", bits);
    BN_mod_exp(a, rb, k.e, k.n, ctx); /* r^e */
    BN_mod_inverse(b, rb, k.n, ctx);  /* r^-1 */
    BN_set_word(two, 2);
    for (i = 0; i < ops; i++) {
        /* the state is (r^e)^(2^i) R_n, (r^-1)^(2^i) R_n: renewed by every operation */
        state_value(want, a, &k, ctx);
        CHECK(memcmp(state, want, len) == 0, "blinding r^e after %d operations, %d bits", i, bits);
        state_value(want, b, &k, ctx);
        CHECK(memcmp(state + len, want, len) == 0, "blinding r^-1 after %d operations, %d bits", i, bits);
        BN_rand_range(in, k.n);
        private_vs_openssl(&k, state, in, ctx, "random");
        BN_mod_sqr(a, a, k.n, ctx);
        BN_mod_sqr(b, b, k.n, ctx);
    }
    BN_zero(in);
    private_vs_openssl(&k, state, in, ctx, "in = 0");
    BN_one(in);
    private_vs_openssl(&k, state, in, ctx, "in = 1");
    BN_sub(in, k.n, BN_value_one());
    private_vs_openssl(&k, state, in, ctx, "in = n - 1");

    /* faults: a wrong CRT exponent or qinv, as a glitch in one half would give; the result
       fails the public-key check and is not released */
    BN_rand_range(in, k.n);
    BN_bn2binpad(in, ib, (int)len);
    {
        uint8_t *parts[3] = {k.dpb, k.dqb, k.qib};
        const char *names[3] = {"dp", "dq", "qinv"};
        int j;
        for (j = 0; j < 3; j++) {
            parts[j][len / 2 - 1] ^= 2;
            memset(out, 0x5a, len);
            CHECK(ks_rsa_private(&k.key, state, ib, out) == KS_RSA_INVALID
                  && memcmp(out, (uint8_t[MAXN]){0}, len) == 0, "wrong %s caught, %d bits", names[j], bits);
            parts[j][len / 2 - 1] ^= 2;
        }
    }
    /* a blinding factor that does not match the other: the output would be off by a factor */
    state[len - 1] ^= 1;
    CHECK(ks_rsa_private(&k.key, state, ib, out) == KS_RSA_INVALID, "mismatched blinding caught, %d bits", bits);
    /* a fresh state from another r works again */
    BN_rand_range(rb, k.n);
    BN_bn2binpad(rb, r, (int)len);
    CHECK(ks_rsa_blind_init(&k.key, r, state) == KS_RSA_OK, "blind_init again, %d bits", bits);
    private_vs_openssl(&k, state, in, ctx, "after a new blinding");
    /* r = 0, r >= n, r a multiple of p: refused */
    memset(r, 0, len);
    CHECK(ks_rsa_blind_init(&k.key, r, state) == KS_RSA_INVALID, "r = 0 refused, %d bits", bits);
    CHECK(ks_rsa_blind_init(&k.key, k.nb, state) == KS_RSA_INVALID, "r = n refused, %d bits", bits);
    BN_mul_word(rb, 0); /* rb = 0, then p * 3 */
    BN_copy(rb, k.p);
    BN_mul_word(rb, 3);
    BN_bn2binpad(rb, r, (int)len);
    CHECK(ks_rsa_blind_init(&k.key, r, state) == KS_RSA_INVALID, "r = 3p refused, %d bits", bits);
    rsa_test_key_free(&k);
    BN_free(rb), BN_free(a), BN_free(b), BN_free(in), BN_free(two);
}

static void test_crt_invalid(BN_CTX *ctx)
{
    rsa_test_key k;
    uint8_t r[128], state[256], out[128], in[128];
    ks_rsa_crt_key bad;
    rsa_test_key_make(&k, 1024, ctx);
    memset(r, 0, sizeof r);
    r[127] = 3;
    CHECK(ks_rsa_blind_init(&k.key, r, state) == KS_RSA_OK, "blind_init, r = 3");
    memset(in, 0, sizeof in);
    in[127] = 7;
    CHECK(ks_rsa_private(&k.key, state, k.nb, out) == KS_RSA_INVALID, "in = n refused");
    bad = k.key, bad.half_len = 0;
    CHECK(ks_rsa_private(&bad, state, in, out) == KS_RSA_INVALID, "half_len 0");
    bad = k.key, bad.half_len = KS_RSA_MAX_BITS / 16 + 1;
    CHECK(ks_rsa_private(&bad, state, in, out) == KS_RSA_INVALID, "half_len too long");
    bad = k.key, bad.half_len = 63;
    CHECK(ks_rsa_private(&bad, state, in, out) == KS_RSA_INVALID, "n longer than two halves");
    bad = k.key, bad.e_len = 0;
    CHECK(ks_rsa_private(&bad, state, in, out) == KS_RSA_INVALID, "empty e");
    bad = k.key, bad.qinv = k.pb;
    CHECK(ks_rsa_private(&bad, state, in, out) == KS_RSA_INVALID, "qinv = p");
    k.nb[127] ^= 1;
    CHECK(ks_rsa_private(&k.key, state, in, out) == KS_RSA_INVALID, "even n");
    k.nb[127] ^= 1;
    k.pb[63] ^= 1;
    CHECK(ks_rsa_private(&k.key, state, in, out) == KS_RSA_INVALID, "even p");
    k.pb[63] ^= 1;
    {   /* p short of its half_len, its top limb zero (qinv below it, so that check passes):
           refused by both calls. load_key's mask says the rule (ks_mont_r2's top); the checks
           behind it (blind_inv's, the result's) also catch the wrong R^2 such a p gets: with the
           mask removed these still pass, so they hold the refusal, not the mask. */
        uint8_t top[sizeof(ks_limb)], one[64];
        memset(one, 0, sizeof one);
        one[63] = 1;
        memcpy(top, k.pb, sizeof top);
        memset(k.pb, 0, sizeof top);
        bad = k.key, bad.qinv = one; /* below p: its check passes */
        CHECK(ks_rsa_private(&bad, state, in, out) == KS_RSA_INVALID, "p's top limb zero");
        CHECK(ks_rsa_blind_init(&bad, r, state) == KS_RSA_INVALID, "blind_init: p's top limb zero");
        memcpy(k.pb, top, sizeof top);
    }
    memset(state, 0xff, 128);
    CHECK(ks_rsa_private(&k.key, state, in, out) == KS_RSA_INVALID, "blinding factor >= n");
    rsa_test_key_free(&k);
}

void test_rsa_crt(int iterations, int max_bits)
{
    BN_CTX *ctx = BN_CTX_new();
    int bits;
    for (bits = 512; bits <= max_bits && bits <= KS_RSA_MAX_BITS; bits *= 2) {
        int keys = bits <= 1024 ? iterations : 1, i;
        for (i = 0; i < keys; i++) {
            test_key_size(bits, 4, ctx);
        }
    }
    test_crt_invalid(ctx);
    BN_CTX_free(ctx);
}
