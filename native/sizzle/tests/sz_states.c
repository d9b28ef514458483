/*
 * The rows of kssl-client/STATES.md after the hello, against the C server: a stored transcript
 * (modern-ecdhe-ecdsa-aes128-gcm, legacy-ecdh-ecdsa-rc4-sha-tls10 or legacy-rsa-rc4-sha-tls10,
 * as the build serves) drives a fresh server into the row's state, then the row's input is sent
 * (made from the transcript's records, sealed with the client's keys where the client's
 * ChangeCipherSpec has gone) and the alert the server sends is checked byte for byte: in the
 * clear before the server's ChangeCipherSpec, opened with the server's keys after it.
 *
 * Mirrors kssl-client/src/test/java/kssl/tls/StateTableTest.java.
 */
#include "sz_replay.h"
#include "sz_alert.h"
#include "sz_cipher_suite.h"
#include <stdio.h>
#include <string.h>

typedef struct {
	sz_replay_server srv;
	sz_tls c;
	sz_transcript_app app;
	sz_app ops;
	sz_protection c_wr, s_wr; /* the client's write keys (seal what is sent), the server's (open what it sends) */
	uint8_t keyed, server_protected, client_protected;
	uint8_t last[80];
	uint16_t last_len;
	uint8_t last_type;
	int records, alerts;
	size_t have;  /* bytes of the record being gathered (drain) */
	const sz_transcript *t;
	int conn;
} rig;

static uint8_t rx[SZ_REPLAY_RX], tx[SZ_REPLAY_TX];
static uint8_t *rig_tx = tx; /* rx: one buffer both ways */
static uint16_t rig_cap = sizeof rx; /* rx's size the server is given (a mote's: smaller) */
static int passed, failed;

static void check(int ok, const char *row)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL state table: %s\n", row);
	}
}

static void derive(rig *r)
{
	if (!r->keyed) {
		/* derive() gives the server's read keys (the client's write) and write keys */
		sz_protection_derive(&r->c_wr, &r->s_wr, r->c.version, r->c.suite, r->c.master, NULL, r->c.u.hs.hello.random,
				     r->c.server_random);
		r->keyed = 1;
	}
}

/* Takes what the server sends, a record at a time: pieces of a record streamed longer than
 * the buffer (sz_writer_declare) are gathered until its header's length is there. */
static void drain(rig *r)
{
	const uint8_t *p;
	uint16_t n;
	static uint8_t b[SZ_REPLAY_TX];
	while ((p = sz_tls_output(&r->c, &n)) != 0) {
		uint16_t len;
		memcpy(b + r->have, p, n);
		r->have += n;
		sz_tls_sent(&r->c);
		if (r->have < 5 || r->have < 5u + (size_t)(b[3] << 8 | b[4]))
			continue;
		r->have = 0;
		len = (uint16_t)(b[3] << 8 | b[4]);
		r->records++;
		r->last_type = b[0];
		if (r->server_protected) {
			size_t plain = 0;
			if (sz_protection_open(&r->s_wr, b[0], r->c.version, b + 5, len, &plain) != SZ_VERDICT_NONE)
				plain = 0, r->last_type = 0xFF;
			len = (uint16_t)plain;
			memmove(b + 5, b + 5 + SZ_PROTECTION_PREFIX, len);
		}
		r->last_len = len < sizeof r->last ? len : (uint16_t)sizeof r->last;
		memcpy(r->last, b + 5, r->last_len);
		if (b[0] == SZ_ALERT)
			r->alerts++;
		if (b[0] == SZ_CHANGE_CIPHER_SPEC) {
			derive(r);
			r->server_protected = 1;
		}
	}
}

static void feed(rig *r, const uint8_t *b, size_t n)
{
	size_t off = 0;
	int idle = 0;
	while (off < n && idle < 2 && !sz_tls_closed(&r->c)) {
		size_t k = sz_tls_push(&r->c, b + off, n - off);
		int before = r->records;
		off += k;
		drain(r);
		idle = k == 0 && r->records == before ? idle + 1 : 0;
	}
	drain(r);
}

/* The k-th client record of the rig's connection, as the transcript has it. */
static const sz_line *client_line(const rig *r, int k)
{
	const sz_conn_spec *s = &r->t->conns[r->conn];
	size_t j;
	for (j = 0; j < s->count; j++) {
		const sz_line *l = &r->t->lines[s->first + j];
		if (l->client && k-- == 0)
			return l;
	}
	return 0;
}

