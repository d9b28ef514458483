/*
 * Responses described and pulled (sz_response_writer.h).
 * Mirrors sizzle-server/src/main/java/sizzle/http/ResponseWriter.java: the same header order
 * and bytes, no Date (the device knows no wall clock).
 */
#include "sz_response_writer.h"

#include "sz_ascii.h"
#include "sz_handler.h"
#include "sz_status.h"

/* The head's constant pieces, one after another in one string, with a table of their lengths
 * (C_*: their order); the security headers are one piece, each with its CRLF. */
#define C_HTTP11 0
#define C_SP 1
#define C_CRLF 2
#define C_SECURITY 3
#define C_LOCATION 4 /* C_LOCATION + header - 1: SZ_HDR_LOCATION_ROOT .. SZ_HDR_RETRY_AFTER */
#define C_CONTENT_TYPE 8
#define C_TEXT_PLAIN 9 /* C_TEXT_PLAIN + type - 1: SZ_TYPE_TEXT .. SZ_TYPE_JSON */
#define C_CONTENT_LENGTH 12
#define C_CLOSE 13
#define C_KEEP_ALIVE 14
#define C_NL 15
#define SECURITY "Strict-Transport-Security: max-age=31536000\r\n" \
	"Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n" \
	"X-Content-Type-Options: nosniff\r\n"
#define LEN(x) (sizeof(x) - 1)
static const uint8_t text[] KS_FLASH = "HTTP/1.1 " " " "\r\n" SECURITY "Location: /" "Allow: GET" "Allow: GET, POST"
	"Retry-After: " "Content-Type: " "text/plain" "text/html" "application/json" "Content-Length: "
	"Connection: close\r\n" "Connection: keep-alive\r\n" "\n";
static const uint8_t length[] KS_FLASH = {
	LEN("HTTP/1.1 "), 1, 2, LEN(SECURITY), LEN("Location: /"), LEN("Allow: GET"), LEN("Allow: GET, POST"),
	LEN("Retry-After: "), LEN("Content-Type: "), LEN("text/plain"), LEN("text/html"), LEN("application/json"),
	LEN("Content-Length: "), LEN("Connection: close\r\n"), LEN("Connection: keep-alive\r\n"), 1,
};

/* The head, a step a piece: a constant (C_*) or one of these, each under a condition (the top
 * three bits: ON_*). The Java's header order. */
#define W_STATUS 16
#define W_REASON 17
#define W_NUMBER 18      /* the Retry-After seconds */
#define W_BODY_LENGTH 19
#define W_HEADER 20      /* the status's header: Location, Allow or Retry-After */
#define W_TYPE 21
#define W_CONNECTION 22
#define ON_HEADER (1 << 5)
#define ON_RETRY (2 << 5)
#define ON_TYPE (3 << 5)
#define ON_CONNECTION (4 << 5)
static const uint8_t head[] KS_FLASH = {
	C_HTTP11, W_STATUS, C_SP, W_REASON, C_CRLF, C_SECURITY,
	ON_HEADER | W_HEADER, ON_RETRY | W_NUMBER, ON_HEADER | C_CRLF,
	ON_TYPE | C_CONTENT_TYPE, ON_TYPE | W_TYPE, ON_TYPE | C_CRLF,
	C_CONTENT_LENGTH, W_BODY_LENGTH, C_CRLF,
	ON_CONNECTION | W_CONNECTION, C_CRLF,
};

/* Constant piece c. */
static void constant(struct sz_piece *pc, uint8_t c)
{
	const uint8_t *p = text;
	uint8_t i;
	for (i = 0; i < c; i++)
		p += KS_READ_BYTE(&length[i]);
	sz_piece_flash(pc, p, KS_READ_BYTE(&length[c]));
}

void sz_piece_flash(struct sz_piece *pc, const uint8_t *p, uint16_t len)
{
	pc->p = p;
	pc->len = len;
	pc->flash = 1;
}

/* The status's reason phrase (KS_FLASH). */
static void reason(struct sz_piece *pc, uint16_t status)
{
	uint8_t n;
	const uint8_t *p = sz_status_reason(status, &n);
	sz_piece_flash(pc, p, n);
}

void sz_response_prepare(struct sz_response *w, uint8_t close, uint8_t keep_alive_header)
{
	memset(w, 0, sizeof(*w));
	w->close = close;
	w->keep_alive_header = (uint8_t)(keep_alive_header && !close);
}

void sz_response_error(struct sz_response *w, uint16_t status)
{
	w->status = status;
	w->type = SZ_TYPE_TEXT;
	w->body = SZ_BODY_REASON;
}

void sz_response_method_not_allowed(struct sz_response *w, uint8_t allow)
{
	sz_response_error(w, SZ_METHOD_NOT_ALLOWED);
	w->header = allow;
}

