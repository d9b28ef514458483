/*
 * The transcripts' application. Mirrors kssl-client/src/test/java/kssl/tls/Exchange.java
 * (the server's loop: read a request, write the response, flush).
 */
#include "sz_transcript_app.h"
#include <string.h>

static void t_begin(void *ctx)
{
	(void)ctx;
}

static size_t t_push(void *ctx, const uint8_t *in, size_t n)
{
	sz_transcript_app *t = (sz_transcript_app *)ctx;
	size_t i;
	if (t->left > 0 || t->closed)
		return 0; /* a response is pending */
	for (i = 0; i < n; i++) {
		uint8_t want = (t->match & 1) ? '\n' : '\r';
		t->in_request = 1;
		t->match = in[i] == want ? (uint8_t)(t->match + 1) : in[i] == '\r' ? 1 : 0;
		if (t->match == 4) {
			t->match = 0;
			t->in_request = 0;
			t->left = t->response;
			t->letter = t->first;
			t->first = (uint8_t)(t->first == 25 ? 0 : t->first + 1);
			if (t->left == 0 && t->last)
				t->closed = 1;
			return i + 1;
		}
	}
	return n;
}

static uint16_t t_pull(void *ctx, uint8_t *out, uint16_t cap)
{
	sz_transcript_app *t = (sz_transcript_app *)ctx;
	uint16_t i, n = t->left < cap ? (uint16_t)t->left : cap;
	for (i = 0; i < n; i++) {
		out[i] = (uint8_t)('a' + t->letter);
		t->letter = (uint8_t)(t->letter == 25 ? 0 : t->letter + 1);
	}
	t->left -= n;
	if (n > 0 && t->left == 0)
		t->answered = 1;
	if (n > 0 && t->left == 0 && t->last)
		t->closed = 1;
	return n;
}

/* Exchange writes each response in one call: the record layer cuts it at the client's limit. */
static uint16_t t_unit(const void *ctx)
{
	const sz_transcript_app *t = (const sz_transcript_app *)ctx;
	return t->left < 0xFFFFu ? (uint16_t)t->left : 0xFFFFu;
}

static void t_end(void *ctx, uint8_t timeout)
{
	sz_transcript_app *t = (sz_transcript_app *)ctx;
	(void)timeout;
	t->closed = 1;
}

static uint8_t t_closed(const void *ctx)
{
	const sz_transcript_app *t = (const sz_transcript_app *)ctx;
	return t->closed && t->left == 0;
}

/* Busy in a request, and until the first response (as the HTTP app: the server's REQUEST phase). */
static uint8_t t_busy(const void *ctx)
{
	const sz_transcript_app *t = (const sz_transcript_app *)ctx;
	return t->in_request || t->left > 0 || !t->answered;
}

static void t_last(void *ctx)
{
	sz_transcript_app *t = (sz_transcript_app *)ctx;
	t->last = 1;
}

void sz_transcript_app_init(sz_transcript_app *t, uint32_t response, sz_app *app)
{
	memset(t, 0, sizeof *t);
	t->response = response;
	app->begin = t_begin;
	app->push = t_push;
	app->pull = t_pull;
	app->unit = t_unit;
	app->end = t_end;
	app->closed = t_closed;
	app->busy = t_busy;
	app->last = t_last;
	app->ctx = t;
}
