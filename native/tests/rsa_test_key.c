#include "rsa_test_key.h"

void rsa_test_key_make(rsa_test_key *k, int bits, BN_CTX *ctx)
{
    BIGNUM *p1 = BN_new(), *q1 = BN_new(), *phi = BN_new();
    int half = bits / 16;
    k->n = BN_new(), k->e = BN_new(), k->d = BN_new(), k->p = BN_new(), k->q = BN_new();
    k->dp = BN_new(), k->dq = BN_new(), k->qinv = BN_new();
    BN_set_word(k->e, 65537);
    do {
        BN_generate_prime_ex(k->p, bits / 2, 0, NULL, NULL, NULL);
        BN_generate_prime_ex(k->q, bits / 2, 0, NULL, NULL, NULL);
        BN_sub(p1, k->p, BN_value_one());
        BN_sub(q1, k->q, BN_value_one());
        BN_mul(phi, p1, q1, ctx);
        BN_mul(k->n, k->p, k->q, ctx);
    } while (BN_cmp(k->p, k->q) == 0 || BN_num_bits(k->n) != bits
             || BN_mod_inverse(k->d, k->e, phi, ctx) == NULL);
    BN_mod(k->dp, k->d, p1, ctx);
    BN_mod(k->dq, k->d, q1, ctx);
    BN_mod_inverse(k->qinv, k->q, k->p, ctx);
    BN_bn2binpad(k->n, k->nb, bits / 8);
    BN_bn2binpad(k->e, k->eb, 3);
    BN_bn2binpad(k->p, k->pb, half);
    BN_bn2binpad(k->q, k->qb, half);
    BN_bn2binpad(k->dp, k->dpb, half);
    BN_bn2binpad(k->dq, k->dqb, half);
    BN_bn2binpad(k->qinv, k->qib, half);
    k->key = (ks_rsa_crt_key){k->nb, k->eb, k->pb, k->qb, k->dpb, k->dqb, k->qib,
                              (size_t)bits / 8, 3, (size_t)half};
    BN_free(p1);
    BN_free(q1);
    BN_free(phi);
}

void rsa_test_key_free(rsa_test_key *k)
{
    BN_free(k->n), BN_free(k->e), BN_free(k->d), BN_free(k->p), BN_free(k->q);
    BN_free(k->dp), BN_free(k->dq), BN_free(k->qinv);
}
