/*
 * The password gate (sz_password_gate.h).
 * Mirrors sizzle-server/src/main/java/sizzle/app/PasswordGate.java. Times are the clock's
 * milliseconds mod 2^32 (the Java's are signed 64-bit: on the 16-bit MSP430 their arithmetic
 * was most of the gate's 1.4 KB of flash), compared by their differences: every verdict is the
 * Java's while the clock reads below 2^32 ms (49.7 days from its origin; a mote's counts from
 * boot). Past that, a client silent for more than 49.7 days may find its old failures still
 * counted, and a forgotten entry may wait up to an hour more before another client takes it.
 */
#include "sz_password_gate.h"

#include <stddef.h>

#include "sz_clock.h"

uint8_t sz_password_gate_init(struct sz_password_gate *g, const uint8_t *secret, uint8_t clients)
{
	uint8_t len = KS_READ_BYTE(secret + SZ_GATE_MAX_LENGTH);
	memset(g, 0, sizeof(*g));
	g->secret = secret;
	g->clients = clients;
	return (uint8_t)(clients >= 1 && clients <= SZ_GATE_CLIENTS && len >= 1 && len <= SZ_GATE_MAX_LENGTH);
}

/* x, which the optimiser may no longer reason about (else it computes a mask from a
   comparison it recognises, with a branch). */
static uint16_t opaque(uint16_t x)
{
#if defined(__GNUC__) || defined(__clang__)
	__asm__("" : "+r"(x));
#endif
	return x;
}

/* 0xFF if a < b, else 0 (a, b < 32768), without a branch. */
static uint8_t lt_mask(uint16_t a, uint16_t b)
{
	return (uint8_t)opaque((uint16_t)(0u - (opaque((uint16_t)(a - b)) >> 15)));
}

uint8_t sz_password_gate_compare(const uint8_t *secret, const uint8_t *given, uint16_t length)
{
	/* The guess laid out like the secret: its first min(length, 32) bytes, zeros, then its
	   length (33 for any longer guess); the whole block compared, with no branch or index
	   that depends on the secret, the guess or the length. */
	uint8_t diff = 0, i, over, len;
	if (length > 0x7fff)
		length = 0x7fff; /* bodies are at most 256 bytes: never taken */
	for (i = 0; i < SZ_GATE_MAX_LENGTH; i++)
		diff |= (uint8_t)(KS_READ_BYTE(secret + i) ^ (given[i] & lt_mask(i, length)));
	over = lt_mask(SZ_GATE_MAX_LENGTH, length); /* length > 32 */
	len = (uint8_t)(((uint8_t)length & (uint8_t)~over) | ((SZ_GATE_MAX_LENGTH + 1) & over));
	diff |= (uint8_t)(KS_READ_BYTE(secret + SZ_GATE_MAX_LENGTH) ^ len);
	return (uint8_t)((uint16_t)((uint16_t)diff - 1u) >> 15);
}

/* now < lockedUntil, as the Java's: a lock starts with the failure that sets it, so it is kept
   as its length from last_failure (the Java's lockedUntil = last_failure + lock); before the
   FREE_FAILURES-th failure there is none (the Java's lockedUntil is then 0). */
static uint8_t locked(const struct sz_gate_entry *e, uint32_t now)
{
	return e->failures >= SZ_GATE_FREE_FAILURES && now - e->last_failure < e->lock;
}

static uint8_t forgotten(const struct sz_gate_entry *e, uint32_t now)
{
	return !locked(e, now) && now - e->last_failure >= SZ_GATE_FORGET_MS;
}

static void clear(struct sz_gate_entry *e)
{
	memset(e, 0, sizeof(*e));
}

static uint8_t same_peer(const struct sz_gate_entry *e, const uint8_t *peer, uint8_t len)
{
	uint8_t i;
	if (!e->used || e->peer_len != len)
		return 0;
	for (i = 0; i < len; i++)
		if (e->peer[i] != peer[i])
			return 0;
	return 1;
}

/* The client's entry: its own; else, with claim, a free or forgotten one it then owns
   (without claim such an entry is made clean and returned); else the overflow. */
static struct sz_gate_entry *entry(struct sz_password_gate *g, const uint8_t *peer, uint8_t len,
				   uint32_t now, uint8_t claim)
{
	struct sz_gate_entry *overflow = &g->entries[g->clients], *free = 0, *e;
	if (len > SZ_PEER_MAX)
		len = SZ_PEER_MAX;
	for (e = g->entries; e < overflow; e++) {
		if (same_peer(e, peer, len)) {
			if (forgotten(e, now)) {
				/* Quiet for FORGET_MS: its old failures no longer count against it. */
				memset(&e->failures, 0, sizeof(*e) - offsetof(struct sz_gate_entry, failures));
			}
			return e;
		}
		if (!free && (!e->used || forgotten(e, now)))
			free = e;
	}
	if (!free) {
		if (forgotten(overflow, now))
			clear(overflow);
		return overflow;
	}
	clear(free);
	if (claim) {
		free->used = 1;
		free->peer_len = len;
		memcpy(free->peer, peer, len);
	}
	return free;
}

uint32_t sz_password_gate_retry_after(struct sz_password_gate *g, const uint8_t *peer, uint8_t peer_len)
{
	uint32_t now = sz_clock_millis();
	struct sz_gate_entry *e = entry(g, peer, peer_len, now, 0);
	return locked(e, now) ? e->lock - (now - e->last_failure) : 0;
}

uint8_t sz_password_gate_attempt(struct sz_password_gate *g, const uint8_t *peer, uint8_t peer_len,
				 const uint8_t *given, uint16_t length)
{
	uint32_t now = sz_clock_millis();
	struct sz_gate_entry *e = entry(g, peer, peer_len, now, 1);
	uint8_t doublings;
	if (locked(e, now))
		return SZ_GATE_BACKING_OFF;
	if (sz_password_gate_compare(g->secret, given, length)) {
		clear(e);
		return SZ_GATE_ACCEPTED;
	}
	if (e->failures < SZ_GATE_FREE_FAILURES + SZ_GATE_MAX_DOUBLINGS)
		e->failures++;
	e->last_failure = now;
	if (e->failures >= SZ_GATE_FREE_FAILURES) {
		doublings = (uint8_t)(e->failures - SZ_GATE_FREE_FAILURES);
		e->lock = (uint32_t)SZ_GATE_FIRST_DELAY_MS << doublings;
	}
	return SZ_GATE_REJECTED;
}
