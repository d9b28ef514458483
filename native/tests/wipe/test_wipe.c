/*
 * Are the kernels' secrets gone from the stack after a call? Built with -O2 and no sanitizer
 * (the build whose dead stores an optimiser removes), run by `make test`.
 *
 * For each operation: fill a large region below the caller's stack pointer with zeroes, call
 * the operation, and copy the region (now the dead frames of the call); do it again with other
 * secret inputs and the same public ones. A byte that differs between the two copies holds
 * something that depends on a secret: the frames must be equal. The RSA private operation is
 * called twice with the same key and message and different blinding states (the output is
 * the same, every internal value differs); ks_modexp with two exponents, the EC
 * multiplications with two scalars; from prim/, ECDSA signing with two keys and two k' (the
 * signature, written to a static buffer, differs), HMAC-SHA256 and the TLS 1.2 PRF with two
 * keys, HMAC_DRBG generate from two states. Register spills of a limb or two would show here too:
 * the test says where they are (offsets below the caller's frame) if any appear.
 */
#include <stdio.h>
#include <string.h>

#include "../../kernels/ks_ec.h"
#include "../../kernels/ks_rsa.h"
#include "../../prim/ks_ecdsa.h"
#include "../../prim/ks_hmac.h"
#include "../../prim/ks_hmac_drbg.h"
#include "../../prim/ks_tls_prf.h"
#include "../ks_test.h"
#include "../rsa_test_key.h"

#define REGION (64 * 1024)

int ks_test_passed, ks_test_failed;
static volatile uint8_t *region; /* the lowest address of the painted region */
static uint8_t snap[2][REGION];

/* Zeroes REGION bytes of stack below the caller's frame and remembers where they are. */
static __attribute__((noinline)) void paint(void)
{
    volatile uint8_t buf[REGION];
    size_t i;
    for (i = 0; i < REGION; i++) {
        buf[i] = 0;
    }
    region = buf; /* kept on purpose: the test reads the dead frames below */
}

/* Copies the painted region; inline, so that no frame of its own lands in it. */
static inline __attribute__((always_inline)) void copy_region(uint8_t *to)
{
    size_t i;
    for (i = 0; i < REGION; i++) {
        to[i] = region[i];
    }
}

/* The two runs' dead stacks must be the same; prints the differing runs of bytes, as
   offsets below the top of the region (where the call's frames begin), when they are not. */
static void compare(const char *what)
{
    size_t i = 0, diff = 0, runs = 0;
    while (i < REGION) {
        size_t j = i;
        while (j < REGION && snap[0][j] != snap[1][j]) {
            j++;
        }
        if (j > i) {
            if (runs++ < 12) {
                printf("  %s: %zu bytes at %zu below the top\n", what, j - i, REGION - i);
            }
            diff += j - i;
            i = j;
        } else {
            i++;
        }
    }
    CHECK(diff == 0, "%s: %zu secret-dependent bytes left on the stack in %zu runs", what, diff, runs);
}

/* Every operation reads and writes the same buffers in both runs (the secrets are copied
   in before): a pointer to another buffer, kept in a register the kernel saves, would differ. */
static rsa_test_key key;
static uint8_t state[2 * 128], in[128], out[128], secret[128], point[64];
static int rc;
static uint8_t *snap_to;

static void op_blind(void)
{
    rc = ks_rsa_blind_init(&key.key, secret, state);
}

static void op_private(void)
{
    rc = ks_rsa_private(&key.key, state, in, out);
}

static void op_modexp(void)
{
    rc = ks_modexp(in, secret, 64, key.pb, 64, out);
}

static void op_ec_mul(void)
{
    rc = ks_ec_mul(KS_SECP256R1, secret, point, out) == KS_OK ? KS_RSA_OK : KS_RSA_INVALID;
}

static void op_ec_mul_base(void)
{
    rc = ks_ec_mul_base(KS_SECP256R1, secret, out) == KS_OK ? KS_RSA_OK : KS_RSA_INVALID;
}

