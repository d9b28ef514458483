/*
 * The server's connection after the hello: records in (gathered whole, opened), the handshake
 * states, the output jobs, application data, alerts and close_notify.
 * Mirrors kssl-client/src/main/java/kssl/tls/TlsConnection.java, ServerHandshake.java (step,
 * answerClientHello, findSession, nameDigest's use), Handshake.java (readChangeCipherSpec,
 * readFinished, sendChangeCipherSpec, sendFinished), HandshakeReader.java (messages across
 * records), RecordLayer.java (readRecord, next, countEmpty, sendAlert).
 */
#include "sz_tls_connection.h"
#include "sz_finished_check.h"
#include "sz_alert.h"
#include "sz_cipher_suite.h"
#include "sz_client_key_exchange.h"
#include "sz_identity.h"
#include "sz_key_schedule.h"
#include "sz_profile.h"
#include "sz_server_flight.h"
#include "ks_wipe.h"

/* Output jobs, done in order. */
#define J_FLIGHT 1   /* ServerHello [Certificate ServerKeyExchange ServerHelloDone], flushed */
#define J_CCS 2      /* ChangeCipherSpec, then the server's records are protected */
#define J_FINISHED 3 /* the server's Finished, flushed */
#define J_ALERT 4    /* alert_level, alert_desc */
#define J_CLOSE 5    /* after everything before it is sent: closed */
#define J_KEY_EXCHANGE 6 /* the ClientKeyExchange received: the premaster, the master secret (below) */

/* The scratch: the hello's server_name bytes, dead once its digest is taken. After a
 * ClientKeyExchange body (SZ_CKE_MAX) the premaster (ECDH: k P's point) and the identity's key. */
#define SCRATCH(c) ((c)->u.hs.hello.server_name)
#define SZ_SCRATCH_PMS 132
#if defined(SZ_PROFILE_LEGACY_RSA)
#define SZ_SCRATCH_PMS_LEN SZ_PREMASTER_MAX
#define SZ_SCRATCH_KEY_LEN 0
#else
#define SZ_SCRATCH_PMS_LEN (2 * SZ_IDENTITY_FIELD_BYTES)
#define SZ_SCRATCH_KEY_LEN SZ_IDENTITY_ORDER_BYTES
#endif
#define SZ_SCRATCH_KEY (SZ_SCRATCH_PMS + SZ_SCRATCH_PMS_LEN)
typedef char sz_scratch_fits[SZ_MAX_HOST_NAME >= SZ_SERVER_HELLO_MAX + 4 + SZ_SERVER_KEY_EXCHANGE_MAX + 4 &&
                             SZ_SCRATCH_PMS >= SZ_CKE_MAX && SZ_MAX_HOST_NAME >= SZ_SCRATCH_KEY + SZ_SCRATCH_KEY_LEN ? 1 : -1];

#if SZ_STREAM_OUT
/* The streamed record's MAC takes no RAM of its own: it fits in the handshake hash's room. */
typedef char sz_seal_fits[sizeof(sz_seal_stream) <= sizeof(sz_handshake_hash) ? 1 : -1];
#endif

void sz_transcript_update(void *ctx, const uint8_t *data, size_t len)
{
	if (ctx) /* none: a ClientHello whose digest came in its place (sz_tls_hello_digest) */
		sz_handshake_hash_update((sz_handshake_hash *)ctx, data, len);
}

/* Everything before `keep` zeroed, then the engine ready for a hello. */
static void start(sz_tls *c, size_t keep, const sz_tls_config *cfg, const sz_app *app, uint8_t *rx,
                  uint16_t rx_cap, uint8_t *tx, uint16_t tx_cap)
{
	memset(c, 0, keep);
	sz_handshake_hash_init(&c->h.hash);
	sz_server_init(&c->u.hs, &c->h.hash);
	c->u.hs.checks_only = 1;
	c->u.hs.suites = cfg->suites;
	c->cfg = cfg;
	c->app = app;
	c->rx = rx;
	c->rx_cap = rx_cap;
	sz_writer_init(&c->w, tx, tx_cap, cfg->initial_version);
	c->verdict = SZ_VERDICT_NONE;
	c->m_verdict = SZ_VERDICT_NONE;
}

void sz_tls_init(sz_tls *c, const sz_tls_config *cfg, const sz_app *app, uint8_t *rx, uint16_t rx_cap,
                 uint8_t *tx, uint16_t tx_cap)
{
	start(c, sizeof *c, cfg, app, rx, rx_cap, tx, tx_cap);
}

void sz_tls_next(sz_tls *c, const sz_tls_config *cfg, const sz_app *app, uint8_t *rx, uint16_t rx_cap,
                 uint8_t *tx, uint16_t tx_cap)
{
	start(c, c->random_ahead ? offsetof(sz_tls, server_random) : sizeof *c, cfg, app, rx, rx_cap, tx, tx_cap);
}

static void queue(sz_tls *c, uint8_t job)
{
	if (c->job_n < sizeof c->jobs)
		c->jobs[c->job_n++] = job;
}

static void pop(sz_tls *c)
{
	uint8_t i;
	for (i = 1; i < c->job_n; i++)
		c->jobs[i - 1] = c->jobs[i];
	c->job_n--;
	c->seg = 0;
	c->seg_off = 0;
}

static void forget_session(sz_tls *c)
{
	if (c->has_session && c->cfg->sessions)
		sz_session_remove(c->cfg->sessions, c->session_id, SZ_SESSION_ID);
}

static void wipe_secrets(sz_tls *c)
{
	ks_wipe(c->master, sizeof c->master);
#if SZ_PRF_KEYED
	ks_wipe(c->master_key, sizeof c->master_key);
#endif
#if defined(SZ_PROFILE_MODERN)
	ks_wipe(c->ephemeral, sizeof c->ephemeral);
#endif
	ks_wipe(c->fin, sizeof c->fin);
}

/* The connection ends: no more input, secrets wiped, the session forgotten if asked; 0 if it
 * had ended already. */
static uint8_t end_connection(sz_tls *c, uint16_t verdict, uint8_t forget)
{
	if (c->state == SZ_CLOSED)
		return 0;
	c->verdict = verdict;
	c->state = SZ_CLOSED;
#if SZ_STREAM_RECORDS
	c->streaming = 0; /* a streamed record's rest is never read */
#endif
	wipe_secrets(c);
	if (forget)
		forget_session(c);
	return 1;
}

