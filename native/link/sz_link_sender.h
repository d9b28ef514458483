/* One direction's sending half (LINK.md §4): mirrors sizzle/link/MessageSender.java. Frame 0
 * alone until its ACK, then the rest back to back, the last one asking (the poll); a NACK
 * names what to send again; ACK COMPLETE ends the message; a timeout repeats the frame that
 * asked. It keeps the caller's message (not a copy) and a map of frames to resend. */
#ifndef SZ_LINK_SENDER_H
#define SZ_LINK_SENDER_H

#include <stdint.h>
#include "sz_link_frame.h"
#include "sz_link_config.h"

/* States. */
#define SZ_TX_IDLE 0
#define SZ_TX_HELD 1
#define SZ_TX_FIRST 2
#define SZ_TX_WAIT_FIRST 3
#define SZ_TX_STREAM 4
#define SZ_TX_WAIT_POLL 5
#define SZ_TX_RESEND 6
/* Results of on_ack / on_nack / tick. */
#define SZ_TX_NOTHING 0
#define SZ_TX_DONE 1
#define SZ_TX_FAILED 2
#define SZ_TX_REFUSED 3
#define SZ_TX_IGNORED 4
#define SZ_TX_TIMED_OUT 5

struct sz_link_sender {
	const uint8_t *buf;
	uint32_t deadline;
	uint16_t len, frames, next;
	uint8_t state, msg, retries, rounds;
	uint8_t built_state, built_asks;
#if SZ_LINK_TEMPLATES
	uint8_t type; /* DATA, or DATA-TEMPLATE for a compressed message (LINK.md §9) */
#endif
	uint8_t resend[SZ_LINK_MAP_BYTES];
};

void sz_link_sender_reset(struct sz_link_sender *s);
void sz_link_sender_take(struct sz_link_sender *s, const uint8_t *b, uint16_t len);
void sz_link_sender_start(struct sz_link_sender *s);
uint8_t sz_link_sender_due(const struct sz_link_sender *s);
/* Builds the next due frame into b (dst, src, conn already in f); returns its length. */
uint8_t sz_link_sender_build(struct sz_link_sender *s, struct sz_link_frame *f, uint8_t *b);
uint8_t sz_link_sender_built_repeat(const struct sz_link_sender *s);
void sz_link_sender_transmitted(struct sz_link_sender *s, uint32_t now);
uint8_t sz_link_sender_on_ack(struct sz_link_sender *s, uint8_t m, uint8_t index, uint8_t status);
uint8_t sz_link_sender_on_nack(struct sz_link_sender *s, uint8_t m, const uint8_t *p, uint8_t n);
/* Whether a deadline is armed (the WAIT states), and the tick at it. */
uint8_t sz_link_sender_waiting(const struct sz_link_sender *s);
uint8_t sz_link_sender_tick(struct sz_link_sender *s, uint32_t now);

#endif