/* Sends the transcript's client records [0, upto) of the connection (the sealed ones also
 * advance the rig's copy of the client's keys). */
static void send_transcript(rig *r, int upto)
{
	int k;
	for (k = 0; k < upto; k++) {
		const sz_line *l = client_line(r, k);
		feed(r, l->bytes, l->len);
		if (r->client_protected) {
			static uint8_t copy[SZ_REPLAY_RX];
			size_t plain;
			memcpy(copy, l->bytes, l->len);
			derive(r);
			(void)sz_protection_open(&r->c_wr, copy[0], r->c.version, copy + 5, l->len - 5, &plain);
		}
		if (l->bytes[0] == SZ_CHANGE_CIPHER_SPEC)
			r->client_protected = 1;
	}
}

/* A fresh server (a session cache of its own), connection 0 run through connection `conn` - 1
 * wholly, then `upto` client records of connection `conn`. */
static void start(rig *r, const sz_transcript *t, int conn, int upto)
{
	int k;
	memset(r, 0, sizeof *r);
	r->t = t;
	sz_replay_server_init(&r->srv, t->suite);
	for (k = 0; k <= conn; k++) {
		int n = 0;
		size_t j;
		for (j = 0; j < t->conns[k].count; j++)
			n += t->lines[t->conns[k].first + j].client;
		r->conn = k;
		r->keyed = r->server_protected = r->client_protected = 0;
		sz_transcript_app_init(&r->app, t->conns[k].response, &r->ops);
		sz_tls_init(&r->c, &r->srv.cfg, &r->ops, rx, rig_cap, rig_tx, rig_tx == rx ? rig_cap : sizeof tx);
		r->records = r->alerts = 0;
		send_transcript(r, k < conn ? n : upto);
	}
}

/* A record with the plaintext p: sealed with the client's keys once its ChangeCipherSpec went;
 * its last byte flipped if asked (a forged MAC or tag). */
static void send_record_flipped(rig *r, uint8_t type, const uint8_t *p, size_t n, uint8_t flip)
{
	static uint8_t b[SZ_REPLAY_RX];
	size_t len = n;
	if (r->client_protected) {
		derive(r);
		memcpy(b + 5 + SZ_PROTECTION_PREFIX, p, n);
		len = sz_protection_seal(&r->c_wr, type, r->c.version, b + 5, n);
	} else {
		memcpy(b + 5, p, n);
	}
	b[0] = type;
	b[1] = (uint8_t)(r->c.version >> 8);
	b[2] = (uint8_t)r->c.version;
	if (r->c.version == 0)
		b[1] = 3, b[2] = 1;
	b[3] = (uint8_t)(len >> 8);
	b[4] = (uint8_t)len;
	b[4 + len] ^= flip;
	feed(r, b, 5 + len);
}

static void send_record(rig *r, uint8_t type, const uint8_t *p, size_t n)
{
	send_record_flipped(r, type, p, n, 0);
}

/* The server's last record is the alert (level, description), and it closed (fatal) or not. */
static int alerted(const rig *r, uint8_t level, uint8_t desc)
{
	return r->last_type == SZ_ALERT && r->last_len == 2 && r->last[0] == level && r->last[1] == desc &&
	       (level == SZ_ALERT_WARNING || sz_tls_closed(&r->c));
}

static void row(rig *r, uint8_t desc, const char *name)
{
	char why[160];
	snprintf(why, sizeof why, "%s: want %s, got %s record %02x %02x (%u bytes), state %s", name,
		 desc == 0xFF ? "nothing" : sz_alert_name(desc), r->last_type == SZ_ALERT ? "alert" : "other",
		 r->last_len > 0 ? r->last[0] : 0, r->last_len > 1 ? r->last[1] : 0, r->last_len, sz_tls_state_name(r->c.state));
	check(alerted(r, SZ_ALERT_FATAL, desc), why);
}

/* The transcript files this build drives its rows with. */
static const char *table_file(void)
{
#if defined(SZ_PROFILE_MODERN)
	return "modern-ecdhe-ecdsa-aes128-gcm.txt";
#elif defined(SZ_PROFILE_LEGACY_ECC)
	return "legacy-ecdh-ecdsa-rc4-sha-tls10.txt";
#else
	return "legacy-rsa-rc4-sha-tls10.txt";
#endif
}

