/*
 * One connection's HTTP: persistent HTTP/1.1, many requests on one byte stream, served by the
 * application of sz_handler.h. The TLS engine drives it with the bytes it decrypts and takes
 * the bytes to encrypt; nothing here blocks or buffers a request or a response:
 *
 *   sz_http_begin(&h, app, peer, peer_len);         a connection is established
 *   n = sz_http_push(&h, in, len);                  decrypted bytes: it takes the first n of
 *                                                    them and stops at the end of a request
 *                                                    whose response is pending (push the rest
 *                                                    after pulling it) or once closed
 *   while ((m = sz_http_pull(&h, rec, cap)) > 0)    the response, at most cap bytes a call
 *       send one record of m bytes;                 (cap: the record payload; each response's
 *                                                    last piece may be short)
 *   sz_http_end(&h, timeout);                       the input ended (close_notify, TCP close)
 *                                                    or a read timed out: inside a request that
 *                                                    makes a 400 or 408 to pull; then closed
 *   sz_http_closed(&h)                              the server closes: send close_notify
 *
 * Push only parses: a request is handled (the setpoint set, the password checked) at the first
 * pull after it is in, so that the TLS engine, which pulls only from verified records, lets
 * nothing act on a record's plaintext before its tag is checked (a record longer than the
 * mote's buffer is streamed: sz_tls_connection.c).
 *
 * A malformed request is answered with its status and "Connection: close" and nothing after
 * it is read. Mirrors sizzle-server/src/main/java/sizzle/http/HttpConnectionLoop.java; the
 * ConnectionPolicy hooks of the one-connection mode are sz_http_busy (a request has begun)
 * and sz_http_last (mayKeepOpen false: the next response closes).
 */
#ifndef SZ_HTTP_CONNECTION_H
#define SZ_HTTP_CONNECTION_H

#include "sz_request_parser.h"
#include "sz_response_writer.h"

struct sz_http {
	struct sz_request_parser parser;
	struct sz_request request;
	struct sz_response response;
	void *app;
	uint8_t state; /* IDLE (between requests), REQUEST, BODY, ANSWER, RESPOND, CLOSED */
	uint8_t last;  /* the policy: the next response is the last */
	uint16_t responses; /* pulled whole on this connection (the server's log line: ResponseCounter) */
};

void sz_http_begin(struct sz_http *h, void *app, const uint8_t *peer, uint8_t peer_len);
size_t sz_http_push(struct sz_http *h, const uint8_t *in, size_t n);
uint16_t sz_http_pull(struct sz_http *h, uint8_t *out, uint16_t cap);
void sz_http_end(struct sz_http *h, uint8_t timeout);
/* A request has begun and its response is not yet pulled whole. */
uint8_t sz_http_busy(const struct sz_http *h);
/* A response waits to be pulled. */
uint8_t sz_http_pending(const struct sz_http *h);
/* The connection is over (after its last response, or the input's end between requests). */
uint8_t sz_http_closed(const struct sz_http *h);
/* From now on the connection may not stay open: the next response says "Connection: close". */
void sz_http_last(struct sz_http *h);

#endif
