/* The template codec's host tests (make -C native template-test; sz_template.c, mirroring
 * sizzle/template/TemplateCodec.java):
 *  - the Java suppressor's forms of the stored transcripts' handshake messages
 *    (vectors/templates.txt, written by gateway-java's TemplateVectorsTest, without POINTs as
 *    for a C device; the book: the transcript's Certificate message as template 0 and edition
 *    1's protocol templates) recreated in place byte for byte, each direction's cursor carried
 *    within a connection; at the least room each needs, and refused (INCONSISTENT, cursor
 *    unchanged) with one byte less;
 *  - the C suppressor's forms of the same messages: recreated here byte for byte with the
 *    suppressor's cursor and the recreator's equal after each message, and equal to
 *    vectors/templates-c.txt, which TemplateVectorsTest recreates with the Java recreator
 *    (argument -w rewrites that file);
 *  - each error reason from its own malformed messages, the cursor unchanged after each;
 *  - random messages with template pieces spliced in (the certificate's end among them),
 *    compressed then recreated in place at several room sizes, cursors carried.
 * Last line: "N passed, N failed". Arguments: the vectors directory [-w]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sz_template.h"
#include "host_test.h"


/* --- the book: templates in one pool, template 0 replaced per transcript --- */
static uint8_t pool[16384];
static uint16_t pool_at[SZ_TEMPLATE_MAX], pool_len[SZ_TEMPLATE_MAX], pool_top;
static unsigned long byte_reads;

uint16_t sz_template_length(uint8_t id)
{
	return id < SZ_TEMPLATE_MAX ? pool_len[id] : 0;
}

uint8_t sz_template_byte(uint8_t id, uint16_t pos)
{
	if (id >= SZ_TEMPLATE_MAX || pos >= pool_len[id]) {
		printf("FAIL: a read of template %u at %u, outside it\n", id, pos);
		failed++;
		return 0;
	}
	byte_reads++;
	return pool[pool_at[id] + pos];
}

static void set_template(uint8_t id, const uint8_t *b, uint16_t n)
{
	if (pool_top + n > sizeof pool) {
		printf("FAIL: the test's pool is too small\n");
		failed++;
		return;
	}
	memcpy(pool + pool_top, b, n);
	pool_at[id] = pool_top;
	pool_len[id] = n;
	pool_top = (uint16_t)(pool_top + n);
}


static int same_cursor(const sz_template_cursor *a, const sz_template_cursor *b)
{
	return a->t == b->t && a->ret_t == b->ret_t && a->pos == b->pos && a->ret_pos == b->ret_pos;
}

#define BIG 8192
static uint8_t work[BIG];

/* Recreates z[0..zn) in place in a room of `room` bytes from cursor *c; the result in work. */
static uint8_t recreate_at(sz_template_cursor *c, const uint8_t *z, uint16_t zn, uint16_t room, uint16_t *out)
{
	memcpy(work, z, zn);
	memset(work + zn, 0xEE, BIG - zn);
	return sz_template_recreate(c, work, room, zn, out);
}

/* The least room z recreates in (from cursor c, not moved); 0 if none up to n + zn. */
static uint16_t least_room(const sz_template_cursor *c, const uint8_t *z, uint16_t zn, uint16_t n)
{
	uint16_t lo = n > zn ? n : zn, hi = (uint16_t)(n + zn), mid, got;
	sz_template_cursor k = *c;
	if (recreate_at(&k, z, zn, hi, &got) != SZ_TE_OK)
		return 0;
	while (lo < hi) {
		mid = (uint16_t)((lo + hi) / 2);
		k = *c;
		if (recreate_at(&k, z, zn, mid, &got) == SZ_TE_OK)
			hi = mid;
		else
			lo = (uint16_t)(mid + 1);
	}
	return lo;
}

/* Recreates z (n bytes once recreated) at the least room it needs and at one byte less:
   exactly `want` at the first, INCONSISTENT with the cursor unchanged at the second (unless
   the least is the message's own length or the form's: no less room can hold either). Moves
   *c as the message does. Returns the least room's headroom over n. */