/* Client record indices in the full handshake of connection 0: hello, CKE, CCS, Finished, data... */
#define CKE 1
#define CCS 2
#define FIN 3

static void key_exchange_rows(const sz_transcript *t)
{
	static rig r;
	const sz_line *cke;
	static uint8_t b[300];
	uint8_t bad[4] = {SZ_HT_CLIENT_KEY_EXCHANGE, 0, 0, 0};
	uint8_t cert[7] = {11, 0, 0, 3, 0, 0, 0}, app[1] = {0}, warn[2] = {1, 90}, fatal[2] = {2, 40},
		close[2] = {1, 0};
	size_t n;
	int i;

	start(&r, t, 0, CKE);
	check(r.c.state == SZ_WAIT_CLIENT_KEY_EXCHANGE, "the flight leaves WAIT_CLIENT_KEY_EXCHANGE");
	cke = client_line(&r, CKE);
	n = cke->len - 5;
#if !defined(SZ_PROFILE_LEGACY_RSA)
	memcpy(b, cke->bytes + 5, n); /* type, length, point length, 04, x, y */
	b[4 + 2 + 3] ^= 0x40;        /* x changed: (almost surely) no longer on the curve */
	send_record(&r, SZ_HANDSHAKE, b, n);
	row(&r, SZ_ILLEGAL_PARAMETER, "WAIT_CLIENT_KEY_EXCHANGE ClientKeyExchange with a point not on the curve");

	start(&r, t, 0, CKE);
	memcpy(b, cke->bytes + 5, n);
	b[3] = (uint8_t)(1 + (n - 6) / 2 + 1); /* compressed: 02 || x */
	b[4] = (uint8_t)(b[3] - 1);
	b[5] = 2;
	send_record(&r, SZ_HANDSHAKE, b, 4u + b[3]);
	row(&r, SZ_ILLEGAL_PARAMETER, "WAIT_CLIENT_KEY_EXCHANGE ClientKeyExchange with a compressed point");

	start(&r, t, 0, CKE);
	memcpy(b, cke->bytes + 5, n);
	b[4]++; /* the point's length says one byte more than the message has */
	send_record(&r, SZ_HANDSHAKE, b, n);
	row(&r, SZ_DECODE_ERROR, "WAIT_CLIENT_KEY_EXCHANGE ClientKeyExchange of the wrong length");

	start(&r, t, 0, CKE);
	memset(b, 0, sizeof b);
	b[0] = SZ_HT_CLIENT_KEY_EXCHANGE, b[2] = 1, b[4] = 255, b[5] = 4; /* a point of 255 bytes */
	send_record(&r, SZ_HANDSHAKE, b, 4 + 256);
	row(&r, SZ_ILLEGAL_PARAMETER, "ClientKeyExchange with a point longer than P-256's (read to its end)");
#else
	memcpy(b, cke->bytes + 5, n);
	b[5]++; /* EncryptedPreMasterSecret's length */
	send_record(&r, SZ_HANDSHAKE, b, n);
	row(&r, SZ_DECODE_ERROR, "WAIT_CLIENT_KEY_EXCHANGE ClientKeyExchange of the wrong length");

	/* a ciphertext that decrypts to garbage: no alert at ClientKeyExchange, decrypt_error at Finished */
	start(&r, t, 0, CKE);
	memcpy(b, cke->bytes + 5, n);
	b[20] ^= 1;
	send_record(&r, SZ_HANDSHAKE, b, n);
	check(r.c.state == SZ_WAIT_CHANGE_CIPHER_SPEC && r.alerts == 0, "RSA: a bad premaster goes on (RFC 5246 7.4.7.1)");
	feed(&r, client_line(&r, CCS)->bytes, client_line(&r, CCS)->len);
	feed(&r, client_line(&r, FIN)->bytes, client_line(&r, FIN)->len);
	row(&r, SZ_BAD_RECORD_MAC, "RSA: a bad premaster fails at the client's Finished");
#endif
	start(&r, t, 0, CKE);
	send_record(&r, SZ_HANDSHAKE, bad, 4);
	row(&r, SZ_DECODE_ERROR, "WAIT_CLIENT_KEY_EXCHANGE empty ClientKeyExchange");

	start(&r, t, 0, CKE);
	send_record(&r, SZ_HANDSHAKE, cert, sizeof cert);
	row(&r, SZ_UNEXPECTED_MESSAGE, "WAIT_CLIENT_KEY_EXCHANGE Certificate");

	start(&r, t, 0, CKE);
	send_record(&r, SZ_APPLICATION_DATA, app, 1);
	row(&r, SZ_UNEXPECTED_MESSAGE, "any handshake state application_data");

	start(&r, t, 0, CKE);
	send_record(&r, 0x19, app, 1);
	row(&r, SZ_UNEXPECTED_MESSAGE, "any handshake state a record of unknown content type");

	start(&r, t, 0, CKE);
	for (i = 0; i < 4; i++)
		send_record(&r, SZ_ALERT, warn, 2);
	check(r.alerts == 0 && r.c.state == SZ_WAIT_CLIENT_KEY_EXCHANGE, "any handshake state a warning alert: ignored");
	send_record(&r, SZ_ALERT, warn, 2);
	row(&r, SZ_UNEXPECTED_MESSAGE, "any handshake state the fifth warning alert in a row");

	start(&r, t, 0, CKE);
	send_record(&r, SZ_ALERT, fatal, 2);
	check(r.alerts == 0 && sz_tls_closed(&r.c) && r.c.verdict == (SZ_RECEIVED | 40),
	      "any handshake state a fatal alert: closed, nothing sent");

	start(&r, t, 0, CKE);
	send_record(&r, SZ_ALERT, close, 2);
	row(&r, SZ_HANDSHAKE_FAILURE, "any handshake state close_notify");

	start(&r, t, 0, CKE);
	sz_tls_eof(&r.c);
	drain(&r);
	row(&r, SZ_HANDSHAKE_FAILURE, "any handshake state end of stream");

	start(&r, t, 0, CKE);
	for (i = 0; i < 32; i++)
		send_record(&r, SZ_APPLICATION_DATA, app, 0);
	check(r.alerts == 0 && r.c.state == SZ_WAIT_CLIENT_KEY_EXCHANGE, "32 empty records in a row: skipped");
	send_record(&r, SZ_APPLICATION_DATA, app, 0);
	row(&r, SZ_UNEXPECTED_MESSAGE, "any handshake state the 33rd empty record in a row");

	start(&r, t, 0, CKE);
	b[0] = 0x16, b[1] = (uint8_t)(r.c.version >> 8), b[2] = (uint8_t)r.c.version, b[3] = 0, b[4] = 3;
	feed(&r, b, 5 + 2); /* the record cut short */
	sz_tls_eof(&r.c);
	drain(&r);
	row(&r, SZ_DECODE_ERROR, "a truncated record");
}

