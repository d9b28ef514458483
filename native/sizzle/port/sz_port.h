/*
 * What the C Sizzle server needs from the platform it runs on: a byte link to one client at a
 * time, a millisecond clock for its deadlines, and the seed of its random generator. Three
 * implementations: the host (sz_port_host.c: a loopback TCP server), the ATmega128 in
 * avr_harness -L (sz_port_avr.c: UART0 and the harness's SIM_LINK device) and the MSP430F1611
 * in mspsim_run.py --serve (sz_port_msp430.c: the RAM mailbox). The Java server's counterpart
 * is its ConnectionSource (one-connection mode): a mote serves one client, and a client waiting
 * to connect is a reason to close an idle one (sizzle-server's HttpConnectionLoop).
 *
 * The link carries raw bytes: the TLS stream, or with SZ_FW_LINK=1 (firmware.mk) the radio link's
 * frames, sz_port_link.c being then this interface above the platform's (sz_port_raw.h).
 * No call allocates; reads and writes copy through the caller's buffers.
 */
#ifndef SZ_PORT_H
#define SZ_PORT_H

#include <stdint.h>

/* Results of sz_port_read besides a byte count. */
#define SZ_PORT_TIMEOUT 0    /* nothing arrived within the time given */
#define SZ_PORT_CLOSED (-1)  /* the client has closed, and every byte it sent has been read */

/* Once, before anything else (a mote paints its free RAM here: sz_port_ram). Returns 0, or -1 if the link cannot be set up (host only). */
int sz_port_init(void);

#if defined(SZ_FW_LINK) && SZ_FW_LINK
/* The link port only (sz_port_link.c), once after sz_port_init: the gateway's messages are put
 * together in the engine's record buffer itself (size bytes; READY-SLEEP announces size less
 * headroom: SZ_TLS_RECEIVE_HEADROOM), granted by READY only when the engine reads with nothing in
 * it unread (LINK.md §6.1). */
void sz_port_share(uint8_t *records, uint16_t size, uint16_t headroom);
/* Before each read: where in the record buffer the engine writes the next byte it takes
 * (sz_tls_receive_at) and the room from there to its end. When the engine has read the last
 * message whole, the next is granted here (READY), to land there. */
void sz_port_receive_at(uint8_t *at, uint16_t room);
#endif

/* Waits for the next client and opens the connection with it. */
void sz_port_accept(void);

/* Up to max (>= 1) bytes the client sent, waiting at most timeout_ms for the first: a count,
 * SZ_PORT_TIMEOUT or SZ_PORT_CLOSED. */
int16_t sz_port_read(uint8_t *buf, uint16_t max, uint16_t timeout_ms);

/* Sends n bytes to the client (all of them: the link paces the caller); a client that has
 * gone loses them silently, and the next read says SZ_PORT_CLOSED. */
void sz_port_write(const uint8_t *buf, uint16_t n);

/* Nonzero if another client is waiting to connect. */
uint8_t sz_port_pending(void);

/* Ends the connection after the bytes written so far. */
void sz_port_hangup(void);

/* Milliseconds on a free-running clock that wraps at 2^24 (take differences with
 * sz_port_elapsed). */
uint32_t sz_port_millis(void);

/* Milliseconds from `since` (an earlier sz_port_millis) to now, across a wrap. */
static inline uint32_t sz_port_elapsed(uint32_t since)
{
	return (sz_port_millis() - since) & 0xFFFFFFUL;
}

/* Writes n bytes to the device's log console, never to the client: the host's stderr, the
 * ATmega128's UART1 (the harness prints it), the MSP430 bridge's stdout (mailbox LOG). */
void sz_port_log(const char *s, uint16_t n);

/* The device's RAM in use (the motes; budget tests read it from the log): static = .data + .bss
 * from the linker's symbols, stack = the stack's high-water mark since boot (from the top of
 * RAM down to the lowest byte written below the pattern sz_port_init painted over the free RAM,
 * sim/mote.h). Returns 1, or 0 where there is no such measure (the host). */
int sz_port_ram(uint16_t *static_bytes, uint16_t *stack_bytes);

/* n bytes for seeding the random generator: the simulators' harness gives fresh bytes from
 * the host's entropy, or fixed ones for tests (README says what a real mote would sample). */
void sz_port_seed(uint8_t *out, uint16_t n);

/* Where SZ_PORT_HELLO_DIGEST (sz_config.h) is on: the ClientHello's digest the gateway sent in
 * its place (LINK.md §15.2: L, H and the tail, for sz_tls_hello_digest), once, when the bytes
 * just read are the start of its projection; else 0. */
const uint8_t *sz_port_hello_digest(void);

#endif
