/*
 * The mote firmware that replays one stored HTTP transcript (made into a script by
 * http_script.py) against the HTTP layer and the thermostat application: connections from
 * the UART (AVR, avr_harness -i) or the mailbox (MSP430, mspsim_run.py --input), each
 * connection's bytes read whole and then pushed in reads of up to 7 bytes; every pull of HTTP_CHUNK bytes printed as a "W <hex>" line, each
 * connection's end as "E consumed=N closed=1"; http_script.py check compares them with the
 * Java's writes. Then the figures: the stack high-water of push, pull and end (the stack
 * painted before each call), the RAM of the HTTP layer's and the application's state, and
 * the cycles of the password comparison for right and wrong guesses of many lengths.
 */
#include "mote.h"

#include "http_device.h"
#include "sz_clock.h"
#include "sz_http_connection.h"
#include "sz_temperature_sensor.h"
#include "sz_thermostat_app.h"

#ifdef __AVR__
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

/* Received bytes, queued by the interrupt: the firmware works between reads (a byte that
   came meanwhile would be lost with a one-byte buffer). When the queue is full the interrupt
   goes off, and the rest wait in the UART (the harness holds them back, XON/XOFF). */
static volatile uint8_t rx_queue[64], rx_head, rx_tail;

ISR(USART0_RX_vect)
{
	rx_queue[rx_head++ & 63] = UDR0;
	if ((uint8_t)(rx_head - rx_tail) == 64)
		UCSR0B &= (uint8_t)~_BV(RXCIE0);
}

/* The UART's receiver on before the startup code clears .bss (a few thousand cycles here):
   the harness starts the input with the run, and bytes that reach a disabled receiver are
   lost. .init3 runs after the stack is set up, before .data and .bss are initialised. */
__attribute__((naked, used, section(".init3"))) static void receiver_early(void)
{
	mote_init();
}

static void input_init(void)
{
	UCSR0B |= _BV(RXCIE0);
	set_sleep_mode(SLEEP_MODE_IDLE);
}

static uint8_t get_byte(void)
{
	uint8_t c;
	cli();
	while (rx_head == rx_tail) {
		sleep_enable();
		sei();
		sleep_cpu(); /* woken by the receive interrupt */
		sleep_disable();
		cli();
	}
	c = rx_queue[rx_tail++ & 63];
	UCSR0B |= _BV(RXCIE0);
	sei();
	return c;
}
#else
#include "mailbox.h"

static uint8_t in_buf[32];
static uint16_t in_len, in_at;

static void input_init(void)
{
}

static uint8_t get_byte(void)
{
	if (in_at == in_len) {
		in_len = mote_read(in_buf, sizeof(in_buf));
		in_at = 0;
		if (!in_len)
			mote_exit(3); /* the script ended early */
	}
	return in_buf[in_at++];
}
#endif

static uint32_t now;
static int16_t temperature;

uint32_t sz_clock_millis(void)
{
	return now;
}

int16_t sz_temperature_tenths(void)
{
	return temperature;
}

static struct sz_thermostat thermostat;
static struct sz_password_gate gate;
static struct sz_thermostat_app app;
static struct sz_http http;
static uint8_t rec[HTTP_CHUNK]; /* the TLS engine's record payload in a real firmware */
static uint8_t peer[SZ_PEER_MAX];
static uint8_t input[1024]; /* one connection's bytes (the test's, not the HTTP layer's) */
static uint16_t stack_push, stack_pull;

static uint32_t get_le(uint8_t n)
{
	uint32_t v = 0;
	uint8_t i;
	for (i = 0; i < n; i++)
		v |= (uint32_t)get_byte() << (8 * i);
	return v;
}

static void put_line(const char *key, uint32_t v)
{
	mote_puts(key);
	mote_put_u32(v);
}

static uint16_t peak(uint16_t was)
{
	uint16_t p = mote_stack_peak();
	return p > was ? p : was;
}

static void drain(void)
{
	uint16_t m;
	for (;;) {
		mote_stack_paint();
		m = sz_http_pull(&http, rec, HTTP_CHUNK);
		stack_pull = peak(stack_pull);
		if (!m)
			break;
		mote_puts("W ");
		mote_put_hex(rec, m);
		mote_putc('\n');
	}
}