static void change_cipher_spec_rows(const sz_transcript *t)
{
	static rig r;
	uint8_t two[1] = {2}, ones[2] = {1, 1}, fin[16] = {SZ_HT_FINISHED, 0, 0, 12};
	start(&r, t, 0, CCS);
	check(r.c.state == SZ_WAIT_CHANGE_CIPHER_SPEC, "ClientKeyExchange leads to WAIT_CHANGE_CIPHER_SPEC");
	send_record(&r, SZ_CHANGE_CIPHER_SPEC, two, 1);
	row(&r, SZ_UNEXPECTED_MESSAGE, "WAIT_CHANGE_CIPHER_SPEC ChangeCipherSpec that is not the single byte 1 (2)");

	start(&r, t, 0, CCS);
	send_record(&r, SZ_CHANGE_CIPHER_SPEC, ones, 2);
	row(&r, SZ_UNEXPECTED_MESSAGE, "WAIT_CHANGE_CIPHER_SPEC ChangeCipherSpec that is not the single byte 1 (two bytes)");

	start(&r, t, 0, CCS);
	send_record(&r, SZ_HANDSHAKE, fin, sizeof fin);
	row(&r, SZ_UNEXPECTED_MESSAGE, "WAIT_CHANGE_CIPHER_SPEC Finished");
}

