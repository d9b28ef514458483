/*
 * Constant time on the host, as valgrind's memcheck sees it (the "ctgrind" idea, A. Langley,
 * 2010): the secret inputs are marked undefined, and memcheck reports every conditional jump,
 * and every memory address, computed from an undefined value. Run by `make test` under
 * `valgrind --error-exitcode=...`, for the host builds of the kernels: any report fails it.
 * The RSA kernels: ks_rsa_blind_init (key and r secret), ks_rsa_private (key and blinding
 * state secret), ks_modexp (base, exponent and modulus secret, as for a CRT half). Results
 * are marked defined again before anything looks at them: the return code and the output
 * are what the caller learns anyway.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "../ks_test.h"
#include "../rsa_test_key.h"

int ks_test_passed, ks_test_failed;

static void secret(const void *p, size_t n)
{
    VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}

static void public(const void *p, size_t n)
{
    VALGRIND_MAKE_MEM_DEFINED(p, n);
}

static void test_size(int bits, BN_CTX *ctx)
{
    rsa_test_key k;
    uint8_t r[RSA_TEST_MAX_BYTES], state[2 * RSA_TEST_MAX_BYTES], in[RSA_TEST_MAX_BYTES],
        out[RSA_TEST_MAX_BYTES], want[RSA_TEST_MAX_BYTES];
    size_t len = (size_t)bits / 8, half = len / 2;
    BIGNUM *m = BN_new(), *x = BN_new();
    int rc;
    rsa_test_key_make(&k, bits, ctx);
    BN_rand_range(x, k.n);
    BN_bn2binpad(x, in, (int)len);
    BN_mod_exp(m, x, k.d, k.n, ctx);
    BN_bn2binpad(m, want, (int)len);
    memset(r, 0x5a, len);
    r[0] = 1;
    secret(k.pb, half), secret(k.qb, half), secret(k.dpb, half), secret(k.dqb, half);
    secret(k.qib, half), secret(r, len);
    rc = ks_rsa_blind_init(&k.key, r, state);
    public(&rc, sizeof rc);
    CHECK(rc == KS_RSA_OK, "blind_init, %d bits", bits);
    rc = ks_rsa_private(&k.key, state, in, out);
    public(&rc, sizeof rc), public(out, len);
    CHECK(rc == KS_RSA_OK && memcmp(out, want, len) == 0, "private, %d bits", bits);
    /* a CRT half: base, exponent and modulus (the prime p) secret */
    memcpy(r, in, half);
    r[0] = 0;
    secret(r, half);
    rc = ks_modexp(r, k.dpb, half, k.pb, half, out);
    public(&rc, sizeof rc);
    CHECK(rc == KS_RSA_OK, "modexp, %d-bit modulus", bits / 2);
    public(k.pb, half), public(k.qb, half), public(k.dpb, half), public(k.dqb, half);
    public(k.qib, half);
    rsa_test_key_free(&k);
    BN_free(m);
    BN_free(x);
}

int main(void)
{
    BN_CTX *ctx = BN_CTX_new();
    test_size(1024, ctx);
    test_size(2048, ctx);
    BN_CTX_free(ctx);
    printf("constant time under memcheck (%d-bit limbs): %d passed, %d failed\n", KS_LIMB_BITS,
           ks_test_passed, ks_test_failed);
    return ks_test_failed != 0;
}
