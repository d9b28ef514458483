/*
 * The thermostat (or any sz_handler.h application) behind the TLS connection: the HTTP layer
 * of sz_http_connection.h as an sz_app.
 * Mirrors sizzle-server/src/main/java/sizzle/TlsServerConnection.java (the HTTP loop over the
 * TLS streams).
 */
#ifndef SZ_HTTP_APP_H
#define SZ_HTTP_APP_H

#include "sz_app.h"
#include "sz_http_connection.h"

typedef struct {
	struct sz_http http;
	void *handler;        /* the sz_handler.h application (struct sz_thermostat_app) */
	const uint8_t *peer;  /* the client's address, for the password gate */
	uint8_t peer_len;
	uint8_t begun;
} sz_http_app;

void sz_http_app_init(sz_http_app *h, void *handler, const uint8_t *peer, uint8_t peer_len, sz_app *app);

#endif
