/* Mirrors sizzle/template/TemplateCodec.java (the suppressor and the recreator, LINK.md §9.2)
 * and TemplateCursor.java, without POINT, and HELLO_DIGEST recreated only where asked
 * (sz_template.h says why). The suppressor's search for a match anywhere is no hash index (no RAM for one) but a scan of a
 * few places, cheap enough for an ATmega128 (native/link/README.md has the cycles): every
 * template's start, and every place of the cursor's own template once the bytes have gone
 * as literals for a while. */
#include "sz_template.h"

/* ops (LINK.md §9.2) */
#define OP_COPY 0x40
#define OP_SEEK 0x80
#define OP_SEEK_START 0xA0
#define OP_RESERVED 0xC0
#define OP_COPY_LONG 0xE0
#define OP_HELLO_DIGEST 0xC1
/* The longest LITERAL and COPY one op byte holds. */
#define SHORT 64
/* A jump pays for itself from this match length on; a copy at the cursor from this one. */
#define SEEK_MIN 8
#define COPY_MIN 2
/* The suppressor looks for a jump (a match of at least SEEK_MIN bytes) where the match at the
   cursor is under COPY_MIN: at every template's start, wherever the message's byte is one some
   template starts with; and at the SCAN_FIRST-th literal byte in a row, and every SCAN_AGAIN
   after, at every place of one template (the cursor's: a field longer or shorter than the
   template's has put it out of step; with no cursor, the template most like the message).
   A template's every place costs ~100 cycles on the ATmega128 (a hook call and a flash read):
   a whole scan of a 130-byte template is ~14 k; once every 16 literals, a ServerHello's random
   and session id took 4 of them (62 k cycles). Every 48: 2 (34 k), and on the stored
   transcripts' messages 0.1% more bytes (native/link/README.md). */
#ifndef SZ_TEMPLATE_SCAN_FIRST
#define SZ_TEMPLATE_SCAN_FIRST 16
#endif
#ifndef SZ_TEMPLATE_SCAN_AGAIN
#define SZ_TEMPLATE_SCAN_AGAIN 48
#endif

void sz_template_cursor_reset(sz_template_cursor *c)
{
	c->t = SZ_TEMPLATE_NONE;
	c->ret_t = SZ_TEMPLATE_NONE;
	c->pos = 0;
	c->ret_pos = 0;
}

/* The length of template t, 0 for none. */
static uint16_t tlen(uint8_t t)
{
	return t == SZ_TEMPLATE_NONE ? 0 : sz_template_length(t);
}

/* TemplateCursor.seek: to template `to` at `at`, remembering the place when a protocol
   template jumps into a certificate. */
static void seek(sz_template_cursor *c, uint8_t to, uint16_t at)
{
	if (to < SZ_TEMPLATE_CERTIFICATES && c->t != SZ_TEMPLATE_NONE && c->t >= SZ_TEMPLATE_CERTIFICATES) {
		c->ret_t = c->t;
		c->ret_pos = c->pos;
	} else {
		c->ret_t = SZ_TEMPLATE_NONE;
	}
	c->t = to;
	c->pos = at;
}

/* TemplateCursor.advance: over k bytes of its template, `len` long (0: none); back to the
   place it came from when a certificate's end is reached. Returns 1 when it went back. */
static uint8_t advance(sz_template_cursor *c, uint16_t k, uint16_t len)
{
	uint32_t p = (uint32_t)c->pos + k;
	c->pos = p > 0xFFFFu ? 0xFFFFu : (uint16_t)p;
	if (c->ret_t != SZ_TEMPLATE_NONE && len != 0 && c->pos == len) {
		c->t = c->ret_t;
		c->pos = c->ret_pos;
		c->ret_t = SZ_TEMPLATE_NONE;
		return 1;
	}
	return 0;
}

/* --- the recreator --- */

/* A varint of at most 3 bytes at buf[*r..end). */
static uint8_t varint(const uint8_t *buf, uint16_t *r, uint16_t end, uint32_t *v)
{
	uint8_t s, x;
	*v = 0;
	for (s = 0; s < 21; s += 7) {
		if (*r >= end)
			return SZ_TE_TRUNCATED;
		x = buf[(*r)++];
		*v |= (uint32_t)(x & 0x7F) << s;
		if (!(x & 0x80))
			return SZ_TE_OK;
	}
	return SZ_TE_INCONSISTENT; /* a number longer than 3 bytes */
}

