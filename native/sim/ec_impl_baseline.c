/* ec_impl.h with no multiplication at all: the test firmware linked with this is never run,
 * only measured, and its size is subtracted from a real build's to give the footprint of the
 * kernels (or micro-ecc) alone. */
#include "ec_impl.h"

const char ec_impl_name[] = "baseline";
const uint8_t ec_impl_out_coords = 2;
const uint8_t ec_impl_constant_time = 1;

int ec_impl_mul(uint8_t curve, const uint8_t *k, const uint8_t *point, uint8_t *out)
{
	(void)curve; (void)k; (void)point; (void)out;
	return -1;
}

void ec_impl_checks(const uint8_t *point, void (*count)(uint8_t ok, const char *what))
{
	(void)point;
	(void)count;
}
