/*
 * EC kernel tests: SEC 2 generators, RFC 6979 A.2 public keys, n*G = infinity, scalars next
 * to 0 and n (where the last addition of a window method can be a doubling), random scalars
 * and points against OpenSSL's libcrypto, and every invalid input; the variable-time
 * verification (ks_ec_verify_vartime, with and without a key's table) the same way, with sums
 * whose partial sums cancel or double, and x coordinates at or above n.
 */
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/obj_mac.h>

#include "../kernels/ks_config.h"
#include "../kernels/ks_ec.h"
#include "ks_test.h"

#define MAXF 32
#define MAXO 32

static const int nids[4] = {NID_secp160r1, NID_X9_62_prime192v1, NID_secp224r1,
                            NID_X9_62_prime256v1};
static const char *names[4] = {"secp160r1", "secp192r1", "secp224r1", "secp256r1"};

/* SEC 2 v2 generators, x||y. */
static const char *sec2_g[4] = {
    "4a96b5688ef573284664698968c38bb913cbfc82"
    "23a628553168947d59dcc912042351377ac5fb32",
    "188da80eb03090f67cbf20eb43a18800f4ff0afd82ff1012"
    "07192b95ffc8da78631011ed6b24cdd573f977a11e794811",
    "b70e0cbd6bb4bf7f321390b94a03c1d356c21122343280d6115c1d21"
    "bd376388b5f723fb4c22dfe6cd4375a05a07476444d5819985007e34",
    "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
    "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"};

/* RFC 6979 appendix A.2.3, A.2.4, A.2.5: private key x and public key U = xG. */
static const char *rfc6979[4][2] = {
    {0, 0},
    {"6fab034934e4c0fc9ae67f5b5659a9d7d1fefd187ee09fd4",
     "ac2c77f529f91689fea0ea5efec7f210d8eea0b9e047ed56"
     "3bc723e57670bd4887ebc732c523063d0a7c957bc97c1c43"},
    {"f220266e1105bfe3083e03ec7a3a654651f45e37167e88600bf257c1",
     "00cf08da5ad719e42707fa431292dea11244d64fc51610d94b130d6c"
     "eeab6f3debe455e3dbf85416f7030cbd94f34f2d6f232c69f3c1385a"},
    {"c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721",
     "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
     "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"}};

typedef struct {
    int id, fb, ob;
    EC_GROUP *g;
    BIGNUM *n;
    BN_CTX *ctx;
} curve_t;

/* OpenSSL's u1 * G + u2 * q (either scalar may be NULL); returns 1 for a finite point. */
static int ossl_mul(curve_t *c, const uint8_t *u1, const uint8_t *u2, const uint8_t *q,
                    uint8_t *out)
{
    EC_POINT *r = EC_POINT_new(c->g), *qp = NULL;
    BIGNUM *b1 = u1 ? BN_bin2bn(u1, c->ob, NULL) : NULL;
    BIGNUM *b2 = u2 ? BN_bin2bn(u2, c->ob, NULL) : NULL;
    uint8_t buf[1 + 2 * MAXF];
    int finite;
    if (q) {
        buf[0] = 4;
        memcpy(buf + 1, q, 2 * c->fb);
        qp = EC_POINT_new(c->g);
        EC_POINT_oct2point(c->g, qp, buf, 1 + 2 * c->fb, c->ctx);
    }
    EC_POINT_mul(c->g, r, b1, qp, b2, c->ctx);
    finite = !EC_POINT_is_at_infinity(c->g, r);
    if (finite) {
        EC_POINT_point2oct(c->g, r, POINT_CONVERSION_UNCOMPRESSED, buf, sizeof buf, c->ctx);
        memcpy(out, buf + 1, 2 * c->fb);
    } else {
        memset(out, 0, 2 * c->fb);
    }
    EC_POINT_free(r);
    EC_POINT_free(qp);
    BN_free(b1);
    BN_free(b2);
    return finite;
}

static void rand_scalar(curve_t *c, uint8_t *k)
{
    BIGNUM *b = BN_new();
    do {
        BN_rand_range(b, c->n);
    } while (BN_is_zero(b));
    BN_bn2binpad(b, k, c->ob);
    BN_free(b);
}

/* k = v (v >= 0) or n + v (v < 0), as ob bytes. */
static void small_scalar(curve_t *c, uint8_t *k, long v)
{
    BIGNUM *b = BN_new();
    BN_set_word(b, (BN_ULONG)(v < 0 ? -v : v));
    if (v < 0) {
        BN_sub(b, c->n, b);
    }
    BN_bn2binpad(b, k, c->ob);
    BN_free(b);
}