/* Both recreators: digest NULL refuses HELLO_DIGEST (reserved); else a message that begins with
   it has its digest's place put there, and every byte recreated stays below that place. */
static uint8_t recreate(sz_template_cursor *c, uint8_t *buf, uint16_t room, uint16_t len, uint16_t *out_len,
                        uint16_t *digest)
{
	sz_template_cursor cur = *c;
	uint16_t r, w = 0, j, tl, floor = room;
	uint32_t k;
	uint8_t op, e, t;
	if (len == 0 || len > room)
		return SZ_TE_INCONSISTENT; /* an empty message; one its buffer cannot hold */
	/* to the end of the room, last byte first (the two places may overlap) */
	r = (uint16_t)(room - len);
	for (j = len; j-- > 0;)
		buf[r + j] = buf[j];
	if (digest) {
		*digest = 0;
		if (buf[r] == OP_HELLO_DIGEST) { /* first op only: L (u24), H (32), L mod 64 tail bytes */
			r++;
			if (room - r < 3)
				return SZ_TE_TRUNCATED;
			k = (uint32_t)buf[r] << 16 | (uint32_t)buf[r + 1] << 8 | buf[r + 2];
			if ((uint32_t)(room - r) < 3u + 32u + (k & 63u))
				return SZ_TE_TRUNCATED;
			floor = r; /* the digest stays for the server: nothing recreated reaches it */
			r = (uint16_t)(r + 3u + 32u + (k & 63u));
			if (r == room)
				return SZ_TE_INCONSISTENT; /* a HELLO_DIGEST without its hello */
			*digest = floor;
		}
	}
	/* Output buf[0..w) grows behind the unread ops buf[r..room): an op may write up to the
	   place after its own bytes, never over the next op's. */
	while (r < room) {
		op = buf[r++];
		tl = tlen(cur.t);
		if (op < OP_COPY) { /* LITERAL */
			k = (uint32_t)op + 1;
			if (k > (uint32_t)(floor - w))
				return SZ_TE_INCONSISTENT; /* past the room, or over a HELLO_DIGEST's digest */
			if (k > (uint32_t)(room - r))
				return SZ_TE_TRUNCATED;
			if (w > r)
				return SZ_TE_INCONSISTENT; /* would overtake the ops not yet read */
			for (j = 0; j < (uint16_t)k; j++) /* forward: w <= r */
				buf[w + j] = buf[r + j];
			r = (uint16_t)(r + k);
		} else if (op < OP_SEEK || op == OP_COPY_LONG) { /* COPY, COPY_LONG */
			if (op == OP_COPY_LONG) {
				e = varint(buf, &r, room, &k);
				if (e)
					return e;
			} else {
				k = (uint32_t)(op & 0x3F) + 1;
			}
			if (tl == 0)
				return SZ_TE_INCONSISTENT; /* a COPY before any SEEK */
			if (k < 1 || cur.pos > tl || k > (uint32_t)(tl - cur.pos))
				return SZ_TE_INCONSISTENT; /* beyond the template's end */
			if (k > (uint32_t)(floor - w) || w + k > r)
				return SZ_TE_INCONSISTENT; /* past the room (or a digest), or over the ops not yet read */
			for (j = 0; j < (uint16_t)k; j++)
				buf[w + j] = sz_template_byte(cur.t, (uint16_t)(cur.pos + j));
		} else if (op < OP_RESERVED) { /* SEEK, SEEK_START */
			t = op & 0x1F;
			tl = sz_template_length(t);
			if (tl == 0)
				return SZ_TE_UNKNOWN_TEMPLATE;
			k = 0;
			if (op < OP_SEEK_START) {
				e = varint(buf, &r, room, &k);
				if (e)
					return e;
			}
			if (k > tl)
				return SZ_TE_INCONSISTENT; /* SEEK past the template's end */
			seek(&cur, t, (uint16_t)k);
			continue;
		} else {
			return SZ_TE_BAD_OP; /* reserved, POINT, HELLO_DIGEST */
		}
		w = (uint16_t)(w + k);
		advance(&cur, (uint16_t)k, tl);
	}
	*c = cur;
	*out_len = w;
	return SZ_TE_OK;
}

uint8_t sz_template_recreate(sz_template_cursor *c, uint8_t *buf, uint16_t room, uint16_t len, uint16_t *out_len)
{
	return recreate(c, buf, room, len, out_len, 0);
}

