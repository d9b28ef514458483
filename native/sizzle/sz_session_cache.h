/*
 * The server's session cache: a few slots (SZ_SESSION_SLOTS), each the resumable state of one
 * session (RFC 5246 §7.4.1.2): Sizzle's 4-byte id, version, suite, master secret, the extended
 * master secret flag, when it was made, and the digest of the server_name it was made for
 * (RFC 6066 §3). A new session takes a free slot, else the oldest; a session expires
 * `lifetime` seconds after the full handshake that made it and is never found after; every
 * session forgotten (removed, expired, evicted) has its master secret wiped. Time is in
 * seconds from the integrator's clock (a mote's millisecond counter wraps too soon for 24 h).
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/SessionCache.java (server side) and Session.java.
 */
#ifndef SZ_SESSION_CACHE_H
#define SZ_SESSION_CACHE_H
#include "sz_config.h"

#ifndef SZ_SESSION_SLOTS
#define SZ_SESSION_SLOTS 2
#endif
#define SZ_SESSION_ID 4          /* ServerHandshake.SESSION_ID_LENGTH */
#define SZ_SESSION_NAME_DIGEST 16 /* Session.NAME_DIGEST: SHA-256 of the lower-case name, cut */
#define SZ_SESSION_LIFETIME_MAX 86400UL /* 24 hours (SessionCache.DEFAULT_LIFETIME_MS) */

typedef struct {
	uint8_t id[SZ_SESSION_ID];
	uint8_t master[48];
	uint8_t name_digest[SZ_SESSION_NAME_DIGEST];
	uint32_t created;  /* seconds */
	uint32_t stamp;    /* fill order: the oldest goes first */
	uint16_t version;
	uint16_t suite;
	uint8_t ems;
	uint8_t has_name;  /* 0: made without server_name (matches only no name) */
	uint8_t used;
} sz_session;

typedef struct {
	sz_session slots[SZ_SESSION_SLOTS];
	uint32_t lifetime; /* seconds, at most SZ_SESSION_LIFETIME_MAX */
	uint32_t stamp;
} sz_session_cache;

void sz_session_cache_init(sz_session_cache *c, uint32_t lifetime);
/* The live session with this id (len must be SZ_SESSION_ID to match), or NULL; an expired one
 * found is forgotten. The pointer stays valid until the next put/remove. */
const sz_session *sz_session_find(sz_session_cache *c, const uint8_t *id, size_t len,
                                  uint32_t now);
/* Stores a copy of s (s->used ignored), replacing a session of the same id, else in a free
 * slot, else over the oldest. */
void sz_session_put(sz_session_cache *c, const sz_session *s);
void sz_session_remove(sz_session_cache *c, const uint8_t *id, size_t len);
/* 1 if s was made for the server_name of this digest (NULL: the client sent none), as RFC 6066
 * §3 requires for resumption (Session.isFor; the digests compared in constant time). */
uint8_t sz_session_is_for(const sz_session *s, const uint8_t *digest);
/* The digest of a server_name as Java's ServerHandshake.nameDigest computes it (ASCII lower
 * case, SHA-256, the first SZ_SESSION_NAME_DIGEST bytes). */
void sz_session_name_digest(const uint8_t *name, size_t len, uint8_t out[SZ_SESSION_NAME_DIGEST]);
/* Wipes every slot. */
void sz_session_cache_clear(sz_session_cache *c);
#endif
