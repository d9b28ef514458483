/*
 * Reads HTTP/1.1 requests (RFC 9112) as their bytes arrive, a byte at a time, with no line
 * buffer: each line is checked as it streams (the method, the path against the application's
 * routes, the five headers that matter), so the parser holds a few dozen bytes of state
 * whatever the input. It answers exactly as the Java parser, whose one 256-byte line buffer
 * sets the limits: every malformed or oversized request yields the same status, found at the
 * same byte (the parser stops there: the caller answers and closes).
 * Mirrors sizzle-server/src/main/java/sizzle/http/RequestParser.java, whose header comment
 * lists the rules; each is checked by the stored transcripts.
 */
#ifndef SZ_REQUEST_PARSER_H
#define SZ_REQUEST_PARSER_H

#include "sz_ascii.h"
#include "sz_request.h"

/* sz_request_parser_byte results besides a status code (>= 400). */
#define SZ_PARSE_MORE 0
#define SZ_PARSE_COMPLETE 1 /* the header section is complete: body_left body bytes follow */

struct sz_request_parser {
	uint8_t state;         /* LINE, CR (a CR was read), BODY */
	uint8_t line;          /* FIRST (may be empty), SECOND, HEADER */
	uint16_t n;            /* content bytes of the line so far */
	uint8_t headers;       /* header lines so far */
	uint8_t seen;          /* Host, Content-Type, Content-Length, Transfer-Encoding seen */
	uint16_t content_length; /* saturates at SZ_MAX_BODY + 1 */
	uint16_t body_left;    /* body bytes still to come */
	/* the line being read (start_line zeroes these, phase to the end, at once) */
	uint8_t phase;         /* request line: METHOD, TARGET, VERSION, SKIP; header: NAME, VALUE, SKIP */
	uint8_t bad;           /* faults found in this line so far */
	struct sz_word_match name; /* the method or the header name */
	uint8_t word;          /* the header's name (index in the list), or SZ_NO_WORD */
	uint8_t sub;           /* target form state, or value state */
	struct sz_word_match token; /* the scheme, or a token of the value */
	struct sz_word_match path; /* the path against the routes */
	uint8_t pct;           /* hex digits of a percent-escape still owed */
	uint8_t version;       /* request line: bytes of the version; major and minor digits */
	uint8_t major, minor;
	uint16_t number;       /* Content-Length's value, saturating */
	uint8_t found;         /* Connection's options, Content-Type's form, in this line */
};

/* Before a request's first byte. */
void sz_request_parser_begin(struct sz_request_parser *p, struct sz_request *r);
/* One byte of the request line or the header section: SZ_PARSE_MORE, SZ_PARSE_COMPLETE or
   the status to answer with before closing. Not for body bytes (state BODY: body_left). */
uint16_t sz_request_parser_byte(struct sz_request_parser *p, struct sz_request *r, uint8_t b);

#endif