/* The last record: an alert, then closed once it is sent. */
static void last_alert(sz_tls *c, uint8_t level, uint8_t desc)
{
	c->alert_level = level;
	c->alert_desc = desc;
	queue(c, J_ALERT);
	queue(c, J_CLOSE);
}

/* TlsConnection.fail: the fatal alert (in the clear or protected, as the writer stands), the
 * session forgotten, then closed. */
static void fail(sz_tls *c, uint16_t alert)
{
	if (end_connection(c, alert, 1))
		last_alert(c, SZ_ALERT_FATAL, (uint8_t)alert);
}

/* A fatal alert received (or a broken stream): closed without a word. */
static void abort_quietly(sz_tls *c, uint16_t verdict)
{
	if (end_connection(c, verdict, verdict != SZ_VERDICT_NONE))
		queue(c, J_CLOSE);
}

/* TlsConnection.close: close_notify after what is queued; the session stays. */
static void close_gracefully(sz_tls *c)
{
	if (end_connection(c, SZ_VERDICT_NONE, 0))
		last_alert(c, SZ_ALERT_WARNING, SZ_CLOSE_NOTIFY);
}

/* The master secret's prepared PRF key (sz_master_key, made with the keys), or NULL. */
#if SZ_PRF_KEYED
#define MASTER_KEY(c) ((c)->master_key)
#else
#define MASTER_KEY(c) NULL
#endif

static void derive_keys(sz_tls *c)
{
	if (!c->keyed) {
#if SZ_PRF_KEYED
		sz_master_key(c->version, c->master, c->master_key); /* the first PRF under the master */
#endif
		sz_protection_derive(&c->u.keyed.rd, &c->u.keyed.wr, c->version, c->suite, c->master, MASTER_KEY(c),
				     c->u.hs.hello.random, c->server_random);
		c->keyed = 1;
	}
}

/* ---- output ------------------------------------------------------------------------------ */

/* Streams one segment of handshake bytes (flash or RAM) into records, hashing what is written
 * from its copy in the record (plaintext: these messages precede the ChangeCipherSpec), in one
 * update a record: a flash segment hashed 16 bytes at a time from a copy on the stack cost the
 * ATmega128 ~40 k cycles a full handshake (the certificates' ~700 B read twice, two updates
 * a piece); 1 when all of it is written. */
static uint8_t put_handshake(sz_tls *c, const uint8_t *p, uint16_t len, uint8_t flash)
{
	while (c->seg_off < len) {
		uint16_t k, i;
		uint8_t *dst = sz_writer_space(&c->w, SZ_HANDSHAKE, &k);
		const uint8_t *src = p + c->seg_off;
		if (k > len - c->seg_off)
			k = (uint16_t)(len - c->seg_off);
		if (flash) {
			uint8_t *d = dst;
			for (i = k; i; i--) /* pointers stepped: ~9 cycles a byte on the AVR, an index ~19 */
				*d++ = KS_READ_BYTE(src++);
		} else if (k) {
			memcpy(dst, src, k);
		}
		sz_handshake_hash_update(&c->h.hash, dst, k);
		sz_writer_commit(&c->w, k); /* as sz_writer_append: a full record goes out here */
		if (k == 0)
			return 0;
		c->seg_off = (uint16_t)(c->seg_off + k);
	}
	c->seg++;
	c->seg_off = 0;
	return 1;
}

/* The flight's segments: ServerHello; for a full handshake the Certificate header, the
 * certificate_list from flash, and ServerKeyExchange + ServerHelloDone. 1 when all are written. */
static uint8_t write_flight(sz_tls *c)
{
	uint8_t *s = SCRATCH(c);
	uint16_t chain_len;
	const uint8_t *chain = sz_identity_chain(&chain_len);
	for (;;) {
		uint8_t done;
		switch (c->seg) {
		case 0: done = put_handshake(c, s, c->sh_len, 0); break;
		case 1: done = put_handshake(c, s + c->sh_len, 4, 0); break;
		case 2: done = put_handshake(c, chain, chain_len, 1); break;
		case 3: done = put_handshake(c, s + c->sh_len + 4, (uint16_t)(c->ske_len + 4u), 0); break;
		default: return 1;
		}
		if (!done)
			return 0;
		if (c->resumed && c->seg == 1)
			return 1;
	}
}

static void app_output(sz_tls *c)
{
	uint16_t room, n;
	uint8_t *dst;
	if (c->app->closed(c->app->ctx)) {
		close_gracefully(c);
		return;
	}
#if SZ_STREAM_OUT
	if (c->app->unit) /* declared when the writer is idle; the handshake hash is done with (DONE) */
		(void)sz_writer_declare(&c->w, SZ_APPLICATION_DATA, c->app->unit(c->app->ctx), &c->h.seal);
#endif
	dst = sz_writer_space(&c->w, SZ_APPLICATION_DATA, &room);
	if (!dst)
		return;
	n = c->app->pull(c->app->ctx, dst, room);
	if (n == 0) {
		if (c->eof)
			close_gracefully(c);
		return;
	}
	sz_writer_commit(&c->w, n);
	sz_writer_flush(&c->w); /* one record per piece (a declared record: sealed as it went) */
}

/* Hands the opened record's rest on (the application's data, or handshake bytes left after a
 * message that changed the state). */
static void dispatch(sz_tls *c);
static void handshake_bytes(sz_tls *c);
static void client_key_exchange(sz_tls *c);

/* One buffer for both ways: the opened record's unread rest moves to the buffer's tail (a
 * backward byte copy: the regions may overlap) and the record written takes what is before it. */
static void make_room(sz_tls *c)
{
	uint16_t left = (uint16_t)(c->end - c->pos), i;
	if (c->rx != c->w.buf || c->w.pending)
		return;
	if (c->pos >= c->end) {
		c->w.avail = c->w.cap;
		return;
	}
	if (c->end != c->rx_cap) {
		for (i = left; i > 0; i--)
			c->rx[c->rx_cap - left + i - 1u] = c->rx[c->pos + i - 1u];
		c->pos = (uint16_t)(c->rx_cap - left);
		c->end = c->rx_cap;
	}
	c->w.avail = c->pos;
}

