/* One direction's receiving half (LINK.md §4): mirrors sizzle/link/MessageReceiver.java, but
 * it assembles straight into the caller's buffer (a mote's TLS record buffer): no second
 * buffer. Frame 0 gives the length; a map says which frames are there; each frame's data goes
 * to its place. It answers only frames that ask, and has no timer. */
#ifndef SZ_LINK_RECEIVER_H
#define SZ_LINK_RECEIVER_H

#include <stdint.h>
#include "sz_link_frame.h"
#include "sz_link_config.h"

/* What sz_link_receiver_accept asks the end to answer, besides an ACK status (0-4). */
#define SZ_RX_SILENT 0xFF
#define SZ_RX_SEND_NACK 0xFE

struct sz_link_receiver {
	uint8_t *buf;
	uint16_t capacity, len, frames, have;
	uint8_t expected;
	uint8_t dropped;   /* the drop reason of the last accept that dropped (SZ_LS_*), else 0 */
	/* One bit each (a mote's RAM): */
	uint8_t delivered_any : 1;
	uint8_t assembling : 1;
	uint8_t completed : 1;  /* whether the last accept completed a message (in buf[0 .. len)) */
#if SZ_LINK_READY_ONLY
	uint8_t granted : 1;    /* READY given for the expected message, its frame 0 not yet taken */
#endif
#if SZ_LINK_TEMPLATES
	uint8_t compressed : 1; /* the message is DATA-TEMPLATE, not DATA (LINK.md §9): its frame 0's type */
#endif
#if SZ_LINK_READY_ONLY
	uint16_t room;     /* the bytes at buf the granted message may take (sz_link_ready_into) */
#endif
	uint8_t got[SZ_LINK_MAP_BYTES];
};

void sz_link_receiver_reset(struct sz_link_receiver *r);
/* Takes a data frame already checked by the codec and for its connection. */
uint8_t sz_link_receiver_accept(struct sz_link_receiver *r, const struct sz_link_frame *f, const uint8_t *b);
/* Writes the NACK payload for the expected message at p; returns its length. */
uint8_t sz_link_receiver_nack(const struct sz_link_receiver *r, uint8_t *p);

#endif
