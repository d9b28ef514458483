/* RSA kernel tests: ks_modexp against OpenSSL's BN_mod_exp, edge values, invalid inputs. */
#include <openssl/bn.h>

#include "../kernels/ks_rsa.h"
#include "ks_test.h"

#define MAXB 512

/* Checks base^exp mod m (given as BIGNUMs, exp of exp_len bytes) against OpenSSL. */
static void check_one(const BIGNUM *base, const BIGNUM *exp, int exp_len, const BIGNUM *m,
                      int mod_len, BN_CTX *ctx, const char *what)
{
    uint8_t b[MAXB], e[MAXB], mb[MAXB], out[MAXB], want[MAXB];
    BIGNUM *r = BN_new();
    int rc;
    BN_bn2binpad(base, b, mod_len);
    BN_bn2binpad(exp, e, exp_len);
    BN_bn2binpad(m, mb, mod_len);
    BN_mod_exp(r, base, exp, m, ctx);
    BN_bn2binpad(r, want, mod_len);
    rc = ks_modexp(b, e, (size_t)exp_len, mb, (size_t)mod_len, out);
    CHECK(rc == 0 && memcmp(out, want, (size_t)mod_len) == 0, "modexp %s, %d-byte modulus %s",
          what, mod_len, ks_hex(mb, (size_t)mod_len));
    BN_free(r);
}

static void test_size(int bits, int iterations, BN_CTX *ctx)
{
    BIGNUM *m = BN_new(), *base = BN_new(), *exp = BN_new(), *t = BN_new();
    int i, len = bits / 8;
    for (i = 0; i < iterations; i++) {
        BN_rand(m, bits, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD);
        BN_rand_range(base, m);
        BN_rand(exp, bits, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
        check_one(base, exp, len, m, len, ctx, "random");
    }
    BN_rand(m, bits, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD);
    BN_rand_range(base, m);
    BN_set_word(exp, 65537);
    check_one(base, exp, 3, m, len, ctx, "e = 65537");
    BN_set_word(exp, 0);
    check_one(base, exp, 1, m, len, ctx, "exp = 0");
    check_one(base, exp, 0, m, len, ctx, "empty exp");
    BN_rand(exp, 64, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
    BN_zero(base);
    check_one(base, exp, 8, m, len, ctx, "base 0");
    BN_one(base);
    check_one(base, exp, 8, m, len, ctx, "base 1");
    BN_sub(base, m, base);
    check_one(base, exp, 8, m, len, ctx, "base m - 1");
    /* a modulus shorter than its encoding (leading zero byte), and m = 2^k - 1 */
    BN_rand(m, bits - 8, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD);
    BN_rand_range(base, m);
    check_one(base, exp, 8, m, len, ctx, "leading zero byte");
    BN_one(t);
    BN_lshift(m, t, bits);
    BN_sub_word(m, 1);
    BN_rand_range(base, m);
    check_one(base, exp, 8, m, len, ctx, "m = 2^k - 1");
    BN_free(m);
    BN_free(base);
    BN_free(exp);
    BN_free(t);
}

static void test_invalid(void)
{
    uint8_t m[MAXB + 1], b[MAXB + 1], e[4] = {1, 0, 1, 0}, out[MAXB + 1];
    memset(m, 0xff, sizeof m);
    memset(b, 0x11, sizeof b);
    m[127] = 0xfe;
    CHECK(ks_modexp(b, e, 3, m, 128, out) == -1, "even modulus");
    m[127] = 0xff;
    CHECK(ks_modexp(m, e, 3, m, 128, out) == -1, "base = modulus");
    memset(b, 0xff, 128);
    m[0] = 0xfe;
    CHECK(ks_modexp(b, e, 3, m, 128, out) == -1, "base > modulus");
    CHECK(ks_modexp(b, e, 3, m, 0, out) == -1, "empty modulus");
    memset(m, 0xff, sizeof m);
    memset(b, 0, sizeof b);
    CHECK(ks_modexp(b, e, 3, m, MAXB + 1, out) == -1, "modulus over 4096 bits");
    CHECK(ks_modexp(b, e, 3, m, MAXB, out) == 0, "4096-bit modulus accepted");
}

void test_rsa(int iterations, int max_bits)
{
    BN_CTX *ctx = BN_CTX_new();
    int bits;
    for (bits = 1024; bits <= max_bits; bits *= 2) {
        test_size(bits, bits == 1024 ? iterations : (bits == 2048 ? (iterations + 1) / 2 : 2), ctx);
    }
    test_size(512, iterations, ctx);
    test_invalid();
    BN_CTX_free(ctx);
}
