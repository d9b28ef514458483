/*
 * The resumable ClientHello parser: the Java parser's reads (u8, u16, runs of bytes, skips)
 * become states; each state names the field just completed, and next() acts on it the way
 * ClientHello.parse does after that read, then sets up the next read. Length checks run as
 * soon as a length is read (never lazily at the next byte), so a misfit is found at the same
 * byte as in Java whatever the record and read boundaries.
 * Mirrors kssl-client/src/main/java/kssl/tls/ClientHello.java.
 */
#include "sz_client_hello.h"
#include "sz_alert.h"
#include "sz_cipher_suite.h"
#include "sz_extensions.h"

enum {
	S_VERSION, S_RANDOM, S_SID_LEN, S_SID, S_SUITES_LEN, S_SUITE, S_COMP_LEN, S_COMP,
	S_EXT_TOTAL, S_EXTS, S_EXT_TYPE, S_EXT_LEN, S_EXT_END, S_SKIP,
	S_SNI_LIST, S_SNI_NEXT, S_SNI_TYPE, S_SNI_LEN, S_SNI_NAME,
	S_MFL, S_LIST16_LEN, S_ITEM16, S_PF_LEN, S_PF, S_RSL, S_RI_LEN, S_FINISH
};

static void fail(sz_hello_parser *p, uint8_t alert)
{
	p->status = SZ_HELLO_FAIL;
	p->alert = alert;
}

/* HandshakeReader.need: the message must hold n more bytes. */
static int need(sz_hello_parser *p, uint32_t n)
{
	if (n > p->left) {
		fail(p, SZ_DECODE_ERROR);
		return 0;
	}
	return 1;
}

/* ClientHello.note: the first fault in a field's meaning wins. */
static void note(sz_hello_parser *p, uint8_t alert)
{
	if (p->fault == 0)
		p->fault = alert;
}

/* Reads a 1- or 2-byte integer next. */
static void field(sz_hello_parser *p, uint8_t state, uint8_t width)
{
	if (!need(p, width))
		return;
	p->state = state;
	p->want = width;
	p->acc = 0;
}

/* Reads a run of n bytes next (stored or skipped by state); 0 if it is empty (go on at once). */
static int run(sz_hello_parser *p, uint8_t state, uint16_t n)
{
	if (!need(p, n))
		return 1;
	p->state = state;
	p->want = 0;
	p->count = n;
	return n != 0;
}

static int skip(sz_hello_parser *p, uint16_t n, uint8_t after)
{
	p->after = after;
	return run(p, S_SKIP, n);
}

/* parseOne's list16: a u16 length filling the extension with 2-byte entries. */
static int list16_ok(const sz_hello_parser *p, uint16_t n)
{
	return n + 2u == p->ext_len && n != 0 && (n & 1u) == 0;
}

