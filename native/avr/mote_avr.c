/* The mote platform (sim/mote.h) on the ATmega128 in avr_harness: UART0 console, the harness's
 * cycle-counter device (sim/mote_sim.h), stack painting between the end of .bss and SP. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

#include "mote.h"
#include "mote_sim.h"

#define SIM_REG(addr) (*(volatile uint8_t *)(addr))

extern uint8_t __heap_start; /* end of .data/.bss: the stack may grow down to here */
static uint16_t painted_sp;

void mote_init(void)
{
	UBRR0H = 0;
	UBRR0L = 7; /* 57,600 baud at the Mica2's 7.3728 MHz */
	UCSR0B = _BV(TXEN0) | _BV(RXEN0);
	UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
}

void mote_putc(char c)
{
	loop_until_bit_is_set(UCSR0A, UDRE0);
	UDR0 = (uint8_t)c;
}

uint32_t mote_cycles(void)
{
	SIM_REG(SIM_CYCLE_LATCH) = 1;
	return (uint32_t)SIM_REG(SIM_CYCLE_0) | (uint32_t)SIM_REG(SIM_CYCLE_0 + 1) << 8
	     | (uint32_t)SIM_REG(SIM_CYCLE_0 + 2) << 16 | (uint32_t)SIM_REG(SIM_CYCLE_0 + 3) << 24;
}

void mote_stack_paint(void)
{
	uint8_t *p = &__heap_start;
	painted_sp = SP;
	/* Leave a margin for this function's own frame and return address. */
	while ((uint16_t)p < painted_sp - 16)
		*p++ = MOTE_STACK_PAINT;
}

uint16_t mote_stack_peak(void)
{
	const uint8_t *p = &__heap_start;
	while ((uint16_t)p < painted_sp && *p == MOTE_STACK_PAINT)
		p++;
	return (uint16_t)(painted_sp - (uint16_t)p);
}

uint16_t mote_stack_free(void)
{
	return (uint16_t)(mote_stack_low() - (uint16_t)&__heap_start);
}

uint16_t mote_stack_low(void)
{
	return (uint16_t)(painted_sp - mote_stack_peak());
}

void mote_exit(uint8_t status)
{
	while (!(UCSR0A & _BV(UDRE0)))
		;
	SIM_REG(SIM_EXIT) = status;
	cli();
	set_sleep_mode(SLEEP_MODE_IDLE);
	sleep_enable();
	for (;;)
		sleep_cpu(); /* with interrupts off, the harness ends the run here */
}