static int recreate_checked(sz_template_cursor *c, const uint8_t *z, uint16_t zn, const uint8_t *want, uint16_t n,
                            const char *what)
{
	char say[300];
	sz_template_cursor before = *c, k;
	uint16_t least = least_room(c, z, zn, n), got = 0;
	uint8_t e;
	snprintf(say, sizeof say, "%s: recreated byte for byte", what);
	if (!least) {
		check(0, say);
		return 0;
	}
	e = recreate_at(c, z, zn, least, &got);
	check(e == SZ_TE_OK && got == n && memcmp(work, want, n) == 0, say);
	if (least > n && least > zn) {
		k = before;
		e = recreate_at(&k, z, zn, (uint16_t)(least - 1), &got);
		snprintf(say, sizeof say, "%s: one byte less room is INCONSISTENT, the cursor unchanged", what);
		check(e == SZ_TE_INCONSISTENT && same_cursor(&k, &before), say);
	}
	return least - n;
}

/* --- the stored transcripts: Java's forms in, C's forms out --- */

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;
	char *s;
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	s = malloc((size_t)n + 1);
	if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
		free(s);
		s = NULL;
	}
	if (s)
		s[n] = 0;
	fclose(f);
	return s;
}

static char *cout;
static size_t cout_n, cout_cap;

static void emit(const char *s)
{
	size_t k = strlen(s);
	if (cout_n + k + 1 > cout_cap) {
		cout_cap = 2 * (cout_n + k + 1);
		cout = realloc(cout, cout_cap);
	}
	memcpy(cout + cout_n, s, k + 1);
	cout_n += k;
}

static void emit_hex(const uint8_t *b, uint16_t n)
{
	char two[3];
	uint16_t i;
	for (i = 0; i < n; i++) {
		snprintf(two, sizeof two, "%02x", b[i]);
		emit(two);
	}
}

