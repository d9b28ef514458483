/*
 * Outbound records. Mirrors kssl-client/src/main/java/kssl/tls/RecordLayer.java (append,
 * flushPending, sendRecord, limitSend) and HandshakeWriter.java.
 */
#include "sz_record_writer.h"

static uint16_t prefix(const sz_record_writer *w)
{
	return w->seal ? SZ_PROTECTION_PREFIX : 0;
}

void sz_writer_init(sz_record_writer *w, uint8_t *buf, uint16_t cap, uint16_t version)
{
	uint16_t room = (uint16_t)(cap - 5u - SZ_PROTECTION_EXPANSION);
	memset(w, 0, sizeof *w);
	w->buf = buf;
	w->cap = cap;
	w->avail = cap;
	w->limit = room < SZ_MAX_FRAGMENT ? room : SZ_MAX_FRAGMENT;
	w->version = version;
}

void sz_writer_flush(sz_record_writer *w)
{
	size_t n = w->pending;
	if (n == 0 || w->ready)
		return;
	if (w->seal)
		n = sz_protection_seal(w->seal, w->type, w->version, w->buf + 5, n);
	w->buf[0] = w->type;
	w->buf[1] = (uint8_t)(w->version >> 8);
	w->buf[2] = (uint8_t)w->version;
	w->buf[3] = (uint8_t)(n >> 8);
	w->buf[4] = (uint8_t)n;
	w->ready = (uint16_t)(5u + n);
	w->pending = 0;
}

void sz_writer_limit(sz_record_writer *w, uint16_t limit)
{
	sz_writer_flush(w);
	if (limit < w->limit)
		w->limit = limit;
}

/* The plaintext the record being filled may hold: the send limit, or less where the buffer's
 * tail holds input. */
static uint16_t record_max(const sz_record_writer *w)
{
	uint16_t max = w->avail > 5u + SZ_PROTECTION_EXPANSION ? (uint16_t)(w->avail - 5u - SZ_PROTECTION_EXPANSION) : 0;
	return max < w->limit ? max : w->limit;
}

uint8_t *sz_writer_space(sz_record_writer *w, uint8_t type, uint16_t *room)
{
	uint16_t max = record_max(w);
	*room = 0;
	if (w->ready)
		return 0;
	if (w->pending > 0 && w->type != type) {
		sz_writer_flush(w); /* another type follows: the record goes out first */
		return 0;
	}
	w->type = type;
	if (w->pending >= max) {
		sz_writer_flush(w);
		return 0;
	}
	*room = (uint16_t)(max - w->pending);
	return w->buf + 5 + prefix(w) + w->pending;
}

void sz_writer_commit(sz_record_writer *w, uint16_t n)
{
	w->pending = (uint16_t)(w->pending + n);
	if (w->pending == record_max(w))
		sz_writer_flush(w);
}

uint16_t sz_writer_append(sz_record_writer *w, uint8_t type, const uint8_t *b, uint16_t n, uint8_t flash)
{
	uint16_t room, i;
	uint8_t *dst = sz_writer_space(w, type, &room);
	if (n < room)
		room = n;
	if (flash) {
		for (i = 0; i < room; i++)
			dst[i] = KS_READ_BYTE(b + i);
	} else if (room) {
		memcpy(dst, b, room);
	}
	sz_writer_commit(w, room);
	return room;
}

const uint8_t *sz_writer_ready(const sz_record_writer *w, uint16_t *n)
{
	*n = w->ready;
	return w->ready ? w->buf : 0;
}

void sz_writer_sent(sz_record_writer *w)
{
	w->ready = 0;
}

uint8_t sz_writer_idle(const sz_record_writer *w)
{
	return w->ready == 0 && w->pending == 0;
}
