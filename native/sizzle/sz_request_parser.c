/*
 * The streaming request parser (sz_request_parser.h).
 * Mirrors sizzle-server/src/main/java/sizzle/http/RequestParser.java: where the Java reads a
 * whole line and then checks it, this checks each byte as it comes and keeps the verdicts
 * (the faults of the line so far) until the line ends, so that the status, and the byte the
 * parser stops at, are the Java's:
 *   - a line over SZ_MAX_LINE stops at its first byte too many: 400 for the request line,
 *     431 for a header line; a bare LF, or a CR not followed by LF: 400;
 *   - the request line: any syntax fault is 400, then a major version other than 1 is 505,
 *     then a fault in the target is 400;
 *   - a header line: past SZ_MAX_HEADERS it is 431, else any fault is 400.
 */
#include "sz_request_parser.h"

#include <stddef.h>

#include "sz_ascii.h"
#include "sz_handler.h"
#include "sz_status.h"

/* state */
#define LINE 0
#define CR 1
#define BODY 2
/* line */
#define FIRST 0
#define SECOND 1
#define HEADER 2
/* phase */
#define METHOD 0
#define TARGET 1
#define VERSION 2
#define NAME 3
#define VALUE 4
#define SKIP 5
/* bad */
#define SYNTAX 1
#define TARGET_BAD 2
/* seen: the header names' indexes in the list below */
#define H_HOST 0
#define H_CONTENT_LENGTH 1
#define H_CONTENT_TYPE 2
#define H_CONNECTION 3
#define H_TRANSFER_ENCODING 4
/* sub, for the target */
#define T_START 0
#define T_SCHEME 1
#define T_AUTHORITY_EMPTY 2
#define T_AUTHORITY 3
#define T_PATH 4
#define T_QUERY 5
#define T_BAD 6
/* sub, for a value: before it, in it, after it (trailing whitespace), in a token, past it */
#define V_LEAD 0
#define V_CONTENT 1
#define V_TRAIL 2
/* found */
#define F_CLOSE 1
#define F_KEEP_ALIVE 2
#define F_FORM 4

static const uint8_t methods[] KS_FLASH = "\x03GET\x04POST";
static const uint8_t names[] KS_FLASH = "\x04host\x0e" "content-length\x0c" "content-type\x0a" "connection\x11transfer-encoding";
static const uint8_t schemes[] KS_FLASH = "\x07http://\x08https://";
static const uint8_t options[] KS_FLASH = "\x05" "close\x0akeep-alive"; /* F_CLOSE, F_KEEP_ALIVE */
static const uint8_t form[] KS_FLASH = "\x21" "application/x-www-form-urlencoded";
static const uint8_t http_slash[] KS_FLASH = "HTTP/";

static uint8_t is_ows(uint8_t b)
{
	return b == ' ' || b == '\t';
}

static uint8_t is_digit(uint8_t b)
{
	return b >= '0' && b <= '9';
}

static void start_line(struct sz_request_parser *p, uint8_t line)
{
	/* the line's fields, phase to found, zero; then those that start elsewhere */
	memset(&p->phase, 0, sizeof(*p) - offsetof(struct sz_request_parser, phase));
	p->state = LINE;
	p->line = line;
	p->n = 0;
	p->phase = line == HEADER ? NAME : METHOD;
	p->name.mask = SZ_ALL;
	p->word = SZ_NO_WORD;
	p->token.mask = SZ_ALL;
	p->path.mask = SZ_ALL;
}

void sz_request_parser_begin(struct sz_request_parser *p, struct sz_request *r)
{
	start_line(p, FIRST);
	p->headers = 0;
	p->seen = 0;
	p->content_length = 0;
	p->body_left = 0;
	r->method = 0;
	r->route = SZ_NO_WORD;
	r->flags = 0;
}

static void route(struct sz_request_parser *p, uint8_t b)
{
	sz_word_match_byte(&p->path, sz_handler_routes, b);
}

/* One byte of the request target (RFC 9112 3.2, RFC 3986 3.3): its characters, its form
   (origin "/path?query" or absolute "http(s)://authority/path?query") and its path. */
static void target_byte(struct sz_request_parser *p, uint8_t b)
{
	if (p->pct) {
		if (sz_hex_value(b) < 0)
			p->bad |= TARGET_BAD;
		p->pct--;
	} else if (b == '%') {
		p->pct = 2;
	} else if (!sz_is_target_char(b)) {
		p->bad |= TARGET_BAD;
	}
	switch (p->sub) {
	case T_START:
		if (b == '/') {
			p->sub = T_PATH;
			route(p, b);
			break;
		}
		p->sub = T_SCHEME;
		/* fall through */
	case T_SCHEME:
		sz_word_match_byte(&p->token, schemes, sz_lower(b));
		if (!p->token.mask)
			p->sub = T_BAD;
		else if (sz_words_matched(schemes, p->token.mask, p->token.pos) != SZ_NO_WORD)
			p->sub = T_AUTHORITY_EMPTY;
		break;
	case T_AUTHORITY_EMPTY:
		p->sub = b == '/' || b == '?' ? T_BAD : T_AUTHORITY;
		break;
	case T_AUTHORITY:
		if (b == '/' || b == '?') {
			route(p, '/'); /* "http://host?q" names the root */
			p->sub = b == '/' ? T_PATH : T_QUERY;
		}
		break;
	case T_PATH:
		if (b == '?')
			p->sub = T_QUERY;
		else
			route(p, b);
		break;
	default:
		break;
	}
}