uint8_t sz_template_recreate_hello(sz_template_cursor *c, uint8_t *buf, uint16_t room, uint16_t len, uint16_t *out_len,
                                   uint16_t *digest)
{
	return recreate(c, buf, room, len, out_len, digest);
}

/* --- the suppressor --- */

/* The compressed form being written: out[0..n) of at most `limit` bytes (less than the
   message, and within the caller's buffer); `full` once it would be more. */
struct sz_out {
	uint8_t *b;
	uint16_t n, limit;
	uint8_t full;
};

static void put(struct sz_out *o, uint8_t x)
{
	if (o->n >= o->limit) {
		o->full = 1;
		return;
	}
	o->b[o->n++] = x;
}

static void put_varint(struct sz_out *o, uint16_t v)
{
	while (v >= 0x80) {
		put(o, (uint8_t)(v | 0x80));
		v >>= 7;
	}
	put(o, (uint8_t)v);
}

static void put_copy(struct sz_out *o, uint16_t k)
{
	if (k <= SHORT) {
		put(o, (uint8_t)(OP_COPY | (k - 1)));
	} else {
		put(o, OP_COPY_LONG);
		put_varint(o, k);
	}
}

/* The pending literal run in[from..to) as LITERAL ops. */
static void flush(struct sz_out *o, const uint8_t *in, uint16_t from, uint16_t to)
{
	uint16_t k;
	while (from < to) {
		k = (uint16_t)(to - from) < SHORT ? (uint16_t)(to - from) : SHORT;
		put(o, (uint8_t)(k - 1));
		while (k--)
			put(o, in[from++]);
	}
}

/* The length of the match of in[i..n) and template t's bytes from pos (len long). */
static uint16_t match(const uint8_t *in, uint16_t i, uint16_t n, uint8_t t, uint16_t pos, uint16_t len)
{
	uint16_t k = 0, most;
	if (pos >= len)
		return 0;
	most = (uint16_t)(len - pos) < (uint16_t)(n - i) ? (uint16_t)(len - pos) : (uint16_t)(n - i);
	while (k < most && in[i + k] == sz_template_byte(t, (uint16_t)(pos + k)))
		k++;
	return k;
}

/* The best jump found so far: template, place, length. */
struct sz_jump {
	uint8_t t;
	uint16_t pos, len;
};

/* Considers template t at places [from, to) for in[i..n): keeps the longest match, the first
   of equal ones (TemplateCodec.search's order: lower id, then lower place). */
static void consider(struct sz_jump *best, const uint8_t *in, uint16_t i, uint16_t n, uint8_t t, uint16_t from,
                     uint16_t to, uint16_t len)
{
	uint16_t p, m;
	uint8_t first = in[i];
	for (p = from; p < to; p++) {
		if (sz_template_byte(t, p) != first)
			continue;
		m = match(in, i, n, t, p, len);
		if (m > best->len || (m == best->len && (t < best->t || (t == best->t && p < best->pos)))) {
			best->t = t;
			best->pos = p;
			best->len = m;
		}
	}
}

/* The template most like in[i..] byte for byte over its first LIKE bytes, if at least SEEK_MIN
   of them are alike (else none): the one a scan looks through while there is no cursor. A
   field that differs (a record's length: a device's certificate chain is not the transcript's)
   ends a match at a template's start, not its likeness. Ties: the lower id. */
#define LIKE 16
static uint8_t likeliest(const uint8_t *in, uint16_t i, uint16_t n)
{
	uint8_t t, k, same, most = SEEK_MIN - 1, home = SZ_TEMPLATE_NONE;
	uint16_t len;
	for (t = 0; t < SZ_TEMPLATE_MAX; t++) {
		len = sz_template_length(t);
		same = 0;
		for (k = 0; k < LIKE && k < len && i + k < n; k++)
			same = (uint8_t)(same + (in[i + k] == sz_template_byte(t, k)));
		if (same > most) {
			most = same;
			home = t;
		}
	}
	return home;
}

