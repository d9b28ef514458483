/* The mote platform (sim/mote.h) on the MSP430F1611 in mspdebug's simulator, through the
 * host bridge's mailbox (mailbox.h): console lines, input bytes, exact MCLK counts, exit
 * status; stack painting between the end of the RAM sections and SP. */
#include "mailbox.h"
#include "mote.h"


volatile struct mailbox mote_mailbox;
extern uint8_t __bss_end; /* end of .data/.bss: the stack may grow down to here */
static uint16_t painted_sp;

static uint16_t stack_pointer(void)
{
	uint16_t sp;
	__asm__ volatile("mov r1, %0" : "=r"(sp));
	return sp;
}

void mote_init(void)
{
	mote_mailbox.tx_len = 0;
}

static void flush_tx(void)
{
	if (mote_mailbox.tx_len) {
		mote_mailbox.doorbell = MAILBOX_TX;
		mote_mailbox.tx_len = 0;
	}
}

void mote_putc(char c)
{
	mote_mailbox.tx[mote_mailbox.tx_len++] = (uint8_t)c;
	if (c == '\n' || mote_mailbox.tx_len == MAILBOX_TX_SIZE)
		flush_tx();
}

uint32_t mote_cycles(void)
{
	mote_mailbox.doorbell = MAILBOX_CYCLES;
	return mote_mailbox.cycles;
}

void mote_stack_paint(void)
{
	uint8_t *p = &__bss_end;
	painted_sp = stack_pointer();
	/* Leave a margin for this function's own frame and return address. */
	while ((uint16_t)p < painted_sp - 16)
		*p++ = MOTE_STACK_PAINT;
}

uint16_t mote_stack_peak(void)
{
	const uint8_t *p = &__bss_end;
	while ((uint16_t)p < painted_sp && *p == MOTE_STACK_PAINT)
		p++;
	return (uint16_t)(painted_sp - (uint16_t)p);
}

uint16_t mote_stack_free(void)
{
	return (uint16_t)(mote_stack_low() - (uint16_t)&__bss_end);
}

uint16_t mote_stack_low(void)
{
	return (uint16_t)(painted_sp - mote_stack_peak());
}

uint16_t mote_read(uint8_t *buf, uint16_t max)
{
	uint16_t i, n;
	mote_mailbox.rx_want = max < MAILBOX_RX_SIZE ? max : MAILBOX_RX_SIZE;
	mote_mailbox.doorbell = MAILBOX_RX;
	n = mote_mailbox.rx_len;
	for (i = 0; i < n; i++)
		buf[i] = mote_mailbox.rx[i];
	return n;
}

void __stop(void) __attribute__((noreturn));

void mote_exit(uint8_t status)
{
	flush_tx();
	mote_mailbox.status = status;
	mote_mailbox.doorbell = MAILBOX_EXIT;
	__stop();
}