/* Acts on the field just completed (p->state, value p->acc) and sets up the next read. */
static void next(sz_hello_parser *p, sz_client_hello *h)
{
	for (;;) {
		uint16_t v = p->acc;
		switch (p->state) {
		case S_VERSION:
			h->version = v;
			if (run(p, S_RANDOM, 32))
				return;
			continue;
		case S_RANDOM:
			field(p, S_SID_LEN, 1);
			return;
		case S_SID_LEN:
			if (v > 32) {
				fail(p, SZ_DECODE_ERROR);
				return;
			}
			h->session_id_length = (uint8_t)v;
			if (run(p, S_SID, v))
				return;
			continue;
		case S_SID:
			field(p, S_SUITES_LEN, 2);
			return;
		case S_SUITES_LEN:
			if (v < 2 || (v & 1u) != 0) {
				fail(p, SZ_DECODE_ERROR);
				return;
			}
			if (!need(p, v))
				return;
			p->count = v / 2;
			field(p, S_SUITE, 2);
			return;
		case S_SUITE:
			h->suites |= sz_suite_bit(v);
			if (--p->count)
				field(p, S_SUITE, 2);
			else
				field(p, S_COMP_LEN, 1);
			return;
		case S_COMP_LEN:
			if (v < 1) {
				fail(p, SZ_DECODE_ERROR);
				return;
			}
			if (!need(p, v))
				return;
			p->count = v;
			field(p, S_COMP, 1);
			return;
		case S_COMP:
			if (v == 0)
				h->flags |= SZ_CH_NULL_COMPRESSION;
			if (--p->count) {
				field(p, S_COMP, 1);
				return;
			}
			if (p->left > 0) {
				field(p, S_EXT_TOTAL, 2);
				return;
			}
			p->state = S_FINISH;
			continue;
		case S_EXT_TOTAL:
			if (v != p->left) {
				fail(p, SZ_DECODE_ERROR);
				return;
			}
			p->state = S_EXTS;
			continue;
		case S_EXTS:
			if (p->left > 0) {
				field(p, S_EXT_TYPE, 2);
				return;
			}
			p->state = S_FINISH;
			continue;
		case S_EXT_TYPE:
			p->ext_type = v;
			field(p, S_EXT_LEN, 2);
			return;
		case S_EXT_LEN: {
			uint8_t bit = sz_extension_bit(p->ext_type);
			if (!need(p, v))
				return;
			p->ext_len = v;
			p->ext_end = p->left - v;
			if (bit == 0) { /* unknown, GREASE included */
				if (skip(p, v, S_EXTS))
					return;
				continue;
			}
			if (p->seen & bit) {
				note(p, SZ_ILLEGAL_PARAMETER);
				if (skip(p, v, S_EXTS))
					return;
				continue;
			}
			p->seen |= bit;
			switch (p->ext_type) {
			case SZ_EXT_SERVER_NAME:
				field(p, S_SNI_LIST, 2);
				return;
			case SZ_EXT_MAX_FRAGMENT_LENGTH:
				if (v != 1)
					fail(p, SZ_DECODE_ERROR);
				else
					field(p, S_MFL, 1);
				return;
			case SZ_EXT_SUPPORTED_GROUPS:
				h->flags |= SZ_CH_GROUPS_OFFERED;
				field(p, S_LIST16_LEN, 2);
				return;
			case SZ_EXT_EC_POINT_FORMATS:
				field(p, S_PF_LEN, 1);
				return;
			case SZ_EXT_SIGNATURE_ALGORITHMS:
				h->flags |= SZ_CH_SIGNATURE_ALGORITHMS;
				field(p, S_LIST16_LEN, 2);
				return;
			case SZ_EXT_EXTENDED_MASTER_SECRET:
				if (v != 0) {
					fail(p, SZ_DECODE_ERROR);
					return;
				}
				h->flags |= SZ_CH_EXTENDED_MASTER_SECRET;
				p->state = S_EXT_END;
				continue;
			case SZ_EXT_RECORD_SIZE_LIMIT:
				if (v != 2)
					fail(p, SZ_DECODE_ERROR);
				else
					field(p, S_RSL, 2);
				return;
			default: /* renegotiation_info */
				field(p, S_RI_LEN, 1);
				return;
			}
		}
		case S_EXT_END:
			if (p->left != p->ext_end) {
				fail(p, SZ_DECODE_ERROR);
				return;
			}
			p->state = S_EXTS;
			continue;
		case S_SKIP:
			p->state = p->after;
			continue;
		/* server_name (RFC 6066 §3): a list of names, at most one host_name, printable ASCII. */
		case S_SNI_LIST:
			if (v + 2u != p->ext_len || v == 0) {
				fail(p, SZ_DECODE_ERROR);
				return;
			}
			p->list_end = p->left - v;
			p->state = S_SNI_NEXT;
			continue;
		case S_SNI_NEXT:
			if (p->left > p->list_end) {
				field(p, S_SNI_TYPE, 1);
				return;
			}
			p->state = S_EXT_END;
			continue;
		case S_SNI_TYPE:
			p->name_type = (uint8_t)v;
			field(p, S_SNI_LEN, 2);
			return;
		case S_SNI_LEN:
			/* position + n > end, with the position possibly past the end already */
			if ((int32_t)p->left - (int32_t)p->list_end < (int32_t)v || v == 0) {
				fail(p, SZ_DECODE_ERROR);
				return;
			}
			if (p->name_type != 0 || h->server_name_length != 0 || v > SZ_MAX_HOST_NAME) {
				if (p->name_type == 0)
					note(p, SZ_ILLEGAL_PARAMETER); /* two host names, or one too long */
				if (skip(p, v, S_SNI_NEXT))
					return;
				continue;
			}
			h->server_name_length = (uint8_t)v;
			if (run(p, S_SNI_NAME, v))
				return;
			continue;
		case S_SNI_NAME: {
			uint8_t i;
			for (i = 0; i < h->server_name_length; i++)
				if (h->server_name[i] <= 0x20 || h->server_name[i] >= 0x7F)
					note(p, SZ_ILLEGAL_PARAMETER);
			p->state = S_SNI_NEXT;
			continue;
		}
		case S_MFL:
			h->max_fragment_length = (uint8_t)v;
			if (v < 1 || v > 4) {
				note(p, SZ_ILLEGAL_PARAMETER);
				h->max_fragment_length = 0;
			}
			p->state = S_EXT_END;
			continue;
		case S_PF_LEN:
			if (v < 1 || v + 1u != p->ext_len) {
				fail(p, SZ_DECODE_ERROR);
				return;
			}
			h->flags |= SZ_CH_POINT_FORMATS;
			p->count = v;
			field(p, S_PF, 1);
			return;
		case S_PF:
			if (v == 0)
				h->flags |= SZ_CH_UNCOMPRESSED;
			if (--p->count) {
				field(p, S_PF, 1);
				return;
			}
			p->state = S_EXT_END;
			continue;
		/* supported_groups and signature_algorithms: a u16 list filling the extension */
		case S_LIST16_LEN:
			if (!list16_ok(p, v)) {
				fail(p, SZ_DECODE_ERROR);
				return;
			}
			p->count = v / 2;
			field(p, S_ITEM16, 2);
			return;
		case S_ITEM16:
			if (p->ext_type == SZ_EXT_SUPPORTED_GROUPS) {
				h->groups |= sz_group_bit(v);
			} else {
				h->signature_schemes |= sz_scheme_bit(v);
				if (h->ecdsa_scheme == 0 && sz_can_sign(v))
					h->ecdsa_scheme = v;
			}
			if (--p->count) {
				field(p, S_ITEM16, 2);
				return;
			}
			p->state = S_EXT_END;
			continue;
		case S_RSL:
			h->record_size_limit = v;
			if (v < 64) {
				note(p, SZ_ILLEGAL_PARAMETER);
				h->record_size_limit = 0;
			}
			p->state = S_EXT_END;
			continue;
		case S_RI_LEN:
			if (v + 1u != p->ext_len) {
				fail(p, SZ_DECODE_ERROR);
				return;
			}
			h->flags |= SZ_CH_RENEGOTIATION_INFO;
			if (v > 0)
				h->flags |= SZ_CH_RENEGOTIATED_CONNECTION;
			if (skip(p, v, S_EXT_END))
				return;
			continue;
		default: /* S_FINISH */
			if (!(h->flags & SZ_CH_NULL_COMPRESSION))
				note(p, SZ_ILLEGAL_PARAMETER);
			if (p->fault)
				fail(p, p->fault);
			else
				p->status = SZ_HELLO_DONE;
			return;
		}
	}
}

