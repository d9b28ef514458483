/*
 * Mote firmware (ATmega128 in simavr, MSP430F1611 in mspdebug's simulator) showing by the
 * simulators' exact cycles that the server's ClientKeyExchange does not depend on its secrets
 * (issue 8, Proof: constant time): sz_cke_ecdh / sz_cke_rsa, as sz_tls_connection.c calls them.
 *   modern:     ECDHE on P-256, CT_EC_RUNS ephemeral scalars with the client's point;
 *   legacy-ecc: static ECDH on secp160r1, CT_EC_RUNS device scalars;
 *   legacy-rsa: RSA-1024 private decryption with blinding and the premaster check, for good
 *               padding, bad padding and wrong version bytes (the fallback chosen by masks).
 * Each run's premaster must be the known answer (tests/ct_kat.py; for bad padding the
 * fallback drawn from the generator), and every run of an operation must take the same cycles.
 * Prints bench/mote_report.py's `result` and `equal` lines and "N passed, N failed".
 * Tests sz_client_key_exchange.c, which mirrors ServerHandshake.readClientKeyExchange and
 * rsaPremaster (the Java side has no cycle counter to test this against).
 */
#include "mote.h"
#include "sz_profile.h"
#include "sz_alert.h"
#include "sz_client_key_exchange.h"
#include "sz_finished_check.h"
#include "sz_key_schedule.h"
#include "sz_record_layer.h"
#include "sz_identity.h"
#include "ks_wipe.h"
#include "ct_kat.h"

static uint32_t overhead;

/* Every run of an operation the same cycles: one check, and the equal line. */
static void same_cycles(const char *op, const uint32_t *c, uint8_t n)
{
	uint8_t ok = 1, i;
	for (i = 1; i < n; i++)
		ok &= c[i] == c[0];
	mote_put_equal("sizzle", op, ok, 1);
	mote_check(ok, op);
}

/* The same code in every profile: timed in the EC builds, whose RAM has room (on the
 * ATmega128 the RSA build's strings would take RSA's last bytes). */
#if !defined(SZ_PROFILE_LEGACY_RSA)
/* The client's Finished checked as the engine checks it (sz_finished_diff, SSL 3.0's 36 bytes of
 * verify_data): the right bytes, the first wrong, the last wrong, all wrong; the same cycles
 * for each, and a difference found in all but the first. */
static __attribute__((noinline)) uint8_t timed_finished(const uint8_t *got, const uint8_t *expected, uint32_t *cycles)
{
	uint32_t t0 = mote_cycles();
	uint8_t diff = sz_finished_diff(0, got, expected, SZ_VERIFY_DATA_MAX);
	*cycles = mote_cycles() - t0 - overhead;
	return diff;
}

/* noinline: its arrays stay out of main's frame, below which RSA's workspace runs on the ATmega128 */
static __attribute__((noinline)) void finished_check(void)
{
	uint8_t expected[SZ_VERIFY_DATA_MAX], got[SZ_VERIFY_DATA_MAX], i, ok;
	uint32_t c[4];
	for (i = 0; i < SZ_VERIFY_DATA_MAX; i++)
		expected[i] = (uint8_t)(0x5A + 37 * i);
	for (i = 0; i < 4; i++) {
		memcpy(got, expected, sizeof got);
		if (i == 1)
			got[0] ^= 0x80;
		else if (i == 2)
			got[SZ_VERIFY_DATA_MAX - 1] ^= 0x01;
		else if (i == 3)
			memset(got, 0, sizeof got);
		ok = (timed_finished(got, expected, &c[i]) == 0) == (i == 0);
		mote_check(ok, "the Finished verdict");
		mote_put_result("sizzle", "finished_check", i, 0, c[i], 0, ok);
	}
	same_cycles("finished_check", c, 4);
}
#endif

#if defined(SZ_PROFILE_LEGACY_RSA)
/* Static RAM kept small (the ATmega128's stack holds RSA's workspace); body holds the expected
 * premaster after the call (sz_cke_rsa decrypts it in place), the seeds live in flash. */
