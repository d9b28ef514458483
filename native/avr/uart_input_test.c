/*
 * Harness self-test for the UART input path (sim/avr_harness.c -i FILE): the input is a
 * 16-bit little-endian length N, then N bytes with byte i = (7 i + 3) mod 256; the firmware
 * checks every byte, so a dropped, doubled or reordered byte fails. Reception is
 * interrupt-driven and the CPU sleeps between bytes, as the TLS firmware will, so the
 * harness's block-while-sleeping path carries the stream.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

#include "mote.h"

static volatile uint8_t rx_byte, rx_full;

ISR(USART0_RX_vect)
{
	rx_byte = UDR0;
	rx_full = 1;
}

static uint8_t get_byte(void)
{
	uint8_t c;
	cli();
	while (!rx_full) {
		sleep_enable();
		sei();
		sleep_cpu(); /* woken by the receive interrupt */
		sleep_disable();
		cli();
	}
	c = rx_byte;
	rx_full = 0;
	sei();
	return c;
}

int main(void)
{
	uint16_t n, i, bad = 0;
	uint8_t want = 3;
	mote_init();
	UCSR0B |= _BV(RXCIE0);
	set_sleep_mode(SLEEP_MODE_IDLE);
	n = get_byte();
	n |= (uint16_t)get_byte() << 8;
	for (i = 0; i < n; i++, want += 7)
		if (get_byte() != want)
			bad++;
	mote_puts("check uart_input bytes=");
	mote_put_u32(n);
	mote_puts(bad ? " ok=0\n0 passed, 1 failed\n" : " ok=1\n1 passed, 0 failed\n");
	mote_exit(bad ? 1 : 0);
}