void sz_hello_begin(sz_hello_parser *p, sz_client_hello *h, uint32_t length)
{
	memset(p, 0, sizeof *p);
	memset(h, 0, sizeof *h);
	p->left = length;
	field(p, S_VERSION, 2);
}

size_t sz_hello_input(sz_hello_parser *p, sz_client_hello *h, const uint8_t *b, size_t n)
{
	size_t i = 0;
	while (i < n && p->status == SZ_HELLO_MORE) {
		if (p->want) {
			p->acc = (uint16_t)(p->acc << 8 | b[i++]);
			p->left--;
			if (--p->want == 0)
				next(p, h);
			continue;
		}
		{
			size_t m = n - i < p->count ? n - i : p->count;
			uint8_t *dst = p->state == S_RANDOM ? h->random + 32 - p->count
				     : p->state == S_SID ? h->session_id + h->session_id_length - p->count
				     : p->state == S_SNI_NAME ? h->server_name + h->server_name_length - p->count
				     : 0;
			if (dst)
				memcpy(dst, b + i, m);
			i += m;
			p->left -= (uint32_t)m;
			p->count -= (uint16_t)m;
			if (p->count == 0)
				next(p, h);
		}
	}
	return i;
}

size_t sz_hello_skip(sz_hello_parser *p, size_t n)
{
	if (p->want != 0 || p->state != S_SKIP || p->count < 2 || p->status != SZ_HELLO_MORE)
		return 0;
	if (n > p->count - 1u)
		n = p->count - 1u;
	p->count = (uint16_t)(p->count - n);
	p->left -= (uint32_t)n;
	return n;
}

