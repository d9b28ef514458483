/* Mirrors sizzle/link/MessageReceiver.java (LINK.md §4, the receiver). */
#include <string.h>
#include "sz_link_receiver.h"
#include "sz_link_stats.h"

#define HAS(r, i) ((r)->got[(i) >> 3] & (1 << ((i) & 7)))

void sz_link_receiver_reset(struct sz_link_receiver *r)
{
	r->expected = 0;
	r->delivered_any = 0;
	r->assembling = 0;
#if SZ_LINK_READY_ONLY
	r->granted = 0;
#endif
}

uint8_t sz_link_receiver_accept(struct sz_link_receiver *r, const struct sz_link_frame *f, const uint8_t *b)
{
	uint8_t asks = f->flags & SZ_LINK_ACK_REQ, at = SZ_LF_HEADER, i = f->index, n;
	uint16_t total;
	r->dropped = 0;
	r->completed = 0;
	if (f->msg != r->expected) {
		if (r->delivered_any && f->msg == (uint8_t)(r->expected - 1)) {
			r->dropped = SZ_LS_DUPLICATE; /* the last ACK COMPLETE was lost */
			return asks ? SZ_LA_COMPLETE : SZ_RX_SILENT;
		}
		r->dropped = SZ_LS_STALE_MSG;
		return SZ_RX_SILENT;
	}
	if (i == 0) {
		total = sz_link_u16(b + SZ_LF_HEADER);
		if (r->assembling && total != r->len) {
			r->dropped = SZ_LS_BAD_SIZE;
			return SZ_RX_SILENT;
		}
#if SZ_LINK_TEMPLATES
		if (r->assembling && (f->type == SZ_LT_DATA_TEMPLATE) != r->compressed) {
			r->dropped = SZ_LS_BAD_TYPE;
			return SZ_RX_SILENT;
		}
#endif
		if (!r->assembling) {
#if SZ_LINK_READY_ONLY
			if (!r->granted) { /* not granted: its buffer may hold what its program has not read */
				r->dropped = SZ_LS_UNEXPECTED;
				return SZ_RX_SILENT;
			}
#endif
#if SZ_LINK_READY_ONLY
			if (total > r->room) { /* at most SZ_LINK_MAX_MESSAGE (sz_link_init, sz_link_ready_into) */
#else
			if (total > r->capacity) { /* at most SZ_LINK_MAX_MESSAGE (sz_link_init) */
#endif
				r->dropped = SZ_LS_TOO_LONG;
				return SZ_LA_REFUSED_TOO_LONG;
			}
			r->assembling = 1;
#if SZ_LINK_READY_ONLY
			r->granted = 0; /* one message per grant */
#endif
#if SZ_LINK_TEMPLATES
			r->compressed = f->type == SZ_LT_DATA_TEMPLATE;
#endif
			r->len = total;
			r->frames = sz_link_frame_count(total);
			r->have = 0;
			memset(r->got, 0, sizeof r->got);
		}
		at += SZ_LF_LENGTH_FIELD;
	} else if (!r->assembling) {
		r->dropped = SZ_LS_NO_FIRST;
		return asks ? SZ_RX_SEND_NACK : SZ_RX_SILENT;
#if SZ_LINK_TEMPLATES
	} else if ((f->type == SZ_LT_DATA_TEMPLATE) != r->compressed) {
		r->dropped = SZ_LS_BAD_TYPE; /* one message is all DATA or all DATA-TEMPLATE */
		return SZ_RX_SILENT;
#endif
	}
	if (i >= r->frames) {
		r->dropped = SZ_LS_BAD_INDEX;
		return SZ_RX_SILENT;
	}
	n = sz_link_data_in(i, r->len);
	if (f->payload_length != at - SZ_LF_HEADER + n) {
		r->dropped = SZ_LS_BAD_SIZE;
		return SZ_RX_SILENT;
	}
	if (HAS(r, i)) {
		r->dropped = SZ_LS_DUPLICATE;
	} else {
		memcpy(r->buf + sz_link_offset(i), b + at, n);
		r->got[i >> 3] |= (uint8_t)(1 << (i & 7));
		r->have++;
	}
	if (r->have == r->frames) {
		r->assembling = 0;
		r->delivered_any = 1;
		r->expected++;
		r->completed = 1;
		return asks ? SZ_LA_COMPLETE : SZ_RX_SILENT;
	}
	if (!asks)
		return SZ_RX_SILENT;
	return i == 0 ? SZ_LA_OK : SZ_RX_SEND_NACK;
}

/* The first missing index, then one bit per frame from it (MSB first, 1 = missing), as many
   bytes as the frame holds. Before frame 0 it names frame 0 alone: the sender starts over. */
uint8_t sz_link_receiver_nack(const struct sz_link_receiver *r, uint8_t *p)
{
	uint16_t base = 0, span, bytes, k, j, i;
	uint8_t v;
	if (!r->assembling) {
		p[0] = 0;
		p[1] = 0x80;
		return 2;
	}
	while (HAS(r, base))
		base++;
	span = (uint16_t)(r->frames - base);
	bytes = (uint16_t)((span + 7) / 8);
	if (bytes > SZ_LINK_REST_DATA - 1)
		bytes = SZ_LINK_REST_DATA - 1;
	p[0] = (uint8_t)base;
	for (k = 0; k < bytes; k++) {
		v = 0;
		for (j = 0; j < 8; j++) {
			i = (uint16_t)(base + k * 8 + j);
			if (i < r->frames && !HAS(r, i))
				v |= (uint8_t)(0x80 >> j);
		}
		p[1 + k] = v;
	}
	return (uint8_t)(1 + bytes);
}
