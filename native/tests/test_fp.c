/*
 * Field arithmetic tests, below the public API (the curve table of ks_curve.h): mul, sqr,
 * add, sub, inv and the encoding to the field's form and back (Montgomery form for P-256 on
 * 64-bit limbs with __int128, plain elsewhere), against OpenSSL's BN_mod_* on the values where
 * reductions and carries go wrong: 0, 1, 2, p - 1, p - 2, (p +- 1) / 2, p - 2^k, 2^k - 1 and
 * 2^k below p at every limb and word boundary, numbers with all-ones limbs, then random ones.
 */
#include <openssl/bn.h>

#include "../kernels/ks_curve.h"
#include "ks_test.h"

#define MAXE 96 /* edge values per curve */

static const char *fnames[4] = {"secp160r1", "secp192r1", "secp224r1", "secp256r1"};
static const int fbits[4] = {160, 192, 224, 256};

/* Hex of a number for failure messages: two buffers, for the two in one message. */
static const char *hex(const BIGNUM *v)
{
    static char buf[2][2 * 64 + 1];
    static int which;
    uint8_t be[64];
    int i, len = BN_num_bytes(v);
    which ^= 1;
    BN_bn2bin(v, be);
    for (i = 0; i < len && i < 64; i++) {
        sprintf(buf[which] + 2 * i, "%02x", be[i]);
    }
    buf[which][2 * i] = 0;
    return buf[which];
}

static void to_limbs(const BIGNUM *v, ks_limb *a, size_t n)
{
    uint8_t be[KS_FE_MAX * KS_LIMB_BYTES];
    BN_bn2binpad(v, be, (int)(n * KS_LIMB_BYTES));
    ks_bn_from_bytes(a, n, be, n * KS_LIMB_BYTES);
}

static BIGNUM *from_limbs(const ks_limb *a, size_t n)
{
    uint8_t be[KS_FE_MAX * KS_LIMB_BYTES];
    ks_bn_to_bytes(be, n * KS_LIMB_BYTES, a);
    return BN_bin2bn(be, (int)(n * KS_LIMB_BYTES), NULL);
}

/* The edge values of the field: all below p. */
static int edges(const BIGNUM *p, int bits, BIGNUM **e)
{
    int n = 0, k;
    BIGNUM *t = BN_new();
    for (k = 0; k < 3; k++) {
        e[n] = BN_new();
        BN_set_word(e[n++], (BN_ULONG)k); /* 0, 1, 2 */
        e[n] = BN_dup(p);
        BN_sub_word(e[n++], (BN_ULONG)(k + 1)); /* p - 1, p - 2, p - 3 */
    }
    e[n] = BN_new();
    BN_rshift1(e[n], p); /* (p - 1) / 2 */
    e[n + 1] = BN_dup(e[n]);
    BN_add_word(e[n + 1], 1); /* (p + 1) / 2 */
    n += 2;
    for (k = 16; k < bits && n + 3 <= MAXE; k += 16) {
        /* 2^k - 1, 2^k and p - 2^k at every 16-bit boundary (all limb and word sizes) */
        BN_one(t);
        BN_lshift(t, t, k);
        e[n] = BN_dup(t);
        BN_sub_word(e[n++], 1);
        e[n++] = BN_dup(t);
        e[n] = BN_dup(p);
        BN_sub(e[n], e[n], t);
        n++;
    }
    /* all-ones low limbs under the top word of p */
    e[n] = BN_dup(p);
    BN_rshift(e[n], e[n], bits - 32);
    BN_lshift(e[n], e[n], bits - 32);
    BN_sub_word(e[n++], 1);
    BN_free(t);
    return n;
}

/* Checks one operation's result r (in the field's form) against the expected plain value. */
static void expect(const ks_curve *c, int id, const char *op, ks_limb *r, const BIGNUM *want,
                   const BIGNUM *a, const BIGNUM *b)
{
    BIGNUM *got;
    ks_fp_dec(c, r);
    got = from_limbs(r, c->fl);
    CHECK(BN_cmp(got, want) == 0, "%s %s(%s, %s)", fnames[id], op, hex(a), hex(b));
    BN_free(got);
}