static void finished_rows(const sz_transcript *t)
{
	static rig r;
	static uint8_t b[600];
	const sz_line *f;
	uint8_t fin[40] = {SZ_HT_FINISHED, 0, 0, 0}, cke[8] = {SZ_HT_CLIENT_KEY_EXCHANGE, 0, 0, 2, 1, 4};
	uint8_t n;

	start(&r, t, 0, FIN);
	check(r.c.state == SZ_WAIT_FINISHED, "ChangeCipherSpec leads to WAIT_FINISHED");
	f = client_line(&r, FIN);
	memcpy(b, f->bytes, f->len);
	b[f->len - 1] ^= 1; /* the tag, or the MAC */
	feed(&r, b, f->len);
	row(&r, SZ_BAD_RECORD_MAC, "WAIT_FINISHED a record that fails its MAC or tag");

	start(&r, t, 0, FIN);
	n = r.c.expected_len;
	fin[3] = n;
	memcpy(fin + 4, r.c.fin + 4, n);
	fin[4] ^= 0x80;
	send_record(&r, SZ_HANDSHAKE, fin, 4u + n);
	row(&r, SZ_DECRYPT_ERROR, "WAIT_FINISHED Finished with wrong verify_data");

	start(&r, t, 0, FIN);
	fin[3] = (uint8_t)(n - 1);
	send_record(&r, SZ_HANDSHAKE, fin, 4u + n - 1);
	row(&r, SZ_DECODE_ERROR, "WAIT_FINISHED Finished of the wrong length");

	start(&r, t, 0, FIN);
	send_record(&r, SZ_HANDSHAKE, cke, 6);
	row(&r, SZ_UNEXPECTED_MESSAGE, "WAIT_FINISHED ClientKeyExchange");

	/* the right verify_data, sealed by the rig: the handshake completes */
	start(&r, t, 0, FIN);
	fin[3] = n;
	memcpy(fin + 4, r.c.fin + 4, n);
	send_record(&r, SZ_HANDSHAKE, fin, 4u + n);
	check(r.c.state == SZ_DONE && r.alerts == 0 && r.server_protected, "WAIT_FINISHED Finished: ChangeCipherSpec, Finished, DONE");
}

#if SZ_STREAM_RECORDS
/* A request of n bytes ending the record, like a browser's: "GET /k HTTP/1.1", header lines of
 * at most 200 bytes (the HTTP layer's limit is 256), the blank line. */
static size_t padded_request(uint8_t *b, size_t n)
{
	static const char head[] = "GET /k HTTP/1.1\r\n";
	size_t at = sizeof head - 1;
	memcpy(b, head, at);
	while (at < n - 2) {
		size_t line = n - 2 - at > 200 ? 200 : n - 2 - at;
		if (n - 2 - at - line > 0 && n - 2 - at - line < 12)
			line -= 12; /* no line too short to be a header */
		memset(b + at, 'p', line - 2);
		memcpy(b + at, "X-P:", line - 2 < 4 ? line - 2 : 4);
		memcpy(b + at + line - 2, "\r\n", 2);
		at += line;
	}
	memcpy(b + n - 2, "\r\n", 2);
	return n;
}

/* Application records longer than a mote's buffer (the modern ATmega128's 768-byte limit:
 * SZ_WRITER_BUFFER(768) both ways; browsers send ~870 B form posts and negotiate no limit),
 * opened as they come: answered once verified; forged, bad_record_mac with nothing answered. */
