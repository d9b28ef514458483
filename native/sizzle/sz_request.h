/*
 * One parsed request, as much of it as the application acts on: the method, which of the
 * application's paths it names (the path is matched as it streams in, never stored), the
 * protocol minor version, the persistence asked for, whether the body is a form, and the
 * client's address. The body itself streams to the application (sz_handler.h). Every other
 * header is checked and dropped. Mirrors sizzle-server/src/main/java/sizzle/http/Request.java.
 */
#ifndef SZ_REQUEST_H
#define SZ_REQUEST_H

#include "ks_config.h"

/* Longest request line or header line, CRLF excluded. Longer: 400 (request line) or 431. */
#define SZ_MAX_LINE 256
/* Most header lines in one request. More: 431. */
#define SZ_MAX_HEADERS 24
/* Largest body (Content-Length). Larger: 413. */
#define SZ_MAX_BODY 256

#define SZ_GET 1
#define SZ_POST 2
#define SZ_OTHER 3 /* any other syntactically valid method */

/* flags */
#define SZ_REQ_HTTP10 0x01     /* an HTTP/1.0 request (the response still says HTTP/1.1) */
#define SZ_REQ_CLOSE 0x02      /* Connection: close */
#define SZ_REQ_KEEP_ALIVE 0x04 /* Connection: keep-alive */
#define SZ_REQ_FORM 0x08       /* Content-Type: application/x-www-form-urlencoded */

struct sz_request {
	uint8_t method;        /* SZ_GET, SZ_POST or SZ_OTHER */
	uint8_t route;         /* index of the path in sz_handler_routes, or SZ_NO_WORD */
	uint8_t flags;
	uint8_t peer_len;
	const uint8_t *peer;   /* the client's address as the transport knows it (the connection's) */
};

/* Whether the client lets the connection stay open: HTTP/1.1 unless it sent
   "Connection: close", HTTP/1.0 only if it sent "Connection: keep-alive" (RFC 9112 9.3). */
uint8_t sz_request_keep_alive(const struct sz_request *r);

#endif
