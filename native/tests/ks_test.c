/* The counters and hex helpers of ks_test.h, shared by the kernel tests and the test programs
   of prim/ (prim/prim.mk links this file). */
#include <stdio.h>
#include <stdlib.h>

#include "ks_test.h"

int ks_test_passed, ks_test_failed;

const char *ks_hex(const uint8_t *b, size_t len)
{
    static char buf[2 * 1024 + 1];
    size_t i;
    for (i = 0; i < len && i < 1024; i++) {
        sprintf(buf + 2 * i, "%02x", b[i]);
    }
    buf[2 * i] = 0;
    return buf;
}

size_t ks_unhex(uint8_t *out, const char *hex)
{
    size_t i, n = strlen(hex) / 2;
    for (i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
    return n;
}
