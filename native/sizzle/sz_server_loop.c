/*
 * One connection at a time over sz_port. Mirrors sizzle-server/src/main/java/sizzle/
 * OneConnectionServer.java (admit: closeIfIdle, mayKeepOpen), Connection.java and Deadlines.java.
 */
#include "sz_server_loop.h"
#include "sz_port.h"

void sz_server_loop_tick(sz_server_loop *l)
{
	while (sz_port_elapsed(l->tick) >= 1000u) { /* no division on the motes */
		l->tick = (l->tick + 1000u) & 0xFFFFFFUL;
		l->cfg->now++;
	}
}

static void send_all(sz_tls *c)
{
	const uint8_t *p;
	uint16_t n;
	while ((p = sz_tls_output(c, &n)) != 0) {
		sz_port_write(p, n);
		sz_tls_sent(c);
	}
}

/* One read of up to `want` bytes, pushed (draining output between). A frame of its own: its
 * buffer is not on the stack while the output side runs (a ClientKeyExchange's k P or RSA
 * decryption: a mote's stack peak). */
static KS_NOINLINE void read_and_push(sz_tls *c, uint16_t want, uint16_t timeout_ms)
{
	uint8_t buf[64];
	int16_t r = sz_port_read(buf, want < sizeof buf ? want : (uint16_t)sizeof buf, timeout_ms);
#if SZ_PORT_HELLO_DIGEST
	const uint8_t *digest = r > 0 ? sz_port_hello_digest() : 0;
	if (digest)
		sz_tls_hello_digest(c, digest); /* the hello's hash from its digest, its projection unhashed */
#endif
	if (r == SZ_PORT_CLOSED) {
		sz_tls_eof(c);
	} else if (r > 0) {
		uint16_t off = 0;
		while (off < (uint16_t)r && !sz_tls_closed(c)) {
			size_t k = sz_tls_push(c, buf + off, (size_t)(r - off));
			off = (uint16_t)(off + k);
			if (k == 0)
				send_all(c);
			if (k == 0 && sz_tls_wants(c) == 0 && !sz_tls_closed(c) && !sz_tls_output(c, &want))
				break; /* the engine takes nothing more: its verdict stands */
		}
	}
}

#if defined(SZ_FW_LINK) && SZ_FW_LINK
/* Tells the link where the engine writes next (its next message lands there). A frame of its
 * own, as read_and_push: nothing of it stays in the loop's frame during a k P (the stack's peak).
 * A build that does not open records as they come takes only records its buffer holds, each one
 * message (the capacity announced is the buffer): every message lands at the start. */
static KS_NOINLINE void receive_at(sz_tls *c)
{
#if SZ_STREAM_RECORDS
	uint16_t at = sz_tls_receive_at(c);
#else
	uint16_t at = 0;
#endif
	sz_port_receive_at(c->rx + at, (uint16_t)(c->rx_cap - at));
}
#endif

uint16_t sz_server_loop_once(sz_server_loop *l)
{
	sz_tls *c = l->conn;
	uint32_t since, accepted;
	uint8_t was_busy = 0, done = 0;
	/* Ready before the client comes: the engine, and the hello's random drawn while we wait
	 * (the Java draws it on the hello: the same bytes, a handshake's time shorter). */
	l->fresh_app(l->app_ctx, l->app);
	sz_tls_next(c, l->cfg, l->app, l->rx, l->rx_cap, l->tx, l->tx_cap);
	sz_tls_draw_ahead(c);
	sz_port_accept();
	accepted = since = sz_port_millis();
	for (;;) {
		uint32_t limit, used;
		uint16_t want;
		sz_server_loop_tick(l);
		send_all(c);
		if (sz_tls_closed(c))
			break;
		/* A newer client waits: the current connection is closed once it is idle, looked at on
		 * every turn as the Java server's admit waits (a busy one's response becomes its last
		 * once it is DONE; a silent one keeps its grace, its hello may be on the way). */
		if (sz_port_pending() && !(c->state == SZ_WAIT_CLIENT_HELLO && sz_port_elapsed(accepted) < SZ_SILENT_GRACE_MS) &&
		    sz_tls_close_if_idle(c))
			continue;
		if (c->state != SZ_DONE) {
			limit = SZ_DEADLINE_HANDSHAKE_MS;
			since = accepted;
		} else {
			/* the first request's clock starts when the handshake ends, the next ones' at the
			 * previous response's end; a request runs from its first byte */
			uint8_t busy = c->app->busy(c->app->ctx);
			if (busy != was_busy || !done) {
				since = sz_port_millis();
				was_busy = busy;
				done = 1;
			}
			limit = busy ? SZ_DEADLINE_REQUEST_MS : SZ_DEADLINE_IDLE_MS;
		}
		used = sz_port_elapsed(since);
		if (used >= limit) {
			sz_tls_timeout(c);
			since = sz_port_millis();
			continue;
		}
		want = sz_tls_wants(c);
		if (want == 0) { /* nothing to read and nothing to send: the engine is stuck */
			sz_tls_timeout(c);
			continue;
		}
#if defined(SZ_FW_LINK) && SZ_FW_LINK
		receive_at(c);
#endif
		read_and_push(c, want, (uint16_t)(limit - used < SZ_LOOP_POLL_MS ? limit - used : SZ_LOOP_POLL_MS));
	}
	sz_port_hangup();
	return c->verdict;
}
