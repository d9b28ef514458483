/*
 * The inbound path on a mote: the ATmega128 reads the client's bytes from UART0 (polled), the
 * MSP430F1611 from the bridge's RAM mailbox, each asking for what the engine wants next
 * (sz_server_wants, at most 64 bytes; with -DSZ_MOTE_BYTEWISE the AVR pushes every byte alone,
 * as an interrupt-driven main loop would). The input
 * (sim/avr_harness.c -i, msp430/mspsim_run.py --input) is a 16-bit little-endian length, then
 * that many bytes of records: a ClientHello from the hello-shapes corpus. Every byte goes
 * through sz_server_push as it comes; the firmware prints the corpus line (mote_check.py
 * compares it with the Java's), the cycles spent inside the engine, its static state and the
 * stack it used. Not a parser of its own: the engine is native/sizzle/, unchanged.
 */
#include "mote.h"
#include "sz_shape_line.h"
#include "sz_profile.h"

#ifndef SZ_MOTE_RUN
#define SZ_MOTE_RUN SZ_PROFILE_NAME
#endif

#ifdef __AVR__
#include <avr/io.h>

static void input_start(void)
{
}

/* max bytes from UART0 (one with SZ_MOTE_BYTEWISE: each pushed as it comes), polled: simavr
 * keeps what the harness sends until UDR0 is read; the caller never asks for more than the
 * input holds. */
static uint16_t input(uint8_t *buf, uint16_t max)
{
	uint16_t n;
#ifdef SZ_MOTE_BYTEWISE
	max = 1;
#endif
	for (n = 0; n < max; n++) {
		loop_until_bit_is_set(UCSR0A, RXC0);
		buf[n] = UDR0;
	}
	return n;
}
#else
#include "mailbox.h"

static void input_start(void)
{
}

static uint16_t input(uint8_t *buf, uint16_t max)
{
	return mote_read(buf, max);
}
#endif

/* The handshake hash's input, counted (the integrator binds it to the hashes). */
static uint16_t hashed;

void sz_transcript_update(void *ctx, const uint8_t *data, size_t len)
{
	(void)ctx;
	(void)data;
	hashed += (uint16_t)len;
}

static sz_server engine;
static uint8_t buf[64];

static void put(void *ctx, char c)
{
	(void)ctx;
	mote_putc(c);
}

int main(void)
{
	uint32_t cycles = 0, overhead, t0, t1;
	uint16_t total, got = 0, want, n, i, calls = 0, stack;
	mote_init();
	input_start();
	t0 = mote_cycles();
	t1 = mote_cycles();
	overhead = t1 - t0;
	n = input(buf, 2);
	if (n < 2)
		input(buf + 1, 1);
	total = (uint16_t)(buf[0] | buf[1] << 8);
	mote_stack_paint();
	sz_server_init(&engine, 0);
	while (got < total && engine.status == SZ_SERVER_WANT) {
		want = sz_server_wants(&engine);
		if (want > sizeof buf)
			want = sizeof buf;
		if (want > total - got)
			want = total - got;
		n = input(buf, want);
		if (n == 0)
			break;
		got += n;
		for (i = 0; i < n && engine.status == SZ_SERVER_WANT;) {
			t0 = mote_cycles();
			i += (uint16_t)sz_server_push(&engine, buf + i, n - i);
			t1 = mote_cycles();
			cycles += t1 - t0 - overhead;
			calls++;
		}
	}
	if (engine.status == SZ_SERVER_WANT)
		sz_server_eof(&engine);
	stack = mote_stack_peak();
	mote_puts("line ");
	sz_shape_line(&engine, put, 0);
	mote_puts("\nmetric " SZ_MOTE_RUN ".hello.parse.cycles ");
	mote_put_u32(cycles);
	mote_puts("\nmetric " SZ_MOTE_RUN ".hello.bytes ");
	mote_put_u32(got);
	mote_puts("\nmetric " SZ_MOTE_RUN ".hello.hashed_bytes ");
	mote_put_u32(hashed);
	mote_puts("\nmetric " SZ_MOTE_RUN ".hello.push_calls ");
	mote_put_u32(calls);
	mote_puts("\nmetric " SZ_MOTE_RUN ".engine.state_bytes ");
	mote_put_u32(sizeof engine);
	mote_puts("\nmetric " SZ_MOTE_RUN ".hello.stack_bytes ");
	mote_put_u32(stack);
	mote_puts("\n");
	mote_exit(0);
}