void sz_response_see_other_root(struct sz_response *w)
{
	w->status = SZ_SEE_OTHER;
	w->header = SZ_HDR_LOCATION_ROOT;
	w->type = SZ_TYPE_NONE;
	w->body = SZ_BODY_EMPTY;
}

void sz_response_page(struct sz_response *w, uint16_t status, uint8_t type, uint8_t page)
{
	w->status = status;
	w->type = type;
	w->body = SZ_BODY_PAGE;
	w->page = page;
}

/* Kinds of piece, as piece() reports them. */
#define END 0
#define HEAD 1
#define BODY 2

static void number(struct sz_piece *pc, uint16_t v, uint8_t *scratch)
{
	pc->p = scratch;
	pc->len = sz_decimal(v, scratch);
	pc->flash = 0;
}

/* Whether the head's step under condition `on` (ON_* >> 5) is in this response. */
static uint8_t step_on(const struct sz_response *w, uint8_t on)
{
	switch (on) {
	case 0: return 1;
	case ON_HEADER >> 5: return w->header != SZ_HDR_NONE;
	case ON_RETRY >> 5: return w->header == SZ_HDR_RETRY_AFTER;
	case ON_TYPE >> 5: return w->type != SZ_TYPE_NONE;
	default: return w->close || w->keep_alive_header;
	}
}

/* Piece i of the response w: HEAD or BODY, or END past the last. */
static uint8_t piece(const struct sz_response *w, const void *app, uint8_t i, struct sz_piece *pc, uint8_t *scratch)
{
	uint8_t k = 0, j, step, what;
	for (j = 0; j < sizeof head; j++) {
		step = KS_READ_BYTE(&head[j]);
		if (!step_on(w, (uint8_t)(step >> 5)) || i != k++)
			continue;
		what = step & 31;
		switch (what) {
		case W_STATUS: number(pc, w->status, scratch); break;
		case W_REASON: reason(pc, w->status); break;
		case W_NUMBER: number(pc, w->number, scratch); break;
		case W_BODY_LENGTH: number(pc, w->body_length, scratch); break;
		case W_HEADER: constant(pc, (uint8_t)(C_LOCATION + w->header - 1)); break;
		case W_TYPE: constant(pc, (uint8_t)(C_TEXT_PLAIN + w->type - 1)); break;
		case W_CONNECTION: constant(pc, w->close ? C_CLOSE : C_KEEP_ALIVE); break;
		default: constant(pc, what);
		}
		return HEAD;
	}
	switch (w->body) {
	case SZ_BODY_REASON:
		if (i == k++)
			return reason(pc, w->status), BODY;
		if (i == k++) /* the newline of "\r\n" */
			return constant(pc, C_NL), BODY;
		return END;
	case SZ_BODY_PAGE:
		return sz_handler_piece(app, w, (uint8_t)(i - k), pc, scratch) ? BODY : END;
	default:
		return END;
	}
}

void sz_response_ready(struct sz_response *w, const void *app)
{
	uint8_t scratch[16], i, kind;
	struct sz_piece pc;
	uint16_t body = 0, total = 0;
	/* The body's length first (the Content-Length piece is not body), then the whole. */
	for (i = 0; (kind = piece(w, app, i, &pc, scratch)) != END; i++)
		if (kind == BODY)
			body = (uint16_t)(body + pc.len);
	w->body_length = body;
	for (i = 0; piece(w, app, i, &pc, scratch) != END; i++)
		total = (uint16_t)(total + pc.len);
	w->total = total;
	w->sent = 0;
}

void sz_piece_copy(uint8_t *out, const struct sz_piece *pc, uint16_t off, uint16_t n)
{
	if (pc->flash)
		ks_flash_read(out, pc->p + off, n);
	else
		memcpy(out, pc->p + off, n);
}

uint16_t sz_response_pull(struct sz_response *w, const void *app, uint8_t *out, uint16_t cap)
{
	uint8_t scratch[16], i;
	struct sz_piece pc;
	uint16_t skip = w->sent, made = 0;
	if (cap > w->total - w->sent)
		cap = (uint16_t)(w->total - w->sent);
	for (i = 0; made < cap && piece(w, app, i, &pc, scratch) != END; i++) {
		uint16_t take;
		if (skip >= pc.len) {
			skip = (uint16_t)(skip - pc.len);
			continue;
		}
		take = (uint16_t)(pc.len - skip);
		if (take > cap - made)
			take = (uint16_t)(cap - made);
		sz_piece_copy(out + made, &pc, skip, take);
		made = (uint16_t)(made + take);
		skip = 0;
	}
	w->sent = (uint16_t)(w->sent + made);
	return made;
}
