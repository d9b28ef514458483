/*
 * The application of the stored transcripts' replays (kssl-client/src/test/resources/
 * transcripts/README.md): it answers each request "GET /i HTTP/1.1\r\nHost: thermostat.test\r\n\r\n"
 * (a request ends at its blank line) with `response` bytes 'a' + (k + i) % 26, k = 0.., in one
 * write, so that the records are cut only by the send limit; it closes when the input ends.
 * Mirrors kssl-client/src/test/java/kssl/tls/Exchange.java (serve) on the server's side.
 */
#ifndef SZ_TRANSCRIPT_APP_H
#define SZ_TRANSCRIPT_APP_H

#include "sz_app.h"

typedef struct {
	uint32_t response;  /* M: bytes per response */
	uint32_t left;      /* bytes of the current response still to pull */
	uint8_t first;      /* i % 26: the first letter's offset of the next response */
	uint8_t letter;     /* the next byte's offset from 'a' */
	uint8_t match;      /* bytes of "\r\n\r\n" matched */
	uint8_t in_request, closed, last;
	uint8_t answered;   /* a response went whole: "between requests" from then on */
} sz_transcript_app;

/* Binds app to t: a fresh application answering `response` bytes per request. */
void sz_transcript_app_init(sz_transcript_app *t, uint32_t response, sz_app *app);

#endif
