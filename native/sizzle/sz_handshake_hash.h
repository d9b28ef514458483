/*
 * The running hash of the handshake messages (RFC 5246 §7.4.9, RFC 6101 §5.6.9): MD5 and SHA-1
 * side by side in the legacy builds (SSL 3.0, TLS 1.0), SHA-256 in the modern build (TLS 1.2
 * with the suites' SHA-256 PRF). Each build carries only its hashes. The integrator's
 * sz_transcript_update (declared by sz_handshake_reader.h) feeds it.
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/HandshakeHash.java.
 */
#ifndef SZ_HANDSHAKE_HASH_H
#define SZ_HANDSHAKE_HASH_H
#include "sz_config.h"
#include "ks_hash.h"

typedef struct {
#if SZ_LEGACY
	ks_hash_ctx md5;
	ks_hash_ctx sha1;
#else
	ks_hash_ctx sha256;
#endif
} sz_handshake_hash;

/* The digest sz_handshake_hash_current writes: 36 (MD5 || SHA-1) or 32 (SHA-256). */
#if SZ_LEGACY
#define SZ_HANDSHAKE_HASH_SIZE 36
#else
#define SZ_HANDSHAKE_HASH_SIZE 32
#endif

void sz_handshake_hash_init(sz_handshake_hash *h);
void sz_handshake_hash_update(sz_handshake_hash *h, const uint8_t *data, size_t len);
/* The digest of the messages so far (h is left running); returns its length. */
uint8_t sz_handshake_hash_current(const sz_handshake_hash *h, uint8_t *out);
void sz_handshake_hash_clear(sz_handshake_hash *h);
#endif