static void test_known(curve_t *c, const uint8_t *g)
{
    uint8_t k[MAXO], out[2 * MAXF], want[2 * MAXF], zero[2 * MAXF];
    int rc;
    memset(zero, 0, sizeof zero);
    CHECK(ks_ec_field_bytes(c->id) == c->fb, "%s field bytes", names[c->id]);
    CHECK(ks_ec_order_bytes(c->id) == c->ob, "%s order bytes", names[c->id]);
    CHECK(ks_ec_validate(c->id, g) == KS_OK, "%s: G validates", names[c->id]);
    /* 1 * G = G, the SEC 2 generator */
    small_scalar(c, k, 1);
    CHECK(ks_ec_mul_base(c->id, k, out) == KS_OK && memcmp(out, g, 2 * c->fb) == 0,
          "%s: 1*G %s", names[c->id], ks_hex(out, 2 * c->fb));
    CHECK(ks_ec_mul(c->id, k, g, out) == KS_OK && memcmp(out, g, 2 * c->fb) == 0,
          "%s: mul(1, G)", names[c->id]);
    /* n*G = infinity, as (n-1) G + G both ways */
    small_scalar(c, k, -1);
    {
        uint8_t one[MAXO];
        small_scalar(c, one, 1);
        rc = ks_ec_mul_add_vartime(c->id, k, one, g, out);
        CHECK(rc == KS_INFINITY && memcmp(out, zero, 2 * c->fb) == 0,
              "%s: (n-1)G + 1G = infinity (rc %d)", names[c->id], rc);
        rc = ks_ec_mul_add_vartime(c->id, one, k, g, out);
        CHECK(rc == KS_INFINITY && memcmp(out, zero, 2 * c->fb) == 0,
              "%s: 1G + (n-1)G = infinity (rc %d)", names[c->id], rc);
        /* 1G + 1G: the doubling case of mul_add */
        rc = ks_ec_mul_add_vartime(c->id, one, one, g, out);
        small_scalar(c, k, 2);
        ossl_mul(c, k, NULL, NULL, want);
        CHECK(rc == KS_OK && memcmp(out, want, 2 * c->fb) == 0, "%s: G + G", names[c->id]);
        /* 0 G + 0 G, 0 G + 1 G */
        memset(k, 0, sizeof k);
        CHECK(ks_ec_mul_add_vartime(c->id, k, k, g, out) == KS_INFINITY, "%s: 0G + 0G", names[c->id]);
        CHECK(ks_ec_mul_add_vartime(c->id, k, one, g, out) == KS_OK && memcmp(out, g, 2 * c->fb) == 0,
              "%s: 0G + 1G", names[c->id]);
        CHECK(ks_ec_mul_add_vartime(c->id, one, k, g, out) == KS_OK && memcmp(out, g, 2 * c->fb) == 0,
              "%s: 1G + 0G", names[c->id]);
    }
    /* RFC 6979 public keys */
    if (rfc6979[c->id][0]) {
        ks_unhex(k, rfc6979[c->id][0]);
        ks_unhex(want, rfc6979[c->id][1]);
        CHECK(ks_ec_mul_base(c->id, k, out) == KS_OK && memcmp(out, want, 2 * c->fb) == 0,
              "%s: RFC 6979 key, mul_base %s", names[c->id], ks_hex(out, 2 * c->fb));
        CHECK(ks_ec_mul(c->id, k, g, out) == KS_OK && memcmp(out, want, 2 * c->fb) == 0,
              "%s: RFC 6979 key, mul", names[c->id]);
    }
}

