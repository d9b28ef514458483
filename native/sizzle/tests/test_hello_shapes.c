/*
 * Host test of the C engine's inbound path against the Java engine: every case of the
 * hello-shapes corpus (kssl-client/src/test/resources/hello-shapes/, written by HelloShapesTest)
 * for this build's profile, pushed in reads of 1, 2, 3, 7 and 64 bytes and record by record,
 * must give the corpus's line; when the hello decoded, the bytes fed to sz_transcript_update
 * must be the message bytes the Java engine hashed; three mutants of each case (a byte changed,
 * the input cut short) must get one answer whatever the split. Then unit checks. Built once
 * per profile under ASan + UBSan (native/sizzle/sizzle.mk). Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sz_alert.h"
#include "sz_extensions.h"
#include "sz_profile.h"
#include "sz_shape_line.h"

static unsigned passed, failed;

static void check(int ok, const char *what, const char *name)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		if (failed <= 40)
			printf("FAIL %s: %s\n", what, name);
	}
}

/* The transcript hook: every byte the engine hashes, collected. */
static uint8_t fed[1 << 20];
static size_t fed_len;
static int fed_overflow;

void sz_transcript_update(void *ctx, const uint8_t *data, size_t len)
{
	if (ctx != (void *)fed)
		fed_overflow = 1; /* the context given to sz_server_init must come back */
	if (fed_len + len > sizeof fed) {
		fed_overflow = 1;
		return;
	}
	memcpy(fed + fed_len, data, len);
	fed_len += len;
}

typedef struct {
	char *buf;
	size_t len;
	size_t cap;
} text;

static void put(void *ctx, char c)
{
	text *t = ctx;
	if (t->len + 1 < t->cap)
		t->buf[t->len++] = c;
	t->buf[t->len] = 0;
}

static size_t unhex(const char *s, uint8_t *out)
{
	size_t n = 0;
	if (strcmp(s, "-") == 0)
		return 0;
	for (; s[0] && s[1]; s += 2) {
		unsigned v;
		sscanf(s, "%2x", &v);
		out[n++] = (uint8_t)v;
	}
	return n;
}

/* One case: its input as records, the message, the expected line. */
typedef struct {
	char name[200];
	uint8_t *wire;
	size_t wire_len;
	size_t bounds[200000]; /* where each `in` line ends */
	size_t records;
	uint8_t *msg;
	size_t msg_len;
	int has_msg;
	char *out;
} kase;

/* Feeds the wire in reads of `step` bytes (0: one `in` line at a time), then the end of input. */
static void run(const kase *c, size_t step, sz_server *s, char *line, size_t cap)
{
	text t = {line, 0, cap};
	size_t pos = 0, r = 0;
	fed_len = 0;
	fed_overflow = 0;
	line[0] = 0;
	sz_server_init(s, fed);
	while (pos < c->wire_len && s->status == SZ_SERVER_WANT) {
		size_t end = step ? pos + step : c->bounds[r++];
		if (end > c->wire_len)
			end = c->wire_len;
		while (pos < end && s->status == SZ_SERVER_WANT) {
			size_t k = sz_server_push(s, c->wire + pos, end - pos);
			if (k == 0 && s->status == SZ_SERVER_WANT) {
				snprintf(line, cap, "engine took nothing while wanting input");
				return;
			}
			pos += k;
		}
	}
	if (s->status == SZ_SERVER_WANT)
		sz_server_eof(s);
	else if (pos < c->wire_len && sz_server_push(s, c->wire + pos, c->wire_len - pos) != 0) {
		snprintf(line, cap, "engine took bytes after its verdict");
		return;
	}
	sz_shape_line(s, put, &t);
}

static void run_case(const kase *c)
{
	static const size_t steps[] = {1, 2, 3, 7, 64, 0};
	static char line[4096];
	static sz_server s;
	size_t i;
	for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		char what[260];
		if (steps[i])
			snprintf(what, sizeof what, "%s (reads of %zu)", c->name, steps[i]);
		else
			snprintf(what, sizeof what, "%s (record by record)", c->name);
		run(c, steps[i], &s, line, sizeof line);
		if (strcmp(line, c->out) != 0 && failed < 40)
			printf("  want %.300s\n  got  %.300s\n", c->out, line);
		check(strcmp(line, c->out) == 0, what, "line");
		if (c->has_msg && s.answered)
			check(!fed_overflow && fed_len == c->msg_len && memcmp(fed, c->msg, fed_len) == 0, what,
			      "bytes hashed = the message");
	}
}

