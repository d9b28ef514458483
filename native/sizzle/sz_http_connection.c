/*
 * One connection's HTTP, pushed and pulled (sz_http_connection.h).
 * Mirrors sizzle-server/src/main/java/sizzle/http/HttpConnectionLoop.java.
 */
#include "sz_http_connection.h"
#include "sz_config.h"

#include "sz_handler.h"
#include "sz_status.h"

#define IDLE 0
#define REQUEST 1
#define BODY 2
#define RESPOND 3
#define CLOSED 4
#define ANSWER 5 /* a request is in whole; answered (handled) at the next pull */
#if SZ_STREAM_RECORDS
#define ANSWERING(h) ((h)->state == ANSWER)
#else
#define ANSWERING(h) 0 /* requests answered as they end */
#endif

void sz_http_begin(struct sz_http *h, void *app, const uint8_t *peer, uint8_t peer_len)
{
	memset(h, 0, sizeof(*h));
	h->app = app;
	h->request.peer = peer;
	h->request.peer_len = peer_len;
	h->state = IDLE;
}

/* An answer to give before closing: a malformed request, or the input's end inside one. */
static void fail(struct sz_http *h, uint16_t status)
{
	sz_response_prepare(&h->response, 1, 0);
	sz_response_error(&h->response, status);
	sz_response_ready(&h->response, h->app);
	h->state = RESPOND;
}

static void answer(struct sz_http *h)
{
	uint8_t keep = (uint8_t)(sz_request_keep_alive(&h->request) && !h->last);
	sz_response_prepare(&h->response, (uint8_t)!keep, (uint8_t)(h->request.flags & SZ_REQ_HTTP10));
	sz_handler_handle(h->app, &h->request, &h->response);
	sz_response_ready(&h->response, h->app);
	h->state = RESPOND;
}

size_t sz_http_push(struct sz_http *h, const uint8_t *in, size_t n)
{
	size_t used = 0;
	while (used < n && (h->state == IDLE || h->state == REQUEST || h->state == BODY)) {
		if (h->state == BODY) {
			uint16_t take = h->parser.body_left;
			if (take > n - used)
				take = (uint16_t)(n - used);
			sz_handler_body(h->app, in + used, take);
			used += take;
			h->parser.body_left = (uint16_t)(h->parser.body_left - take);
		} else {
			uint16_t r;
			if (h->state == IDLE) { /* the first byte of a request */
				sz_request_parser_begin(&h->parser, &h->request);
				sz_handler_begin(h->app);
				h->state = REQUEST;
			}
			r = sz_request_parser_byte(&h->parser, &h->request, in[used++]);
			if (r == SZ_PARSE_MORE)
				continue;
			if (r != SZ_PARSE_COMPLETE) {
				fail(h, r);
				break;
			}
			h->state = BODY;
		}
		if (h->parser.body_left == 0) {
#if SZ_STREAM_RECORDS
			h->state = ANSWER; /* handled at the pull: the engine pulls from verified records only */
#else
			answer(h);
#endif
		}
	}
	return used;
}

uint16_t sz_http_pull(struct sz_http *h, uint8_t *out, uint16_t cap)
{
	uint16_t n;
#if SZ_STREAM_RECORDS
	if (h->state == ANSWER)
		answer(h);
#endif
	if (h->state != RESPOND)
		return 0;
	n = sz_response_pull(&h->response, h->app, out, cap);
	if (h->response.sent == h->response.total) {
		h->state = h->response.close ? CLOSED : IDLE;
		h->responses++;
	}
	return n;
}

void sz_http_end(struct sz_http *h, uint8_t timeout)
{
	if (h->state == REQUEST || h->state == BODY)
		fail(h, timeout ? SZ_REQUEST_TIMEOUT : SZ_BAD_REQUEST);
	else if (h->state == IDLE)
		h->state = CLOSED;
}

uint8_t sz_http_busy(const struct sz_http *h)
{
	return h->state == REQUEST || h->state == BODY || h->state == RESPOND || ANSWERING(h);
}

uint8_t sz_http_pending(const struct sz_http *h)
{
	return h->state == RESPOND || ANSWERING(h);
}

uint8_t sz_http_closed(const struct sz_http *h)
{
	return h->state == CLOSED;
}

void sz_http_last(struct sz_http *h)
{
	h->last = 1;
}
