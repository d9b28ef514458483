/*
 * Guards the configuration with a password: a constant-time comparison that reveals neither
 * where a guess differs nor how long the password or the guess is, and an exponential
 * back-off after repeated failures, counted per client so that one attacker cannot lock the
 * owner out. The rules and numbers are the Java's, per client: the first FREE_FAILURES - 1
 * consecutive failures cost nothing; the FREE_FAILURES-th and each one after lock that client
 * out for FIRST_DELAY_MS doubled per further failure, at most MAX_DOUBLINGS times (1 s ...
 * 1024 s); while locked no guess is even compared; a right password clears the count. The
 * table holds `clients` addresses (at most SZ_GATE_CLIENTS); an entry is freed by its success
 * or once quiet (no failure, no lock) for FORGET_MS; when it is full, every client without an
 * entry shares one more, the overflow entry.
 * A client is the peer's address as the transport gives it, up to SZ_PEER_MAX bytes (longer
 * addresses are cut there: clients that share the first SZ_PEER_MAX bytes share an entry).
 * Mirrors sizzle-server/src/main/java/sizzle/app/PasswordGate.java.
 */
#ifndef SZ_PASSWORD_GATE_H
#define SZ_PASSWORD_GATE_H

#include "ks_config.h"

#define SZ_GATE_MAX_LENGTH 32
#define SZ_GATE_FREE_FAILURES 3
#define SZ_GATE_FIRST_DELAY_MS 1000L
#define SZ_GATE_MAX_DOUBLINGS 10
#define SZ_GATE_FORGET_MS 3600000L
#ifndef SZ_GATE_CLIENTS
#define SZ_GATE_CLIENTS 8 /* PasswordGate.DEFAULT_CLIENTS */
#endif
#ifndef SZ_PEER_MAX
#define SZ_PEER_MAX 16 /* an IPv6 address in binary, or an IPv4 one as text */
#endif

#define SZ_GATE_ACCEPTED 0
#define SZ_GATE_REJECTED 1
#define SZ_GATE_BACKING_OFF 2

struct sz_gate_entry {
	uint8_t used;
	uint8_t peer_len;
	uint8_t peer[SZ_PEER_MAX];
	uint8_t failures; /* failures to the end: the count, cleared at once when forgotten */
	uint32_t lock;         /* the lock's length from last_failure, ms (the Java's lockedUntil - lastFailure) */
	uint32_t last_failure; /* milliseconds mod 2^32 (sz_password_gate.c) */
};

struct sz_password_gate {
	/* KS_FLASH: the password zero-padded to SZ_GATE_MAX_LENGTH bytes, then its length (1..32) */
	const uint8_t *secret;
	uint8_t clients;
	struct sz_gate_entry entries[SZ_GATE_CLIENTS + 1]; /* the last used one is the overflow */
};

/* clients: 1 to SZ_GATE_CLIENTS (returns 0 otherwise, or for a bad secret block). */
uint8_t sz_password_gate_init(struct sz_password_gate *g, const uint8_t *secret, uint8_t clients);
/* Milliseconds until this client's guesses are compared again (at most 1024 s); 0 when its
   gate is open. */
uint32_t sz_password_gate_retry_after(struct sz_password_gate *g, const uint8_t *peer, uint8_t peer_len);
/* One guess: given[0..min(length, 32)) of a guess length bytes long (given holds 32 bytes;
   a longer guess is wrong). SZ_GATE_ACCEPTED, _REJECTED (counted) or _BACKING_OFF. */
uint8_t sz_password_gate_attempt(struct sz_password_gate *g, const uint8_t *peer, uint8_t peer_len,
				 const uint8_t *given, uint16_t length);
/* The comparison alone, in constant time whatever the secret, the guess and its length:
   1 if given[0..length) is the password. */
uint8_t sz_password_gate_compare(const uint8_t *secret, const uint8_t *given, uint16_t length);

#endif
