/* ec_impl.h over our kernels (native/kernels/ks_ec.h). */
#include <string.h>

#include "ec_impl.h"
#include "ks_curve.h"
#include "ks_ec.h"
#include "ks_ec_point.h"
#include "mote.h"

const char ec_impl_name[] = "ks";
const uint8_t ec_impl_out_coords = 2;
const uint8_t ec_impl_constant_time = 1;

int ec_impl_mul(uint8_t curve, const uint8_t *k, const uint8_t *point, uint8_t *out)
{
	return ks_ec_mul(curve == EC_SECP160R1 ? KS_SECP160R1 : KS_SECP256R1, k, point, out) == KS_OK ? 0 : -1;
}

/* The same point in Jacobian coordinates: X_a Z_b^2 = X_b Z_a^2 and Y_a Z_b^3 = Y_b Z_a^3. */
static uint8_t same_point(const ks_curve *c, const ks_jac *a, const ks_jac *b)
{
	ks_limb za[KS_FE_MAX], zb[KS_FE_MAX], u[KS_FE_MAX], v[KS_FE_MAX];
	uint8_t same;
	c->sqr(za, a->z);
	c->sqr(zb, b->z);
	c->mul(u, a->x, zb);
	c->mul(v, b->x, za);
	same = memcmp(u, v, c->fl * sizeof(ks_limb)) == 0;
	c->mul(za, za, a->z);
	c->mul(zb, zb, b->z);
	c->mul(u, a->y, zb);
	c->mul(v, b->y, za);
	return same && memcmp(u, v, c->fl * sizeof(ks_limb)) == 0;
}

/* 2Q + Q with Q affine and again with Q given as (x Z^2, y Z^3, Z), Z = 5: the same point. The
 * cycle counter is read between the steps, so that each is a profile block of its own, shorter
 * than the timed operations the same-path check looks for (sim/ct_same_path.py). */
static uint8_t add_with_z(const uint8_t *point)
{
	const ks_curve *c = ks_curve_get(KS_SECP160R1);
	ks_limb x[KS_FE_MAX], y[KS_FE_MAX], qx[KS_FE_MAX], qy[KS_FE_MAX], z[3 * KS_FE_MAX];
	ks_jac p, a, b;
	ks_limb hit;
	if (!c || ks_ec_load(c, x, y, point) != KS_OK)
		return 0;
	memset(z, 0, sizeof z);
	z[0] = 5;
	z[KS_FE_MAX] = 25;
	z[2 * KS_FE_MAX] = 125;
	ks_fp_enc(c, z);
	ks_fp_enc(c, z + KS_FE_MAX);
	ks_fp_enc(c, z + 2 * KS_FE_MAX);
	c->mul(qx, x, z + KS_FE_MAX);
	c->mul(qy, y, z + 2 * KS_FE_MAX);
	ks_jac_from_affine(c, &p, x, y);
	(void)mote_cycles();
	ks_jac_dbl(c, &p, &p); /* Z != 1 */
	(void)mote_cycles();
	hit = ks_jac_add(c, &a, &p, x, y, 0);
	(void)mote_cycles();
	hit |= ks_jac_add(c, &b, &p, qx, qy, z);
	(void)mote_cycles();
	return hit == 0 && same_point(c, &a, &b);
}

void ec_impl_checks(const uint8_t *point, void (*count)(uint8_t ok, const char *what))
{
	count(add_with_z(point), "secp160r1_add_with_own_z");
}