uint16_t sz_template_compress(sz_template_cursor *c, const uint8_t *in, uint16_t n, uint8_t *out, uint16_t cap)
{
	sz_template_cursor cur = *c;
	struct sz_out o;
	struct sz_jump best;
	uint16_t i = 0, lit = 0, miss = 0, whole = SZ_TEMPLATE_SCAN_FIRST - 1, m, tl;
	uint8_t pending = 0, t, scan, home = SZ_TEMPLATE_NONE, home_known = 0, firsts[8];
	if (n < 2)
		return 0;
	o.b = out;
	o.n = 0;
	o.limit = cap < n - 1 ? cap : (uint16_t)(n - 1);
	o.full = 0;
	/* which bytes some template starts with, folded to 64 bits (8 bytes of stack): the
	   templates' starts are looked at only where the message's byte may begin one */
	for (t = 0; t < 8; t++)
		firsts[t] = 0;
	for (t = 0; t < SZ_TEMPLATE_MAX; t++) {
		if (sz_template_length(t) >= SEEK_MIN) {
			m = sz_template_byte(t, 0);
			firsts[m >> 3 & 7] |= (uint8_t)(1 << (m & 7));
		}
	}
	while (i < n && !o.full) {
		tl = tlen(cur.t);
		m = cur.t != SZ_TEMPLATE_NONE ? match(in, i, n, cur.t, cur.pos, tl) : 0;
		if (m >= COPY_MIN) {
			if (pending)
				flush(&o, in, lit, i);
			pending = 0;
			put_copy(&o, m);
			i = (uint16_t)(i + m);
			advance(&cur, m, tl);
			miss = 0;
			whole = SZ_TEMPLATE_SCAN_FIRST - 1;
			continue;
		}
		scan = n - i >= SEEK_MIN && miss == whole; /* (no division: the MSP430 has no divider) */
		if (miss == whole)
			whole = (uint16_t)(whole + SZ_TEMPLATE_SCAN_AGAIN);
		if (n - i >= SEEK_MIN && (scan || (firsts[in[i] >> 3 & 7] & 1 << (in[i] & 7)))) {
			best.t = SZ_TEMPLATE_NONE;
			best.pos = 0;
			best.len = 1;
			for (t = 0; t < SZ_TEMPLATE_MAX; t++) {
				m = sz_template_length(t);
				if (m >= SEEK_MIN)
					consider(&best, in, i, n, t, 0, 1, m);
			}
			/* now and then the whole of a template: the cursor's, else home */
			if (!home_known) {
				/* the template it jumps to now, else the one most like it (~20 k cycles on the
				   ATmega128 for edition 1's 16 templates: only where no start matched) */
				home = best.len >= SEEK_MIN ? best.t : likeliest(in, i, n);
				home_known = 1;
				if (best.len < SEEK_MIN && cur.t == SZ_TEMPLATE_NONE && home != SZ_TEMPLATE_NONE) {
					/* in step with a template but for fields (a record's length, a random):
					   go along it from here, copying wherever two bytes or more match */
					if (pending)
						flush(&o, in, lit, i);
					pending = 0;
					put(&o, (uint8_t)(OP_SEEK_START | home));
					seek(&cur, home, 0);
					continue;
				}
			}
			t = cur.t != SZ_TEMPLATE_NONE ? cur.t : home;
			if (scan && t != SZ_TEMPLATE_NONE)
				consider(&best, in, i, n, t, 1, sz_template_length(t), sz_template_length(t));
			if (best.len >= SEEK_MIN) {
				if (pending)
					flush(&o, in, lit, i);
				pending = 0;
				if (best.pos == 0) {
					put(&o, (uint8_t)(OP_SEEK_START | best.t));
				} else {
					put(&o, (uint8_t)(OP_SEEK | best.t));
					put_varint(&o, best.pos);
				}
				put_copy(&o, best.len);
				seek(&cur, best.t, best.pos);
				advance(&cur, best.len, sz_template_length(best.t));
				i = (uint16_t)(i + best.len);
				miss = 0;
				whole = SZ_TEMPLATE_SCAN_FIRST - 1;
				continue;
			}
		}
		/* a literal byte: it moves the cursor too */
		if (!pending) {
			lit = i;
			pending = 1;
		}
		i++;
		miss++;
		if (o.n + (i - lit) >= o.limit) {
			o.full = 1; /* its op bytes could not fit either */
		} else if (advance(&cur, 1, tl)) {
			/* The recreator moves its cursor by whole ops: end the LITERAL where the cursor
			   went back from the certificate, as it goes back there too. */
			flush(&o, in, lit, i);
			pending = 0;
		}
	}
	if (pending)
		flush(&o, in, lit, i);
	if (o.full)
		return 0;
	*c = cur;
	return o.n;
}
