/*
 * The server as a device runs it, the same on the host and both motes: the random generator
 * seeded once (HMAC-DRBG over the platform's 32 seed bytes, no nonce, as the transcripts'
 * SeededRandom), the session cache, the configuration, the loop of sz_server_loop.c, and one
 * log line per connection (sz_server_log.h). The main (firmware/sz_main.c, every platform)
 * binds the application and the buffers.
 *
 * Mirrors sizzle-server/src/main/java/sizzle/OneConnectionServer.java's setup in
 * SizzleServer.java (the random source, the session cache, the TLS configuration).
 */
#ifndef SZ_FIRMWARE_H
#define SZ_FIRMWARE_H
#include "sz_server_loop.h"
#include "sz_session_cache.h"

typedef struct {
	ks_hmac_drbg drbg;
	sz_session_cache cache;
	sz_tls_config cfg;
	sz_tls conn;
	sz_app app;
	sz_server_loop loop;
	/* The application's count of responses on the connection that ended (the log line). */
	uint16_t (*responses)(const void *app_ctx);
	uint32_t connections;
#if defined(SZ_PROFILE_LEGACY_RSA)
	uint8_t rsa_blind[256]; /* the RSA key's blinding state (ks_rsa_blind_init) */
#endif
} sz_firmware;

/* Readies the server: seed (32 bytes, wiped here) and the suites allowed (sz_suite_bit mask;
 * 0xFFFF: the build's all). Returns 0, or -1 if the key's blinding could not be set up. */
int sz_firmware_init(sz_firmware *f, uint8_t seed[32], uint16_t suites, uint8_t *rx, uint16_t rx_cap,
                     uint8_t *tx, uint16_t tx_cap, void (*fresh)(void *ctx, sz_app *app), void *app_ctx,
                     uint16_t (*responses)(const void *app_ctx));
/* Accepts one client, serves it to the end and logs its line; returns its verdict. */
uint16_t sz_firmware_serve(sz_firmware *f);
/* firmware/sz_main.c: the device's setup before its loop (NULL if refused). */
sz_firmware *sz_device_setup(void);
#endif