static uint8_t body[130], pms[48], blind[256];
#if SZ_RSA_AUX
/* the kernels' table and modulus, in static RAM as the firmware has them (sz_tls_connection.c) */
static uint8_t aux[KS_RSA_AUX_BYTES];
#define AUX aux
#else
#define AUX NULL
#endif
static ks_hmac_drbg rnd;
static const uint8_t seeds[2][32] KS_FLASH = { "sizzle ct: the server's seed....", "sizzle ct: the blinding's seed.." };

/* A generator instantiated from seeds[which] (and personalised "blinding" for the blinding's). */
static int instantiate(ks_hmac_drbg *g, uint8_t which)
{
	uint8_t seed[32];
	int rc;
	mote_flash_copy(seed, seeds[which], 32);
	rc = ks_hmac_drbg_instantiate(g, KS_DRBG_MAX_INTERVAL, seed, 32, 0, 0, which ? (const uint8_t *)"blinding" : 0,
	                              which ? 8 : 0);
	ks_wipe(seed, sizeof seed);
	return rc;
}

/* The fallback the n-th call drew (each call draws 48 bytes once) into body, from a generator
 * of the same seed in a frame of its own. */
static __attribute__((noinline)) void nth_fallback(uint8_t n)
{
	ks_hmac_drbg g;
	instantiate(&g, 0);
	do
		ks_hmac_drbg_generate(&g, body, 48, 0, 0);
	while (n--);
	ks_wipe(&g, sizeof g);
}

/* Below the caller's frame by more than this, only the kernels' frames reach: their dead stack
 * must be the same for every ciphertext (the wipe, KS_WIPE_STACK_RSA, left nothing of it), on
 * both motes. (The MSP430F1611's check was off for a while this stop: its dead stack differed
 * per ciphertext in an earlier state of the ClientKeyExchange's RSA path, not traced; it is the
 * same now, with the C hashes or the assembly ones.) */
#define CT_SHALLOW 128

static __attribute__((noinline)) uint16_t timed_rsa(uint32_t *cycles, uint16_t *dead)
{
	uint8_t here;
	uint32_t t0 = mote_cycles();
	uint16_t v = sz_cke_rsa(body, sizeof body, CT_RSA_VERSION, CT_RSA_VERSION, &rnd, blind, pms, AUX);
	*cycles = mote_cycles() - t0 - overhead;
	*dead = mote_stack_digest((uint16_t)(uintptr_t)&here - CT_SHALLOW);
	return v;
}

/* The blinding as sz_firmware.c sets it up, from a generator of its own; its own frame, gone
 * before the timed calls (the ATmega128's stack holds RSA's workspace only just). */
static __attribute__((noinline)) void setup(void)
{
	uint8_t r[SZ_IDENTITY_RSA_BYTES];
	ks_rsa_crt_key key;
	ks_hmac_drbg b;
	mote_check(instantiate(&b, 1) == KS_OK, "drbg");
	ks_hmac_drbg_generate(&b, r, sizeof r, 0, 0);
	r[0] = 1;
	sz_identity_rsa(&key);
#if SZ_RSA_AUX
	mote_check(ks_rsa_blind_init_aux(&key, r, blind, aux) == KS_OK, "blind");
#else
	mote_check(ks_rsa_blind_init(&key, r, blind) == KS_OK, "blind");
#endif
	mote_check(instantiate(&rnd, 0) == KS_OK, "drbg");
}

