/*
 * The C Sizzle server on the host: a loopback TCP server (sz_port_host.c: SZ_PORT, SZ_SEED),
 * one profile and one application per binary (make -C native sizzle-host-server PROFILE=...
 * APP=thermostat|transcript). The loop is the motes' own (sz_server_loop.c).
 * Environment: SZ_SUITE (hex: the one suite to allow; default every suite of the build),
 * SZ_RESPONSE (transcript app: bytes per response, default 1500; a list such as 1500,600 gives
 * each connection its own in turn), SZ_PASSWORD (thermostat app:
 * the configuration password, default "sizzle-host"). With SZ_SEED set to the hex of
 * "kssl transcript server" padded with zeros to 32 bytes, the server answers a stored
 * transcript's client bytes with the stored server bytes.
 * Mirrors sizzle-server/src/main/java/sizzle/Main.java's one-connection server.
 */
#define _POSIX_C_SOURCE 199309L
#include "sz_server_loop.h"
#include "sz_profile.h"
#include "sz_port.h"
#include "sz_transcript_app.h"
#include "sz_http_app.h"
#include "sz_thermostat_app.h"
#include "sz_identity.h"
#include "sz_clock.h"
#include "sz_temperature_sensor.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RX (5u + SZ_RECEIVE_LIMIT + SZ_PROTECTION_EXPANSION)
#define TX SZ_WRITER_BUFFER(SZ_MAX_FRAGMENT)

int64_t sz_clock_millis(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int16_t sz_temperature_tenths(void)
{
	return 215;
}

#if defined(SZ_APP_TRANSCRIPT)
static sz_transcript_app transcript;
static const char *responses; /* SZ_RESPONSE: bytes per response, one number per connection in turn */

static void fresh(void *ctx, sz_app *app)
{
	static const char *next;
	char *end;
	unsigned long m;
	(void)ctx;
	if (!next || !*next)
		next = responses;
	m = strtoul(next, &end, 10);
	next = *end == ',' ? end + 1 : end;
	sz_transcript_app_init(&transcript, (uint32_t)m, app);
}
#else
static struct sz_thermostat thermostat;
static struct sz_password_gate gate;
static struct sz_thermostat_app handler;
static sz_http_app http;
static uint8_t secret[SZ_GATE_MAX_LENGTH + 1];

static void fresh(void *ctx, sz_app *app)
{
	(void)ctx;
	sz_http_app_init(&http, &handler, (const uint8_t *)"client", 6, app);
}
#endif

int main(void)
{
	static ks_hmac_drbg drbg;
	static sz_session_cache cache;
	static sz_tls_config cfg;
	static sz_tls conn;
	static sz_app app;
	static sz_server_loop loop;
	static uint8_t rx[RX], tx[TX], seed[32];
	const char *suite = getenv("SZ_SUITE");
#if defined(SZ_PROFILE_LEGACY_RSA)
	static uint8_t blind[256];
#endif
	if (sz_port_init() != 0)
		return 1;
	sz_port_seed(seed, sizeof seed);
	ks_hmac_drbg_instantiate(&drbg, KS_DRBG_MAX_INTERVAL, seed, sizeof seed, 0, 0, 0, 0);
	sz_session_cache_init(&cache, SZ_SESSION_LIFETIME_MAX);
	cfg.random = &drbg;
	cfg.sessions = &cache;
	cfg.suites = suite ? sz_suite_bit((uint16_t)strtoul(suite, 0, 16)) : 0xFFFFu;
	cfg.initial_version = SZ_TLS10;
	if (cfg.suites == 0) {
		fprintf(stderr, "sizzle: SZ_SUITE names no suite of this build\n");
		return 1;
	}
#if defined(SZ_PROFILE_LEGACY_RSA)
	{
		/* the blinding factor from its own generator: no draw of the server's own changes */
		ks_hmac_drbg b;
		uint8_t r[SZ_IDENTITY_RSA_BYTES];
		ks_rsa_crt_key key;
		sz_identity_rsa_ram ram;
		ks_hmac_drbg_instantiate(&b, KS_DRBG_MAX_INTERVAL, seed, sizeof seed, 0, 0, (const uint8_t *)"blinding", 8);
		ks_hmac_drbg_generate(&b, r, sizeof r, 0, 0);
		r[0] = 1; /* below n */
		sz_identity_rsa(&key, &ram);
		if (ks_rsa_blind_init(&key, r, blind) != KS_OK)
			return 1;
		cfg.rsa_blind = blind;
	}
#endif
#if defined(SZ_APP_TRANSCRIPT)
	responses = getenv("SZ_RESPONSE") ? getenv("SZ_RESPONSE") : "1500";
#else
	{
		const char *pw = getenv("SZ_PASSWORD") ? getenv("SZ_PASSWORD") : "sizzle-host";
		size_t n = strlen(pw);
		if (n < 1 || n > SZ_GATE_MAX_LENGTH) {
			fprintf(stderr, "sizzle: SZ_PASSWORD must have 1 to %d bytes\n", SZ_GATE_MAX_LENGTH);
			return 1;
		}
		memcpy(secret, pw, n);
		secret[SZ_GATE_MAX_LENGTH] = (uint8_t)n;
		if (!sz_thermostat_init(&thermostat, (const uint8_t *)"sizzle-host", 11, (const uint8_t *)"host", 4) ||
		    !sz_password_gate_init(&gate, secret, SZ_GATE_CLIENTS))
			return 1;
		sz_thermostat_app_init(&handler, &thermostat, &gate);
	}
#endif
	loop.cfg = &cfg;
	loop.conn = &conn;
	loop.app = &app;
	loop.fresh_app = fresh;
	loop.rx = rx;
	loop.rx_cap = sizeof rx;
	loop.tx = tx;
	loop.tx_cap = sizeof tx;
	loop.tick = sz_port_millis();
	fprintf(stderr, "sizzle: %s serving\n", SZ_PROFILE_NAME);
	for (;;)
		sz_server_loop_once(&loop);
}