static void big_record_rows(const sz_transcript *t)
{
	static rig r;
	static uint8_t req[2048], big[SZ_RECEIVE_LIMIT];
	int before;
	size_t n;
	rig_tx = rx;
	rig_cap = SZ_WRITER_BUFFER(768);

	start(&r, t, 0, FIN + 1);
	before = r.records;
	n = padded_request(req, 1400);
	send_record(&r, SZ_APPLICATION_DATA, req, n);
	check(r.records > before && r.last_type == SZ_APPLICATION_DATA && r.c.state == SZ_DONE && r.c.pos == r.c.end,
	      "DONE application_data of 1,400 B in a 797-byte buffer: opened as it came, answered");
	before = r.records;
	n = padded_request(req, 60);
	send_record(&r, SZ_APPLICATION_DATA, req, n);
	check(r.records > before && r.last_type == SZ_APPLICATION_DATA && r.c.state == SZ_DONE,
	      "DONE after a streamed record: the next (small) record answered (sequence numbers in step)");

	start(&r, t, 0, FIN + 1);
	before = r.records;
	n = padded_request(req, 1400);
	send_record_flipped(&r, SZ_APPLICATION_DATA, req, n, 1);
	row(&r, SZ_BAD_RECORD_MAC, "DONE application_data of 1,400 B, tag forged");
	check(r.records == before + 1, "DONE forged 1,400 B record: nothing answered before the alert");

	start(&r, t, 0, FIN + 1);
	before = r.records;
	n = padded_request(req, 1400);
	n += padded_request(req + n, 500); /* a second request kept whole in the buffer */
	send_record(&r, SZ_APPLICATION_DATA, req, n);
	check(r.records >= before + 2 && r.last_type == SZ_APPLICATION_DATA && r.c.state == SZ_DONE && r.c.pos == r.c.end,
	      "DONE 1,900 B record of two requests: both answered in order");

	start(&r, t, 0, FIN + 1);
	n = padded_request(req, 60);
	n += padded_request(req + n, 1400); /* pipelined after a request: 1,400 B held unread */
	send_record(&r, SZ_APPLICATION_DATA, req, n);
	row(&r, SZ_RECORD_OVERFLOW, "DONE a request and 1,400 B more pipelined in one record beyond the buffer");

	/* The limit is the standard's when the client sent no record_size_limit (RFC 5246 6.2.3,
	 * RFC 8449 4): a record of 2^14 bytes of plaintext is opened as it comes (its tag forged
	 * here: bad_record_mac, so its length was taken), one whose header says a byte more than
	 * 2^14 + the expansion is record_overflow at once, before any of its body. */
	start(&r, t, 0, FIN + 1);
	n = padded_request(big, SZ_RECEIVE_LIMIT);
	send_record_flipped(&r, SZ_APPLICATION_DATA, big, n, 1);
	row(&r, SZ_BAD_RECORD_MAC, "DONE application_data of 2^14 B in a 797-byte buffer: taken, its forged tag found");
	start(&r, t, 0, FIN + 1);
	{
		uint16_t len = SZ_RECEIVE_LIMIT + SZ_PROTECTION_EXPANSION + 1;
		uint8_t h[5] = {SZ_APPLICATION_DATA, (uint8_t)(r.c.version >> 8), (uint8_t)r.c.version, (uint8_t)(len >> 8),
				(uint8_t)len};
		feed(&r, h, sizeof h);
	}
	row(&r, SZ_RECORD_OVERFLOW, "DONE a header of 2^14 + expansion + 1 bytes: record_overflow before its body");

	rig_tx = tx;
	rig_cap = sizeof rx;
}
#endif

static void done_rows(const sz_transcript *t)
{
	static rig r;
	const sz_line *hello;
	uint8_t fin[16] = {SZ_HT_FINISHED, 0, 0, 12}, one[1] = {1}, close[2] = {1, 0};
	int before;
	start(&r, t, 0, FIN + 1);
	check(r.c.state == SZ_DONE, "the client's Finished leads to DONE");
	hello = client_line(&r, 0);
	send_record(&r, SZ_HANDSHAKE, hello->bytes + 5, hello->len - 5);
	if (r.c.version == SZ_SSL30)
		row(&r, SZ_HANDSHAKE_FAILURE, "DONE ClientHello (SSL 3.0)");
	else
		check(alerted(&r, SZ_ALERT_WARNING, SZ_NO_RENEGOTIATION) && r.c.state == SZ_DONE,
		      "DONE ClientHello: no_renegotiation (warning), the connection kept");
	/* the connection still serves: the transcript's first request gets its response */
	before = r.records;
	{
		const sz_line *req = client_line(&r, FIN + 1);
		uint8_t plain[80];
		size_t pl;
		static uint8_t copy[600];
		static sz_protection tmp, unused;
		/* the transcript's request, decrypted with fresh client keys (sequence 1: after Finished) */
		sz_protection_derive(&tmp, &unused, r.c.version, r.c.suite, r.c.master, NULL, r.c.u.hs.hello.random, r.c.server_random);
		memcpy(copy, client_line(&r, FIN)->bytes, client_line(&r, FIN)->len);
		(void)sz_protection_open(&tmp, copy[0], r.c.version, copy + 5, client_line(&r, FIN)->len - 5, &pl);
		memcpy(copy, req->bytes, req->len);
		(void)sz_protection_open(&tmp, copy[0], r.c.version, copy + 5, req->len - 5, &pl);
		pl = pl < sizeof plain ? pl : sizeof plain;
		memcpy(plain, copy + 5 + SZ_PROTECTION_PREFIX, pl);
		send_record(&r, SZ_APPLICATION_DATA, plain, pl);
	}
	check(r.records > before && r.last_type == SZ_APPLICATION_DATA, "DONE application_data: delivered, answered");

	/* two requests in one record, one buffer both ways: the second waits at the buffer's tail
	 * while the first response is written before it, then gets its own */
	rig_tx = rx;
	start(&r, t, 0, FIN + 1);
	{
		static const char two[] = "GET /0 HTTP/1.1\r\nHost: thermostat.test\r\n\r\n"
					  "GET /1 HTTP/1.1\r\nHost: thermostat.test\r\n\r\n";
		int data = 0;
		before = r.records;
		send_record(&r, SZ_APPLICATION_DATA, (const uint8_t *)two, sizeof two - 1);
		data = r.records - before;
		check(data >= 2 && r.last_type == SZ_APPLICATION_DATA && r.last[0] == 'b' && r.c.state == SZ_DONE &&
		      r.c.pos == r.c.end, "DONE pipelined requests in a shared buffer: both answered in order");
	}
	rig_tx = tx;

#if SZ_STREAM_RECORDS
	big_record_rows(t);
#endif

	start(&r, t, 0, FIN + 1);
	send_record(&r, SZ_HANDSHAKE, fin, sizeof fin);
	row(&r, SZ_UNEXPECTED_MESSAGE, "DONE Finished");

	start(&r, t, 0, FIN + 1);
	send_record(&r, SZ_CHANGE_CIPHER_SPEC, one, 1);
	row(&r, SZ_UNEXPECTED_MESSAGE, "DONE ChangeCipherSpec");

	start(&r, t, 0, FIN + 1);
	send_record(&r, SZ_ALERT, close, 2);
	check(alerted(&r, SZ_ALERT_WARNING, SZ_CLOSE_NOTIFY) && sz_tls_closed(&r.c), "DONE close_notify: close_notify back, closed");
}

