/*
 * sz_port.h over memory (sz_port_memory.h): the fuzzer's and the in-process replays' link.
 * Host only. sz_port_accept with no connection given is a bug in the driver: it stops the
 * process rather than wait for ever.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sz_port_memory.h"

sz_port_memory sz_port_mem;
static uint8_t seed[64];
static size_t seed_len = 1, seed_pos;

void sz_port_memory_seed(const uint8_t *s, size_t n)
{
	if (n == 0 || n > sizeof seed)
		abort();
	memcpy(seed, s, n);
	seed_len = n;
	seed_pos = 0;
}

void sz_port_memory_connect(const uint8_t *in, size_t n, uint16_t piece, uint8_t *out, size_t cap)
{
	sz_port_mem.in = in;
	sz_port_mem.in_len = n;
	sz_port_mem.in_pos = 0;
	sz_port_mem.piece = piece ? piece : 1;
	sz_port_mem.out = out;
	sz_port_mem.out_cap = cap;
	sz_port_mem.out_len = sz_port_mem.out_lost = 0;
	sz_port_mem.open = 0;
	sz_port_mem.hung_up = 0;
	sz_port_mem.pending = 1; /* this connection waits to be accepted */
}

int sz_port_init(void)
{
	return 0;
}

void sz_port_accept(void)
{
	if (!sz_port_mem.pending) {
		fprintf(stderr, "sz_port_memory: accept with no connection given\n");
		abort();
	}
	sz_port_mem.pending = 0;
	sz_port_mem.open = 1;
	sz_port_mem.accepts++;
}

int16_t sz_port_read(uint8_t *buf, uint16_t max, uint16_t timeout_ms)
{
	size_t n = sz_port_mem.in_len - sz_port_mem.in_pos;
	sz_port_mem.millis++;
	if (!sz_port_mem.open || n == 0) {
		(void)timeout_ms;
		return SZ_PORT_CLOSED;
	}
	if (n > max)
		n = max;
	if (n > sz_port_mem.piece)
		n = sz_port_mem.piece;
	memcpy(buf, sz_port_mem.in + sz_port_mem.in_pos, n);
	sz_port_mem.in_pos += n;
	return (int16_t)n;
}

void sz_port_write(const uint8_t *buf, uint16_t n)
{
	size_t room = sz_port_mem.out_cap - sz_port_mem.out_len, k = n < room ? n : room;
	if (!sz_port_mem.open)
		return;
	memcpy(sz_port_mem.out + sz_port_mem.out_len, buf, k);
	sz_port_mem.out_len += k;
	sz_port_mem.out_lost += n - k;
}

uint8_t sz_port_pending(void)
{
	return 0; /* the next connection is given only after this one is over */
}

void sz_port_hangup(void)
{
	sz_port_mem.open = 0;
	sz_port_mem.hung_up = 1;
}

uint32_t sz_port_millis(void)
{
	return ++sz_port_mem.millis & 0xFFFFFFUL;
}

void sz_port_seed(uint8_t *out, uint16_t n)
{
	while (n--) {
		*out++ = seed[seed_pos];
		seed_pos = (seed_pos + 1) % seed_len;
	}
}

void sz_port_log(const char *s, uint16_t n)
{
	(void)s;
	(void)n; /* the fuzzer's and the replays' runs keep no log */
}

int sz_port_ram(uint16_t *static_bytes, uint16_t *stack_bytes)
{
	(void)static_bytes;
	(void)stack_bytes;
	return 0; /* a process's memory is not the device's */
}
