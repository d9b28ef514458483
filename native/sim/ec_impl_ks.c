/* ec_impl.h over our kernels (native/kernels/ks_ec.h). */
#include "ec_impl.h"
#include "ks_ec.h"

const char ec_impl_name[] = "ks";
const uint8_t ec_impl_out_coords = 2;
const uint8_t ec_impl_constant_time = 1;

int ec_impl_mul(uint8_t curve, const uint8_t *k, const uint8_t *point, uint8_t *out)
{
	return ks_ec_mul(curve == EC_SECP160R1 ? KS_SECP160R1 : KS_SECP256R1, k, point, out) == KS_OK ? 0 : -1;
}
