/*
 * sz_port.h on the MSP430F1611 in mspsim_run.py --serve: every exchange with the link goes
 * through the RAM mailbox (msp430/mailbox.h), whose bridge halts the CPU while it serves a
 * command, so waiting for a client or its bytes costs no simulated cycles. The clock and the
 * seed come from the bridge; a real TelosB would count milliseconds with Timer A on its
 * 32,768 Hz crystal and sample its seed as README says.
 */
#include "mailbox.h"
#include "mote.h"
#include "sz_port.h"

/* msp430/msp430f1611.ld: .data, then .bss, from RAM's start (0x1100); the stack grows down
 * from __stack_top (0x3900). */
extern uint8_t __data_start, __data_end, __bss_start, __bss_end, __stack_top;

static void ring(uint16_t command)
{
	mote_mailbox.doorbell = command;
}

static void flush_tx(void)
{
	if (mote_mailbox.tx_len) {
		ring(MAILBOX_TX);
		mote_mailbox.tx_len = 0;
	}
}

int sz_port_init(void)
{
	mote_stack_paint(); /* first: the RAM measure's pattern (sz_port_ram) */
	mote_mailbox.tx_len = 0;
	return 0;
}

void sz_port_accept(void)
{
	ring(MAILBOX_ACCEPT);
}

int16_t sz_port_read(uint8_t *buf, uint16_t max, uint16_t timeout_ms)
{
	uint16_t n;
	mote_mailbox.rx_want = max < MAILBOX_RX_SIZE ? max : MAILBOX_RX_SIZE;
	mote_mailbox.wait_ms = timeout_ms;
	ring(MAILBOX_RX_WAIT); /* it sends what was written so far first: the client may wait for it */
	mote_mailbox.tx_len = 0;
	n = mote_mailbox.rx_len;
	if (n) {
		for (uint16_t i = 0; i < n; i++)
			buf[i] = mote_mailbox.rx[i];
		return (int16_t)n;
	}
	if ((mote_mailbox.link & MAILBOX_LINK_CLOSED) || !(mote_mailbox.link & MAILBOX_LINK_OPEN))
		return SZ_PORT_CLOSED;
	return SZ_PORT_TIMEOUT;
}

void sz_port_write(const uint8_t *buf, uint16_t n)
{
	while (n--) {
		mote_mailbox.tx[mote_mailbox.tx_len++] = *buf++;
		if (mote_mailbox.tx_len == MAILBOX_TX_SIZE)
			flush_tx();
	}
}

uint8_t sz_port_pending(void)
{
	ring(MAILBOX_LINK);
	return (uint8_t)(mote_mailbox.link & MAILBOX_LINK_PENDING);
}

void sz_port_hangup(void)
{
	flush_tx();
	ring(MAILBOX_HANGUP);
}

uint32_t sz_port_millis(void)
{
	ring(MAILBOX_MILLIS);
	return mote_mailbox.ms & 0xFFFFFFUL;
}

int sz_port_ram(uint16_t *static_bytes, uint16_t *stack_bytes)
{
	*static_bytes = (uint16_t)((uint16_t)&__data_end - (uint16_t)&__data_start + (uint16_t)&__bss_end -
				   (uint16_t)&__bss_start);
	*stack_bytes = (uint16_t)((uint16_t)&__stack_top - mote_stack_low());
	return 1;
}

void sz_port_seed(uint8_t *out, uint16_t n)
{
	while (n) {
		uint16_t k = n < MAILBOX_RX_SIZE ? n : MAILBOX_RX_SIZE;
		mote_mailbox.rx_want = k;
		ring(MAILBOX_SEED);
		for (uint16_t i = 0; i < k; i++)
			out[i] = mote_mailbox.rx[i];
		out += k;
		n -= k;
	}
}

void sz_port_log(const char *s, uint16_t n)
{
	flush_tx(); /* the link's bytes go first: the log then has the mailbox's tx to itself */
	while (n) {
		uint16_t k = n < MAILBOX_TX_SIZE ? n : MAILBOX_TX_SIZE;
		for (uint16_t i = 0; i < k; i++)
			mote_mailbox.tx[i] = (uint8_t)s[i];
		mote_mailbox.tx_len = k;
		ring(MAILBOX_LOG);
		s += k;
		n -= k;
	}
	mote_mailbox.tx_len = 0;
}