#if SZ_LEGACY
/* v mod 3 without a division (4 = 1 mod 3: sum the base-4 digits). */
static uint8_t mod3(uint16_t v)
{
	while (v > 3)
		v = (uint16_t)((v >> 2) + (v & 3));
	return v == 3 ? 0 : (uint8_t)v;
}

/* SSLv2-compatible ClientHello: msg_type, version, cipher_spec_length, session_id_length,
 * challenge_length (9 bytes), then the 3-byte specs (only V3 ones, first byte 0, count), the
 * session id (0 or 16 bytes) and the challenge (16..32 bytes, right-aligned in the random). */
void sz_hello_begin_ssl2(sz_hello_parser *p, sz_client_hello *h, uint32_t length)
{
	memset(p, 0, sizeof *p);
	memset(h, 0, sizeof *h);
	h->flags = SZ_CH_SSL2 | SZ_CH_NULL_COMPRESSION;
	p->left = length;
	p->list_end = length; /* the total, for positions */
}

size_t sz_hello_input_ssl2(sz_hello_parser *p, sz_client_hello *h, const uint8_t *b, size_t n)
{
	size_t i;
	uint16_t specs = p->count, sid = p->ext_len, chal = p->ext_type;
	for (i = 0; i < n && p->status == SZ_HELLO_MORE; i++) {
		uint32_t pos = p->list_end - p->left;
		uint8_t c = b[i];
		p->left--;
		if (pos < 9) {
			uint16_t *f = pos < 3 ? &h->version : pos < 5 ? &specs : pos < 7 ? &sid : &chal;
			if (pos > 0)
				*f = (uint16_t)(*f << 8 | c);
			if (pos == 8 && (specs == 0 || mod3(specs) != 0 || (sid != 0 && sid != 16) || chal < 16 ||
					 chal > 32 || 9u + specs + sid + chal != p->list_end))
				p->fault = SZ_DECODE_ERROR; /* judged when the whole hello is in */
		} else if (p->fault == 0) {
			pos -= 9;
			if (pos < specs) {
				/* p->want: the byte's place in its 3-byte spec */
				if (p->want == 0)
					p->name_type = c; /* a V3 spec starts with 0 */
				else if (p->want == 1)
					p->acc = c;
				else if (p->name_type == 0)
					h->suites |= sz_suite_bit((uint16_t)(p->acc << 8 | c));
				p->want = p->want == 2 ? 0 : (uint8_t)(p->want + 1);
			} else if (pos - specs < sid) {
				h->session_id[pos - specs] = c;
			} else {
				h->random[32 - chal + (pos - specs - sid)] = c;
			}
		}
		if (p->left == 0) {
			if (p->fault)
				fail(p, p->fault);
			else {
				h->session_id_length = (uint8_t)sid;
				p->status = SZ_HELLO_DONE;
			}
		}
	}
	p->count = specs;
	p->ext_len = sid;
	p->ext_type = chal;
	return i;
}
#endif
