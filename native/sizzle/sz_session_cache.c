/*
 * The server's session cache in SZ_SESSION_SLOTS slots (Sizzle keeps a few sessions: memory
 * is tight): found by Sizzle's 4-byte session id, a new session takes a free slot, else the
 * oldest; sessions expire `lifetime` seconds after the full handshake that made them; every
 * session forgotten (removed, expired, evicted, replaced, cleared) is wiped whole, its master
 * secret with it. Plus the digest of the server_name a session is bound to (RFC 6066 §3).
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/SessionCache.java (the server side: find, put,
 * remove, free, store, live, clear), Session.isFor and ServerHandshake.nameDigest.
 */
#include <string.h>
#include "sz_session_cache.h"
#include "ks_hash.h"
#include "ks_wipe.h"

void sz_session_cache_init(sz_session_cache *c, uint32_t lifetime)
{
	memset(c, 0, sizeof *c);
	c->lifetime = lifetime > SZ_SESSION_LIFETIME_MAX ? (uint32_t)SZ_SESSION_LIFETIME_MAX : lifetime;
}

/* Forgets slot i: the whole slot wiped (SessionCache.clear). */
static void forget(sz_session_cache *c, uint8_t i)
{
	ks_wipe(&c->slots[i], sizeof c->slots[i]);
}

/* The slot holding this id, or -1 (ids are public: the compare may stop early). */
static int index_of(const sz_session_cache *c, const uint8_t *id, size_t len)
{
	uint8_t i;
	if (len != SZ_SESSION_ID) {
		return -1;
	}
	for (i = 0; i < SZ_SESSION_SLOTS; i++) {
		if (c->slots[i].used && memcmp(c->slots[i].id, id, SZ_SESSION_ID) == 0) {
			return i;
		}
	}
	return -1;
}

const sz_session *sz_session_find(sz_session_cache *c, const uint8_t *id, size_t len,
                                  uint32_t now)
{
	int i = index_of(c, id, len);
	const sz_session *s;
	if (i < 0) {
		return NULL;
	}
	s = &c->slots[i];
	/* SessionCache.live: expired at `lifetime`, and never found before it was made */
	if (now < s->created || now - s->created >= c->lifetime) {
		forget(c, (uint8_t)i);
		return NULL;
	}
	return s;
}

/* A free slot, else the oldest one (SessionCache.free). */
static uint8_t free_slot(const sz_session_cache *c)
{
	uint8_t i, oldest = 0;
	for (i = 0; i < SZ_SESSION_SLOTS; i++) {
		if (!c->slots[i].used) {
			return i;
		}
		if (c->slots[i].stamp < c->slots[oldest].stamp) {
			oldest = i;
		}
	}
	return oldest;
}

void sz_session_put(sz_session_cache *c, const sz_session *s)
{
	int found = index_of(c, s->id, SZ_SESSION_ID);
	uint8_t i = found >= 0 ? (uint8_t)found : free_slot(c);
	forget(c, i); /* the oldest, evicted, or the one of the same id replaced */
	c->slots[i] = *s;
	c->slots[i].used = 1;
	c->slots[i].stamp = ++c->stamp;
}

void sz_session_remove(sz_session_cache *c, const uint8_t *id, size_t len)
{
	int i = index_of(c, id, len);
	if (i >= 0) {
		forget(c, (uint8_t)i);
	}
}

uint8_t sz_session_is_for(const sz_session *s, const uint8_t *digest)
{
	uint8_t diff = 0, i;
	if (!s->has_name || digest == NULL) {
		return (uint8_t)(!s->has_name && digest == NULL);
	}
	for (i = 0; i < SZ_SESSION_NAME_DIGEST; i++) {
		diff |= (uint8_t)(s->name_digest[i] ^ digest[i]);
	}
	return (uint8_t)(diff == 0);
}

void sz_session_name_digest(const uint8_t *name, size_t len, uint8_t out[SZ_SESSION_NAME_DIGEST])
{
	ks_hash_ctx h;
	uint8_t lower[16], full[32];
	size_t k = 0;
	uint8_t n = 0;
	ks_hash_init(&h, KS_HASH_SHA256);
	while (k < len) { /* ASCII lower case (DNS names compare without case, RFC 4343) */
		uint8_t ch = name[k++];
		lower[n++] = ch >= 'A' && ch <= 'Z' ? (uint8_t)(ch + 32) : ch;
		if (n == sizeof lower || k == len) {
			ks_hash_update(&h, lower, n);
			n = 0;
		}
	}
	ks_hash_final(&h, full);
	memcpy(out, full, SZ_SESSION_NAME_DIGEST);
}

void sz_session_cache_clear(sz_session_cache *c)
{
	uint8_t i;
	for (i = 0; i < SZ_SESSION_SLOTS; i++) {
		forget(c, i);
	}
	c->stamp = 0;
}