static void produce(sz_tls *c)
{
#if SZ_STREAM_RECORDS
	if (c->streaming)
		return; /* a record's plaintext is held unverified: nothing is answered, nothing moved */
#endif
	while (!c->w.ready) {
		uint8_t one = 1, job, n_jobs, seg;
		uint16_t seg_off;
		make_room(c);
#if SZ_STREAM_OUT
		if (sz_writer_streaming(&c->w)) { /* a record is written whole before anything else */
			app_output(c);
			if (!c->w.ready)
				return;
			continue;
		}
#endif
		if (c->job_n == 0) {
			if (c->state != SZ_DONE)
				return;
			if (c->pos < c->end) { /* the opened record's rest first */
				dispatch(c);
				if (c->job_n || c->w.ready || c->state != SZ_DONE)
					continue;
				make_room(c);
			}
			app_output(c);
			if (c->job_n == 0 && !c->w.ready)
				return;
			continue;
		}
		job = c->jobs[0], n_jobs = c->job_n, seg = c->seg, seg_off = c->seg_off;
		switch (c->jobs[0]) {
		case J_FLIGHT:
			if (!write_flight(c))
				break;
			sz_writer_flush(&c->w);
			pop(c);
			break;
		case J_CCS:
			if (sz_writer_append(&c->w, SZ_CHANGE_CIPHER_SPEC, &one, 1, 0) == 0)
				break;
			sz_writer_flush(&c->w);
			derive_keys(c);
			c->w.seal = &c->u.keyed.wr; /* the records after this one */
			pop(c);
			break;
		case J_FINISHED:
			if (c->seg == 0 && c->seg_off == 0) {
				uint8_t n = sz_finished(c->version, c->master, MASTER_KEY(c), 0, &c->h.hash, c->fin + 4);
				sz_message_header(c->fin, SZ_HT_FINISHED, n);
				c->sh_len = (uint16_t)(4u + n); /* the client's verify_data is used or not yet made */
			}
			if (!put_handshake(c, c->fin, c->sh_len, 0))
				break;
			sz_writer_flush(&c->w);
			pop(c);
			break;
		case J_KEY_EXCHANGE:
			pop(c);
			if (c->state == SZ_WAIT_CLIENT_KEY_EXCHANGE) { /* not ended meanwhile (a timeout) */
				client_key_exchange(c);
				handshake_bytes(c); /* the record's rest, as if read on from the message */
			}
			break;
		case J_ALERT: {
			uint8_t a[2];
			a[0] = c->alert_level;
			a[1] = sz_alert_for_version(c->alert_desc, c->w.version);
			if (sz_writer_append(&c->w, SZ_ALERT, a, 2, 0) == 0)
				break;
			sz_writer_flush(&c->w);
			pop(c);
			break;
		}
		default: /* J_CLOSE */
			sz_writer_flush(&c->w);
			if (c->w.ready)
				break;
			sz_protection_clear(&c->u.keyed.rd);
			sz_protection_clear(&c->u.keyed.wr);
			sz_handshake_hash_clear(&c->h.hash);
			wipe_secrets(c);
			c->job_n = 0;
			return;
		}
		if (!c->w.ready && c->job_n == n_jobs && c->jobs[0] == job && c->seg == seg && c->seg_off == seg_off)
			return; /* no room for a record (a buffer below SZ_WRITER_BUFFER(1)): stuck, not spinning */
	}
}

const uint8_t *sz_tls_output(sz_tls *c, uint16_t *n)
{
	produce(c);
	return sz_writer_ready(&c->w, n);
}

void sz_tls_sent(sz_tls *c)
{
	sz_writer_sent(&c->w);
}

uint8_t sz_tls_closed(const sz_tls *c)
{
	return c->state == SZ_CLOSED && c->job_n == 0 && !c->w.ready;
}

/* ---- the hello's answer ------------------------------------------------------------------ */

static uint16_t find_session(sz_tls *c, const sz_session **found)
{
	const sz_client_hello *h = &c->u.hs.hello;
	const sz_session *s;
	*found = 0;
	if (!c->cfg->sessions || h->session_id_length == 0)
		return SZ_VERDICT_NONE;
	s = sz_session_find(c->cfg->sessions, h->session_id, h->session_id_length, c->cfg->now);
	if (!s || s->has_name != c->has_name || s->version != c->version)
		return SZ_VERDICT_NONE;
	if (c->has_name) { /* Session.isFor: a digest of a public name */
		uint8_t i, diff = 0;
		for (i = 0; i < SZ_SESSION_NAME_DIGEST; i++)
			diff |= (uint8_t)(s->name_digest[i] ^ c->name_digest[i]);
		if (diff)
			return SZ_VERDICT_NONE;
	}
	if (s->ems && !c->ems)
		return SZ_HANDSHAKE_FAILURE; /* RFC 7627 §5.3 */
	if (s->ems != c->ems)
		return SZ_VERDICT_NONE;
	if (!(h->suites & sz_suite_bit(s->suite)))
		return SZ_ILLEGAL_PARAMETER; /* RFC 5246 §7.4.1.2 */
	if (c->cfg->suites & sz_suite_bit(s->suite))
		*found = s;
	return SZ_VERDICT_NONE;
}

static uint8_t draw(sz_tls *c, uint8_t *out, uint16_t n)
{
	return ks_hmac_drbg_generate(c->cfg->random, out, n, 0, 0) == KS_OK;
}

/* The hello's draws, in the Java server's order: its random, then a session id if sessions are
 * kept (used for a new session only). 1 when both came. */
static uint8_t draw_hello(sz_tls *c)
{
	return draw(c, c->server_random, 32) && (!c->cfg->sessions || draw(c, c->session_id, SZ_SESSION_ID));
}

void sz_tls_draw_ahead(sz_tls *c)
{
	if (!c->random_ahead)
		c->random_ahead = draw_hello(c);
}

#if !SZ_LEGACY
int sz_tls_hello_digest(sz_tls *c, const uint8_t *d)
{
	sz_record_layer *rl = &c->u.hs.records;
	uint32_t w[8], n = (uint32_t)d[0] << 16 | (uint32_t)d[1] << 8 | d[2];
	uint8_t i;
	/* nothing of the connection taken yet: no record begun, nothing hashed (a hello's first
	   record whole, another to come, is no place for its digest) */
	if (c->state != SZ_WAIT_CLIENT_HELLO || rl->header_len != 0 || (rl->flags & SZ_RL_IN_BODY) ||
	    c->h.hash.sha256.count != 0)
		return -1;
	for (i = 0; i < 8; i++) /* the chaining value in the context's own word form (ks_hash_resume) */
		w[i] = (uint32_t)d[3 + 4 * i] << 24 | (uint32_t)d[4 + 4 * i] << 16 | (uint32_t)d[5 + 4 * i] << 8 | d[6 + 4 * i];
	ks_hash_resume(&c->h.hash.sha256, KS_HASH_SHA256, (const uint8_t *)w, (ks_hash_count)(n & ~63UL));
	ks_hash_update(&c->h.hash.sha256, d + 35, n & 63);
	c->u.hs.transcript = 0;
	return 0;
}
#endif