static void resume_rows(const sz_transcript *t)
{
	static rig r;
	uint8_t fin[40] = {SZ_HT_FINISHED, 0, 0, 0}, cke[8] = {SZ_HT_CLIENT_KEY_EXCHANGE, 0, 0, 2, 1, 4};
	uint8_t n;
	start(&r, t, 1, 1);
	check(r.c.resumed && r.c.state == SZ_RESUME_WAIT_CHANGE_CIPHER_SPEC && r.server_protected,
	      "ClientHello resuming: ServerHello, ChangeCipherSpec, Finished");
	send_record(&r, SZ_HANDSHAKE, cke, 6);
	row(&r, SZ_UNEXPECTED_MESSAGE, "RESUME_WAIT_CHANGE_CIPHER_SPEC ClientKeyExchange (protected alert)");

	start(&r, t, 1, 2);
	check(r.c.state == SZ_RESUME_WAIT_FINISHED, "ChangeCipherSpec leads to RESUME_WAIT_FINISHED");
	n = r.c.expected_len;
	fin[3] = n;
	memcpy(fin + 4, r.c.fin + 4, n);
	fin[5] ^= 1;
	send_record(&r, SZ_HANDSHAKE, fin, 4u + n);
	row(&r, SZ_DECRYPT_ERROR, "RESUME_WAIT_FINISHED Finished with wrong verify_data (protected alert)");

	/* a failed abbreviated handshake forgets the session: the same hello now gets a full one */
	{
		const sz_line *hello = client_line(&r, 0);
		sz_transcript_app_init(&r.app, 0, &r.ops);
		sz_tls_init(&r.c, &r.srv.cfg, &r.ops, rx, sizeof rx, tx, sizeof tx);
		r.keyed = r.server_protected = r.client_protected = 0;
		feed(&r, hello->bytes, hello->len);
		check(!r.c.resumed && r.c.state == SZ_WAIT_CLIENT_KEY_EXCHANGE, "a session is forgotten after a fatal alert");
	}
}

/* The hello of connection 1 (resuming) changed: `edit` applies to its bytes. */
static void resume_hello(rig *r, const sz_transcript *t, uint8_t *b, size_t n)
{
	start(r, t, 1, 0);
	feed(r, b, n);
}