/* A fixed-seed generator for the mutants (xorshift32). */
static uint32_t rng_state = 0x5A17E5u;

static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

/* Mutants of a case without the Java's answer: a byte changed (anywhere, or in the first 64
 * bytes where the lengths are), or the input cut short. Whatever the engine answers must not
 * depend on how the input was split, and ASan/UBSan must stay silent. */
static void mutants(const kase *c)
{
	static kase m;
	static char first[4096], line[4096];
	static sz_server s;
	static const size_t steps[] = {1, 3, 64, 0};
	int k;
	if (c->wire_len == 0)
		return;
	m.wire = malloc(c->wire_len);
	for (k = 0; k < 3; k++) {
		size_t i, at;
		int same = 1;
		memcpy(m.wire, c->wire, c->wire_len);
		m.wire_len = c->wire_len;
		at = rng() % (k == 1 && c->wire_len > 64 ? 64 : c->wire_len);
		if (k == 2)
			m.wire_len = at;
		else
			m.wire[at] = (uint8_t)rng();
		m.records = 1;
		m.bounds[0] = m.wire_len;
		snprintf(m.name, sizeof m.name, "%s mutant %d", c->name, k);
		for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
			run(&m, steps[i], &s, i == 0 ? first : line, sizeof line);
			if (i > 0 && strcmp(first, line) != 0) {
				same = 0;
				if (failed < 40)
					printf("  split 1: %.200s\n  split %zu: %.200s\n", first, steps[i], line);
			}
		}
		check(same && strncmp(first, "engine", 6) != 0, m.name, "the same answer under every split");
	}
	free(m.wire);
}

/* Reads the corpus, runs each case of this build. */
static void corpus(const char *path)
{
	FILE *f = fopen(path, "r");
	static char line[1 << 21];
	static kase c;
	int in_case = 0, mine = 0, cases = 0;
	char build[32];
	if (!f) {
		printf("cannot read %s\n", path);
		failed++;
		return;
	}
	c.wire = malloc(1 << 20);
	c.msg = malloc(1 << 20);
	c.out = malloc(1 << 16);
	while (fgets(line, sizeof line, f)) {
		size_t n = strlen(line);
		while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = 0;
		if (strncmp(line, "config modern ", 14) == 0) {
			unsigned schemes = 0, limit = 0;
			sscanf(line, "config modern chain_schemes=%x receive_limit=%u", &schemes, &limit);
#if defined(SZ_PROFILE_MODERN)
			check(schemes == SZ_CHAIN_SCHEMES && limit == SZ_RECEIVE_LIMIT, "config", "chain and limit as the corpus's");
#else
			check(limit == SZ_RECEIVE_LIMIT, "config", "receive limit as the corpus's");
#endif
		} else if (strncmp(line, "case ", 5) == 0) {
			sscanf(line, "case %31s %199s", build, c.name);
			mine = strcmp(build, SZ_PROFILE_NAME) == 0;
			in_case = 1;
			c.wire_len = 0;
			c.records = 0;
			c.has_msg = 0;
		} else if (in_case && strncmp(line, "in ", 3) == 0) {
			c.wire_len += unhex(line + 3, c.wire + c.wire_len);
			c.bounds[c.records++] = c.wire_len;
		} else if (in_case && strncmp(line, "msg ", 4) == 0) {
			c.msg_len = unhex(line + 4, c.msg);
			c.has_msg = 1;
		} else if (in_case && strncmp(line, "out ", 4) == 0) {
			strcpy(c.out, line + 4);
			in_case = 0;
			if (mine) {
				run_case(&c);
				mutants(&c);
				cases++;
			}
		}
	}
	fclose(f);
	printf("corpus: %d cases for %s, each in 6 splits, and 3 mutants of each in 4 splits\n", cases, SZ_PROFILE_NAME);
	check(cases > 100, "corpus", "holds the cases of this build");
	free(c.wire);
	free(c.msg);
	free(c.out);
}

