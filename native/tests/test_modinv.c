/*
 * ks_modinv (kernels/ks_modinv.c, the divsteps inversion) against OpenSSL's BN_mod_inverse,
 * for moduli the field tests do not reach: each curve's order n (secp160r1's has 161 bits,
 * one past a word: its top word is not 0) and random odd moduli of 48 bits up to the build's
 * largest, at and around every word size; inputs 0 (gives 0), 1, 2, m - 1, m - 2, numbers
 * with all-ones words and random ones coprime to m.
 */
#include <openssl/bn.h>

#include "../kernels/ks_curve.h"
#include "../kernels/ks_modinv.h"
#include "ks_test.h"

static void to_limbs(const BIGNUM *v, ks_limb *a, size_t n)
{
    uint8_t be[KS_FE_MAX * KS_LIMB_BYTES];
    BN_bn2binpad(v, be, (int)(n * KS_LIMB_BYTES));
    ks_bn_from_bytes(a, n, be, n * KS_LIMB_BYTES);
}

/* One inversion mod m (bits long, n limbs) checked; a below m. */
static void check(const BIGNUM *m, const ks_limb *ml, size_t n, int bits, const BIGNUM *a,
                  BN_CTX *ctx)
{
    ks_limb al[KS_FE_MAX], rl[KS_FE_MAX], wl[KS_FE_MAX];
    BIGNUM *want = BN_new(), *g = BN_new();
    BN_gcd(g, a, m, ctx);
    if (!BN_is_zero(a) && !BN_is_one(g)) {
        BN_free(want);
        BN_free(g);
        return; /* not invertible: outside ks_modinv's contract */
    }
    if (BN_is_zero(a)) {
        BN_zero(want);
    } else {
        BN_mod_inverse(want, a, m, ctx);
    }
    memset(al, 0, sizeof al);
    to_limbs(a, al, n);
    to_limbs(want, wl, n);
    ks_modinv(rl, al, ml, n, bits);
    {
        uint8_t got[KS_FE_MAX * KS_LIMB_BYTES], exp[KS_FE_MAX * KS_LIMB_BYTES];
        char *as = BN_bn2hex(a), *ms = BN_bn2hex(m);
        ks_bn_to_bytes(got, n * KS_LIMB_BYTES, rl);
        ks_bn_to_bytes(exp, n * KS_LIMB_BYTES, wl);
        CHECK(memcmp(got, exp, n * KS_LIMB_BYTES) == 0, "modinv(%s) mod %s (%d bits)", as, ms,
              bits);
        /* in place */
        ks_modinv(al, al, ml, n, bits);
        CHECK(memcmp(al, rl, n * sizeof(ks_limb)) == 0, "modinv in place mod %s", ms);
        OPENSSL_free(as);
        OPENSSL_free(ms);
    }
    BN_free(want);
    BN_free(g);
}

static void check_modulus(const BIGNUM *m, int bits, int iterations, BN_CTX *ctx)
{
    ks_limb ml[KS_FE_MAX];
    size_t n = KS_LIMBS(bits);
    BIGNUM *a = BN_new();
    int i, w;
    to_limbs(m, ml, n);
    for (i = 0; i < 3; i++) {
        BN_set_word(a, (BN_ULONG)i);
        check(m, ml, n, bits, a, ctx); /* 0, 1, 2 */
        BN_copy(a, m);
        BN_sub_word(a, (BN_ULONG)(i + 1));
        check(m, ml, n, bits, a, ctx); /* m - 1, m - 2, m - 3 */
    }
    for (w = 8; w < bits; w += 8) { /* all-ones below each byte boundary, and its complement */
        BN_one(a);
        BN_lshift(a, a, w);
        BN_sub_word(a, 1);
        check(m, ml, n, bits, a, ctx);
        BN_sub(a, m, a);
        check(m, ml, n, bits, a, ctx);
    }
    for (i = 0; i < iterations; i++) {
        BN_rand_range(a, m);
        check(m, ml, n, bits, a, ctx);
    }
    BN_free(a);
}

void test_modinv(int iterations)
{
    static const int sizes[] = {48, 63, 64, 65, 95, 96, 97, 127, 128, 129, 159, 160, 161,
                                191, 192, 193, 223, 224, 225, 255, 256};
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *m = BN_new();
    size_t s;
    int id;
    for (id = 0; id < 4; id++) { /* the orders n (the fields' p: test_fp) */
        const ks_curve *c = ks_curve_get(id);
        ks_limb nl[KS_FE_MAX];
        uint8_t be[KS_FE_MAX * KS_LIMB_BYTES];
        if (c == 0) {
            continue;
        }
        ks_bn_from_flash(nl, c->n, c->ol);
        ks_bn_to_bytes(be, c->ol * KS_LIMB_BYTES, nl);
        BN_bin2bn(be, (int)(c->ol * KS_LIMB_BYTES), m);
        CHECK(BN_num_bits(m) == c->obits, "curve %d: n has %d bits", id, BN_num_bits(m));
        check_modulus(m, c->obits, iterations, ctx);
    }
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int bits = sizes[s], k;
        if (bits > KS_MAX_BITS || KS_LIMBS(bits) > KS_FE_MAX) {
            continue;
        }
        for (k = 0; k < 3; k++) { /* odd, top bit set; one of them 2^bits - 1 */
            if (k == 0) {
                BN_one(m);
                BN_lshift(m, m, bits);
                BN_sub_word(m, 1);
            } else {
                BN_rand(m, bits, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD);
            }
            check_modulus(m, bits, iterations / 4 + 1, ctx);
        }
    }
    BN_free(m);
    BN_CTX_free(ctx);
}