/* answerClientHello from the server's random on: resumption or a new session, the flight. */
static void on_hello(sz_tls *c)
{
	sz_client_hello *h = &c->u.hs.hello;
	sz_server_hello_choice *a = &c->u.hs.answer;
	sz_record_layer *rl = &c->u.hs.records;
	const sz_session *s;
	uint16_t v;
	c->version = a->version;
	c->w.version = a->version;
	rl->version = a->version;
	c->ems = a->extended_master_secret;
#if SZ_STREAM_RECORDS
	c->rsl = a->record_size_limit != 0;
#endif
	c->has_name = h->server_name_length != 0;
	if (c->has_name)
		sz_session_name_digest(h->server_name, h->server_name_length, c->name_digest);
	if (!c->random_ahead && !draw_hello(c))
		{ fail(c, SZ_INTERNAL_ERROR); return; }
	c->random_ahead = 0; /* used: the next hello's are drawn after this one's draws */
	v = find_session(c, &s);
	if (v != SZ_VERDICT_NONE)
		{ fail(c, v); return; }
	if (s) {
		c->resumed = 1;
		c->suite = s->suite;
		memcpy(c->session_id, s->id, SZ_SESSION_ID);
		memcpy(c->master, s->master, sizeof c->master);
		c->has_session = 1;
	} else {
		v = sz_server_choose_suite(h, a, c->cfg->suites);
		if (v != SZ_VERDICT_NONE)
			{ fail(c, v); return; }
		c->suite = a->suite;
		if (c->cfg->sessions)
			c->has_session = 1; /* the id drawn with the random */
	}
	a->suite = c->suite;
	/* the flight is cut into records of the negotiated size as it is written */
	sz_writer_limit(&c->w, a->send_limit);
	c->sh_len = sz_server_hello_write(SCRATCH(c), a, c->server_random, c->session_id,
					  c->has_session ? SZ_SESSION_ID : 0);
	queue(c, J_FLIGHT);
	if (c->resumed) {
		queue(c, J_CCS);
		queue(c, J_FINISHED);
		c->state = SZ_RESUME_WAIT_CHANGE_CIPHER_SPEC;
	} else {
		uint16_t chain_len;
		uint8_t *p = SCRATCH(c) + c->sh_len;
		(void)sz_identity_chain(&chain_len);
		sz_message_header(p, SZ_HT_CERTIFICATE, chain_len);
		p += 4;
		c->ske_len = 0;
#if defined(SZ_PROFILE_MODERN)
		{
			uint8_t point[64];
			if (sz_ephemeral_generate(c->cfg->random, c->ephemeral, point) != KS_OK)
				{ fail(c, SZ_INTERNAL_ERROR); return; }
			c->ske_len = sz_server_key_exchange_write(p, point, h->random, c->server_random,
								  h->ecdsa_scheme, c->cfg->random);
			if (c->ske_len == 0)
				{ fail(c, SZ_INTERNAL_ERROR); return; }
		}
#endif
		sz_message_header(p + c->ske_len, SZ_HT_SERVER_HELLO_DONE, 0);
		c->state = SZ_WAIT_CLIENT_KEY_EXCHANGE;
	}
	/* The rest of the hello's record: a record gathered from here on. */
	if ((rl->flags & SZ_RL_IN_BODY) && rl->left > 0) {
		if (5u + rl->left > c->rx_cap)
			{ fail(c, SZ_RECORD_OVERFLOW); return; }
		c->rx_type = SZ_HANDSHAKE; /* its header was judged by the hello's record layer */
		c->rx_len = 5;
		c->rx_want = (uint16_t)(5u + rl->left);
		rl->flags &= (uint8_t)~SZ_RL_IN_BODY;
	}
}

static void hello_failed(sz_tls *c)
{
	uint16_t v = c->u.hs.verdict;
	if (v & SZ_RECEIVED)
		{ abort_quietly(c, v); return; }
	if (c->u.hs.answered && v != SZ_PROTOCOL_VERSION && v != SZ_INAPPROPRIATE_FALLBACK) {
		/* the version was set before the checks that failed (records.setVersion) */
		uint16_t n = sz_version_negotiate(c->u.hs.hello.version, SZ_MIN_VERSION, SZ_MAX_VERSION);
		if (n)
			c->w.version = n;
	}
	fail(c, v);
}

/* ---- input ------------------------------------------------------------------------------- */

/* RecordLayer.countEmpty */
static uint16_t count_empty(sz_tls *c, uint16_t len, uint8_t type)
{
	sz_record_layer *rl = &c->u.hs.records;
	if (len > 0) {
		rl->empty_run = 0;
		if (type != SZ_ALERT)
			rl->warning_run = 0;
	} else if (++rl->empty_run > SZ_MAX_EMPTY_RECORDS) {
		return SZ_UNEXPECTED_MESSAGE;
	}
	return SZ_VERDICT_NONE;
}

/* The largest plaintext accepted after the keys: ours if the client sent record_size_limit (we
 * answered it with SZ_RECEIVE_LIMIT), else 2^14 (RFC 8449 §4; the same on the host). A build
 * that gathers every record whole bounds them by its buffer anyway: SZ_RECEIVE_LIMIT. */
#if SZ_STREAM_RECORDS
#define receive_limit(c) ((c)->rsl ? SZ_RECEIVE_LIMIT : SZ_MAX_FRAGMENT)
#else
#define receive_limit(c) SZ_RECEIVE_LIMIT
#endif

#if SZ_STREAM_RECORDS
/* Where a streamed record's plaintext starts (after the header and the explicit nonce). */
#define STREAM_AT (5u + SZ_PROTECTION_PREFIX)
/* A record longer than rx may be streamed if rx holds the nonce, a tag and some plaintext. */
#define STREAM_MIN_RX (STREAM_AT + 16u + 64u)

static uint16_t stream_tag(const sz_tls *c)
{
	return c->u.keyed.rd.tag_len;
}
#endif

