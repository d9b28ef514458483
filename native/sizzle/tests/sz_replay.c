/*
 * Transcripts in, replays out. Mirrors kssl-client/src/test/java/kssl/tls/Transcript.java and
 * TranscriptTest.java (the server's side).
 */
#include "sz_replay.h"
#include "sz_cipher_suite.h"
#include "sz_identity.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

static uint16_t suite_code(const char *line)
{
	if (strstr(line, "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"))
		return SZ_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256;
	if (strstr(line, "TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8"))
		return SZ_TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8;
	if (strstr(line, "TLS_ECDH_ECDSA_WITH_RC4_128_SHA"))
		return SZ_TLS_ECDH_ECDSA_WITH_RC4_128_SHA;
	if (strstr(line, "TLS_RSA_WITH_RC4_128_SHA"))
		return SZ_TLS_RSA_WITH_RC4_128_SHA;
	if (strstr(line, "TLS_RSA_WITH_RC4_128_MD5"))
		return SZ_TLS_RSA_WITH_RC4_128_MD5;
	return 0;
}

int sz_transcript_load(const char *path, sz_transcript *t)
{
	FILE *f = fopen(path, "r");
	static char line[1 << 16];
	const char *base = strrchr(path, '/');
	size_t cap = 0;
	memset(t, 0, sizeof *t);
	if (!f)
		return -1;
	snprintf(t->name, sizeof t->name, "%s", base ? base + 1 : path);
	while (fgets(line, sizeof line, f)) {
		char *p;
		size_t n = strlen(line);
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = 0;
		if (strncmp(line, "# profile ", 10) == 0) {
			sscanf(line + 10, "%15[a-z]", t->profile);
			t->suite = suite_code(line);
			if (strstr(line, "client max fragment "))
				t->client_limit = (uint16_t)atoi(strstr(line, "client max fragment ") + 20);
		} else if (strncmp(line, "connection ", 11) == 0 && t->n_conns < 4) {
			sz_conn_spec *c = &t->conns[t->n_conns++];
			unsigned long m = 0;
			int id = 0;
			sscanf(line, "connection %d requests %d response %lu", &id, &c->requests, &m);
			c->response = (uint32_t)m;
			c->fails = strstr(line, " fails ") != 0;
			c->first = t->n_lines;
		} else if ((line[0] == 'C' || line[0] == 'S') && line[1] == ' ' && t->n_conns > 0) {
			sz_line *l;
			size_t i, hl;
			p = strrchr(line, ' ') + 1;
			hl = strlen(p);
			if (t->n_lines == cap) {
				cap = cap ? 2 * cap : 64;
				t->lines = realloc(t->lines, cap * sizeof *t->lines);
			}
			l = &t->lines[t->n_lines++];
			l->client = line[0] == 'C';
			l->len = hl / 2;
			l->bytes = malloc(l->len + 1);
			for (i = 0; i < l->len; i++)
				l->bytes[i] = (uint8_t)(hexval(p[2 * i]) << 4 | hexval(p[2 * i + 1]));
			t->conns[t->n_conns - 1].count++;
		}
	}
	fclose(f);
	return t->n_conns > 0 ? 0 : -1;
}

void sz_transcript_free(sz_transcript *t)
{
	size_t i;
	for (i = 0; i < t->n_lines; i++)
		free(t->lines[i].bytes);
	free(t->lines);
	t->lines = 0;
}

int sz_transcript_served(const sz_transcript *t)
{
#if defined(SZ_PROFILE_MODERN)
	return strcmp(t->profile, "modern") == 0;
#elif defined(SZ_PROFILE_LEGACY_ECC)
	return strcmp(t->profile, "legacy") == 0 && t->suite == SZ_TLS_ECDH_ECDSA_WITH_RC4_128_SHA;
#else
	return strcmp(t->profile, "legacy") == 0 &&
	       (t->suite == SZ_TLS_RSA_WITH_RC4_128_SHA || t->suite == SZ_TLS_RSA_WITH_RC4_128_MD5);
#endif
}

