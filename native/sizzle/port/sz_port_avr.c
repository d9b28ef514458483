/*
 * sz_port.h on the ATmega128 in avr_harness -L: the client's bytes on UART0 (57,600 baud at
 * the Mica2's 7.3728 MHz, as a Mica2 on its programming board talks to a PC), the log on UART1, the link's state,
 * the clock and the seed from the harness's simulator-only device (sim/mote_sim.h). A real
 * Mica2 would count milliseconds with Timer0 and sample its seed as README says.
 */
#include <avr/io.h>

#include "mote.h"
#include "mote_sim.h"
#include "sz_port.h"

/* avr-libc's linker script: .data, then .bss, from RAM's start (0x100); the stack grows down
 * from RAMEND. */
extern uint8_t __data_start, __data_end, __bss_start, __bss_end;

#define SIM_REG(addr) (*(volatile uint8_t *)(addr))

static uint8_t sent; /* bytes written since the last wait for the transmitter */

int sz_port_init(void)
{
	mote_stack_paint(); /* first: the RAM measure's pattern (sz_port_ram) */
	UBRR0H = 0;
	UBRR0L = 7; /* 57,600 baud at 7.3728 MHz */
	UCSR0B = _BV(TXEN0) | _BV(RXEN0);
	UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
	UBRR1H = 0;
	UBRR1L = 1; /* the log console: 230,400 baud */
	UCSR1B = _BV(TXEN1);
	UCSR1C = _BV(UCSZ11) | _BV(UCSZ10);
	return 0;
}

void sz_port_accept(void)
{
	SIM_REG(SIM_LINK) = SIM_LINK_ACCEPT; /* returns with a client: no simulated time passes */
}

int16_t sz_port_read(uint8_t *buf, uint16_t max, uint16_t timeout_ms)
{
	uint32_t start = sz_port_millis();
	uint16_t n = 0;
	for (;;) {
		/* Having the first byte, the rest of max as long as the bytes keep coming (the line
		 * quiet for two byte times ends it, as in sz_port_hangup): the engine asks for what it
		 * needs (the rest of a header or a record), and each read it takes is a turn of the
		 * server loop, ~2,300 cycles, where taking the bytes as they were found took one
		 * turn every two bytes (the UART brings one each 1,280 cycles). */
		uint16_t quiet = 0;
		while (n < max && quiet < (n ? 600u : 1u)) {
			if (UCSR0A & _BV(RXC0)) {
				buf[n++] = UDR0;
				quiet = 0;
			} else {
				quiet++;
			}
		}
		if (n)
			return (int16_t)n;
		uint8_t st = SIM_REG(SIM_LINK); /* the harness waits up to 1 ms here for input */
		if ((st & SIM_LINK_CLOSED) || !(st & SIM_LINK_OPEN))
			return SZ_PORT_CLOSED;
		if (sz_port_elapsed(start) >= timeout_ms)
			return SZ_PORT_TIMEOUT;
	}
}

void sz_port_write(const uint8_t *buf, uint16_t n)
{
	while (n--) {
		loop_until_bit_is_set(UCSR0A, UDRE0);
		UCSR0A |= _BV(TXC0); /* cleared by writing one: set again once this byte is out */
		UDR0 = *buf++;
		sent = 1;
	}
}

uint8_t sz_port_pending(void)
{
	return SIM_REG(SIM_LINK) & SIM_LINK_PENDING;
}

void sz_port_hangup(void)
{
	uint16_t quiet = 0;
	if (sent)
		loop_until_bit_is_set(UCSR0A, TXC0); /* the last byte has left the shift register */
	sent = 0;
	SIM_REG(SIM_LINK) = SIM_LINK_HANGUP;
	/* Bytes of the old client still on their way through the UART are not the next
	 * client's: read until the line has been quiet for more than two byte times. */
	while (quiet < 600) {
		if (UCSR0A & _BV(RXC0)) {
			(void)UDR0;
			quiet = 0;
		} else {
			quiet++;
		}
	}
}

uint32_t sz_port_millis(void)
{
	SIM_REG(SIM_MS_LATCH) = 1;
	return (uint32_t)SIM_REG(SIM_MS_0) | (uint32_t)SIM_REG(SIM_MS_0 + 1) << 8
	     | (uint32_t)SIM_REG(SIM_MS_0 + 2) << 16;
}

int sz_port_ram(uint16_t *static_bytes, uint16_t *stack_bytes)
{
	*static_bytes = (uint16_t)((uint16_t)&__data_end - (uint16_t)&__data_start + (uint16_t)&__bss_end -
				   (uint16_t)&__bss_start);
	*stack_bytes = (uint16_t)(RAMEND + 1 - mote_stack_low());
	return 1;
}

void sz_port_seed(uint8_t *out, uint16_t n)
{
	while (n--)
		*out++ = SIM_REG(SIM_SEED);
}

void sz_port_log(const char *s, uint16_t n)
{
	while (n--) {
		while (!(UCSR1A & _BV(UDRE1)))
			;
		UDR1 = (uint8_t)*s++;
	}
}
