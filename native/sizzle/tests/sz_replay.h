/*
 * The stored transcripts read into memory, and their replay against the C server in-process:
 * the host test's and the state-table test's shared harness.
 * Mirrors kssl-client/src/test/java/kssl/tls/Transcript.java (parse) and TranscriptTest.java.
 */
#ifndef SZ_REPLAY_H
#define SZ_REPLAY_H

#include "sz_tls_connection.h"
#include "sz_transcript_app.h"
#include "sz_profile.h"

typedef struct {
	uint8_t client;  /* 1: C (the client's record), 0: S */
	uint8_t *bytes;
	size_t len;
} sz_line;

typedef struct {
	uint32_t response;
	int requests;
	int fails;
	size_t first, count; /* its lines */
} sz_conn_spec;

typedef struct {
	char name[128];
	char profile[16];
	uint16_t suite;
	uint16_t client_limit; /* "client max fragment N": the records the client asked for */
	sz_line *lines;
	size_t n_lines;
	sz_conn_spec conns[4];
	int n_conns;
} sz_transcript;

int sz_transcript_load(const char *path, sz_transcript *t);
void sz_transcript_free(sz_transcript *t);
/* Whether this build's profile serves it (modern; legacy ECDH_ECDSA; legacy RSA). */
int sz_transcript_served(const sz_transcript *t);

/* One server as the transcripts' (seeded DRBG, a session cache, the transcript's one suite). */
typedef struct {
	ks_hmac_drbg drbg;
	sz_session_cache cache;
	sz_tls_config cfg;
	uint8_t blind[256];
} sz_replay_server;

void sz_replay_server_init(sz_replay_server *s, uint16_t suite);
/* Replays t on a fresh server, the client's records pushed in pieces of `split` bytes (0: whole),
 * the connections' buffers rx and tx (the same buffer: shared both ways); 0, or -1 with the
 * reason in why. */
int sz_replay(const sz_transcript *t, uint16_t split, uint8_t *rx, uint16_t rx_cap, uint8_t *tx, uint16_t tx_cap,
              char *why, size_t why_len);

#if !SZ_LEGACY
/* Set: each connection's ClientHello is given to the server as its digest first (LINK.md
 * §15.2, sz_tls_hello_digest, as a gateway's HELLO_DIGEST does; the hello itself then stands for
 * its projection, parsed and not hashed), and a digest after its first byte is refused: every
 * server byte must still be the transcript's. */
extern int sz_replay_digest_hello;
/* The hello's first 16 bytes as a record of their own, then its digest: refused (nothing may
   have been hashed before a digest). 0 if so, -1 if taken, 1 if t has no whole hello to cut. */
int sz_replay_late_digest(const sz_transcript *t, uint8_t *rx, uint16_t rx_cap, uint8_t *tx, uint16_t tx_cap);
#endif

/* The host buffers of a connection: the Java's limits. */
#define SZ_REPLAY_RX (5u + SZ_RECEIVE_LIMIT + SZ_PROTECTION_EXPANSION)
#define SZ_REPLAY_TX SZ_WRITER_BUFFER(SZ_MAX_FRAGMENT)
/* The ATmega128 transcript images' record limits (firmware/firmware.mk's SZF_LIMIT_avr_*_transcript). */
#if defined(SZ_PROFILE_LEGACY_RSA)
#define SZ_REPLAY_MOTE_LIMIT 512
#elif SZ_LEGACY
#define SZ_REPLAY_MOTE_LIMIT 768
#else
#define SZ_REPLAY_MOTE_LIMIT 944
#endif

#endif