static int transcripts(const char *dir, int write)
{
	static uint8_t plain[BIG], jz[BIG], cz[BIG];
	char path[512], what[300], *all, *line, *next, *want;
	sz_template_cursor jc[2], cc[2], rc[2], k, before;
	int headroom = 0, messages = 0, java_good = 0, c_sent = 0, h;
	long plain_sum = 0, java_sum = 0, c_sum = 0;
	char name[200] = "";
	int n, zn, side, jroom;
	uint16_t cn, got;
	snprintf(path, sizeof path, "%s/templates.txt", dir);
	all = slurp(path);
	check(all != NULL, path);
	if (!all)
		return 0;
	emit("# Written by native/link/tests/test_template.c -w: the C suppressor's form of each message of\n");
	emit("# templates.txt ('-': no shorter one, DATA), read by gateway-java's TemplateVectorsTest.\n");
	for (line = all; *line; line = next) {
		next = strchr(line, '\n');
		next = next ? next + 1 : line + strlen(line);
		if (line[0] == '#')
			continue;
		if (!strncmp(line, "template ", 9)) {
			unsigned id = (unsigned)atoi(line + 9);
			n = hex(strchr(line + 9, ' ') + 1, plain, BIG);
			check(id < SZ_TEMPLATE_MAX && n > 0, "a template line");
			if (id < SZ_TEMPLATE_MAX && n > 0)
				set_template((uint8_t)id, plain, (uint16_t)n);
		} else if (!strncmp(line, "transcript ", 11)) {
			if (pool_len[0]) { /* template 0 was the last thing in the pool */
				pool_top = pool_at[0];
				pool_len[0] = 0;
			}
			snprintf(name, sizeof name, "%.*s", (int)(strcspn(line + 11, "\n")), line + 11);
			emit("transcript ");
			emit(name);
			emit("\n");
		} else if (!strncmp(line, "connection", 10)) {
			for (side = 0; side < 2; side++) {
				sz_template_cursor_reset(&jc[side]);
				sz_template_cursor_reset(&cc[side]);
				sz_template_cursor_reset(&rc[side]);
			}
			emit("connection\n");
		} else if ((line[0] == 'C' || line[0] == 'S') && line[1] == ' ') {
			side = line[0] == 'S';
			n = hex(line + 2, plain, BIG);
			want = strchr(line + 2, ' ') + 1;
			zn = want[0] == '-' ? 0 : hex(want, jz, BIG);
			jroom = zn > 0 && strchr(want, ' ') ? atoi(strchr(want, ' ') + 1) : 0;
			messages++;
			plain_sum += n;
			snprintf(what, sizeof what, "%s, message %d (%c, %d bytes)", name, messages, line[0], n);
			/* (a) the Java suppressor's form, recreated by the C recreator */
			java_sum += zn ? zn : n;
			if (zn > 0) {
				h = recreate_checked(&jc[side], jz, (uint16_t)zn, plain, (uint16_t)n, what);
				if (h > headroom)
					headroom = h;
				check(n + h == jroom, "the least room in place is the Java rule's (TemplateCodec.recreatesInPlace): the gateway "
				                      "sends a C mote only what it can recreate");
				java_good++;
			}
			/* (b) the C suppressor's form: recreated here, written for the Java recreator */
			k = cc[side];
			cn = sz_template_compress(&cc[side], plain, (uint16_t)n, cz, BIG);
			emit(line[0] == 'S' ? "S " : "C ");
			if (cn) {
				emit_hex(cz, cn);
				c_sent++;
				c_sum += cn;
				h = recreate_checked(&rc[side], cz, cn, plain, (uint16_t)n, what);
				if (h > headroom)
					headroom = h;
				check(same_cursor(&cc[side], &rc[side]), "the suppressor's cursor is the recreator's after the message");
				/* a buffer one byte short of the form: no form, the cursor unchanged */
				before = k;
				got = sz_template_compress(&k, plain, (uint16_t)n, cz, (uint16_t)(cn - 1));
				check(got == 0 && same_cursor(&k, &before), "one byte less output room: no form, the cursor unchanged");
			} else {
				emit("-");
				c_sum += n;
				check(same_cursor(&cc[side], &k), "no form: the cursor unchanged");
			}
			emit("\n");
		}
	}
	free(all);
	printf("templates.txt: %d messages; the Java suppressor's %d forms recreated in place; the C suppressor's %d forms\n",
	       messages, java_good, c_sent);
	printf("  plain %ld bytes, Java's forms (no POINT) %ld, C's %ld; the most room beyond the message any needs: %d bytes\n",
	       plain_sum, java_sum, c_sum, headroom);
	snprintf(path, sizeof path, "%s/templates-c.txt", dir);
	if (write) {
		FILE *f = fopen(path, "w");
		check(f && fwrite(cout, 1, cout_n, f) == cout_n, "templates-c.txt written");
		if (f)
			fclose(f);
	} else {
		char *stored = slurp(path);
		check(stored && !strcmp(stored, cout),
		      "templates-c.txt is the C suppressor's output now (if the change is meant: test_template DIR -w)");
		free(stored);
	}
	check(messages >= 49 && java_good >= 49 && c_sent > 30, "the vectors hold the transcripts' messages");
	return messages;
}

/* --- malformed messages: each reason, the cursor unchanged --- */

/* Template 0 (the pool's last) replaced by b[0..n). */
static void set_certificate(const uint8_t *b, uint16_t n)
{
	if (pool_len[0])
		pool_top = pool_at[0];
	set_template(0, b, n);
}

static const uint8_t cert20[20] = {11, 0, 0, 16, 0, 0, 13, 0, 0, 10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};

/* The message `hx` (hex) in a room of `room` from cursor *from: returns its reason; checks
   that the cursor was left as it was when it is an error. */
static uint8_t reason(const char *hx, uint16_t room, const sz_template_cursor *from)
{
	static uint8_t z[1100];
	sz_template_cursor k = *from;
	uint16_t got = 0;
	int n = (int)strlen(hx) / 2, i;
	uint8_t e;
	unsigned v;
	for (i = 0; i < n; i++) {
		sscanf(hx + 2 * i, "%2x", &v);
		z[i] = (uint8_t)v;
	}
	e = recreate_at(&k, z, (uint16_t)n, room, &got);
	if (e != SZ_TE_OK && !same_cursor(&k, from)) {
		printf("FAIL: %s moved the cursor on error %u\n", hx, e);
		failed++;
	}
	return e;
}