/* Scalars 1..64 and n-64..n-1: the windows' last additions meet the doubling case here. */
static void test_edges(curve_t *c, const uint8_t *g)
{
    uint8_t k[MAXO], out[2 * MAXF], want[2 * MAXF], q[2 * MAXF];
    long v;
    small_scalar(c, k, 7);
    ossl_mul(c, k, NULL, NULL, q);
    for (v = -64; v <= 64; v++) {
        if (v == 0) {
            continue;
        }
        small_scalar(c, k, v);
        ossl_mul(c, k, NULL, NULL, want);
        CHECK(ks_ec_mul_base(c->id, k, out) == KS_OK && memcmp(out, want, 2 * c->fb) == 0,
              "%s: mul_base k = %ld", names[c->id], v);
        CHECK(ks_ec_mul(c->id, k, g, out) == KS_OK && memcmp(out, want, 2 * c->fb) == 0,
              "%s: mul(k = %ld, G)", names[c->id], v);
        ossl_mul(c, NULL, k, q, want);
        CHECK(ks_ec_mul(c->id, k, q, out) == KS_OK && memcmp(out, want, 2 * c->fb) == 0,
              "%s: mul(k = %ld, 7G)", names[c->id], v);
    }
    /* 2^(bits - 1) + v for |v| <= 64 (below n): the top bit of the order's length set or not,
       odd and even (a k of secp160r1's 161 bits in 40 windows, KS_EC_SHORT_TOP) */
    for (v = -64; v <= 64; v++) {
        BIGNUM *b = BN_new();
        BN_set_bit(b, BN_num_bits(c->n) - 1);
        if (v < 0) {
            BN_sub_word(b, (BN_ULONG)-v);
        } else {
            BN_add_word(b, (BN_ULONG)v);
        }
        if (BN_cmp(b, c->n) < 0) {
            BN_bn2binpad(b, k, c->ob);
            ossl_mul(c, NULL, k, q, want);
            CHECK(ks_ec_mul(c->id, k, q, out) == KS_OK && memcmp(out, want, 2 * c->fb) == 0,
                  "%s: mul(k = 2^(bits-1) %+ld, 7G)", names[c->id], v);
        }
        BN_free(b);
    }
}

#if KS_EC_AUX
/* ks_ec_mul_aux as the ATmega128's Sizzle calls it (sz_tls_connection.c): the point, the scalar
   and the result inside the table's room, which is all zero afterwards but for the result.
   aux has exactly KS_EC_AUX_BYTES (ASan sees a table that outgrows it). */
static void aux_overlap(curve_t *c, const uint8_t *k, const uint8_t *q, const uint8_t *want)
{
    uint8_t *aux = malloc(KS_EC_AUX_BYTES);
    size_t i, left = 0;
    int rc;
    CHECK(aux != NULL && KS_EC_AUX_BYTES >= 4u * MAXF + MAXO, "aux room");
    memset(aux, 0x5a, KS_EC_AUX_BYTES);
    memcpy(aux + 2 * c->fb, q, 2 * c->fb);            /* the point after the result's place */
    memcpy(aux + KS_EC_AUX_BYTES - c->ob, k, c->ob);  /* the scalar at the end */
    rc = ks_ec_mul_aux(c->id, aux + KS_EC_AUX_BYTES - c->ob, aux + 2 * c->fb, aux, aux);
    CHECK(rc == KS_OK && memcmp(aux, want, 2 * c->fb) == 0, "%s: mul_aux k = %s",
          names[c->id], ks_hex(k, c->ob));
    for (i = 2 * (size_t)c->fb; i < KS_EC_AUX_BYTES; i++) {
        left |= aux[i];
    }
    CHECK(left == 0, "%s: mul_aux left its table", names[c->id]);
    free(aux);
}
#endif

static void test_random(curve_t *c, int iterations)
{
    uint8_t k[MAXO], u2[MAXO], out[2 * MAXF], want[2 * MAXF], q[2 * MAXF];
    int i, rc;
    for (i = 0; i < iterations; i++) {
        rand_scalar(c, k);
        ossl_mul(c, k, NULL, NULL, want);
        rc = ks_ec_mul_base(c->id, k, out);
        CHECK(rc == KS_OK && memcmp(out, want, 2 * c->fb) == 0, "%s: mul_base k = %s",
              names[c->id], ks_hex(k, c->ob));
        memcpy(q, want, 2 * c->fb); /* a random point */
        rand_scalar(c, k);
        ossl_mul(c, NULL, k, q, want);
        rc = ks_ec_mul(c->id, k, q, out);
        CHECK(rc == KS_OK && memcmp(out, want, 2 * c->fb) == 0, "%s: mul k = %s",
              names[c->id], ks_hex(k, c->ob));
#if KS_EC_AUX
        aux_overlap(c, k, q, want);
#endif
        rand_scalar(c, u2);
        rc = ks_ec_mul_add_vartime(c->id, k, u2, q, out);
        ossl_mul(c, k, u2, q, want);
        CHECK(rc == KS_OK && memcmp(out, want, 2 * c->fb) == 0, "%s: mul_add u1 = %s",
              names[c->id], ks_hex(k, c->ob));
    }
}

