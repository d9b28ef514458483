/*
 * The C HTTP layer and thermostat application against the Java server's stored transcripts
 * (the *.txt of sizzle-server/src/test/resources/http-transcripts/, written by HttpTranscriptTest):
 * every transcript replayed with the client's bytes pushed in reads of 1, 2, 3 and 7 bytes and
 * whole, and the response pulled in pieces of the transcript's chunk size; each pull must be
 * the Java's write, byte for byte (else the first differing byte is reported with its offset),
 * and the C must read exactly the bytes the Java read. Then the password comparison on its own.
 * Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <string.h>

#include "http_transcript.h"
#include "sz_clock.h"
#include "sz_http_connection.h"
#include "sz_temperature_sensor.h"
#include "sz_thermostat_app.h"

static uint32_t now;
static int16_t temperature;

uint32_t sz_clock_millis(void)
{
	return now;
}

int16_t sz_temperature_tenths(void)
{
	return temperature;
}

static int passed, failed;

static void result(int ok, const char *what)
{
	if (ok)
		passed++;
	else
		failed++;
	if (!ok)
		printf("FAIL %s\n", what);
}

struct run {
	const struct ht_connection *c;
	size_t out; /* output bytes compared so far */
	size_t w;   /* writes compared so far */
	char why[256];
};

/* Pulls every pending response piece and compares it with the next stored write. */
static int drain(struct sz_http *h, struct run *r, uint16_t chunk)
{
	static uint8_t rec[8192];
	uint16_t m, k;
	while ((m = sz_http_pull(h, rec, chunk)) > 0) {
		const struct ht_connection *c = r->c;
		if (r->w >= c->nwrites) {
			snprintf(r->why, sizeof(r->why), "an extra write of %u bytes at offset %zu: \"%.*s\"", m, r->out,
				 m > 40 ? 40 : m, (const char *)rec);
			return 0;
		}
		for (k = 0; k < m && r->out + k < c->output_len; k++)
			if (rec[k] != c->output[r->out + k])
				break;
		if (k < m || m != c->writes[r->w]) {
			if (k == m && m != c->writes[r->w])
				snprintf(r->why, sizeof(r->why), "write %zu is %u bytes, the Java's %zu (offset %zu)", r->w, m,
					 c->writes[r->w], r->out);
			else
				snprintf(r->why, sizeof(r->why),
					 "first differing byte at offset %zu (write %zu): 0x%02x, the Java's 0x%02x", r->out + k,
					 r->w, rec[k], c->output[r->out + k]);
			return 0;
		}
		r->out += m;
		r->w++;
	}
	return 1;
}

/* Replays transcript t with reads of split bytes (0: whole). */
static int replay(const struct ht_transcript *t, size_t split, char *why, size_t whylen)
{
	static struct sz_thermostat th;
	static struct sz_password_gate gate;
	static struct sz_thermostat_app app;
	static struct sz_http h;
	size_t i;
	if (!sz_thermostat_init(&th, (const uint8_t *)t->device, (uint8_t)strlen(t->device), (const uint8_t *)t->kind,
				(uint8_t)strlen(t->kind))
	    || !sz_password_gate_init(&gate, t->password, (uint8_t)t->clients)) {
		snprintf(why, whylen, "device refused");
		return 0;
	}
	sz_thermostat_app_init(&app, &th, &gate);
	for (i = 0; i < t->nconns; i++) {
		const struct ht_connection *c = &t->conns[i];
		struct run r;
		size_t at = 0;
		memset(&r, 0, sizeof(r));
		r.c = c;
		now = (uint32_t)c->time; /* the Java's long, in sz_clock.h's 32 bits */
		temperature = (int16_t)c->temperature;
		sz_http_begin(&h, &app, (const uint8_t *)c->peer, (uint8_t)strlen(c->peer));
		while (at < c->input_len && !sz_http_closed(&h)) {
			size_t len = split && c->input_len - at > split ? split : c->input_len - at, off = 0;
			while (off < len) {
				size_t used = sz_http_push(&h, c->input + at + off, len - off);
				off += used;
				if (!drain(&h, &r, (uint16_t)t->chunk))
					goto differ;
				if (!used && !sz_http_pending(&h))
					break; /* closed */
			}
			at += off;
			if (off < len)
				break;
		}
		if (!sz_http_closed(&h)) {
			sz_http_end(&h, (uint8_t)c->timeout);
			if (!drain(&h, &r, (uint16_t)t->chunk))
				goto differ;
		}
		if (!sz_http_closed(&h))
			snprintf(r.why, sizeof(r.why), "not closed after the input's end");
		else if (r.w != c->nwrites)
			snprintf(r.why, sizeof(r.why), "%zu writes, the Java's %zu (output offset %zu)", r.w, c->nwrites,
				 r.out);
		else if (at != c->consumed)
			snprintf(r.why, sizeof(r.why), "read %zu bytes, the Java %zu", at, c->consumed);
		else
			continue;
differ:
		snprintf(why, whylen, "connection %zu: %s", i + 1, r.why);
		return 0;
	}
	return 1;
}

/* The comparison alone: the right password, near misses, other lengths. */
static void compare_tests(void)
{
	static const uint8_t secret[33] = "hunter2";
	uint8_t block[33], given[32];
	uint16_t len;
	memcpy(block, secret, 33);
	block[32] = 7;
	memset(given, 0, sizeof(given));
	memcpy(given, "hunter2", 7);
	result(sz_password_gate_compare(block, given, 7) == 1, "compare: the password");
	for (len = 0; len < 300; len++)
		if (len != 7 && sz_password_gate_compare(block, given, len) != 0)
			break;
	result(len == 300, "compare: the password's bytes at every other length (0 to 299)");
	given[6] ^= 1;
	result(sz_password_gate_compare(block, given, 7) == 0, "compare: last byte off");
	given[6] ^= 1;
	given[0] ^= 0x80;
	result(sz_password_gate_compare(block, given, 7) == 0, "compare: first byte off");
	given[0] ^= 0x80;
	given[7] = 'x'; /* beyond the guess's length: not looked at */
	result(sz_password_gate_compare(block, given, 7) == 1, "compare: bytes past the length ignored");
	memset(block, 'p', 32);
	block[32] = 32;
	memset(given, 'p', 32);
	result(sz_password_gate_compare(block, given, 32) == 1, "compare: 32 bytes");
	result(sz_password_gate_compare(block, given, 33) == 0, "compare: 33 bytes (32 of them right)");
	result(sz_password_gate_compare(block, given, 31) == 0, "compare: 31 bytes");
}

int main(int argc, char **argv)
{
	static const size_t splits[] = {1, 2, 3, 7, 0};
	int a;
	size_t s;
	for (a = 1; a < argc; a++) {
		struct ht_transcript t;
		char what[512], why[300];
		if (ht_read(argv[a], &t)) {
			result(0, argv[a]);
			continue;
		}
		for (s = 0; s < sizeof(splits) / sizeof(splits[0]); s++) {
			int ok = replay(&t, splits[s], why, sizeof(why));
			snprintf(what, sizeof(what), "http transcript %s, reads of %zu%s: %s", t.name, splits[s],
				 splits[s] ? "" : " (whole)", ok ? "ok" : why);
			result(ok, what);
			if (ok)
				printf("ok %s\n", what);
		}
		ht_free(&t);
	}
	compare_tests();
	printf("test_http: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