void sz_replay_server_init(sz_replay_server *s, uint16_t suite)
{
	uint8_t seed[32];
	memset(s, 0, sizeof *s);
	memset(seed, 0, sizeof seed);
	memcpy(seed, "kssl transcript server", 22); /* SeededRandom: the ASCII label, zero-padded */
	ks_hmac_drbg_instantiate(&s->drbg, KS_DRBG_MAX_INTERVAL, seed, 32, 0, 0, 0, 0);
	sz_session_cache_init(&s->cache, SZ_SESSION_LIFETIME_MAX);
	s->cfg.random = &s->drbg;
	s->cfg.sessions = &s->cache;
	s->cfg.now = 1000;
	s->cfg.suites = suite ? sz_suite_bit(suite) : 0xFFFFu;
	s->cfg.initial_version = SZ_TLS10;
#if defined(SZ_PROFILE_LEGACY_RSA)
	{
		/* blinding from its own source: it changes no byte on the wire */
		ks_hmac_drbg b;
		uint8_t r[128];
		ks_rsa_crt_key key;
		memset(seed, 0, sizeof seed);
		memcpy(seed, "kssl blinding", 13);
		ks_hmac_drbg_instantiate(&b, KS_DRBG_MAX_INTERVAL, seed, 32, 0, 0, 0, 0);
		ks_hmac_drbg_generate(&b, r, sizeof r, 0, 0);
		r[0] = 1; /* below n */
		sz_identity_rsa(&key);
		ks_rsa_blind_init(&key, r, s->blind);
		s->cfg.rsa_blind = s->blind;
	}
#endif
}

typedef struct {
	const sz_transcript *t;
	const sz_conn_spec *spec;
	int conn;
	size_t next_s;  /* index (in the connection's lines) of the next S line expected */
	size_t at;      /* bytes of it already matched: a record streamed longer than the buffer
	                   comes out in pieces (sz_writer_declare) */
	int records;    /* server records produced */
	char *why;
	size_t why_len;
} replay_state;

static size_t next_server_line(const replay_state *r, size_t from)
{
	while (from < r->spec->count && r->t->lines[r->spec->first + from].client)
		from++;
	return from;
}

/* Sends what the server has; -1 on a difference. Each piece it hands out is the expected
 * record's next bytes: a whole record, or a part of one streamed through the seal. */
static int drain(sz_tls *c, replay_state *r, int *sent)
{
	const uint8_t *p;
	uint16_t n;
	*sent = 0;
	while ((p = sz_tls_output(c, &n)) != 0) {
		const sz_line *l;
		size_t i, m;
		r->next_s = next_server_line(r, r->next_s);
		if (r->next_s >= r->spec->count) {
			snprintf(r->why, r->why_len, "connection %d: server record %d (%u bytes, type %u) is not in the transcript",
				 r->conn, r->records + 1, n, p[0]);
			return -1;
		}
		l = &r->t->lines[r->spec->first + r->next_s];
		m = l->len - r->at < n ? l->len - r->at : n;
		for (i = 0; i < m && l->bytes[r->at + i] == p[i]; i++)
			;
		if (i < n) {
			snprintf(r->why, r->why_len,
				 "connection %d, server record %d (line %zu of the connection): first difference at byte %zu "
				 "(%zu bytes sent, %zu expected; sent %02x, expected %02x), state %s",
				 r->conn, r->records + 1, r->next_s + 1, r->at + i, r->at + n, l->len, p[i],
				 r->at + i < l->len ? l->bytes[r->at + i] : 0, sz_tls_state_name(c->state));
			return -1;
		}
		sz_tls_sent(c);
		r->at += n;
		(*sent)++;
		if (r->at < l->len)
			continue; /* the record's rest comes in the next pieces */
		r->at = 0;
		r->next_s++;
		r->records++;
	}
	return 0;
}

#if !SZ_LEGACY
int sz_replay_digest_hello;

/* The digest of a ClientHello record (one record, one message): L, H (big-endian words) and the
 * tail, as the gateway's HelloDigest makes it; 0, or -1 if the record is no such hello. */
static int hello_digest(const sz_line *l, uint8_t *d)
{
	ks_hash_ctx h;
	uint32_t w[8], n;
	uint8_t i;
	if (l->len < 9 || l->bytes[0] != 22 || l->bytes[5] != 1)
		return -1;
	n = (uint32_t)(l->len - 5);
	if (n != 4u + ((uint32_t)l->bytes[6] << 16 | (uint32_t)l->bytes[7] << 8 | l->bytes[8]))
		return -1;
	ks_hash_init(&h, KS_HASH_SHA256);
	ks_hash_update(&h, l->bytes + 5, n & ~63u);
	ks_hash_save(&h, (uint8_t *)w);
	d[0] = (uint8_t)(n >> 16);
	d[1] = (uint8_t)(n >> 8);
	d[2] = (uint8_t)n;
	for (i = 0; i < 8; i++) {
		d[3 + 4 * i] = (uint8_t)(w[i] >> 24);
		d[4 + 4 * i] = (uint8_t)(w[i] >> 16);
		d[5 + 4 * i] = (uint8_t)(w[i] >> 8);
		d[6 + 4 * i] = (uint8_t)w[i];
	}
	memcpy(d + 35, l->bytes + 5 + (n & ~63u), n & 63u);
	return 0;
}
#endif

