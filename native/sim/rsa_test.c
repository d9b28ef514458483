/*
 * Mote test firmware for the RSA kernels (kernels/ks_rsa.h), RSA-1024 with 512-bit CRT halves:
 * ks_rsa_blind_init and ks_rsa_private on two test keys and two messages each, against
 * known answers (rsa_kat.h, from sim/gen_rsa_kat.py), each timed with the simulator's exact
 * cycle counter and its peak stack measured. Every run of an operation must take exactly the
 * same number of cycles: the keys (primes and secret exponents), blinding values and messages
 * differ, so equal counts show that none of them shows in the running time (constant time, as far as a cycle-exact simulator
 * can see). The lines are ec_test.c's (mote_put_result, mote_put_equal), read by
 * bench/mote_report.py; "curve" names the operation.
 */
#include "ks_rsa.h"
#include "mote.h"

#include "rsa_kat.h"

#define NB RSA_N_BYTES
#define HB RSA_HALF_BYTES

static uint16_t passed, failed;
static uint32_t call_cost, t0, t1;

/* The key in RAM (the kernels read caller buffers), the blinding state, one input and output. */
static uint8_t n[NB], p[HB], q[HB], dp[HB], dq[HB], qinv[HB], e[3], state[2 * NB], in[NB], out[NB];

/* The cycle counts of one operation's runs so far. */
typedef struct {
	const char *op;
	uint32_t first;
	uint8_t runs, equal;
} series;

static void count(uint8_t ok)
{
	if (ok)
		passed++;
	else
		failed++;
}

/* Each operation is timed from one call site in a function of its own (noinline): code the
 * compiler places around an unrolled loop's calls would count too, and differ between them. */
static __attribute__((noinline)) int timed_blind_init(const ks_rsa_crt_key *key)
{
	int rc;
	mote_stack_paint();
	t0 = mote_cycles();
	rc = ks_rsa_blind_init(key, in, state);
	t1 = mote_cycles();
	return rc;
}

static __attribute__((noinline)) int timed_private(const ks_rsa_crt_key *key)
{
	int rc;
	mote_stack_paint();
	t0 = mote_cycles();
	rc = ks_rsa_private(key, state, in, out);
	t1 = mote_cycles();
	return rc;
}

/* Reports the run just timed: rc and len bytes of got against want (flash). */
static void finish(series *s, uint8_t i, uint16_t weight, int rc, const uint8_t *got,
                   const uint8_t *want, uint16_t len)
{
	uint16_t stack = mote_stack_peak();
	uint8_t ok = rc == KS_RSA_OK && mote_flash_cmp(got, want, len) == 0;
	t1 = t1 - t0 - call_cost;
	count(ok);
	if (s->runs++ == 0)
		s->first = t1;
	else if (t1 != s->first)
		s->equal = 0;
	mote_put_result("ks", s->op, i, weight, t1, stack, ok);
	if (!ok) {
		mote_puts("# got  ");
		mote_put_hex(got, len);
		mote_putc('\n');
	}
}

static void report(const series *s)
{
	count(s->equal);
	mote_put_equal("ks", s->op, s->equal, 1);
}

int main(void)
{
	series blind = {"rsa1024_blind", 0, 0, 1}, priv = {"rsa1024_private", 0, 0, 1};
	const ks_rsa_crt_key key = {n, e, p, q, dp, dq, qinv, NB, 3, HB};
	uint8_t k, m;
	int rc;
	mote_init();
	t0 = mote_cycles();
	call_cost = mote_cycles() - t0;
	mote_flash_copy(e, rsa_e, 3);
	for (k = 0; k < RSA_KEYS; k++) {
		mote_flash_copy(n, rsa_n[k], NB);
		mote_flash_copy(p, rsa_p[k], HB);
		mote_flash_copy(q, rsa_q[k], HB);
		mote_flash_copy(dp, rsa_dp[k], HB);
		mote_flash_copy(dq, rsa_dq[k], HB);
		mote_flash_copy(qinv, rsa_qinv[k], HB);
		mote_flash_copy(in, rsa_r[k], NB);
		rc = timed_blind_init(&key);
		finish(&blind, k, rsa_key_weight[k], rc, state, rsa_state[k], 2 * NB);
		for (m = 0; m < RSA_MSGS; m++) {
			uint8_t i = k * RSA_MSGS + m;
			mote_flash_copy(in, rsa_msg[i], NB);
			rc = timed_private(&key);
			finish(&priv, i, rsa_msg_weight[i], rc, out, rsa_out[i], NB);
		}
	}
	report(&blind);
	report(&priv);
	mote_put_u32(passed);
	mote_puts(" passed, ");
	mote_put_u32(failed);
	mote_puts(" failed\n");
	mote_exit(failed ? 1 : 0);
}