static void connection(void)
{
	uint8_t len = (uint8_t)get_byte(), i, timeout;
	uint16_t left, at, consumed = 0;
	uint32_t lo;
	for (i = 0; i < len; i++)
		peer[i < SZ_PEER_MAX ? i : SZ_PEER_MAX - 1] = get_byte();
	lo = get_le(4);
	(void)get_le(4); /* the Java's long: its high word, beyond sz_clock.h's 32 bits */
	now = lo;
	temperature = (int16_t)get_le(2);
	timeout = get_byte();
	left = (uint16_t)get_le(2);
	if (left > sizeof(input)) {
		mote_puts("connection too long for the test's buffer\n");
		mote_exit(1);
	}
	for (at = 0; at < left; at++)
		input[at] = get_byte();
	sz_http_begin(&http, &app, peer, len < SZ_PEER_MAX ? len : SZ_PEER_MAX);
	for (at = 0; at < left && !sz_http_closed(&http);) {
		uint8_t k = left - at < 7 ? (uint8_t)(left - at) : 7, off = 0; /* reads of up to 7 bytes */
		while (off < k) {
			size_t used;
			mote_stack_paint();
			used = sz_http_push(&http, input + at + off, k - off);
			stack_push = peak(stack_push);
			off = (uint8_t)(off + used);
			consumed = (uint16_t)(consumed + used);
			drain();
			if (!used && !sz_http_pending(&http))
				break;
		}
		at = (uint16_t)(at + off);
		if (off < k)
			break;
	}
	if (!sz_http_closed(&http)) {
		mote_stack_paint();
		sz_http_end(&http, timeout);
		stack_push = peak(stack_push);
		drain();
	}
	put_line("E consumed=", consumed);
	put_line(" closed=", sz_http_closed(&http));
	mote_putc('\n');
}

/* The comparison's cycles for guesses of many lengths and contents, the right one among them
   (the device's password is "hunter2" in the transcript the motes replay). */
static void compare_cycles(void)
{
	static const uint16_t lengths[] = {7, 7, 7, 7, 0, 1, 6, 8, 31, 32, 33, 256};
	uint8_t guess[SZ_GATE_MAX_LENGTH], i, j;
	uint32_t t0, t1, call;
	t0 = mote_cycles();
	t1 = mote_cycles();
	call = t1 - t0;
	for (i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
		uint8_t ok;
		for (j = 0; j < SZ_GATE_MAX_LENGTH; j++)
			guess[j] = (uint8_t)(j < 7 ? KS_READ_BYTE(http_secret + j) : 'a' + j);
		if (i == 1)
			guess[0] ^= 1; /* the first byte wrong */
		if (i == 2)
			guess[6] ^= 0x80; /* the last byte wrong */
		if (i == 3)
			memset(guess, 0, sizeof(guess));
		t0 = mote_cycles();
		ok = sz_password_gate_compare(http_secret, guess, lengths[i]);
		t1 = mote_cycles();
		put_line("compare len=", lengths[i]);
		put_line(" ok=", ok);
		put_line(" cycles=", t1 - t0 - call);
		mote_putc('\n');
	}
}

int main(void)
{
	uint16_t n;
	mote_init();
	input_init();
	n = (uint16_t)get_le(2); /* read at once: the harness starts the input with the run */
	if (!sz_thermostat_init(&thermostat, http_name, sizeof(http_name), http_kind, sizeof(http_kind))
	    || !sz_password_gate_init(&gate, http_secret, HTTP_CLIENTS)) {
		mote_puts("device refused\n");
		mote_exit(1);
	}
	sz_thermostat_app_init(&app, &thermostat, &gate);
	for (; n; n--)
		connection();
	put_line("figure stack_push_bytes=", stack_push);
	put_line(" stack_pull_bytes=", stack_pull);
	put_line(" http_state_bytes=", sizeof(struct sz_http));
	put_line(" app_state_bytes=", sizeof(struct sz_thermostat_app) + sizeof(struct sz_thermostat));
	put_line(" gate_bytes=", sizeof(struct sz_password_gate));
	put_line(" record_buffer_bytes=", sizeof(rec));
	mote_putc('\n');
	compare_cycles();
	mote_puts("done\n");
	mote_exit(0);
}