static void units(void)
{
	/* Extensions.SCHEMES in bit order, and pairs it cannot name. */
	static const uint16_t schemes[] = {0x0101, 0x0201, 0x0203, 0x0301, 0x0303, 0x0401, 0x0403, 0x0501,
					   0x0503, 0x0601, 0x0603};
	static const uint8_t wire[] = {22, 3, 1, 0, 4, 1, 0, 0, 5};
	static sz_server s;
	const char *name;
	size_t i;
	int ok = 1;
	for (i = 0; i < sizeof schemes / sizeof schemes[0]; i++)
		ok &= sz_scheme_bit(schemes[i]) == 1u << i;
	ok &= sz_scheme_bit(0x0103) == 0 && sz_scheme_bit(0x0804) == 0 && sz_scheme_bit(0x0703) == 0 &&
	      sz_scheme_bit(0x0202) == 0;
	check(ok, "unit", "sz_scheme_bit is Extensions.schemeBit");
	/* Alert.forVersion and Alert.name. */
	check(sz_alert_for_version(SZ_DECODE_ERROR, 0x0300) == SZ_ILLEGAL_PARAMETER &&
	      sz_alert_for_version(SZ_PROTOCOL_VERSION, 0x0300) == SZ_HANDSHAKE_FAILURE &&
	      sz_alert_for_version(SZ_UNEXPECTED_MESSAGE, 0x0300) == SZ_UNEXPECTED_MESSAGE &&
	      sz_alert_for_version(SZ_UNRECOGNIZED_NAME, 0x0300) == SZ_HANDSHAKE_FAILURE &&
	      sz_alert_for_version(SZ_UNRECOGNIZED_NAME, 0x0301) == SZ_UNRECOGNIZED_NAME &&
	      sz_alert_for_version(SZ_DECODE_ERROR, 0x0301) == SZ_DECODE_ERROR, "unit", "sz_alert_for_version");
	name = sz_alert_name(SZ_INAPPROPRIATE_FALLBACK);
	check(name && strcmp(name, "inappropriate_fallback") == 0 && strcmp(sz_alert_name(0), "close_notify") == 0 &&
	      strcmp(sz_alert_name(SZ_UNSUPPORTED_EXTENSION), "unsupported_extension") == 0 &&
	      strcmp(sz_alert_name(SZ_UNRECOGNIZED_NAME), "unrecognized_name") == 0 && sz_alert_name(1) == 0 &&
	      sz_alert_name(255) == 0, "unit", "sz_alert_name");
	/* What the engine wants: the rest of a header, then the rest of the record. */
	fed_len = 0;
	sz_server_init(&s, fed);
	ok = sz_server_wants(&s) == 5;
	ok &= sz_server_push(&s, wire, 3) == 3 && sz_server_wants(&s) == 2;
	ok &= sz_server_push(&s, wire + 3, 4) == 4 && sz_server_wants(&s) == 2;
	ok &= sz_server_push(&s, wire + 7, 2) == 2 && s.status == SZ_SERVER_WANT && sz_server_wants(&s) == 5;
	check(ok, "unit", "sz_server_wants");
	/* A message that goes on past its record waits for the next one; the stream's end there is
	 * handshake_failure (HandshakeReader.next: closed during the handshake). */
	check(s.status == SZ_SERVER_WANT && fed_len == 4, "unit", "the header is hashed, the message waits for its next record");
	sz_server_eof(&s);
	check(s.status == SZ_SERVER_FAILED && s.verdict == SZ_HANDSHAKE_FAILURE, "unit", "end of stream between records: handshake_failure");
	check(sz_server_push(&s, wire, 5) == 0, "unit", "no bytes taken after the verdict");
	/* The parser's own state stays a few dozen bytes. */
	printf("state: sz_server %zu bytes (record layer %zu, reader %zu, parser %zu, hello shape %zu, answer %zu)\n",
	       sizeof(sz_server), sizeof(sz_record_layer), sizeof(sz_handshake_reader), sizeof(sz_hello_parser),
	       sizeof(sz_client_hello), sizeof(sz_server_hello_choice));
	check(sizeof(sz_hello_parser) <= 40 && sizeof(sz_record_layer) <= 24, "unit", "parser and record state are small");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		printf("usage: %s hello-shapes.txt\n", argv[0]);
		return 2;
	}
	printf("profile %s\n", SZ_PROFILE_NAME);
	units();
	corpus(argv[1]);
	printf("sizzle: %u passed, %u failed\n", passed, failed);
	return failed != 0;
}