static void check_pair(const ks_curve *c, int id, const BIGNUM *p, const BIGNUM *a,
                       const BIGNUM *b, BN_CTX *ctx)
{
    ks_limb x[KS_FE_MAX], y[KS_FE_MAX], r[KS_FE_MAX];
    BIGNUM *want = BN_new();
    memset(x, 0, sizeof x);
    memset(y, 0, sizeof y);
    to_limbs(a, x, c->fl);
    to_limbs(b, y, c->fl);
    ks_fp_enc(c, x);
    ks_fp_enc(c, y);
    c->mul(r, x, y);
    BN_mod_mul(want, a, b, p, ctx);
    expect(c, id, "mul", r, want, a, b);
    c->add(r, x, y);
    BN_mod_add(want, a, b, p, ctx);
    expect(c, id, "add", r, want, a, b);
    c->sub(r, x, y);
    BN_mod_sub(want, a, b, p, ctx);
    expect(c, id, "sub", r, want, a, b);
    /* in place, as the point formulas call them */
    memcpy(r, x, sizeof r);
    c->mul(r, r, r);
    BN_mod_sqr(want, a, p, ctx);
    expect(c, id, "mul in place", r, want, a, a);
    c->sqr(r, x);
    expect(c, id, "sqr", r, want, a, a);
    memcpy(r, x, sizeof r);
    ks_fp_cneg(c, r, r, KS_MASK(1));
    BN_mod_sub(want, p, a, p, ctx);
    if (!BN_is_zero(a)) { /* cneg's contract: a != 0 */
        expect(c, id, "cneg", r, want, a, a);
    }
    BN_free(want);
}

static void check_one(const ks_curve *c, int id, const BIGNUM *p, const BIGNUM *a, BN_CTX *ctx)
{
    ks_limb x[KS_FE_MAX], r[KS_FE_MAX];
    BIGNUM *want = BN_new(), *got;
    memset(x, 0, sizeof x);
    to_limbs(a, x, c->fl);
    /* the encoding is reduced and decodes back to a */
    memcpy(r, x, sizeof r);
    ks_fp_enc(c, r);
    CHECK(ks_fp_canonical_mask(c, r) != 0, "%s enc(%s) below p", fnames[id], hex(a));
    ks_fp_dec(c, r);
    got = from_limbs(r, c->fl);
    CHECK(BN_cmp(got, a) == 0, "%s dec(enc(%s))", fnames[id], hex(a));
    BN_free(got);
    /* inversion (0 maps to 0) */
    memcpy(r, x, sizeof r);
    ks_fp_enc(c, r);
    ks_fp_inv(c, r, r);
    if (BN_is_zero(a)) {
        BN_zero(want);
    } else {
        BN_mod_inverse(want, a, p, ctx);
    }
    expect(c, id, "inv", r, want, a, a);
    BN_free(want);
}

void test_fp(int iterations)
{
    int id, i, j, n;
    BN_CTX *ctx = BN_CTX_new();
    for (id = 0; id < 4; id++) {
        const ks_curve *c = ks_curve_get(id);
        BIGNUM *e[MAXE], *p, *a, *b;
        ks_limb pl[KS_FE_MAX];
        if (c == 0) {
            continue; /* not in this build */
        }
        ks_bn_from_flash(pl, c->p, c->fl);
        p = from_limbs(pl, c->fl);
        a = BN_new();
        b = BN_new();
        CHECK(BN_num_bits(p) == fbits[id], "%s p has %d bits", fnames[id], fbits[id]);
        n = edges(p, fbits[id], e);
        for (i = 0; i < n; i++) {
            check_one(c, id, p, e[i], ctx);
            for (j = 0; j < n; j++) {
                check_pair(c, id, p, e[i], e[j], ctx);
            }
        }
        for (i = 0; i < iterations; i++) {
            BN_rand_range(a, p);
            BN_rand_range(b, p);
            check_one(c, id, p, a, ctx);
            check_pair(c, id, p, a, b, ctx);
            check_pair(c, id, p, a, e[i % n], ctx);
        }
        for (i = 0; i < n; i++) {
            BN_free(e[i]);
        }
        BN_free(a);
        BN_free(b);
        BN_free(p);
    }
    BN_CTX_free(ctx);
}