static void test_invalid(curve_t *c, const uint8_t *g)
{
    uint8_t k[MAXO], one[MAXO], out[2 * MAXF], bad[2 * MAXF], zero[2 * MAXF];
    BIGNUM *b = BN_new(), *s = BN_new(), *p = BN_new();
    memset(zero, 0, sizeof zero);
    small_scalar(c, one, 1);
    /* scalars 0, n, n + 1, all ones */
    memset(k, 0, sizeof k);
    CHECK(ks_ec_mul_base(c->id, k, out) == KS_INVALID, "%s: k = 0 (base)", names[c->id]);
    CHECK(ks_ec_mul(c->id, k, g, out) == KS_INVALID, "%s: k = 0", names[c->id]);
    BN_bn2binpad(c->n, k, c->ob);
    CHECK(ks_ec_mul_base(c->id, k, out) == KS_INVALID && memcmp(out, zero, 2 * c->fb) == 0,
          "%s: k = n (base)", names[c->id]);
    CHECK(ks_ec_mul(c->id, k, g, out) == KS_INVALID, "%s: k = n", names[c->id]);
    CHECK(ks_ec_mul_add_vartime(c->id, k, one, g, out) == KS_INVALID, "%s: u1 = n", names[c->id]);
    CHECK(ks_ec_mul_add_vartime(c->id, one, k, g, out) == KS_INVALID, "%s: u2 = n", names[c->id]);
    BN_add_word(b, 1);
    BN_add(b, b, c->n);
    if (BN_num_bytes(b) <= c->ob) {
        BN_bn2binpad(b, k, c->ob);
        CHECK(ks_ec_mul_base(c->id, k, out) == KS_INVALID, "%s: k = n + 1", names[c->id]);
    }
    memset(k, 0xff, sizeof k);
    CHECK(ks_ec_mul_base(c->id, k, out) == KS_INVALID, "%s: k = ff..ff", names[c->id]);
    CHECK(ks_ec_mul(c->id, k, g, out) == KS_INVALID, "%s: k = ff..ff", names[c->id]);
    /* points: off the curve, the all-zero encoding, a non-canonical x */
    memcpy(bad, g, 2 * c->fb);
    bad[2 * c->fb - 1] ^= 1;
    CHECK(ks_ec_validate(c->id, bad) == KS_INVALID, "%s: G with y + 1", names[c->id]);
    CHECK(ks_ec_mul(c->id, one, bad, out) == KS_INVALID, "%s: mul off curve", names[c->id]);
    CHECK(ks_ec_mul_add_vartime(c->id, one, one, bad, out) == KS_INVALID, "%s: mul_add off curve",
          names[c->id]);
    CHECK(ks_ec_validate(c->id, zero) == KS_INVALID, "%s: all-zero point", names[c->id]);
    CHECK(ks_ec_mul(c->id, one, zero, out) == KS_INVALID, "%s: mul all-zero", names[c->id]);
    /* (0, sqrt(b)) is on the curve; (p, sqrt(b)) is the same point, not canonical */
    EC_GROUP_get_curve(c->g, p, NULL, b, c->ctx);
    if (BN_mod_sqrt(s, b, p, c->ctx) != NULL) {
        memset(bad, 0, sizeof bad);
        BN_bn2binpad(s, bad + c->fb, c->fb);
        CHECK(ks_ec_validate(c->id, bad) == KS_OK, "%s: (0, sqrt b)", names[c->id]);
        BN_bn2binpad(p, bad, c->fb);
        CHECK(ks_ec_validate(c->id, bad) == KS_INVALID, "%s: (p, sqrt b)", names[c->id]);
        CHECK(ks_ec_mul(c->id, one, bad, out) == KS_INVALID, "%s: mul (p, sqrt b)",
              names[c->id]);
    }
    /* y = p - y(G) + p does not fit; y = p itself is not canonical */
    memcpy(bad, g, 2 * c->fb);
    BN_bn2binpad(p, bad + c->fb, c->fb);
    CHECK(ks_ec_validate(c->id, bad) == KS_INVALID, "%s: y = p", names[c->id]);
    BN_free(b);
    BN_free(s);
    BN_free(p);
}

/* r = x(P) mod n for the point p (x||y), orderBytes long. */
static void x_mod_n(curve_t *c, const uint8_t *p, uint8_t *r)
{
    BIGNUM *x = BN_bin2bn(p, c->fb, NULL);
    BN_mod(x, x, c->n, c->ctx);
    BN_bn2binpad(x, r, c->ob);
    BN_free(x);
}

