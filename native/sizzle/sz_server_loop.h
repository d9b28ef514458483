/*
 * The server's loop over the platform's link (sz_port.h), the same on the host and the motes:
 * accept, read with timeouts, push, write what the engine produces, one connection at a time;
 * a newer client waiting closes an idle older one gracefully (accepted but silent past its grace, or between
 * requests) and makes a busy one's next response its last; deadlines as sizzle.Deadlines.MOTE
 * (handshake 30 s from the acceptance, a request 15 s from the handshake's end or the previous
 * response, idle 15 s between requests). No host-only call: the firmware mains call it too.
 *
 * Mirrors sizzle-server/src/main/java/sizzle/OneConnectionServer.java, Connection.java
 * (ServedConnection: due, act) and Deadlines.java (MOTE).
 */
#ifndef SZ_SERVER_LOOP_H
#define SZ_SERVER_LOOP_H

#include "sz_tls_connection.h"

#ifndef SZ_DEADLINE_HANDSHAKE_MS
#define SZ_DEADLINE_HANDSHAKE_MS 30000u /* a build may allow longer (firmware.mk: RSA on the motes) */
#endif
#define SZ_DEADLINE_REQUEST_MS 15000u
#define SZ_DEADLINE_IDLE_MS 15000u
/* How long a connection that has sent nothing is left alone when a newer client waits: a
 * browser opens several at once, and the first one's hello may come a moment after the
 * second connection (ServedConnection.SILENT_GRACE_MS; without it the TelosB cut each of
 * Chromium's connections for the next before reading its hello). */
#define SZ_SILENT_GRACE_MS 1000u
/* How often a blocked read looks for a newer client. */
#define SZ_LOOP_POLL_MS 200u

typedef struct {
	sz_tls_config *cfg;
	sz_tls *conn;
	sz_app *app;
	/* Readies the application for a new connection (app's functions and context). */
	void (*fresh_app)(void *ctx, sz_app *app);
	void *app_ctx;
	uint8_t *rx, *tx;
	uint16_t rx_cap, tx_cap;
	uint32_t tick;     /* sz_port_millis at the last whole second counted */
} sz_server_loop;

/* Counts seconds into cfg->now (the session cache's clock) across the port clock's wraps. */
void sz_server_loop_tick(sz_server_loop *l);
/* Accepts one client and serves it to the end; returns the connection's verdict
 * (SZ_VERDICT_NONE: closed without a fatal alert). */
uint16_t sz_server_loop_once(sz_server_loop *l);

#endif
