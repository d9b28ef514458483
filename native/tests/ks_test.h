/* A minimal test harness: counts checks, prints each failure with its inputs. */
#ifndef KS_TEST_H
#define KS_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern int ks_test_passed, ks_test_failed;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (cond) {                                                        \
            ks_test_passed++;                                              \
        } else {                                                           \
            ks_test_failed++;                                              \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                    \
            printf(__VA_ARGS__);                                           \
            printf("\n");                                                  \
        }                                                                  \
    } while (0)

/* Hex of len bytes into a static buffer (one at a time per call site). */
const char *ks_hex(const uint8_t *b, size_t len);
/* Parses hex into out; returns the byte count. */
size_t ks_unhex(uint8_t *out, const char *hex);

void test_fp(int iterations);
void test_modinv(int iterations);
void test_ec(int iterations);
void test_rsa(int iterations, int max_bits);
void test_rsa_crt(int iterations, int max_bits);

#endif