static void target_end(struct sz_request_parser *p)
{
	if (p->pct || p->sub == T_SCHEME || p->sub == T_AUTHORITY_EMPTY || p->sub == T_BAD)
		p->bad |= TARGET_BAD;
	if (p->sub == T_AUTHORITY)
		route(p, '/'); /* "http://host" names the root */
}

/* One content byte of the request line: method SP target SP "HTTP/" DIGIT "." DIGIT. */
static void request_byte(struct sz_request_parser *p, uint8_t b)
{
	switch (p->phase) {
	case METHOD:
		if (sz_is_tchar(b)) {
			sz_word_match_byte(&p->name, methods, b); /* case-sensitive (RFC 9110 9.1) */
		} else if (b == ' ' && p->n > 1) {
			p->phase = TARGET;
		} else {
			p->bad |= SYNTAX;
			p->phase = SKIP;
		}
		break;
	case TARGET:
		if (b != ' ') {
			target_byte(p, b);
		} else if (p->sub == T_START) {
			p->bad |= SYNTAX; /* an empty target */
			p->phase = SKIP;
		} else {
			target_end(p);
			p->phase = VERSION;
		}
		break;
	case VERSION:
		if (p->version < 5 ? b != KS_READ_BYTE(http_slash + p->version)
		    : p->version == 6 ? b != '.' : p->version > 7 || !is_digit(b))
			p->bad |= SYNTAX;
		if (p->version == 5)
			p->major = b;
		if (p->version == 7)
			p->minor = b;
		if (p->version < 255)
			p->version++;
		break;
	default:
		break;
	}
}

static uint16_t request_line_end(struct sz_request_parser *p, struct sz_request *r)
{
	uint8_t m;
	if (p->phase != VERSION || p->version != 8)
		p->bad |= SYNTAX; /* the line ended in the method or target, or the version is not 8 bytes */
	if (p->bad & SYNTAX)
		return SZ_BAD_REQUEST;
	if (p->major != '1')
		return SZ_VERSION_NOT_SUPPORTED;
	if (p->bad & TARGET_BAD)
		return SZ_BAD_REQUEST;
	m = sz_words_matched(methods, p->name.mask, p->name.pos);
	r->method = m == 0 ? SZ_GET : m == 1 ? SZ_POST : SZ_OTHER;
	r->route = sz_words_matched(sz_handler_routes, p->path.mask, p->path.pos);
	if (p->minor == '0')
		r->flags |= SZ_REQ_HTTP10;
	start_line(p, HEADER);
	return SZ_PARSE_MORE;
}

/* Ends a token of Connection's list, or Content-Type's media type. */
static void token_end(struct sz_request_parser *p)
{
	uint8_t w;
	if (p->word == H_CONNECTION) {
		w = sz_words_matched(options, p->token.mask, p->token.pos);
		if (w != SZ_NO_WORD)
			p->found |= (uint8_t)(1u << w);
	} else if (sz_words_matched(form, p->token.mask, p->token.pos) == 0) {
		p->found |= F_FORM;
	}
}

/* One byte of a header value (after the colon): OWS value OWS, no control characters but HT. */
static void value_byte(struct sz_request_parser *p, uint8_t b)
{
	uint8_t ows = is_ows(b);
	if ((b < 0x20 && b != '\t') || b == 0x7f) {
		p->bad |= SYNTAX;
		p->phase = SKIP;
		return;
	}
	switch (p->word) {
	case H_HOST: /* no whitespace inside */
	case H_CONTENT_LENGTH: /* digits only */
		if (ows) {
			if (p->sub == V_CONTENT)
				p->sub = V_TRAIL;
			break;
		}
		if (p->sub == V_TRAIL || (p->word == H_CONTENT_LENGTH && !is_digit(b)))
			p->bad |= SYNTAX;
		p->sub = V_CONTENT;
		if (p->number <= SZ_MAX_BODY)
			p->number = (uint16_t)(p->number * 10 + (b - '0')); /* at most 10 * 257 + 9 */
		break;
	case H_CONTENT_TYPE: /* the media type: up to ';' or whitespace */
		if (p->sub == V_CONTENT && (ows || b == ';')) {
			token_end(p);
			p->sub = V_TRAIL;
		} else if (p->sub == V_CONTENT || (p->sub == V_LEAD && !ows)) {
			sz_word_match_byte(&p->token, form, sz_lower(b));
			p->sub = V_CONTENT;
		}
		break;
	case H_CONNECTION: /* options separated by commas and whitespace (RFC 9110 7.6.1) */
		if (ows || b == ',') {
			if (p->sub == V_CONTENT)
				token_end(p);
			p->sub = V_LEAD;
		} else {
			if (p->sub != V_CONTENT) {
				sz_word_match_reset(&p->token);
				p->sub = V_CONTENT;
			}
			sz_word_match_byte(&p->token, options, sz_lower(b));
		}
		break;
	default:
		break;
	}
}