static void malformed(void)
{
	static const struct {
		const char *hx;
		uint16_t room;
		uint8_t want, fresh_only;
		const char *what;
	} cases[] = {
		{"04aabb", 1000, SZ_TE_TRUNCATED, 0, "TRUNCATED: a 5-byte literal with 2"},
		{"80", 1000, SZ_TE_TRUNCATED, 0, "TRUNCATED: a SEEK without its offset"},
		{"8080", 1000, SZ_TE_TRUNCATED, 0, "TRUNCATED: an offset cut inside its varint"},
		{"a0e0", 1000, SZ_TE_TRUNCATED, 0, "TRUNCATED: a COPY_LONG without its count"},
		{"a0e08080", 1000, SZ_TE_TRUNCATED, 0, "TRUNCATED: a COPY_LONG's count cut inside"},
		{"a143", 1000, SZ_TE_UNKNOWN_TEMPLATE, 0, "UNKNOWN_TEMPLATE: certificate 1, empty"},
		{"8305", 1000, SZ_TE_UNKNOWN_TEMPLATE, 0, "UNKNOWN_TEMPLATE: certificate 3 with an offset"},
		{"b443", 1000, SZ_TE_UNKNOWN_TEMPLATE, 0, "UNKNOWN_TEMPLATE: template 20, beyond the edition"},
		{"bf43", 1000, SZ_TE_UNKNOWN_TEMPLATE, 0, "UNKNOWN_TEMPLATE: template 31"},
		{"9f0543", 1000, SZ_TE_UNKNOWN_TEMPLATE, 0, "UNKNOWN_TEMPLATE: template 31 with an offset"},
		{"43", 1000, SZ_TE_INCONSISTENT, 1, "INCONSISTENT: a COPY before any SEEK"},
		{"e004", 1000, SZ_TE_INCONSISTENT, 1, "INCONSISTENT: a COPY_LONG before any SEEK"},
		{"a05f", 1000, SZ_TE_INCONSISTENT, 0, "INCONSISTENT: 32 bytes from a 20-byte template"},
		{"a04f44", 1000, SZ_TE_INCONSISTENT, 0, "INCONSISTENT: 16 bytes, then 5 beyond its end"},
		{"a0e015", 1000, SZ_TE_INCONSISTENT, 0, "INCONSISTENT: a COPY_LONG of 21 from 20 bytes"},
		{"a0e000", 1000, SZ_TE_INCONSISTENT, 0, "INCONSISTENT: a COPY_LONG of none"},
		{"a053004141", 1000, SZ_TE_INCONSISTENT, 0, "INCONSISTENT: a literal steps the cursor past the end, a COPY there"},
		{"8015", 1000, SZ_TE_INCONSISTENT, 0, "INCONSISTENT: SEEK past the template's end"},
		{"80ffffff7f", 1000, SZ_TE_INCONSISTENT, 0, "INCONSISTENT: a number of 4 bytes"},
		{"", 1000, SZ_TE_INCONSISTENT, 0, "INCONSISTENT: an empty message"},
		{"a053", 10, SZ_TE_INCONSISTENT, 0, "INCONSISTENT: 20 bytes out in a room of 10"},
		{"a0530041", 21, SZ_TE_INCONSISTENT, 0, "INCONSISTENT: 21 bytes out in a room of 21, over the unread literal"},
		{"a0530041", 3, SZ_TE_INCONSISTENT, 0, "INCONSISTENT: a message longer than its room"},
		{"a153", 1000, SZ_TE_UNKNOWN_TEMPLATE, 0, "UNKNOWN_TEMPLATE before the COPY's checks"},
		{"a0c1", 1000, SZ_TE_BAD_OP, 0, "BAD_OP: HELLO_DIGEST after the first op"},
	};
	static const char *fresh_hx = "a541a041"; /* a cursor in certificate 0 with a place to return to */
	sz_template_cursor fresh, carried;
	char hx[80], what[120];
	uint16_t got = 0;
	unsigned i, op;
	uint8_t z[4] = {0xa5, 0x41, 0xa0, 0x41};
	set_certificate(cert20, sizeof cert20);
	sz_template_cursor_reset(&fresh);
	carried = fresh;
	check(recreate_at(&carried, z, 4, 100, &got) == SZ_TE_OK && got == 4 && carried.t == 0 && carried.pos == 2 &&
		      carried.ret_t == 5 && carried.ret_pos == 2,
	      "a SEEK from template 5 into certificate 0 remembers where it was");
	(void)fresh_hx;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		check(reason(cases[i].hx, cases[i].room, &fresh) == cases[i].want, cases[i].what);
		if (!cases[i].fresh_only) {
			snprintf(what, sizeof what, "%s (from a carried cursor)", cases[i].what);
			check(reason(cases[i].hx, cases[i].room, &carried) == cases[i].want, what);
		}
	}
	/* the in-place case with the room it needs: the certificate and the literal */
	check(recreate_at(&fresh, (const uint8_t *)"\xa0\x53\x00\x41", 4, 24, &got) == SZ_TE_OK && got == 21 &&
		      !memcmp(work, cert20, 20) && work[20] == 0x41,
	      "the same message in a room of 24: recreated in place");
	sz_template_cursor_reset(&fresh);
	/* every reserved op, POINT and HELLO_DIGEST among them, with 32 bytes after it (a POINT's x) */
	for (op = 0xC0; op <= 0xFF; op++) {
		if (op == 0xE0)
			continue;
		snprintf(hx, sizeof hx, "%02x%064x", op, 0);
		snprintf(what, sizeof what, "BAD_OP: op %02x%s", op,
		         op == 0xC1 ? " (HELLO_DIGEST)" : (op & 0xF8) == 0xF0 ? " (POINT: none at a C device)" : "");
		check(reason(hx, 1000, &fresh) == SZ_TE_BAD_OP && reason(hx, 1000, &carried) == SZ_TE_BAD_OP, what);
	}
}

