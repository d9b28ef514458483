/*
 * The server as a device runs it (sz_firmware.h).
 */
#include "sz_firmware.h"
#include "sz_server_log.h"
#include "sz_port.h"
#include "sz_protocol_version.h"
#include "ks_wipe.h"
#if defined(SZ_PROFILE_LEGACY_RSA)
#include "sz_identity.h"
#endif

#if defined(SZ_PROFILE_LEGACY_RSA)
/* The blinding factor from a generator of its own (personalised "blinding"), so that no draw
 * of the server's own source changes: the transcripts' server bytes stay the Java's. With
 * SZ_RSA_AUX (the ATmega128) the factor r and then, over it, the kernels' table and modulus go
 * in the record buffer, idle until the first client, not on the stack (the kernels read r
 * first, and wipe their part). */
static int blinding(sz_firmware *f, const uint8_t seed[32], uint8_t *rx, uint16_t rx_cap)
{
	ks_hmac_drbg b;
	ks_rsa_crt_key key;
	int ok;
#if SZ_RSA_AUX
	uint8_t *r = rx;
	if (rx_cap < KS_RSA_AUX_BYTES || KS_RSA_AUX_BYTES < SZ_IDENTITY_RSA_BYTES)
		return -1;
#else
	uint8_t r[SZ_IDENTITY_RSA_BYTES];
	(void)rx, (void)rx_cap;
#endif
	ks_hmac_drbg_instantiate(&b, KS_DRBG_MAX_INTERVAL, seed, 32, 0, 0, (const uint8_t *)"blinding", 8);
	ks_hmac_drbg_generate(&b, r, SZ_IDENTITY_RSA_BYTES, 0, 0);
	r[0] = 1; /* below n */
	sz_identity_rsa(&key);
#if SZ_RSA_AUX
	ok = ks_rsa_blind_init_aux(&key, r, f->rsa_blind, rx) == KS_OK;
#else
	ok = ks_rsa_blind_init(&key, r, f->rsa_blind) == KS_OK;
#endif
	ks_wipe(&b, sizeof b);
	ks_wipe(r, SZ_IDENTITY_RSA_BYTES);
	return ok ? 0 : -1;
}
#endif

int sz_firmware_init(sz_firmware *f, uint8_t seed[32], uint16_t suites, uint8_t *rx, uint16_t rx_cap,
                     uint8_t *tx, uint16_t tx_cap, void (*fresh)(void *ctx, sz_app *app), void *app_ctx,
                     uint16_t (*responses)(const void *app_ctx))
{
	int rc = 0;
	ks_hmac_drbg_instantiate(&f->drbg, KS_DRBG_MAX_INTERVAL, seed, 32, 0, 0, 0, 0);
	f->conn.random_ahead = 0; /* a new source (the fuzzer's next input): nothing drawn from it yet */
#if defined(SZ_PROFILE_LEGACY_RSA)
	rc = blinding(f, seed, rx, rx_cap);
	f->cfg.rsa_blind = f->rsa_blind;
#endif
	ks_wipe(seed, 32);
	sz_session_cache_init(&f->cache, SZ_SESSION_LIFETIME_MAX);
	f->cfg.random = &f->drbg;
	f->cfg.sessions = &f->cache;
	f->cfg.now = 0;
	f->cfg.suites = suites;
	f->cfg.initial_version = SZ_TLS10;
	f->loop.cfg = &f->cfg;
	f->loop.conn = &f->conn;
	f->loop.app = &f->app;
	f->loop.fresh_app = fresh;
	f->loop.app_ctx = app_ctx;
	f->loop.rx = rx;
	f->loop.rx_cap = rx_cap;
	f->loop.tx = tx;
	f->loop.tx_cap = tx_cap;
	f->loop.tick = sz_port_millis();
	f->responses = responses;
	f->connections = 0;
	return rc;
}

uint16_t sz_firmware_serve(sz_firmware *f)
{
	uint16_t verdict = sz_server_loop_once(&f->loop), ram_static, ram_stack;
	sz_server_log_connection(++f->connections, &f->conn, f->responses ? f->responses(f->loop.app_ctx) : 0);
	if (sz_port_ram(&ram_static, &ram_stack))
		sz_server_log_ram(ram_static, ram_stack);
	return verdict;
}
