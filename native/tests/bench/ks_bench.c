/*
 * Timing program (not a test): operations per second of the kernels as built for JNI.
 *   ecdh   k * P for a random point (what `openssl speed ecdhpNNN` times)
 *   base   k * G from the fixed-base table
 *   verify u1 * G + u2 * Q
 *   rsa    base^d mod m with a full-length exponent (no CRT)
 * Usage: ks_bench [seconds per figure, default 1]
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../kernels/ks_ec.h"
#include "../../kernels/ks_rsa.h"

/* CPU time of this process, as `openssl speed` divides by user CPU time by default: on a
   shared machine both then count only the time they actually ran. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void fill(uint8_t *b, size_t n, unsigned *seed)
{
    size_t i;
    for (i = 0; i < n; i++) {
        *seed = *seed * 1103515245u + 12345u;
        b[i] = (uint8_t)(*seed >> 16);
    }
}

int main(int argc, char **argv)
{
    static const char *names[4] = {"secp160r1", "secp192r1", "secp224r1", "secp256r1"};
    double secs = argc > 1 ? atof(argv[1]) : 1.0;
    unsigned seed = 1;
    int curve, bits;
    for (curve = 0; curve < 4; curve++) {
        uint8_t k[32], u2[32], q[64], out[64];
        int ob = ks_ec_order_bytes(curve), op;
        if (ob < 0) {
            continue;
        }
        fill(k, sizeof k, &seed);
        k[0] = 0; /* below n */
        ks_ec_mul_base(curve, k, q);
        for (op = 0; op < 3; op++) {
            static const char *ops[3] = {"ecdh", "base", "verify"};
            long n = 0;
            double t0 = now(), t;
            do {
                int i;
                for (i = 0; i < 20; i++) {
                    fill(k + 1, (size_t)ob - 1, &seed);
                    fill(u2 + 1, (size_t)ob - 1, &seed);
                    u2[0] = 0;
                    if (op == 0) {
                        ks_ec_mul(curve, k, q, out);
                    } else if (op == 1) {
                        ks_ec_mul_base(curve, k, out);
                    } else {
                        ks_ec_mul_add_vartime(curve, k, u2, q, out);
                    }
                }
                n += 20;
                t = now() - t0;
            } while (t < secs);
            printf("%-10s %-7s %10.1f op/s\n", names[curve], ops[op], n / t);
        }
    }
    for (bits = 1024; bits <= 2048; bits *= 2) {
        uint8_t m[256], b[256], e[256], out[256];
        size_t len = (size_t)bits / 8;
        long n = 0;
        double t0 = now(), t;
        fill(m, len, &seed);
        m[0] |= 0x80;
        m[len - 1] |= 1;
        fill(b, len, &seed);
        b[0] = 0;
        fill(e, len, &seed);
        do {
            ks_modexp(b, e, len, m, len, out);
            n++;
            t = now() - t0;
        } while (t < secs);
        printf("rsa%-7d modexp  %10.1f op/s\n", bits, n / t);
    }
    return 0;
}