/* --- random round trips --- */

static uint32_t rnd_state = 9;

static uint32_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return rnd_state;
}

/* One message: compressed, then recreated in place at the least room it needs (and refused
   at one less), at a room between and at the most; both cursors carried. */
static void round_trip(sz_template_cursor *sup, sz_template_cursor *rec, const uint8_t *m, uint16_t n, int *sent,
                       const char *what)
{
	static uint8_t z[BIG];
	sz_template_cursor before = *sup, k;
	uint16_t zn = sz_template_compress(sup, m, n, z, BIG), least, room, got = 0;
	uint8_t e;
	if (!zn) {
		check(same_cursor(sup, &before), "no shorter form: the suppressor's cursor unchanged");
		return;
	}
	(*sent)++;
	least = least_room(rec, z, zn, n);
	room = (uint16_t)(least + rnd() % (n + zn - least + 1));
	k = *rec;
	e = recreate_at(&k, z, zn, room, &got);
	check(e == SZ_TE_OK && got == n && !memcmp(work, m, n) && same_cursor(&k, sup), what);
	k = *rec;
	e = recreate_at(&k, z, zn, (uint16_t)(n + zn), &got);
	check(e == SZ_TE_OK && got == n && !memcmp(work, m, n) && same_cursor(&k, sup), what);
	recreate_checked(rec, z, zn, m, n, what);
	check(same_cursor(rec, sup), "the suppressor's cursor is the recreator's");
}

static void random_round_trips(void)
{
	static uint8_t m[700];
	sz_template_cursor sup, rec;
	uint16_t n, at, from, k, len;
	uint8_t t;
	int conn, msg, i, sent = 0;
	char what[80];
	set_certificate(cert20, sizeof cert20);
	for (conn = 0; conn < 30; conn++) {
		sz_template_cursor_reset(&sup);
		sz_template_cursor_reset(&rec);
		for (msg = 0; msg < 10; msg++) {
			n = (uint16_t)(1 + rnd() % 600);
			for (i = 0; i < n; i++)
				m[i] = (uint8_t)rnd();
			/* template pieces spliced in: copies, seeks, literals, and the certificate's end */
			for (i = 0; i < 4 && n > 40; i++) {
				t = (uint8_t)(rnd() % 5 == 0 ? 0 : 4 + rnd() % 16);
				len = sz_template_length(t);
				k = (uint16_t)(rnd() % 2 ? 20 : 8);
				if (k > len)
					k = len;
				at = (uint16_t)(rnd() % (n - k));
				from = t == 0 && rnd() % 2 ? (uint16_t)(len - k) : (uint16_t)(rnd() % (uint32_t)(len - k + 1));
				for (len = 0; len < k; len++)
					m[at + len] = sz_template_byte(t, (uint16_t)(from + len));
			}
			snprintf(what, sizeof what, "random message %d.%d (%u bytes)", conn, msg, n);
			round_trip(&sup, &rec, m, n, &sent, what);
		}
	}
	printf("random: 300 messages, %d went compressed\n", sent);
	check(sent > 60, "random messages: over 60 of them have a shorter form");
}

