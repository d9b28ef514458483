/* Harness self-test for the UART input path (sim/avr_harness.c -i FILE): take bytes from
 * UART0 until an EOT (0x04), then print how many came and their Fletcher-16 sum, so the host
 * can tell that every byte arrived, in order. Reception is interrupt-driven and the CPU sleeps
 * between bytes, as the TLS firmware will, so the harness's block-while-sleeping path carries
 * the stream. (No echo: sending takes as long as receiving at one baud rate, so an echo would
 * overrun any buffer without flow control of its own.) */
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

int main(void)
{
	uint32_t n = 0;
	uint16_t s1 = 0, s2 = 0;
	mote_init();
	UCSR0B |= _BV(RXCIE0);
	set_sleep_mode(SLEEP_MODE_IDLE);
	for (;;) {
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
		if (c == 0x04)
			break;
		n++;
		s1 = (s1 + c) % 255;
		s2 = (s2 + s1) % 255;
	}
	mote_puts("received ");
	mote_put_u32(n);
	mote_puts(" fletcher16 ");
	mote_put_u32((uint32_t)s2 << 8 | s1);
	mote_putc('\n');
	mote_exit(0);
}