/* ks_ec_verify_vartime without a table and with the key's table: both give want. */
static void check_verify(curve_t *c, const uint8_t *u1, const uint8_t *u2, const uint8_t *q,
                         const uint8_t *r, int want, const char *what)
{
    static uint8_t table[KS_EC_TABLE_MAX];
    int len = ks_ec_table_size(c->id), rc1, rc2;
    CHECK(len > 0 && len <= KS_EC_TABLE_MAX, "%s: table size %d", names[c->id], len);
    rc1 = ks_ec_verify_vartime(c->id, u1, u2, q, 0, 0, r);
    CHECK(ks_ec_precompute_vartime(c->id, q, table, (size_t)len) == KS_OK, "%s: precompute", names[c->id]);
    rc2 = ks_ec_verify_vartime(c->id, u1, u2, 0, table, (size_t)len, r);
    CHECK(rc1 == want && rc2 == want, "%s: verify %s: %d and %d, want %d (u1 %s)", names[c->id], what,
          rc1, rc2, want, ks_hex(u1, c->ob));
}

static void test_verify(curve_t *c, const uint8_t *g, int iterations)
{
    uint8_t u1[MAXO], u2[MAXO], e[MAXO], q[2 * MAXF], sum[2 * MAXF], r[MAXO], zero[MAXO];
    static uint8_t table[KS_EC_TABLE_MAX];
    int i, len = ks_ec_table_size(c->id);
    long a, t;
    memset(zero, 0, sizeof zero);
    for (i = 0; i < iterations; i++) {
        rand_scalar(c, e);
        ossl_mul(c, e, NULL, NULL, q);
        rand_scalar(c, u1);
        rand_scalar(c, u2);
        ossl_mul(c, u1, u2, q, sum);
        x_mod_n(c, sum, r);
        check_verify(c, u1, u2, q, r, KS_OK, "random");
        r[c->ob - 1] ^= 1;
        if (memcmp(r, zero, c->ob) != 0) {
            check_verify(c, u1, u2, q, r, KS_MISMATCH, "r changed");
        }
    }
    /* Q = G: u1 G + (n - u1 + t) G = t G, partial sums cancelling (infinity on the way) or
       meeting the same point (doublings), t = 0 giving infinity */
    for (a = 1; a <= 24; a++) {
        for (t = 0; t <= 4; t++) {
            small_scalar(c, u1, a);
            small_scalar(c, u2, t - a);
            if (t == 0) {
                small_scalar(c, r, 1);
                check_verify(c, u1, u2, g, r, KS_INFINITY, "u1 G - u1 G");
                CHECK(ks_ec_mul_add_vartime(c->id, u1, u2, g, sum) == KS_INFINITY, "%s: mul_add u1 G - u1 G", names[c->id]);
                continue;
            }
            small_scalar(c, e, t);
            ossl_mul(c, e, NULL, NULL, sum);
            x_mod_n(c, sum, r);
            check_verify(c, u1, u2, g, r, KS_OK, "u1 G + (t - u1) G");
            small_scalar(c, u2, a);
            small_scalar(c, e, 2 * a);
            ossl_mul(c, e, NULL, NULL, sum);
            x_mod_n(c, sum, r);
            check_verify(c, u1, u2, g, r, KS_OK, "u1 G + u1 G");
        }
    }
    /* x(R) = r + n: Q with x >= n, 0 G + 1 Q (where n < p); r = p never matches (secp160r1) */
    {
        BIGNUM *p = BN_new(), *x = BN_new();
        uint8_t one[MAXO], enc[1 + 2 * MAXF];
        EC_POINT *pt = EC_POINT_new(c->g);
        EC_GROUP_get_curve(c->g, p, NULL, NULL, c->ctx);
        small_scalar(c, one, 1);
        if (BN_cmp(c->n, p) < 0) {
            BN_copy(x, c->n);
            do {
                BN_add_word(x, 1);
            } while (!EC_POINT_set_compressed_coordinates(c->g, pt, x, 0, c->ctx));
            EC_POINT_point2oct(c->g, pt, POINT_CONVERSION_UNCOMPRESSED, enc, sizeof enc, c->ctx);
            memcpy(q, enc + 1, 2 * c->fb);
            BN_sub(x, x, c->n);
            BN_bn2binpad(x, r, c->ob);
            check_verify(c, zero, one, q, r, KS_OK, "x = r + n");
        } else {
            BN_zero(x);
            if (EC_POINT_set_compressed_coordinates(c->g, pt, x, 0, c->ctx)) {
                EC_POINT_point2oct(c->g, pt, POINT_CONVERSION_UNCOMPRESSED, enc, sizeof enc, c->ctx);
                memcpy(q, enc + 1, 2 * c->fb);
                BN_bn2binpad(p, r, c->ob);
                check_verify(c, zero, one, q, r, KS_MISMATCH, "x = 0, r = p");
            }
        }
        ERR_clear_error();
        EC_POINT_free(pt);
        BN_free(p);
        BN_free(x);
    }
    /* malformed: r = 0 or n, u1 = n, Q off the curve, a table of another length or curve */
    {
        uint8_t one[MAXO], nb[MAXO], bad[2 * MAXF];
        small_scalar(c, one, 1);
        BN_bn2binpad(c->n, nb, c->ob);
        memcpy(bad, g, 2 * c->fb);
        bad[2 * c->fb - 1] ^= 1;
        CHECK(ks_ec_verify_vartime(c->id, one, one, g, 0, 0, zero) == KS_INVALID, "%s: r = 0", names[c->id]);
        CHECK(ks_ec_verify_vartime(c->id, one, one, g, 0, 0, nb) == KS_INVALID, "%s: r = n", names[c->id]);
        CHECK(ks_ec_verify_vartime(c->id, nb, one, g, 0, 0, one) == KS_INVALID, "%s: u1 = n", names[c->id]);
        CHECK(ks_ec_verify_vartime(c->id, one, one, bad, 0, 0, one) == KS_INVALID, "%s: Q off the curve",
              names[c->id]);
        CHECK(ks_ec_precompute_vartime(c->id, bad, table, (size_t)len) == KS_INVALID, "%s: precompute off the curve",
              names[c->id]);
        CHECK(ks_ec_precompute_vartime(c->id, g, table, (size_t)len - 1) == KS_INVALID, "%s: precompute short",
              names[c->id]);
        CHECK(ks_ec_precompute_vartime(c->id, g, table, (size_t)len) == KS_OK, "%s: precompute G", names[c->id]);
        CHECK(ks_ec_verify_vartime(c->id, one, one, 0, table, (size_t)len - 1, one) == KS_INVALID,
              "%s: table of another length", names[c->id]);
        table[0] ^= 1;
        CHECK(ks_ec_verify_vartime(c->id, one, one, 0, table, (size_t)len, one) == KS_INVALID,
              "%s: table of another curve", names[c->id]);
    }
}

