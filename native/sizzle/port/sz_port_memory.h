/*
 * sz_port.h over memory, for the fuzzer and the replay tests: each connection's client bytes
 * are given before it is served (sz_port_memory_connect), handed to the server's reads in
 * pieces of at most `piece` bytes, then the client's end (SZ_PORT_CLOSED); what the server
 * writes is captured in the caller's buffer. The clock moves one millisecond a call, so a
 * server waiting on a deadline gets there without a wall clock; the seed's bytes are given
 * (in order and again). Deterministic: the same input gives the same output.
 */
#ifndef SZ_PORT_MEMORY_H
#define SZ_PORT_MEMORY_H
#include <stddef.h>
#include "sz_port.h"

typedef struct {
	const uint8_t *in;   /* the client's bytes */
	size_t in_len, in_pos;
	uint16_t piece;      /* the most one read hands over (>= 1) */
	uint8_t *out;        /* the server's bytes */
	size_t out_cap, out_len;
	size_t out_lost;     /* bytes written beyond out_cap (counted, not kept) */
	uint8_t open;        /* a connection was accepted and not hung up */
	uint8_t hung_up;     /* the server ended the connection */
	uint8_t pending;     /* a connection was given and not yet accepted */
	uint32_t millis;
	uint32_t accepts;
} sz_port_memory;

/* The port's state (one per process, as the real ports). */
extern sz_port_memory sz_port_mem;

/* Sets the seed bytes (1..64) the random generator's seed requests get. */
void sz_port_memory_seed(const uint8_t *seed, size_t n);
/* The next connection: the client sends in[0..n) then closes its side; the server's bytes go to
 * out[0..cap). */
void sz_port_memory_connect(const uint8_t *in, size_t n, uint16_t piece, uint8_t *out, size_t cap);
#endif
