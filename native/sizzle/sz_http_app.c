/*
 * The HTTP layer as the TLS connection's application. Mirrors
 * sizzle-server/src/main/java/sizzle/TlsServerConnection.java.
 */
#include "sz_http_app.h"

static void h_begin(void *ctx)
{
	sz_http_app *h = (sz_http_app *)ctx;
	sz_http_begin(&h->http, h->handler, h->peer, h->peer_len);
	h->begun = 1;
}

static size_t h_push(void *ctx, const uint8_t *in, size_t n)
{
	return sz_http_push(&((sz_http_app *)ctx)->http, in, n);
}

static uint16_t h_pull(void *ctx, uint8_t *out, uint16_t cap)
{
	return sz_http_pull(&((sz_http_app *)ctx)->http, out, cap);
}

static void h_end(void *ctx, uint8_t timeout)
{
	sz_http_end(&((sz_http_app *)ctx)->http, timeout);
}

static uint8_t h_closed(const void *ctx)
{
	const sz_http_app *h = (const sz_http_app *)ctx;
	return h->begun && sz_http_closed(&h->http) && !sz_http_pending(&h->http);
}

/* Busy while a request is read or answered, and from the handshake's end until the first
 * response (ServedConnection's REQUEST phase): a connection that has not had its first
 * response is not "between requests", and a newer client must not close it then. */
static uint8_t h_busy(const void *ctx)
{
	const sz_http_app *h = (const sz_http_app *)ctx;
	return h->begun && (sz_http_busy(&h->http) || h->http.responses == 0);
}

static void h_last(void *ctx)
{
	sz_http_last(&((sz_http_app *)ctx)->http);
}

void sz_http_app_init(sz_http_app *h, void *handler, const uint8_t *peer, uint8_t peer_len, sz_app *app)
{
	memset(h, 0, sizeof *h);
	h->handler = handler;
	h->peer = peer;
	h->peer_len = peer_len;
	app->begin = h_begin;
	app->push = h_push;
	app->pull = h_pull;
	app->unit = 0; /* pulls of the record payload are the Java writer's chunks already */
	app->end = h_end;
	app->closed = h_closed;
	app->busy = h_busy;
	app->last = h_last;
	app->ctx = h;
}
