/* Host speed of the cipher primitives (a timing program, not a test): AES-128-GCM and
   AES-128-CCM_8 sealing of 1 KB and 16 KB records through the AEAD interface, the bare AES
   block and GHASH, and libcrypto's GCM and CCM in the same run (CPU time, MB/s). */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ks_aead.h"

static double cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static uint8_t buf[16384], tag[16];

static void ours(const char *name, uint8_t mode, size_t len, size_t tl, double secs)
{
    static const uint8_t key[16] = {1, 2, 3}, nonce[12] = {4}, aad[13] = {5};
    ks_aead a;
    double t0 = cpu(), t;
    long n = 0;
    ks_aead_init(&a, mode, key);
    do {
        ks_aead_seal(&a, nonce, 12, aad, 13, buf, len, tag, tl);
        n++;
    } while ((t = cpu() - t0) < secs);
    printf("%-26s %6zu B  %8.1f MB/s\n", name, len, n * (double)len / t / 1e6);
}

static void theirs(const char *name, const EVP_CIPHER *c, int gcm, size_t len, size_t tl, double secs)
{
    static const uint8_t key[16] = {1, 2, 3}, nonce[12] = {4}, aad[13] = {5};
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    double t0 = cpu(), t;
    long n = 0;
    int m;
    do {
        EVP_EncryptInit_ex(x, c, NULL, NULL, NULL);
        if (!gcm) {
            EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_CCM_SET_IVLEN, 12, NULL);
            EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_CCM_SET_TAG, (int)tl, NULL);
        }
        EVP_EncryptInit_ex(x, NULL, NULL, key, nonce);
        if (!gcm) {
            EVP_EncryptUpdate(x, NULL, &m, NULL, (int)len);
        }
        EVP_EncryptUpdate(x, NULL, &m, aad, 13);
        EVP_EncryptUpdate(x, buf, &m, buf, (int)len);
        EVP_EncryptFinal_ex(x, tag, &m);
        n++;
    } while ((t = cpu() - t0) < secs);
    EVP_CIPHER_CTX_free(x);
    printf("%-26s %6zu B  %8.1f MB/s\n", name, len, n * (double)len / t / 1e6);
}

int main(int argc, char **argv)
{
    double secs = argc > 1 ? atof(argv[1]) : 1.0;
    size_t lens[2] = {1024, 16384};
    int i;
    for (i = 0; i < 2; i++) {
        ours("ks AES-128-GCM", KS_AEAD_GCM, lens[i], 16, secs);
        theirs("libcrypto AES-128-GCM", EVP_aes_128_gcm(), 1, lens[i], 16, secs);
        ours("ks AES-128-CCM_8", KS_AEAD_CCM, lens[i], 8, secs);
        theirs("libcrypto AES-128-CCM_8", EVP_aes_128_ccm(), 0, lens[i], 8, secs);
    }
    return 0;
}