/* One content byte of a header line: name ":" OWS value OWS, the name a token. */
static void header_byte(struct sz_request_parser *p, uint8_t b)
{
	if (p->phase == NAME) {
		if (sz_is_tchar(b)) {
			sz_word_match_byte(&p->name, names, sz_lower(b));
		} else if (b == ':' && p->n > 1) {
			p->word = sz_words_matched(names, p->name.mask, p->name.pos);
			p->phase = VALUE;
		} else {
			p->bad |= SYNTAX; /* obs-fold, space before the colon, no colon, bad name */
			p->phase = SKIP;
		}
	} else if (p->phase == VALUE) {
		value_byte(p, b);
	}
}

static uint16_t header_line_end(struct sz_request_parser *p, struct sz_request *r)
{
	uint8_t bit;
	if (++p->headers > SZ_MAX_HEADERS)
		return SZ_HEADER_FIELDS_TOO_LARGE;
	if (p->phase == NAME)
		p->bad |= SYNTAX; /* no colon */
	if (p->bad)
		return SZ_BAD_REQUEST;
	if (p->word != SZ_NO_WORD) {
		bit = (uint8_t)(1u << p->word);
		if (p->word == H_CONNECTION) {
			if (p->sub == V_CONTENT)
				token_end(p);
			if (p->found & F_CLOSE)
				r->flags |= SZ_REQ_CLOSE;
			if (p->found & F_KEEP_ALIVE)
				r->flags |= SZ_REQ_KEEP_ALIVE;
		} else if (p->word != H_TRANSFER_ENCODING) {
			if (p->seen & bit)
				return SZ_BAD_REQUEST; /* Host, Content-Length, Content-Type at most once */
			if (p->word == H_CONTENT_LENGTH) {
				if (p->sub == V_LEAD)
					return SZ_BAD_REQUEST; /* empty */
				p->content_length = p->number > SZ_MAX_BODY ? SZ_MAX_BODY + 1 : p->number;
			} else if (p->word == H_CONTENT_TYPE) {
				if (p->sub == V_CONTENT)
					token_end(p);
				if (p->found & F_FORM)
					r->flags |= SZ_REQ_FORM;
			}
		}
		p->seen |= bit;
	}
	start_line(p, HEADER);
	return SZ_PARSE_MORE;
}

/* The empty line after the headers: what the request as a whole needs. */
static uint16_t headers_end(struct sz_request_parser *p, struct sz_request *r)
{
	if (p->seen & (1u << H_TRANSFER_ENCODING))
		return SZ_NOT_IMPLEMENTED; /* no transfer coding is decoded */
	if (!(r->flags & SZ_REQ_HTTP10) && !(p->seen & (1u << H_HOST)))
		return SZ_BAD_REQUEST;
	if (!(p->seen & (1u << H_CONTENT_LENGTH)))
		return r->method == SZ_POST ? SZ_LENGTH_REQUIRED : SZ_PARSE_COMPLETE;
	if (p->content_length > SZ_MAX_BODY)
		return SZ_CONTENT_TOO_LARGE;
	p->body_left = p->content_length;
	p->state = BODY;
	return SZ_PARSE_COMPLETE;
}

static uint16_t line_end(struct sz_request_parser *p, struct sz_request *r)
{
	if (p->line == HEADER)
		return p->n == 0 ? headers_end(p, r) : header_line_end(p, r);
	if (p->n == 0) {
		if (p->line == SECOND)
			return SZ_BAD_REQUEST; /* a second empty line */
		start_line(p, SECOND); /* one empty line before the request line is skipped */
		return SZ_PARSE_MORE;
	}
	return request_line_end(p, r);
}

uint16_t sz_request_parser_byte(struct sz_request_parser *p, struct sz_request *r, uint8_t b)
{
	if (p->state == CR) {
		p->state = LINE;
		return b == '\n' ? line_end(p, r) : SZ_BAD_REQUEST;
	}
	if (b == '\r') {
		p->state = CR;
		return SZ_PARSE_MORE;
	}
	if (b == '\n')
		return SZ_BAD_REQUEST; /* a bare LF */
	if (p->n == SZ_MAX_LINE)
		return p->line == HEADER ? SZ_HEADER_FIELDS_TOO_LARGE : SZ_BAD_REQUEST;
	p->n++;
	if (p->line == HEADER)
		header_byte(p, b);
	else
		request_byte(p, b);
	return SZ_PARSE_MORE;
}