/* readRecord's checks of a header after the hello. */
static uint16_t record_header(sz_tls *c)
{
	uint8_t type = c->rx[0];
	uint16_t version = (uint16_t)(c->rx[1] << 8 | c->rx[2]);
	uint16_t len = (uint16_t)(c->rx[3] << 8 | c->rx[4]);
	if (type < SZ_CHANGE_CIPHER_SPEC || type > SZ_APPLICATION_DATA)
		return SZ_UNEXPECTED_MESSAGE;
	c->rx_type = type;
	if ((version >> 8) != 3 || version != c->version)
		return SZ_PROTOCOL_VERSION;
	if (!c->read_on) {
		uint16_t v;
		if (len > SZ_MAX_FRAGMENT)
			return SZ_RECORD_OVERFLOW;
		if (len == 0 && type != SZ_APPLICATION_DATA)
			return SZ_UNEXPECTED_MESSAGE;
		v = count_empty(c, len, type);
		if (v != SZ_VERDICT_NONE)
			return v;
	} else if (len > receive_limit(c) + SZ_PROTECTION_EXPANSION) {
		return SZ_RECORD_OVERFLOW;
	}
	if (5u + len > c->rx_cap) {
#if SZ_STREAM_RECORDS
		/* an application record longer than the buffer is opened as it comes (README) */
		if (c->read_on && type == SZ_APPLICATION_DATA && c->state == SZ_DONE && c->rx_cap >= STREAM_MIN_RX &&
		    len >= SZ_PROTECTION_PREFIX + stream_tag(c)) {
			c->streaming = 1;
			c->rx_want = (uint16_t)(5u + len);
			return SZ_VERDICT_NONE;
		}
#endif
		return SZ_RECORD_OVERFLOW; /* longer than this build's buffer (README) */
	}
	c->rx_want = (uint16_t)(5u + len);
	return SZ_VERDICT_NONE;
}

/* A whole record is in: open it. */
static uint16_t record_open(sz_tls *c)
{
	uint16_t len = (uint16_t)(c->rx_want - 5u);
	c->rx_len = 0;
	c->rx_want = 0;
	if (c->read_on) {
		size_t plain;
		uint16_t v = sz_protection_open(&c->u.keyed.rd, c->rx_type, c->version, c->rx + 5, len, &plain);
		if (v != SZ_VERDICT_NONE)
			return v;
		if (plain > receive_limit(c))
			return SZ_RECORD_OVERFLOW;
		if (plain == 0 && c->rx_type != SZ_APPLICATION_DATA)
			return SZ_UNEXPECTED_MESSAGE;
		v = count_empty(c, (uint16_t)plain, c->rx_type);
		if (v != SZ_VERDICT_NONE)
			return v;
		c->pos = 5 + SZ_PROTECTION_PREFIX;
		c->end = (uint16_t)(c->pos + plain);
	} else {
		c->pos = 5;
		c->end = (uint16_t)(5u + len);
	}
	return SZ_VERDICT_NONE;
}

static uint8_t handshaking(const sz_tls *c)
{
	return c->state != SZ_DONE && c->state != SZ_CLOSED;
}

#if defined(SZ_PROFILE_LEGACY_RSA)
/* SZ_RSA_AUX (the ATmega128): RSA's window table and modulus (ks_rsa_private_aux) in the
 * scratch and the hello's dead bytes after it, not on the stack. Safe: while the ClientKeyExchange
 * is decrypted the hello is dead but for its kept head (below the scratch: the version, the
 * client random); the kernels read the ciphertext (the scratch's body) before they write there,
 * and wipe the area before they write em over the ciphertext; the premaster is judged into the
 * scratch only after; the protection states that take these bytes (keyed.rd, keyed.wr)
 * are keyed only after the master secret is made. */
#define RSA_AUX_AT ((offsetof(sz_tls, u.hs.hello.server_name) - offsetof(sz_tls, u) + 7u) & ~7u)
#if SZ_RSA_AUX
typedef char sz_rsa_aux_fits[RSA_AUX_AT + KS_RSA_AUX_BYTES <= sizeof(((sz_tls *)0)->u) ? 1 : -1];
#define RSA_AUX(c) ((void *)((uint8_t *)&(c)->u + RSA_AUX_AT))
#else
#define RSA_AUX(c) ((void)(c), (void *)0)
#endif
#elif KS_EC_AUX
/* KS_EC_AUX (the ATmega128's legacy-ecc): k P's table (ks_ec_mul_aux) in the hello's dead bytes
 * after its kept head, the scratch among them, not on the stack (8 points of 44 B: so the
 * window can be 4; u.ec_aux keeps the room). Safe as RSA_AUX above: the kernels read the point
 * (the scratch's body) and the key before they write the table, and write the point (the
 * scratch's pms) after they wiped it; the protection states that take these bytes are keyed
 * only after the master secret is made. */
#define EC_AUX(c) ((void *)((uint8_t *)&(c)->u + SZ_TLS_HELLO_KEPT))
typedef char sz_ec_aux_fits[SZ_TLS_HELLO_KEPT % (KS_LIMB_BITS / 8) == 0 ? 1 : -1];
#else
#define EC_AUX(c) ((void)(c), (void *)0)
#endif

/* The ClientKeyExchange (its body in the scratch) to the premaster and the master secret
 * (J_KEY_EXCHANGE). A frame of its own, from produce. */
static KS_NOINLINE void client_key_exchange(sz_tls *c)
{
	/* the premaster (ECDH: k P's whole point) and the identity's key in the scratch after the
	 * body, off the stack below which k P or the RSA decryption runs */
	uint8_t *body = SCRATCH(c), *pms = SCRATCH(c) + SZ_SCRATCH_PMS, pms_len = SZ_PREMASTER_MAX;
	uint16_t v;
#if defined(SZ_PROFILE_LEGACY_RSA)
	v = sz_cke_rsa(body, (uint16_t)c->m_len, c->version, c->u.hs.hello.version, c->cfg->random,
		       c->cfg->rsa_blind, pms, RSA_AUX(c));
#elif defined(SZ_PROFILE_LEGACY_ECC)
	uint8_t *d = SCRATCH(c) + SZ_SCRATCH_KEY;
	sz_identity_ec_private(d);
	v = sz_cke_ecdh(body, (uint16_t)c->m_len, d, pms, &pms_len, EC_AUX(c));
	ks_wipe(d, SZ_IDENTITY_ORDER_BYTES);
#else
	v = sz_cke_ecdh(body, (uint16_t)c->m_len, c->ephemeral, pms, &pms_len, EC_AUX(c));
	ks_wipe(c->ephemeral, sizeof c->ephemeral);
#endif
	if (v == SZ_VERDICT_NONE)
		sz_master_secret(c->version, pms, pms_len, c->u.hs.hello.random, c->server_random,
				 c->ems ? &c->h.hash : 0, c->master);
	ks_wipe(pms, SZ_SCRATCH_PMS_LEN);
	if (v != SZ_VERDICT_NONE)
		{ fail(c, v); return; }
	c->state = SZ_WAIT_CHANGE_CIPHER_SPEC;
}