/* Deletes `len` bytes at `at` of a one-record hello, fixing the record, message and extensions lengths. */
static size_t cut(uint8_t *b, size_t n, size_t at, size_t len, size_t ext_len_at)
{
	size_t rec = (size_t)(b[3] << 8 | b[4]) - len, msg = ((size_t)b[6] << 16 | (size_t)b[7] << 8 | b[8]) - len;
	size_t ext = (size_t)(b[ext_len_at] << 8 | b[ext_len_at + 1]) - len;
	memmove(b + at, b + at + len, n - at - len);
	b[3] = (uint8_t)(rec >> 8), b[4] = (uint8_t)rec;
	b[6] = (uint8_t)(msg >> 16), b[7] = (uint8_t)(msg >> 8), b[8] = (uint8_t)msg;
	b[ext_len_at] = (uint8_t)(ext >> 8), b[ext_len_at + 1] = (uint8_t)ext;
	return n - len;
}

static size_t find(const uint8_t *b, size_t n, const uint8_t *pat, size_t m)
{
	size_t i;
	for (i = 0; i + m <= n; i++)
		if (memcmp(b + i, pat, m) == 0)
			return i;
	return 0;
}

static void hello_rows(const sz_transcript *t)
{
	static rig r;
	static uint8_t b[600];
	const sz_conn_spec *s = &t->conns[1];
	const sz_line *h = 0;
	size_t j, n, at, ext_at;
	static const uint8_t ems[4] = {0x00, 0x17, 0x00, 0x00}, name[] = "thermostat.test";
	for (j = 0; j < s->count && !h; j++)
		if (t->lines[s->first + j].client)
			h = &t->lines[s->first + j];
	n = h->len;
	/* the extensions block's length: after the session id, the suites and the compressions */
	memcpy(b, h->bytes, n);
	at = 5 + 4 + 2 + 32;
	at += 1 + b[at];
	at += 2 + (size_t)(b[at] << 8 | b[at + 1]);
	at += 1 + b[at];
	ext_at = at;

	/* resuming under another server_name: a full handshake with a new session id */
	memcpy(b, h->bytes, n);
	at = find(b, n, name, sizeof name - 1);
	b[at] = 'T'; /* the same name in another case: still the session's */
	resume_hello(&r, t, b, n);
	check(r.c.resumed, "ClientHello resuming under the same server_name in another case: resumed");
	b[at] = 'x';
	resume_hello(&r, t, b, n);
	check(!r.c.resumed && r.c.state == SZ_WAIT_CLIENT_KEY_EXCHANGE && memcmp(r.c.session_id, h->bytes + 5 + 4 + 2 + 32 + 1, 4) != 0,
	      "WAIT_CLIENT_HELLO ClientHello resuming under another server_name: full handshake, a new session id");

	if (r.c.version != SZ_SSL30) {
		memcpy(b, h->bytes, n);
		at = find(b, n, ems, 4);
		check(at > 0, "the resuming hello carries extended_master_secret");
		resume_hello(&r, t, b, cut(b, n, at, 4, ext_at));
		row(&r, SZ_HANDSHAKE_FAILURE, "WAIT_CLIENT_HELLO ClientHello resuming an EMS session without EMS");
	}

	{
		/* without the session's suite: its code replaced by another suite's */
		uint8_t code[2];
		code[0] = (uint8_t)(t->suite >> 8), code[1] = (uint8_t)t->suite;
		memcpy(b, h->bytes, n);
		at = find(b + 5 + 4 + 2 + 32, n - 43, code, 2) + 5 + 4 + 2 + 32;
		b[at] = 0x00, b[at + 1] = 0x0A; /* TLS_RSA_WITH_3DES_EDE_CBC_SHA: never chosen here */
		resume_hello(&r, t, b, n);
		row(&r, SZ_ILLEGAL_PARAMETER, "WAIT_CLIENT_HELLO ClientHello resuming without the session's suite");
	}
}

int sz_states_failed;

/* Runs the rows with the build's transcript from dir; returns the checks passed. */
int sz_states_run(const char *dir)
{
	char path[600];
	sz_transcript t;
	snprintf(path, sizeof path, "%s/%s", dir, table_file());
	if (sz_transcript_load(path, &t) != 0) {
		printf("FAIL state table: cannot read %s\n", path);
		sz_states_failed = 1;
		return 0;
	}
	key_exchange_rows(&t);
	change_cipher_spec_rows(&t);
	finished_rows(&t);
	done_rows(&t);
	resume_rows(&t);
	hello_rows(&t);
	sz_transcript_free(&t);
	printf("state table (%s): %d rows checked, %d failed\n", table_file(), passed + failed, failed);
	sz_states_failed = failed;
	return passed;
}
