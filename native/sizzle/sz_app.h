/*
 * What the TLS connection serves once its handshake is done: an application that takes the
 * decrypted bytes and gives back the bytes to send, one record's worth at a time. Two here:
 * the thermostat over the HTTP layer (sz_http_app.c) and the transcript app of the replays
 * (sz_transcript_app.c). Function pointers, so that one engine serves either.
 *
 * Mirrors the use sizzle-server/src/main/java/sizzle/TlsServerConnection.java makes of
 * TlsConnection's streams (and the test Exchange.serve of the transcripts).
 */
#ifndef SZ_APP_H
#define SZ_APP_H

#include <stdint.h>
#include <stddef.h>

typedef struct {
	/* The connection is established (its handshake done). */
	void (*begin)(void *ctx);
	/* Decrypted bytes: returns how many it took (it may stop at the end of a request whose
	 * response is pending: the rest is offered again after the response is pulled). */
	size_t (*push)(void *ctx, const uint8_t *in, size_t n);
	/* Up to cap bytes of response into out: one record; 0 when nothing is to be sent now. */
	uint16_t (*pull)(void *ctx, uint8_t *out, uint16_t cap);
	/* NULL, or the bytes of the unit it writes next (a write its Java counterpart makes in one
	 * call, which the record layer cuts only at the client's limit): where the buffer holds
	 * fewer, the engine declares a record of them and streams it (SZ_STREAM_RECORDS), so the
	 * records are the Java's. */
	uint16_t (*unit)(const void *ctx);
	/* The input ended (close_notify or the end of the stream: timeout 0) or a read timed out
	 * between records (timeout 1). */
	void (*end)(void *ctx, uint8_t timeout);
	/* The application is done with the connection: the server sends close_notify. */
	uint8_t (*closed)(const void *ctx);
	/* A request has begun and its response is not yet pulled whole (the one-connection mode
	 * never cuts such a connection). */
	uint8_t (*busy)(const void *ctx);
	/* The next response is the last (the one-connection mode: a newer client waits). */
	void (*last)(void *ctx);
	void *ctx;
} sz_app;

#endif