/* A complete handshake message (its body in the scratch, or skipped). */
static void message_done(sz_tls *c)
{
	uint8_t type = c->m_hdr[0];
	uint16_t v = c->m_verdict;
	c->m_have = 0;
	c->m_verdict = SZ_VERDICT_NONE;
	if (v != SZ_VERDICT_NONE)
		{ fail(c, v); return; }
	if (c->state == SZ_DONE) { /* a ClientHello, skipped: no renegotiation (RFC 5746 §4.4) */
		c->alert_level = SZ_ALERT_WARNING;
		c->alert_desc = SZ_NO_RENEGOTIATION;
		queue(c, J_ALERT);
		return;
	}
	if (type == SZ_HT_CLIENT_KEY_EXCHANGE) {
		/* its scalar multiplication or RSA decryption runs from the output side, where the
		 * stack is shallower (no input path below it): nothing is read until it is done */
		queue(c, J_KEY_EXCHANGE);
		return;
	}
	/* Finished: verify_data compared in constant time as it came (handshake_bytes) */
	if (c->fin_diff)
		{ fail(c, SZ_DECRYPT_ERROR); return; }
	if (c->state == SZ_WAIT_FINISHED) {
		/* cached before the server's Finished goes out (ServerHandshake.step) */
		if (c->has_session) {
			sz_session s;
			memset(&s, 0, sizeof s);
			memcpy(s.id, c->session_id, SZ_SESSION_ID);
			memcpy(s.master, c->master, sizeof s.master);
			memcpy(s.name_digest, c->name_digest, SZ_SESSION_NAME_DIGEST);
			s.created = c->cfg->now;
			s.version = c->version;
			s.suite = c->suite;
			s.ems = c->ems;
			s.has_name = c->has_name;
			sz_session_put(c->cfg->sessions, &s);
			ks_wipe(&s, sizeof s);
		}
		queue(c, J_CCS);
		queue(c, J_FINISHED);
	}
	c->state = SZ_DONE;
	c->established = 1;
	c->app->begin(c->app->ctx);
}

/* A message header is complete: HandshakeReader.begin's length cap, then expect(). */
static uint16_t message_begin(sz_tls *c)
{
	uint8_t type = c->m_hdr[0];
	c->m_len = (uint32_t)c->m_hdr[1] << 16 | (uint32_t)c->m_hdr[2] << 8 | c->m_hdr[3];
	c->m_got = 0;
	if (c->m_len > SZ_MAX_HANDSHAKE_MESSAGE)
		return SZ_DECODE_ERROR;
	if (c->state == SZ_DONE) {
		if (type != SZ_HT_CLIENT_HELLO)
			return SZ_UNEXPECTED_MESSAGE;
		return c->version == SZ_SSL30 ? SZ_HANDSHAKE_FAILURE : SZ_VERDICT_NONE; /* SSL 3.0: no such warning */
	}
	if (c->state == SZ_WAIT_CLIENT_KEY_EXCHANGE) {
		if (type != SZ_HT_CLIENT_KEY_EXCHANGE)
			return SZ_UNEXPECTED_MESSAGE;
		if (c->m_len == 0)
			return SZ_DECODE_ERROR;
		return SZ_VERDICT_NONE;
	}
	if (type != SZ_HT_FINISHED)
		return SZ_UNEXPECTED_MESSAGE;
	return c->m_len != c->expected_len ? SZ_DECODE_ERROR : SZ_VERDICT_NONE;
}

/* Handshake bytes of the opened record, as HandshakeReader reads them (hashed while the
 * handshake runs; a renegotiating ClientHello is skipped unhashed). */
static void handshake_bytes(sz_tls *c)
{
	while (c->pos < c->end && c->state != SZ_CLOSED && c->job_n == 0) {
		uint8_t hash = c->state != SZ_DONE;
		const uint8_t *b = c->rx + c->pos;
		uint16_t n = (uint16_t)(c->end - c->pos), k;
		if (c->m_have < 4) {
			k = (uint16_t)(4u - c->m_have);
			if (k > n)
				k = n;
			memcpy(c->m_hdr + c->m_have, b, k);
			c->m_have = (uint8_t)(c->m_have + k);
			if (hash)
				sz_handshake_hash_update(&c->h.hash, b, k);
			c->pos = (uint16_t)(c->pos + k);
			if (c->m_have == 4) {
				uint16_t v = message_begin(c);
				if (v != SZ_VERDICT_NONE)
					{ fail(c, v); return; }
				if (c->m_len == 0)
					message_done(c);
			}
			continue;
		}
		k = c->m_len - c->m_got < n ? (uint16_t)(c->m_len - c->m_got) : n;
		if (hash)
			sz_handshake_hash_update(&c->h.hash, b, k);
		if (c->state == SZ_WAIT_CLIENT_KEY_EXCHANGE && c->m_got < SZ_MAX_HOST_NAME) {
			uint16_t keep = (uint16_t)(SZ_MAX_HOST_NAME - c->m_got);
			memcpy(SCRATCH(c) + c->m_got, b, k < keep ? k : keep);
		} else if (c->state == SZ_WAIT_FINISHED || c->state == SZ_RESUME_WAIT_FINISHED) {
			/* m_len is expected_len (message_begin): no byte past it */
			c->fin_diff = sz_finished_diff(c->fin_diff, b, c->fin + 4u + c->m_got, k);
		}
		if (c->state == SZ_WAIT_CLIENT_KEY_EXCHANGE && c->m_got == 0 && c->m_len > SZ_CKE_MAX) {
			uint8_t at_end;
			uint16_t v = sz_cke_early(b[0], c->m_len, &at_end);
			if (!at_end)
				{ fail(c, v); return; }
			c->m_verdict = v;
		}
		c->m_got += k;
		c->pos = (uint16_t)(c->pos + k);
		if (c->m_got == c->m_len)
			message_done(c);
	}
}

/* The opened plaintext to the application, as much as it takes. */
static void app_push(sz_tls *c)
{
	while (c->pos < c->end) {
		size_t k = c->app->push(c->app->ctx, c->rx + c->pos, (size_t)(c->end - c->pos));
		if (k == 0)
			break;
		c->pos = (uint16_t)(c->pos + k);
	}
}