static ks_hmac_drbg drbg;
static uint8_t hash[32], sig[64];

static void op_ecdsa(void)
{
    rc = ks_ecdsa_sign(KS_SECP256R1, secret, hash, 32, KS_HASH_SHA256, secret + 32, sig) == KS_OK ? KS_RSA_OK
                                                                                                 : KS_RSA_INVALID;
}

static void op_hmac(void)
{
    rc = ks_hmac(KS_HASH_SHA256, secret, 48, in, 100, out) == 0 ? KS_RSA_OK : KS_RSA_INVALID;
}

static void op_prf(void)
{
    ks_prf_tls12(secret, 48, "key expansion", in, 32, in + 32, 32, out, 40);
    rc = KS_RSA_OK;
}

static void op_drbg(void)
{
    rc = ks_hmac_drbg_generate(&drbg, out, 32, NULL, 0) == 0 ? KS_RSA_OK : KS_RSA_INVALID;
}

/* Paints, runs op, copies the dead stack to snap_to: no value of its own lives across op. */
static __attribute__((noinline)) void measure(void (*op)(void))
{
    paint();
    op();
    copy_region(snap_to);
}

/* Runs op twice, with the secrets set up by set(run) before each, and compares the frames. */
static int cur_run; /* a global: a local kept in a register that the kernel saves would differ */

static void twice(const char *what, void (*set)(int run), void (*op)(void))
{
    for (cur_run = 0; cur_run < 2; cur_run++) {
        set(cur_run);
        snap_to = snap[cur_run];
        measure(op);
        CHECK(rc == KS_RSA_OK, "%s, run %d", what, cur_run);
    }
    compare(what);
}

static uint8_t states[2][2 * 128], results[2][128];

static void set_blind(int run)
{
    memset(secret, 0, sizeof secret);
    secret[127] = (uint8_t)(3 + 2 * run);
    if (run == 1) {
        memcpy(states[0], state, sizeof state);
    }
}

static void set_private(int run)
{
    if (run == 0) {
        memcpy(states[1], state, sizeof state);
    } else {
        memcpy(results[0], out, sizeof out);
    }
    memcpy(state, states[run], sizeof state);
}

static void set_modexp(int run)
{
    memcpy(secret, run ? key.dpb : key.dqb, 64);
}

static void set_scalar(int run)
{
    memset(secret, run ? 0x7e : 0x11, 32);
}

static void set_drbg(int run)
{
    memset(secret, run ? 0x5c : 0x3a, 48);
    ks_hmac_drbg_instantiate(&drbg, 100, secret, 32, secret + 32, 16, NULL, 0);
}

int main(void)
{
    BN_CTX *ctx = BN_CTX_new();
    rsa_test_key_make(&key, 1024, ctx);
    memset(in, 0x42, sizeof in); /* below n: n has its top bit set */
    twice("ks_rsa_blind_init (two blinding values)", set_blind, op_blind);
    twice("ks_rsa_private (two blinding states)", set_private, op_private);
    CHECK(memcmp(results[0], out, sizeof out) == 0, "the same result whatever the blinding");
    twice("ks_modexp (two exponents)", set_modexp, op_modexp);
    set_scalar(0);
    op_ec_mul_base();
    memcpy(point, out, sizeof point);
    twice("ks_ec_mul_base (two scalars)", set_scalar, op_ec_mul_base);
    twice("ks_ec_mul (two scalars)", set_scalar, op_ec_mul);
    memset(hash, 0x33, sizeof hash);
    twice("ks_ecdsa_sign (two keys and k')", set_scalar, op_ecdsa);
    twice("ks_hmac (two keys)", set_scalar, op_hmac);
    twice("ks_prf_tls12 (two secrets)", set_scalar, op_prf);
    twice("ks_hmac_drbg_generate (two states)", set_drbg, op_drbg);
    rsa_test_key_free(&key);
    BN_CTX_free(ctx);
    printf("wipe (64-bit limbs, -O2): %d passed, %d failed\n", ks_test_passed, ks_test_failed);
    return ks_test_failed != 0;
}
