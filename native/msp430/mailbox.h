/*
 * The RAM mailbox between MSP430 firmware and the host bridge (msp430/mspsim_run.py), which
 * drives mspdebug's simulator through its GDB stub (DESIGN.md §4). The firmware fills the
 * mailbox and then writes a command to the doorbell; the bridge's write watchpoint on the
 * doorbell halts the CPU (no simulated cycles pass while halted), it serves the command and
 * lets the CPU go on. Layout shared with the bridge: keep both in step.
 */
#ifndef MAILBOX_H
#define MAILBOX_H

#include <stdint.h>

enum {
	MAILBOX_CYCLES = 1, /* bridge: write the simulator's MCLK count into cycles */
	MAILBOX_TX = 2,     /* bridge: copy tx[0..tx_len) to its output */
	MAILBOX_EXIT = 3,   /* bridge: end the run with status */
	MAILBOX_RX = 4,     /* bridge: put 1..rx_want input bytes in rx (rx_len 0: input ended) */
	/* A server's link (mspsim_run.py --serve PORT: TCP clients one at a time; sizzle/port): */
	/* bridge: first TX's copy of tx[0..tx_len) if any (the writes go with the read: one stop),
	 * then as RX but wait at most wait_ms; then link, and ms as MILLIS (the clock as the read
	 * returned, so the caller needs no MILLIS for it); rx_len 0: see link */
	MAILBOX_RX_WAIT = 5,
	MAILBOX_LINK = 6,    /* bridge: write the MAILBOX_LINK_* bits into link */
	MAILBOX_ACCEPT = 7,  /* bridge: wait for the next client */
	MAILBOX_HANGUP = 8,  /* bridge: close the client, after the bytes sent so far */
	MAILBOX_MILLIS = 9,  /* bridge: write its milliseconds since start into ms */
	MAILBOX_SEED = 10,   /* bridge: put rx_want seed bytes in rx (--seed HEX, else the host's entropy) */
	MAILBOX_LOG = 11     /* bridge: copy tx[0..tx_len) to its stdout (the log console; never the client) */
};

#define MAILBOX_LINK_OPEN    0x01 /* a client is connected */
#define MAILBOX_LINK_CLOSED  0x02 /* it has closed, and every byte it sent has been read */
#define MAILBOX_LINK_PENDING 0x04 /* another client is waiting to connect */

#define MAILBOX_TX_SIZE 128
#define MAILBOX_RX_SIZE 128

struct mailbox {
	uint16_t doorbell; /* offset 0 */
	uint16_t status;   /* offset 2 */
	uint32_t cycles;   /* offset 4, little-endian */
	uint16_t tx_len;   /* offset 8 */
	uint8_t tx[MAILBOX_TX_SIZE]; /* offset 10 */
	uint16_t rx_want;  /* offset 138: at most MAILBOX_RX_SIZE */
	uint16_t rx_len;   /* offset 140 */
	uint8_t rx[MAILBOX_RX_SIZE]; /* offset 142 */
	uint16_t link;     /* offset 270: MAILBOX_LINK_* after LINK and RX_WAIT */
	uint16_t wait_ms;  /* offset 272: RX_WAIT's limit */
	uint32_t ms;       /* offset 274, little-endian: after MILLIS and RX_WAIT */
};

/* In .bss: the startup code's clearing rings the doorbell with 0, which the bridge ignores. */
extern volatile struct mailbox mote_mailbox;

/* Up to max bytes of the input stream (waits for at least one); 0 once the input has ended.
 * No simulated time passes while the bridge waits for its input. */
uint16_t mote_read(uint8_t *buf, uint16_t max);

#endif