/* A literal run across a certificate's end: the suppressor ends the LITERAL where its cursor
   goes back from the certificate, as the recreator's goes back only at an op's end. */
static void literal_across_the_certificate_end(void)
{
	static uint8_t m[400];
	sz_template_cursor sup, rec;
	uint16_t n = 0, cut, len = sz_template_length(5), i;
	int sent = 0;
	set_certificate(cert20, sizeof cert20);
	for (cut = 0; cut + 4 <= len; cut++) /* template 5 (TLS 1.0's server flight): ServerHelloDone after the cut */
		if (sz_template_byte(5, cut) == 0x0e && sz_template_byte(5, cut + 1) == 0 && sz_template_byte(5, cut + 2) == 0 &&
		    sz_template_byte(5, cut + 3) == 0)
			break;
	check(cut + 4 <= len, "template 5 holds a ServerHelloDone");
	for (i = 0; i < cut; i++)
		m[n++] = sz_template_byte(5, i);
	for (i = 0; i < 17; i++)
		m[n++] = cert20[i];
	for (i = 0; i < 9; i++) /* the certificate's last 3 bytes differ, then 6 in place of template 5's next 6 */
		m[n++] = (uint8_t)(0xC0 + 7 * i);
	for (i = cut + 6; i < len; i++)
		m[n++] = sz_template_byte(5, i);
	sz_template_cursor_reset(&sup);
	sz_template_cursor_reset(&rec);
	round_trip(&sup, &rec, m, n, &sent, "a literal across the certificate's end comes back");
	check(sent == 1, "a literal across the certificate's end: compressed");
}

/* A device's flight whose record length is not the transcript's (its certificate chain is
   another): template 5 (TLS 1.0's server flight) with its header's length bytes changed. No
   template's start matches past those bytes, so the suppressor finds the template by its
   likeness (sz_template.c's likeliest) and goes along it from its start: 72 B to 7. (Before,
   with the template whose start matched most, the client's, 72 B to 47, the cursor left in the
   wrong template, and the ChangeCipherSpec after it uncompressed: a real device's flight over
   the link, 318 B to 79, its ChangeCipherSpec and Finished sent plain.) Then the
   ChangeCipherSpec goes on from the cursor in one byte. */
static void flight_of_another_length(void)
{
	static uint8_t m[400], z[BIG];
	static const uint8_t ccs[] = {0x14, 0x03, 0x01, 0x00, 0x01, 0x01};
	sz_template_cursor sup, rec;
	uint16_t n = 0, len = sz_template_length(5), zn;
	int sent = 0;
	char say[120];
	set_certificate(cert20, sizeof cert20);
	while (n < len && !(sz_template_byte(5, n) == 0x14 && sz_template_byte(5, n + 1) == 0x03 && n > 5))
		m[n] = sz_template_byte(5, n), n++; /* up to the ChangeCipherSpec record that follows the flight */
	check(n > 40 && n < len, "template 5 holds a flight, then a ChangeCipherSpec");
	m[3] ^= 0x01; /* the record's length is another */
	m[4] ^= 0x5A;
	sz_template_cursor_reset(&sup);
	zn = sz_template_compress(&sup, m, n, z, BIG);
	snprintf(say, sizeof say, "a flight of another length: %u B compressed to %u (under a third)", n, zn);
	check(zn > 0 && 3u * zn < n, say);
	sz_template_cursor_reset(&sup);
	sz_template_cursor_reset(&rec);
	round_trip(&sup, &rec, m, n, &sent, "a flight of another length comes back");
	zn = sz_template_compress(&sup, ccs, sizeof ccs, z, BIG);
	check(zn == 1, "the ChangeCipherSpec after it: one byte, from the cursor");
}

