/*
 * The running hash of the handshake messages: MD5 and SHA-1 side by side (legacy builds: SSL 3.0
 * and TLS 1.0), SHA-256 (modern build: TLS 1.2), over prim/ks_hash. A context is plain data, so
 * the digest so far is read from a copy and the running hash goes on.
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/HandshakeHash.java (after setVersion: a C build
 * knows its hashes at compile time, so nothing runs before the version is known that it drops).
 */
#include "sz_handshake_hash.h"
#include "ks_wipe.h"

void sz_handshake_hash_init(sz_handshake_hash *h)
{
#if SZ_LEGACY
	ks_hash_init(&h->md5, KS_HASH_MD5);
	ks_hash_init(&h->sha1, KS_HASH_SHA1);
#else
	ks_hash_init(&h->sha256, KS_HASH_SHA256);
#endif
}

void sz_handshake_hash_update(sz_handshake_hash *h, const uint8_t *data, size_t len)
{
#if SZ_LEGACY
	ks_hash_update(&h->md5, data, len);
	ks_hash_update(&h->sha1, data, len);
#else
	ks_hash_update(&h->sha256, data, len);
#endif
}

/* out = the digest of a copy of c (c goes on running). */
static void digest_of(const ks_hash_ctx *c, uint8_t *out)
{
	ks_hash_ctx copy = *c;
	ks_hash_digest(&copy, out); /* the copy is cleared, not started again */
	ks_hash_clear(&copy);
}

uint8_t sz_handshake_hash_current(const sz_handshake_hash *h, uint8_t *out)
{
#if SZ_LEGACY
	digest_of(&h->md5, out);
	digest_of(&h->sha1, out + 16);
#else
	digest_of(&h->sha256, out);
#endif
	return SZ_HANDSHAKE_HASH_SIZE;
}

void sz_handshake_hash_clear(sz_handshake_hash *h)
{
	ks_wipe(h, sizeof *h);
}