#if !SZ_LEGACY
int sz_replay_late_digest(const sz_transcript *t, uint8_t *rx, uint16_t rx_cap, uint8_t *tx, uint16_t tx_cap)
{
	static sz_replay_server server;
	static sz_tls c;
	sz_transcript_app app;
	sz_app ops;
	const sz_line *l = 0;
	uint8_t part[5 + 16], d[35 + 63];
	size_t j;
	for (j = 0; j < t->n_lines && !l; j++)
		if (t->lines[j].client)
			l = &t->lines[j];
	if (!l || hello_digest(l, d) != 0)
		return 1; /* no whole hello to cut */
	sz_replay_server_init(&server, t->suite);
	sz_transcript_app_init(&app, t->conns[0].response, &ops);
	sz_tls_init(&c, &server.cfg, &ops, rx, rx_cap, tx, tx_cap);
	memcpy(part, l->bytes, 3);
	part[3] = 0;
	part[4] = 16;
	memcpy(part + 5, l->bytes + 5, 16);
	if (sz_tls_push(&c, part, sizeof part) != sizeof part || c.state != SZ_WAIT_CLIENT_HELLO)
		return -1;
	return sz_tls_hello_digest(&c, d) == -1 ? 0 : -1;
}
#endif

int sz_replay(const sz_transcript *t, uint16_t split, uint8_t *rx, uint16_t rx_cap, uint8_t *tx, uint16_t tx_cap,
              char *why, size_t why_len)
{
	static sz_replay_server server;
	static sz_tls c;
	int k;
	sz_replay_server_init(&server, t->suite);
	for (k = 0; k < t->n_conns; k++) {
		const sz_conn_spec *spec = &t->conns[k];
		sz_transcript_app app;
		sz_app ops;
		replay_state r;
		size_t j;
		int sent;
		memset(&r, 0, sizeof r);
		r.t = t;
		r.spec = spec;
		r.conn = k + 1;
		r.why = why;
		r.why_len = why_len;
		sz_transcript_app_init(&app, spec->response, &ops);
		sz_tls_init(&c, &server.cfg, &ops, rx, rx_cap, tx, tx_cap);
		for (j = 0; j < spec->count; j++) {
			const sz_line *l = &t->lines[spec->first + j];
			size_t off = 0, before;
			if (!l->client)
				continue;
			if (drain(&c, &r, &sent) != 0)
				return -1;
			before = next_server_line(&r, r.next_s);
			if (before < j) {
				snprintf(why, why_len, "connection %d: before client record at line %zu the server sent %d records, "
					 "the transcript more (next expected at line %zu), state %s",
					 r.conn, j + 1, r.records, before + 1, sz_tls_state_name(c.state));
				return -1;
			}
#if !SZ_LEGACY
			if (sz_replay_digest_hello && c.state == SZ_WAIT_CLIENT_HELLO) {
				uint8_t d[35 + 63];
				/* (a record that is no whole hello goes as it is, as the gateway leaves it) */
				if (hello_digest(l, d) == 0 && sz_tls_hello_digest(&c, d) != 0) {
					snprintf(why, why_len, "connection %d: the hello at line %zu not taken as its digest", r.conn, j + 1);
					return -1;
				}
			}
#endif
			while (off < l->len) {
				size_t n = split && l->len - off > split ? split : l->len - off;
				size_t took = sz_tls_push(&c, l->bytes + off, n);
#if !SZ_LEGACY
				if (sz_replay_digest_hello && off == 0 && took > 0) {
					uint8_t late[35] = {0};
					if (sz_tls_hello_digest(&c, late) != -1) {
						snprintf(why, why_len, "connection %d: a digest after the hello's first byte taken", r.conn);
						return -1;
					}
				}
#endif
				off += took;
				if (drain(&c, &r, &sent) != 0)
					return -1;
				if (took == 0 && sent == 0) {
					snprintf(why, why_len, "connection %d: %zu bytes of the client record at line %zu left untaken, state %s%s",
						 r.conn, l->len - off, j + 1, sz_tls_state_name(c.state),
						 sz_tls_closed(&c) ? " (closed)" : "");
					return -1;
				}
			}
		}
		if (drain(&c, &r, &sent) != 0)
			return -1;
		if (next_server_line(&r, r.next_s) < spec->count || r.at) {
			snprintf(why, why_len, "connection %d: the server stopped after %d records, state %s", r.conn, r.records,
				 sz_tls_state_name(c.state));
			return -1;
		}
		if (!sz_tls_closed(&c)) {
			snprintf(why, why_len, "connection %d: all sent but not closed, state %s", r.conn,
				 sz_tls_state_name(c.state));
			return -1;
		}
	}
	return 0;
}