void test_ec(int iterations)
{
    int id;
    uint8_t g[2 * MAXF], out[2 * MAXF], k[MAXO];
    memset(k, 1, sizeof k);
    CHECK(ks_ec_field_bytes(4) == KS_INVALID && ks_ec_order_bytes(-1) == KS_INVALID,
          "unknown curve lengths");
    CHECK(ks_ec_mul_base(4, k, out) == KS_INVALID, "unknown curve 4");
    CHECK(ks_ec_mul_base(-1, k, out) == KS_INVALID, "unknown curve -1");
    static const int present[4] = {KS_WITH_SECP160R1, KS_WITH_SECP192R1, KS_WITH_SECP224R1,
                                   KS_WITH_SECP256R1};
    for (id = 0; id < 4; id++) {
        curve_t c;
        if (!present[id]) {
            /* a build without this curve refuses it */
            ks_unhex(g, sec2_g[id]);
            CHECK(ks_ec_field_bytes(id) == KS_INVALID && ks_ec_mul_base(id, k, out) == KS_INVALID
                  && ks_ec_mul(id, k, g, out) == KS_INVALID && ks_ec_validate(id, g) == KS_INVALID,
                  "%s absent from this build", names[id]);
            continue;
        }
        c.id = id;
        c.ctx = BN_CTX_new();
        c.g = EC_GROUP_new_by_curve_name(nids[id]);
        c.n = BN_dup(EC_GROUP_get0_order(c.g));
        c.fb = (EC_GROUP_get_degree(c.g) + 7) / 8;
        c.ob = BN_num_bytes(c.n);
        ks_unhex(g, sec2_g[id]);
        test_known(&c, g);
        test_edges(&c, g);
        test_invalid(&c, g);
        test_random(&c, iterations);
        test_verify(&c, g, iterations);
        BN_free(c.n);
        EC_GROUP_free(c.g);
        BN_CTX_free(c.ctx);
    }
}