/* HELLO_DIGEST at a device that takes it (sz_template_recreate_hello, LINK.md §15.2): the
   digest's place given, the projection's bytes below it; each way to get it wrong refused with
   the cursor unchanged; refused (BAD_OP) by sz_template_recreate. */
static void hello_digest(void)
{
	/* C1, L = 0x000083 (131: 3 tail bytes), H = 32 x 0x11, tail "abc", then LITERAL "xyz" */
	static uint8_t m[1 + 3 + 32 + 3 + 4];
	static const struct {
		uint16_t len, room_less; /* the message cut to len, in a room of len + 2 - room_less */
		uint8_t want;
		const char *what;
	} bad[] = {
		{3, 0, SZ_TE_TRUNCATED, "a HELLO_DIGEST cut inside L"},
		{1 + 3 + 32 + 2, 0, SZ_TE_TRUNCATED, "a HELLO_DIGEST cut inside its tail"},
		{1 + 3 + 32 + 3, 0, SZ_TE_INCONSISTENT, "a HELLO_DIGEST with no hello after it"},
		{sizeof m, 1, SZ_TE_INCONSISTENT, "a projection that would reach the digest (one byte less room)"},
	};
	sz_template_cursor c, k;
	uint16_t got = 0, d = 0, room = (uint16_t)(sizeof m + 2), i;
	uint8_t e;
	char say[120];
	m[0] = 0xC1;
	m[1] = 0;
	m[2] = 0;
	m[3] = 0x83;
	memset(m + 4, 0x11, 32);
	memcpy(m + 36, "abc", 3);
	m[39] = 0x02; /* LITERAL of 3 */
	memcpy(m + 40, "xyz", 3);
	sz_template_cursor_reset(&c);
	memcpy(work, m, sizeof m);
	e = sz_template_recreate_hello(&c, work, room, (uint16_t)sizeof m, &got, &d);
	check(e == SZ_TE_OK && got == 3 && memcmp(work, "xyz", 3) == 0, "HELLO_DIGEST: the projection recreated");
	check(d == room - sizeof m + 1 && work[d] == 0 && work[d + 1] == 0 && work[d + 2] == 0x83 && work[d + 3] == 0x11 &&
	      work[d + 34] == 0x11 && memcmp(work + d + 35, "abc", 3) == 0, "HELLO_DIGEST: L, H and the tail where it says");
	memcpy(work, m + 39, 4);
	e = sz_template_recreate_hello(&c, work, 8, 4, &got, &d);
	check(e == SZ_TE_OK && d == 0, "HELLO_DIGEST: a message without one says none");
	sz_template_cursor_reset(&c);
	memcpy(work, m, sizeof m);
	check(sz_template_recreate(&c, work, room, (uint16_t)sizeof m, &got) == SZ_TE_BAD_OP,
	      "HELLO_DIGEST: refused as reserved by sz_template_recreate");
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		sz_template_cursor_reset(&c);
		k = c;
		memcpy(work, m, bad[i].len);
		e = sz_template_recreate_hello(&c, work, (uint16_t)(bad[i].len + 2 - bad[i].room_less), bad[i].len, &got, &d);
		snprintf(say, sizeof say, "HELLO_DIGEST: %s: refused (%u), the cursor unchanged", bad[i].what, bad[i].want);
		check(e == bad[i].want && same_cursor(&c, &k), say);
	}
	/* not the first op: reserved */
	memcpy(work, "\x00" "q", 2);
	memcpy(work + 2, m, sizeof m);
	sz_template_cursor_reset(&c);
	check(sz_template_recreate_hello(&c, work, 100, (uint16_t)(sizeof m + 2), &got, &d) == SZ_TE_BAD_OP,
	      "HELLO_DIGEST after the first op: BAD_OP");
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "link/tests/vectors";
	int write = argc > 2 && !strcmp(argv[2], "-w");
	transcripts(dir, write);
	malformed();
	literal_across_the_certificate_end();
	flight_of_another_length();
	hello_digest();
	random_round_trips();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
