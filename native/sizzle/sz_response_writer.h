/*
 * Responses with the fewest header bytes a browser accepts, always in this order: the status
 * line; (no Date: a mote knows no wall clock, RFC 9110 6.6.1); the security headers as one
 * constant block; the header the status needs (Location, Allow or Retry-After);
 * Content-Type, Content-Length and, only when it changes the default, Connection.
 *
 * A response is described, not buffered: the application fills a struct sz_response (status,
 * extra header, type, body kind and a few values) and the TLS engine pulls its bytes with
 * sz_response_pull into its own record buffer, straight from flash and the values. Each pull
 * gives at most the buffer's size and never crosses the end of a response, so pulls of the
 * record payload size give exactly the Java writer's writes (full chunks, then the rest).
 * Mirrors sizzle-server/src/main/java/sizzle/http/ResponseWriter.java.
 */
#ifndef SZ_RESPONSE_WRITER_H
#define SZ_RESPONSE_WRITER_H

#include "ks_config.h"

/* A run of response bytes: in flash (KS_FLASH) or in RAM. */
struct sz_piece {
	const uint8_t *p;
	uint16_t len;
	uint8_t flash;
};

/* The header a status needs (sz_response.header). */
#define SZ_HDR_NONE 0
#define SZ_HDR_LOCATION_ROOT 1 /* Location: / */
#define SZ_HDR_ALLOW_GET 2     /* Allow: GET */
#define SZ_HDR_ALLOW_GET_POST 3
#define SZ_HDR_RETRY_AFTER 4   /* Retry-After: sz_response.number */

/* Content-Type (sz_response.type). */
#define SZ_TYPE_NONE 0
#define SZ_TYPE_TEXT 1 /* text/plain */
#define SZ_TYPE_HTML 2
#define SZ_TYPE_JSON 3

/* The body (sz_response.body). */
#define SZ_BODY_REASON 0 /* the reason phrase and a newline */
#define SZ_BODY_EMPTY 1
#define SZ_BODY_PAGE 2   /* pieces from the application (sz_handler_piece) */

struct sz_response {
	uint16_t status;
	uint8_t header;
	uint8_t type;
	uint8_t body;
	uint8_t close;            /* "Connection: close": the connection ends after it */
	uint8_t keep_alive_header;/* "Connection: keep-alive" (an HTTP/1.0 client that asked) */
	uint8_t page;             /* the application's: which page */
	int16_t values[3];        /* the application's: the page's values, taken when answering */
	uint16_t number;          /* Retry-After's seconds */
	uint16_t body_length;
	uint16_t total;           /* the whole response's length */
	uint16_t sent;            /* bytes pulled so far */
};

/* How the next response ends (ResponseWriter.prepare). */
void sz_response_prepare(struct sz_response *w, uint8_t close, uint8_t keep_alive_header);
/* Whole-response shorthands for the application. */
void sz_response_error(struct sz_response *w, uint16_t status);
void sz_response_method_not_allowed(struct sz_response *w, uint8_t allow);
void sz_response_see_other_root(struct sz_response *w);
void sz_response_page(struct sz_response *w, uint16_t status, uint8_t type, uint8_t page);
/* Fixes the lengths once the description is complete (the connection calls it). */
void sz_response_ready(struct sz_response *w, const void *app);
/* Up to cap bytes of the response from where the last pull ended, never past its end;
   returns how many. The response is complete when w->sent == w->total. */
uint16_t sz_response_pull(struct sz_response *w, const void *app, uint8_t *out, uint16_t cap);
/* pc = the len bytes of KS_FLASH at p. */
void sz_piece_flash(struct sz_piece *pc, const uint8_t *p, uint16_t len);
/* Copies n bytes of piece pc from offset off (flash or RAM). */
void sz_piece_copy(uint8_t *out, const struct sz_piece *pc, uint16_t off, uint16_t n);

#endif
