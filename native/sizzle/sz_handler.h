/*
 * The application behind the HTTP layer, bound at link time (one per firmware): the paths it
 * serves, the body of each request as it streams in, one response per well-formed request,
 * and the pieces of that response's body as the writer asks for them.
 * Mirrors sizzle-server/src/main/java/sizzle/http/Handler.java.
 */
#ifndef SZ_HANDLER_H
#define SZ_HANDLER_H

#include "sz_request.h"
#include "sz_response_writer.h"

/* The application's paths, a word list (sz_ascii.h) in flash: sz_request.route indexes it. */
extern const uint8_t sz_handler_routes[] KS_FLASH;

/* A request begins: forget the previous body. */
void sz_handler_begin(void *app);
/* n more bytes of the body (Content-Length of them in all, possibly none). */
void sz_handler_body(void *app, const uint8_t *b, uint16_t n);
/* Answers the complete request r: sets w's status, header, type and body (sz_response_*). */
void sz_handler_handle(void *app, const struct sz_request *r, struct sz_response *w);
/* Piece i of w's page body (SZ_BODY_PAGE); 0 past the last. scratch: 16 bytes for a value. */
uint8_t sz_handler_piece(const void *app, const struct sz_response *w, uint8_t i, struct sz_piece *pc,
			 uint8_t *scratch);

#endif
