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
#if SZ_STREAM_OUT
	w->send_limit = SZ_MAX_FRAGMENT;
#endif
}

static void header(uint8_t *buf, uint8_t type, uint16_t version, uint16_t n)
{
	buf[0] = type;
	buf[1] = (uint8_t)(version >> 8);
	buf[2] = (uint8_t)version;
	buf[3] = (uint8_t)(n >> 8);
	buf[4] = (uint8_t)n;
}

void sz_writer_flush(sz_record_writer *w)
{
	size_t n = w->pending;
	if (n == 0 || w->ready)
		return;
	if (w->seal)
		n = sz_protection_seal(w->seal, w->type, w->version, w->buf + 5, n);
	header(w->buf, w->type, w->version, (uint16_t)n);
	w->ready = (uint16_t)(5u + n);
	w->pending = 0;
}

void sz_writer_limit(sz_record_writer *w, uint16_t limit)
{
	sz_writer_flush(w);
	if (limit < w->limit)
		w->limit = limit;
#if SZ_STREAM_OUT
	if (limit < w->send_limit)
		w->send_limit = limit;
#endif
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
#if SZ_STREAM_OUT
	if (w->stream_left) { /* the declared record's next piece, with room kept for its tag */
		if (type != w->type)
			return 0;
		max = w->avail > w->head + SZ_PROTECTION_EXPANSION ? (uint16_t)(w->avail - w->head - SZ_PROTECTION_EXPANSION) : 0;
		*room = max < w->stream_left ? max : w->stream_left;
		return max ? w->buf + w->head : 0;
	}
#endif
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
#if SZ_STREAM_OUT
	if (w->stream_left) { /* sealed in place and out at once; the tag after the last piece */
		sz_protection_seal_update(w->seal, w->st, w->buf + w->head, n);
		w->stream_left = (uint16_t)(w->stream_left - n);
		w->ready = (uint16_t)(w->head + n);
		w->head = 0;
		if (w->stream_left == 0)
			w->ready = (uint16_t)(w->ready + sz_protection_seal_finish(w->seal, w->st, w->buf + w->ready));
		return;
	}
#endif
	w->pending = (uint16_t)(w->pending + n);
	if (w->pending == record_max(w))
		sz_writer_flush(w);
}

uint16_t sz_writer_append(sz_record_writer *w, uint8_t type, const uint8_t *b, uint16_t n, uint8_t flash)
{
	uint16_t room;
	uint8_t *dst = sz_writer_space(w, type, &room);
	if (n < room)
		room = n;
	if (flash) {
		ks_flash_read(dst, b, room);
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
#if SZ_STREAM_OUT
	if (w->stream_left)
		return 0;
#endif
	return w->ready == 0 && w->pending == 0;
}

#if SZ_STREAM_OUT
uint8_t sz_writer_declare(sz_record_writer *w, uint8_t type, uint16_t len, sz_seal_stream *st)
{
	size_t fragment;
	if (len > w->send_limit)
		len = w->send_limit;
	if (!w->seal || len <= record_max(w) || record_max(w) == 0 || !sz_writer_idle(w))
		return 0; /* (no room at all beside input held at the buffer's tail: not started) */
	w->st = st;
	fragment = sz_protection_seal_start(w->seal, st, type, w->version, w->buf + 5, len);
	header(w->buf, type, w->version, (uint16_t)fragment);
	w->type = type;
	w->stream_left = len;
	w->head = 5 + SZ_PROTECTION_PREFIX;
	return 1;
}

uint8_t sz_writer_streaming(const sz_record_writer *w)
{
	return w->stream_left != 0;
}
#endif