static void dispatch(sz_tls *c)
{
	uint8_t type = c->rx_type;
	if (type == SZ_HANDSHAKE) {
		if (c->state == SZ_WAIT_CHANGE_CIPHER_SPEC || c->state == SZ_RESUME_WAIT_CHANGE_CIPHER_SPEC)
			{ fail(c, SZ_UNEXPECTED_MESSAGE); return; } /* handshake data before ChangeCipherSpec */
		{ handshake_bytes(c); return; }
	}
	if (type == SZ_ALERT) { /* alerts are handled between and inside messages (RecordLayer.next) */
		sz_record_layer *rl = &c->u.hs.records;
		uint16_t v;
		sz_record_alert(rl, c->rx + c->pos, (size_t)(c->end - c->pos));
		c->pos = c->end;
		v = sz_record_end(rl);
		if (v == SZ_VERDICT_NONE)
			return;
		if (v == SZ_VERDICT_CLOSE_NOTIFY) {
			if (c->state != SZ_DONE)
				{ fail(c, SZ_HANDSHAKE_FAILURE); return; }
			c->app->end(c->app->ctx, 0);
			{ close_gracefully(c); return; }
		}
		if (v & SZ_RECEIVED)
			{ abort_quietly(c, v); return; }
		{ fail(c, v); return; }
	}
	if (type == SZ_APPLICATION_DATA && c->pos == c->end)
		return; /* an empty record is skipped wherever it comes (RecordLayer.next) */
	if (c->m_have > 0) /* a record of another type inside a handshake message */
		{ fail(c, SZ_UNEXPECTED_MESSAGE); return; }
	if (type == SZ_CHANGE_CIPHER_SPEC) {
		if (c->state != SZ_WAIT_CHANGE_CIPHER_SPEC && c->state != SZ_RESUME_WAIT_CHANGE_CIPHER_SPEC)
			{ fail(c, SZ_UNEXPECTED_MESSAGE); return; }
		if (c->end - c->pos != 1 || c->rx[c->pos] != 1)
			{ fail(c, SZ_UNEXPECTED_MESSAGE); return; } /* not the single byte 1 */
		c->pos = c->end;
		derive_keys(c);
		c->read_on = 1;
		c->expected_len = sz_finished(c->version, c->master, MASTER_KEY(c), 1, &c->h.hash, c->fin + 4);
		c->fin_diff = 0;
		c->state = c->state == SZ_WAIT_CHANGE_CIPHER_SPEC ? SZ_WAIT_FINISHED : SZ_RESUME_WAIT_FINISHED;
		return;
	}
	/* application_data */
	if (c->state != SZ_DONE)
		{ fail(c, SZ_UNEXPECTED_MESSAGE); return; }
	app_push(c);
	if (c->app->closed(c->app->ctx))
		c->pos = c->end; /* nothing after the last request is read */
}

#if SZ_STREAM_RECORDS
/* An application record longer than rx, opened as it comes (README, Records in): its explicit
 * nonce starts the open, its ciphertext is decrypted in place in pieces behind the plaintext the
 * application has not taken yet, which is handed on at once (the application parses only: it
 * answers and acts from its pull, and nothing is pulled while c->streaming), and its tag ends
 * it. A forged record is bad_record_mac, its plaintext wiped; the application's parse dies with
 * the connection. The plaintext a finished request leaves unread (pipelined requests) must fit
 * rx: more is record_overflow. Returns the bytes taken. */
static uint16_t stream_in(sz_tls *c, const uint8_t *data, uint16_t n)
{
	sz_protection *rd = &c->u.keyed.rd;
	uint16_t len = (uint16_t)(c->rx_want - 5u), f = (uint16_t)(c->rx_len - 5u);
	uint16_t tag = stream_tag(c), body_end = (uint16_t)(len - tag), k, v;
	if (f < SZ_PROTECTION_PREFIX) { /* the explicit nonce */
		k = (uint16_t)(SZ_PROTECTION_PREFIX - f);
		k = k < n ? k : n;
		memcpy(c->rx + 5 + f, data, k);
		c->rx_len = (uint16_t)(c->rx_len + k);
		if (c->rx_len == STREAM_AT) {
			sz_protection_open_start(rd, c->rx_type, c->version, c->rx + 5, len);
			c->pos = c->end = STREAM_AT;
		}
		return k;
	}
	if (f < body_end) { /* ciphertext: at most what fits before the tag's room */
		k = (uint16_t)(body_end - f);
		k = k < n ? k : n;
		k = k < c->rx_cap - tag - c->end ? k : (uint16_t)(c->rx_cap - tag - c->end);
		memcpy(c->rx + c->end, data, k);
		sz_protection_open_update(rd, c->rx + c->end, k);
		c->end = (uint16_t)(c->end + k);
		c->rx_len = (uint16_t)(c->rx_len + k);
		app_push(c);
		if (c->pos > STREAM_AT) { /* the unread rest to the front (a forward copy: regions overlap) */
			uint16_t i, left = (uint16_t)(c->end - c->pos);
			for (i = 0; i < left; i++)
				c->rx[STREAM_AT + i] = c->rx[c->pos + i];
			c->pos = STREAM_AT;
			c->end = (uint16_t)(STREAM_AT + left);
		}
		if (c->end + tag == c->rx_cap && c->rx_len - 5u < body_end) {
			ks_wipe(c->rx + STREAM_AT, (size_t)(c->end - STREAM_AT));
			c->pos = c->end = 0;
			fail(c, SZ_RECORD_OVERFLOW); /* pipelined requests beyond the buffer */
		}
		return k;
	}
	k = (uint16_t)(len - f); /* the tag, behind the plaintext */
	k = k < n ? k : n;
	memcpy(c->rx + c->end + (f - body_end), data, k);
	c->rx_len = (uint16_t)(c->rx_len + k);
	if (c->rx_len < c->rx_want)
		return k;
	c->rx_len = c->rx_want = 0;
	c->streaming = 0;
	v = sz_protection_open_finish(rd, c->rx + c->end);
	if (v == SZ_VERDICT_NONE && (uint32_t)(body_end - SZ_PROTECTION_PREFIX) > (uint32_t)receive_limit(c))
		v = SZ_RECORD_OVERFLOW;
	if (v == SZ_VERDICT_NONE)
		v = count_empty(c, (uint16_t)(body_end - SZ_PROTECTION_PREFIX), SZ_APPLICATION_DATA);
	if (v != SZ_VERDICT_NONE) {
		ks_wipe(c->rx + STREAM_AT, (size_t)(c->end - STREAM_AT));
		c->pos = c->end = 0;
		fail(c, v);
	}
	return k; /* verified: the held plaintext [pos, end) is read on as a whole record's rest */
}
#endif