static void run(void)
{
	uint32_t c[CT_RSA_CASES];
	uint16_t dead[CT_RSA_CASES];
	uint8_t i;
	setup();
	for (i = 0; i < CT_RSA_CASES; i++) {
		uint16_t v;
		mote_flash_copy(body, ct_rsa_bodies + i * sizeof body, sizeof body);
		v = timed_rsa(&c[i], &dead[i]);
		mote_check(v == SZ_VERDICT_NONE, "verdict");
		mote_check(dead[i] == dead[0], "the dead stack the same for every ciphertext");
		if (i == 1) /* bad padding: the fallback, with the client_version's bytes */
			nth_fallback(i);
		else /* good padding, wrong version: the premaster sent */
			mote_flash_copy(body, ct_rsa_premasters + i * 48, 48);
		body[0] = (uint8_t)(CT_RSA_VERSION >> 8); /* always the client_version's bytes */
		body[1] = (uint8_t)CT_RSA_VERSION;
		mote_check(memcmp(pms, body, 48) == 0, "premaster");
		mote_put_result("sizzle", "rsa1024_premaster", i, 0, c[i], 0, memcmp(pms, body, 48) == 0);
	}
	same_cycles("rsa1024_premaster", c, CT_RSA_CASES);
}
#else
/* pms takes k P's whole point (sz_cke_ecdh: x then y), the premaster its first field bytes */
static uint8_t point[sizeof ct_point], d[SZ_IDENTITY_ORDER_BYTES], pms[2 * SZ_IDENTITY_FIELD_BYTES], x[SZ_IDENTITY_FIELD_BYTES];
#if KS_EC_AUX
/* k P's table, in static RAM as the firmware has it (sz_tls_connection.c): wiped by each call */
static uint8_t aux[KS_EC_AUX_BYTES];
#define AUX aux
#else
#define AUX NULL
#endif

/* Below the caller's frame by more than this, only the ClientKeyExchange's frames reach: its
 * dead stack must be the same whatever the secret scalar (the wipes, the kernels' or the
 * sizzle layer's measured SZ_WIPE_STACK_ECDH, left nothing of it). */
#define CT_SHALLOW 256

static __attribute__((noinline)) uint16_t timed_ecdh(uint8_t *len, uint32_t *cycles, uint16_t *dead)
{
	uint8_t here;
	uint32_t t0 = mote_cycles();
	uint16_t v = sz_cke_ecdh(point, sizeof point, d, pms, len, AUX);
	*cycles = mote_cycles() - t0 - overhead;
	*dead = mote_stack_digest((uint16_t)(uintptr_t)&here - CT_SHALLOW);
	return v;
}

static void run(void)
{
#if defined(SZ_PROFILE_MODERN)
	static const char op[] = "ecdhe_p256";
#else
	static const char op[] = "ecdh_secp160r1";
#endif
	uint32_t c[CT_EC_RUNS];
	uint8_t i, len = 0, ok;
	uint16_t dead[CT_EC_RUNS];
	mote_flash_copy(point, ct_point, sizeof point);
	for (i = 0; i < CT_EC_RUNS; i++) {
		mote_flash_copy(d, ct_scalars + i * sizeof d, sizeof d);
		mote_flash_copy(x, ct_x + i * sizeof x, sizeof x);
		ok = timed_ecdh(&len, &c[i], &dead[i]) == SZ_VERDICT_NONE && len == sizeof x && memcmp(pms, x, sizeof x) == 0;
		mote_check(ok, "the shared x");
		mote_check(dead[i] == dead[0], "the dead stack the same for every scalar");
#if KS_EC_AUX
		{
			uint16_t j;
			uint8_t any = 0;
			for (j = 0; j < sizeof aux; j++)
				any |= aux[j];
			mote_check(any == 0, "k P's table wiped");
		}
#endif
		mote_put_result("sizzle", op, i, 0, c[i], 0, ok);
	}
	ks_wipe(d, sizeof d);
	ks_wipe(pms, sizeof pms);
	same_cycles(op, c, CT_EC_RUNS);
}
#endif

/* The stack's peak, and that it stayed clear of .data/.bss (on the ATmega128 RSA's workspace
 * leaves little: an overrun corrupts the counts this test prints). noinline: its locals stay
 * out of main's frame, below which the operations ran. */
static __attribute__((noinline)) void stack_check(void)
{
	uint16_t stack = mote_stack_peak(), free_bytes = mote_stack_free();
	mote_puts("check stack profile=" SZ_PROFILE_NAME " bytes=");
	mote_put_u32(stack);
	mote_puts(" free=");
	mote_put_u32(free_bytes);
	mote_puts(free_bytes > 0 ? " ok=1\n" : " ok=0\n");
	mote_check(free_bytes > 0, "stack overran");
}

int main(void)
{
	mote_init();
	overhead = mote_cycles();
	overhead = mote_cycles() - overhead;
	mote_stack_paint();
	run();
#if !defined(SZ_PROFILE_LEGACY_RSA)
	finished_check();
#endif
	stack_check();
	mote_check_end();
}
