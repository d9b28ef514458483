/* ec_impl.h over micro-ecc (the benchmark peer, fetched at build time, never committed):
 * uECC_shared_secret, its ECDH operation, is one scalar multiplication of the peer's point. */
#include "ec_impl.h"
#include "uECC.h"

const char ec_impl_name[] = "micro_ecc";
const uint8_t ec_impl_out_coords = 1;
const uint8_t ec_impl_constant_time = 0;

int ec_impl_mul(uint8_t curve, const uint8_t *k, const uint8_t *point, uint8_t *out)
{
	return uECC_shared_secret(point, k, out, curve == EC_SECP160R1 ? uECC_secp160r1() : uECC_secp256r1()) ? 0 : -1;
}

void ec_impl_checks(const uint8_t *point, void (*count)(uint8_t ok, const char *what))
{
	(void)point;
	(void)count;
}