static uint8_t input_open(const sz_tls *c)
{
#if SZ_STREAM_OUT
	if (sz_writer_streaming(&c->w))
		return 0; /* a record going out is written whole first (and may hold the hash's room) */
#endif
#if SZ_STREAM_RECORDS
	return c->state != SZ_CLOSED && c->job_n == 0 && !c->w.ready && (c->streaming || c->pos >= c->end);
#else
	return c->state != SZ_CLOSED && c->job_n == 0 && !c->w.ready && c->pos >= c->end;
#endif
}

uint16_t sz_tls_wants(const sz_tls *c)
{
	if (!input_open(c))
		return 0;
	if (c->state == SZ_WAIT_CLIENT_HELLO)
		return sz_server_wants(&c->u.hs);
	if (c->rx_len < 5)
		return (uint16_t)(5u - c->rx_len);
#if SZ_STREAM_RECORDS
	if (c->streaming) { /* the rest of the nonce, the ciphertext that fits, or the tag */
		uint16_t f = (uint16_t)(c->rx_len - 5u), body_end = (uint16_t)(c->rx_want - 5u - stream_tag(c));
		uint16_t room = (uint16_t)(c->rx_cap - stream_tag(c) - c->end);
		if (f < SZ_PROTECTION_PREFIX)
			return (uint16_t)(SZ_PROTECTION_PREFIX - f);
		if (f < body_end)
			return (uint16_t)(body_end - f < room ? body_end - f : room);
	}
#endif
	return (uint16_t)(c->rx_want - c->rx_len);
}

uint16_t sz_tls_receive_at(const sz_tls *c)
{
	if (c->state == SZ_WAIT_CLIENT_HELLO)
		return 0;
#if SZ_STREAM_RECORDS
	if (c->streaming && c->rx_len >= STREAM_AT) { /* the ciphertext behind the plaintext held, then the tag */
		uint16_t f = (uint16_t)(c->rx_len - 5u), body_end = (uint16_t)(c->rx_want - 5u - stream_tag(c));
		return f < body_end ? c->end : (uint16_t)(c->end + (f - body_end));
	}
#endif
	return c->rx_len;
}

size_t sz_tls_push(sz_tls *c, const uint8_t *data, size_t len)
{
	size_t taken = 0;
	if (!input_open(c))
		return 0;
	if (c->state == SZ_WAIT_CLIENT_HELLO) {
		taken = sz_server_push(&c->u.hs, data, len);
		if (c->u.hs.status == SZ_SERVER_HELLO)
			on_hello(c);
		else if (c->u.hs.status == SZ_SERVER_FAILED)
			hello_failed(c);
		return taken;
	}
	while (taken < len && input_open(c)) {
		uint16_t k, v;
		if (c->rx_len == 0)
			c->pos = c->end = 0;
		if (c->rx_len < 5) {
			k = (uint16_t)(5u - c->rx_len);
			if (k > len - taken)
				k = (uint16_t)(len - taken);
			memcpy(c->rx + c->rx_len, data + taken, k);
			c->rx_len = (uint16_t)(c->rx_len + k);
			taken += k;
			if (c->rx_len < 5)
				break;
			v = record_header(c);
			if (v != SZ_VERDICT_NONE) {
				fail(c, v);
				break;
			}
#if SZ_STREAM_RECORDS
			if (c->streaming)
				continue;
#endif
#if SZ_STREAM_RECORDS
		} else if (c->streaming) {
			taken += stream_in(c, data + taken, (uint16_t)(len - taken < 0xFFFFu ? len - taken : 0xFFFFu));
			continue;
#endif
		} else {
			k = (uint16_t)(c->rx_want - c->rx_len);
			if (k > len - taken)
				k = (uint16_t)(len - taken);
			memcpy(c->rx + c->rx_len, data + taken, k);
			c->rx_len = (uint16_t)(c->rx_len + k);
			taken += k;
		}
		if (c->rx_len == c->rx_want) {
			v = record_open(c);
			if (v != SZ_VERDICT_NONE) {
				fail(c, v);
				break;
			}
			dispatch(c);
		}
	}
	return taken;
}

void sz_tls_eof(sz_tls *c)
{
	if (c->state == SZ_CLOSED)
		return;
	if (c->state == SZ_WAIT_CLIENT_HELLO) {
		sz_server_eof(&c->u.hs);
		{ hello_failed(c); return; }
	}
	if (c->rx_len > 0)
		{ fail(c, SZ_DECODE_ERROR); return; } /* a truncated record */
	if (handshaking(c) || c->m_have > 0)
		{ fail(c, SZ_HANDSHAKE_FAILURE); return; } /* connection closed during the handshake */
	/* the end of the stream without close_notify: a truncation the application is told of;
	 * the session stays resumable (TlsConnection.sessionSurvives) */
	c->eof = 1;
	c->app->end(c->app->ctx, 0);
}

void sz_tls_timeout(sz_tls *c)
{
	if (c->state == SZ_CLOSED)
		return;
	if (handshaking(c))
		{ fail(c, SZ_HANDSHAKE_FAILURE); return; } /* the peer stalled mid-handshake */
	if (c->rx_len > 0 || c->m_have > 0)
		{ abort_quietly(c, SZ_VERDICT_NONE); return; } /* mid-record: the stream is out of step */
	c->app->end(c->app->ctx, 1);
}

uint8_t sz_tls_close_if_idle(sz_tls *c)
{
	if (c->state == SZ_CLOSED)
		return 1;
	if (c->state == SZ_WAIT_CLIENT_HELLO && c->u.hs.records.header_len == 0 &&
	    !(c->u.hs.records.flags & SZ_RL_IN_BODY) && c->u.hs.reader.have == 0) {
		abort_quietly(c, SZ_VERDICT_NONE); /* accepted but silent */
		return 1;
	}
	if (c->state == SZ_DONE && c->rx_len == 0 && c->pos >= c->end && c->m_have == 0 &&
	    !c->app->busy(c->app->ctx)) {
		close_gracefully(c); /* between requests */
		return 1;
	}
	if (c->state == SZ_DONE)
		c->app->last(c->app->ctx);
	return 0;
}

const char *sz_tls_state_name(uint8_t state)
{
	static const char *const names[] = {"WAIT_CLIENT_HELLO", "WAIT_CLIENT_KEY_EXCHANGE", "WAIT_CHANGE_CIPHER_SPEC",
					    "WAIT_FINISHED", "RESUME_WAIT_CHANGE_CIPHER_SPEC", "RESUME_WAIT_FINISHED",
					    "DONE", "CLOSED"};
	return state <= SZ_CLOSED ? names[state] : "?";
}
