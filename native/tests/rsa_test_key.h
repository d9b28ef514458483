/* RSA test keys for the host tests, made with OpenSSL's prime generator: TEST KEYS ONLY. */
#ifndef RSA_TEST_KEY_H
#define RSA_TEST_KEY_H

#include <openssl/bn.h>

#include "../kernels/ks_rsa.h"

#define RSA_TEST_MAX_BYTES 512

typedef struct {
    BIGNUM *n, *e, *d, *p, *q, *dp, *dq, *qinv;
    uint8_t nb[RSA_TEST_MAX_BYTES], eb[4], pb[RSA_TEST_MAX_BYTES / 2], qb[RSA_TEST_MAX_BYTES / 2],
        dpb[RSA_TEST_MAX_BYTES / 2], dqb[RSA_TEST_MAX_BYTES / 2], qib[RSA_TEST_MAX_BYTES / 2];
    ks_rsa_crt_key key; /* over the byte arrays above */
} rsa_test_key;

/* A key of `bits` bits (a multiple of 16), e = 65537, p and q of bits / 2 bits. */
void rsa_test_key_make(rsa_test_key *k, int bits, BN_CTX *ctx);
void rsa_test_key_free(rsa_test_key *k);

#endif
