/* Mirrors sizzle/link/MessageSender.java (LINK.md §4, the sender). */
#include <string.h>
#include "sz_link_sender.h"
#include "sz_link_time.h"

static void mark(struct sz_link_sender *s, uint16_t i)
{
	s->resend[i >> 3] |= (uint8_t)(1 << (i & 7));
}

static void clear_map(struct sz_link_sender *s)
{
	memset(s->resend, 0, sizeof s->resend);
}

/* The first frame from `from` marked to resend, or s->frames if none. */
static uint16_t first_resend(const struct sz_link_sender *s, uint16_t from)
{
	uint16_t i;
	for (i = from; i < s->frames; i++)
		if (s->resend[i >> 3] & (1 << (i & 7)))
			return i;
	return s->frames;
}

void sz_link_sender_reset(struct sz_link_sender *s)
{
	s->state = SZ_TX_IDLE;
	s->msg = 0;
	s->buf = 0;
}

void sz_link_sender_take(struct sz_link_sender *s, const uint8_t *b, uint16_t len)
{
	s->buf = b;
	s->len = len;
	s->frames = sz_link_frame_count(len);
	s->state = SZ_TX_HELD;
	clear_map(s);
}

void sz_link_sender_start(struct sz_link_sender *s)
{
	s->state = SZ_TX_FIRST;
	s->retries = 0;
	s->rounds = 0;
}

uint8_t sz_link_sender_due(const struct sz_link_sender *s)
{
	return s->state == SZ_TX_FIRST || (s->state == SZ_TX_STREAM && s->next < s->frames)
		|| (s->state == SZ_TX_RESEND && first_resend(s, 0) < s->frames);
}

uint8_t sz_link_sender_build(struct sz_link_sender *s, struct sz_link_frame *f, uint8_t *b)
{
	uint16_t i;
	uint8_t asks, at = SZ_LF_HEADER, n;
	if (s->state == SZ_TX_FIRST) {
		i = 0;
		asks = 1;
	} else if (s->state == SZ_TX_STREAM) {
		i = s->next++;
		asks = i == s->frames - 1;
	} else {
		i = first_resend(s, 0);
		s->resend[i >> 3] &= (uint8_t)~(1 << (i & 7));
		asks = first_resend(s, (uint16_t)(i + 1)) == s->frames;
	}
	s->built_state = s->state;
	s->built_asks = asks;
#if SZ_LINK_TEMPLATES
	f->type = s->type;
#else
	f->type = SZ_LT_DATA;
#endif
	f->flags = asks ? SZ_LINK_ACK_REQ : 0;
	f->msg = s->msg;
	f->index = (uint8_t)i;
	if (i == 0) {
		sz_link_put_u16(b + at, s->len);
		at += SZ_LF_LENGTH_FIELD;
	}
	n = sz_link_data_in((uint8_t)i, s->len);
	memcpy(b + at, s->buf + sz_link_offset((uint8_t)i), n);
	f->payload_length = (uint8_t)(at + n - SZ_LF_HEADER);
	return sz_link_encode(f, b);
}

uint8_t sz_link_sender_built_repeat(const struct sz_link_sender *s)
{
	return s->built_state == SZ_TX_RESEND || (s->built_state == SZ_TX_FIRST && (s->retries > 0 || s->rounds > 0));
}

void sz_link_sender_transmitted(struct sz_link_sender *s, uint32_t now)
{
	if (!s->built_asks || s->state == SZ_TX_IDLE || s->state == SZ_TX_HELD)
		return;
	if (s->built_state == SZ_TX_FIRST && s->state == SZ_TX_FIRST) {
		s->state = SZ_TX_WAIT_FIRST;
		s->deadline = sz_link_after(now, SZ_LINK_ACK_MS);
	} else if (s->built_state != SZ_TX_FIRST && s->built_state == s->state && !sz_link_sender_due(s)) {
		s->state = SZ_TX_WAIT_POLL;
		s->deadline = sz_link_after(now, SZ_LINK_ACK_MS);
	}
}

uint8_t sz_link_sender_on_ack(struct sz_link_sender *s, uint8_t m, uint8_t index, uint8_t status)
{
	if (m != s->msg || s->state == SZ_TX_IDLE || s->state == SZ_TX_HELD)
		return SZ_TX_IGNORED;
	if (status == SZ_LA_COMPLETE) {
		s->state = SZ_TX_IDLE;
		s->buf = 0;
		s->msg++;
		return SZ_TX_DONE;
	}
	if (status == SZ_LA_REFUSED_TOO_LONG) {
		s->state = SZ_TX_IDLE;
		s->buf = 0;
		return SZ_TX_REFUSED;
	}
	if (status == SZ_LA_OK && index == 0 && (s->state == SZ_TX_WAIT_FIRST || s->state == SZ_TX_FIRST)) {
		s->state = SZ_TX_STREAM;
		s->next = 1;
		s->retries = 0;
		return SZ_TX_NOTHING;
	}
	return SZ_TX_IGNORED;
}

/* p[0]: the first missing index; then a bitmap from it, most significant bit first. */
uint8_t sz_link_sender_on_nack(struct sz_link_sender *s, uint8_t m, const uint8_t *p, uint8_t n)
{
	uint16_t k, i;
	uint8_t any = 0;
	if (m != s->msg || (s->state != SZ_TX_WAIT_POLL && s->state != SZ_TX_RESEND))
		return SZ_TX_IGNORED;
	if (++s->rounds > SZ_LINK_ROUNDS)
		return SZ_TX_FAILED;
	for (k = 0; k < (uint16_t)(n - 1) * 8; k++) {
		i = (uint16_t)(p[0] + k);
		if (i >= s->frames)
			break;
		if (!(p[1 + (k >> 3)] & (0x80 >> (k & 7))))
			continue;
		if (i == 0) { /* the receiver lost the message's start: begin it again */
			clear_map(s);
			s->state = SZ_TX_FIRST;
			s->retries = 0;
			return SZ_TX_NOTHING;
		}
		mark(s, i);
		any = 1;
	}
	if (!any)
		mark(s, (uint16_t)(s->frames - 1));
	s->state = SZ_TX_RESEND;
	s->retries = 0;
	return SZ_TX_NOTHING;
}

uint8_t sz_link_sender_waiting(const struct sz_link_sender *s)
{
	return s->state == SZ_TX_WAIT_FIRST || s->state == SZ_TX_WAIT_POLL;
}

/* A timer: repeat the frame that asked (frame 0, or the last frame as the poll). */
uint8_t sz_link_sender_tick(struct sz_link_sender *s, uint32_t now)
{
	if (!sz_link_sender_waiting(s) || !sz_link_reached(now, s->deadline))
		return SZ_TX_NOTHING;
	if (++s->retries > SZ_LINK_RETRIES)
		return SZ_TX_FAILED;
	if (s->state == SZ_TX_WAIT_FIRST) {
		s->state = SZ_TX_FIRST;
	} else {
		mark(s, (uint16_t)(s->frames - 1));
		s->state = SZ_TX_RESEND;
	}
	return SZ_TX_TIMED_OUT;
}
