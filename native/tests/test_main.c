/* Runs the kernel tests for one build (limb size and table choices come from -D flags):
   test-host [ec-iterations] [rsa-iterations] [rsa-max-bits]. */
#include <stdlib.h>

#include "../kernels/ks_bn.h"
#include "ks_test.h"

int main(int argc, char **argv)
{
    int ec_iter = argc > 1 ? atoi(argv[1]) : 100;
    int rsa_iter = argc > 2 ? atoi(argv[2]) : 10;
    int rsa_max = argc > 3 ? atoi(argv[3]) : 4096;
    test_fp(ec_iter);
    test_modinv(ec_iter);
    test_ec(ec_iter);
    test_rsa(rsa_iter, rsa_max);
    test_rsa_crt(rsa_iter, rsa_max);
    printf("limbs of %d bits, base window %d, window %d: %d passed, %d failed\n",
           KS_LIMB_BITS, KS_BASE_WINDOW, KS_EC_WINDOW, ks_test_passed, ks_test_failed);
    return ks_test_failed != 0;
}
