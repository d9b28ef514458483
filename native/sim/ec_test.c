/*
 * Mote test firmware: scalar multiplications on secp160r1 and P-256 against known answers
 * (ec_kat.h), each timed with the simulator's exact cycle counter and its peak stack measured.
 * Every scalar of a curve must take exactly the same number of cycles: the scalars differ
 * widely in Hamming weight, so equal counts show the multiplication does not depend on the
 * scalar's bits (constant time, as far as a cycle-exact simulator can see).
 *
 * One line per operation, for native/bench/mote_report.py:
 *   result impl=NAME curve=CURVE k=I weight=W cycles=N stack=N ok=0|1
 * then one per curve "equal impl=NAME curve=CURVE ok=0|1 required=0|1" (a test only where the
 * implementation claims constant time), one "check NAME ok=0|1" per check of a path no k * P
 * takes (ec_impl_checks), and "N passed, N failed".
 */
#include "ec_impl.h"
#include "mote.h"

#include "ec_kat.h"

#define MAX_COORD 32

static uint16_t passed, failed;
static uint32_t call_cost; /* cycles of an empty mote_cycles() bracket */

static void count(uint8_t ok)
{
	if (ok)
		passed++;
	else
		failed++;
}

static void run_curve(uint8_t curve, const char *name, uint8_t count_k, uint8_t k_len,
                      uint8_t coord_len, const uint8_t *kat_point, const uint8_t *kat_k,
                      const uint8_t *kat_out, const uint8_t *weights)
{
	static uint8_t point[2 * MAX_COORD], k[MAX_COORD + 1], want[2 * MAX_COORD], got[2 * MAX_COORD];
	uint32_t first = 0, t0, t1;
	uint8_t i, all_equal = 1;
	uint16_t stack;
	int rc;

	mote_flash_copy(point, kat_point, 2 * coord_len);
	for (i = 0; i < count_k; i++) {
		uint8_t ok;
		mote_flash_copy(k, kat_k + (uint16_t)i * k_len, k_len);
		mote_flash_copy(want, kat_out + (uint16_t)i * 2 * coord_len, 2 * coord_len);
		memset(got, 0, sizeof got);
		mote_stack_paint();
		t0 = mote_cycles();
		rc = ec_impl_mul(curve, k, point, got);
		t1 = mote_cycles();
		stack = mote_stack_peak();
		t1 = t1 - t0 - call_cost;
		ok = rc == 0 && memcmp(got, want, (uint16_t)ec_impl_out_coords * coord_len) == 0;
		count(ok);
		if (i == 0)
			first = t1;
		else if (t1 != first)
			all_equal = 0;
		mote_put_result(ec_impl_name, name, i, weights[i], t1, stack, ok);
		if (!ok) {
			mote_puts("# got  ");
			mote_put_hex(got, (uint16_t)ec_impl_out_coords * coord_len);
			mote_puts("\n# want ");
			mote_put_hex(want, (uint16_t)ec_impl_out_coords * coord_len);
			mote_putc('\n');
		}
	}
	if (ec_impl_constant_time)
		count(all_equal);
	mote_put_equal(ec_impl_name, name, all_equal, ec_impl_constant_time);
}

/* "check NAME ok=0|1", as bench/mote_report.py reads it */
static void check(uint8_t ok, const char *what)
{
	count(ok);
	mote_puts("check ");
	mote_puts(what);
	mote_puts(ok ? " ok=1\n" : " ok=0\n");
}

int main(void)
{
	uint32_t t0;
	static uint8_t point[2 * MAX_COORD];
	mote_init();
	t0 = mote_cycles();
	call_cost = mote_cycles() - t0;
	run_curve(EC_SECP160R1, "secp160r1", KAT_SECP160R1_COUNT, sizeof kat_secp160r1_k[0],
	          sizeof kat_secp160r1_point / 2, kat_secp160r1_point, kat_secp160r1_k[0],
	          kat_secp160r1_out[0], kat_secp160r1_weight);
	run_curve(EC_P256, "p256", KAT_P256_COUNT, sizeof kat_p256_k[0],
	          sizeof kat_p256_point / 2, kat_p256_point, kat_p256_k[0],
	          kat_p256_out[0], kat_p256_weight);
	mote_flash_copy(point, kat_secp160r1_point, sizeof kat_secp160r1_point);
	ec_impl_checks(point, check);
	mote_put_u32(passed);
	mote_puts(" passed, ");
	mote_put_u32(failed);
	mote_puts(" failed\n");
	mote_exit(failed ? 1 : 0);
}
