/*
 * Responses described and pulled (sz_response_writer.h).
 * Mirrors sizzle-server/src/main/java/sizzle/http/ResponseWriter.java: the same header order
 * and bytes, no Date (the device knows no wall clock).
 */
#include "sz_response_writer.h"

#include "sz_ascii.h"
#include "sz_handler.h"
#include "sz_status.h"

static const uint8_t http11[] KS_FLASH = "HTTP/1.1 ";
static const uint8_t crlf[] KS_FLASH = "\r\n";
/* The security headers, each with its CRLF: one constant block. */
static const uint8_t security[] KS_FLASH = "Strict-Transport-Security: max-age=31536000\r\n"
	"Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n"
	"X-Content-Type-Options: nosniff\r\n";
static const uint8_t location[] KS_FLASH = "Location: /";
static const uint8_t allow_get[] KS_FLASH = "Allow: GET";
static const uint8_t allow_get_post[] KS_FLASH = "Allow: GET, POST";
static const uint8_t retry_after[] KS_FLASH = "Retry-After: ";
static const uint8_t content_type[] KS_FLASH = "Content-Type: ";
static const uint8_t text_plain[] KS_FLASH = "text/plain";
static const uint8_t text_html[] KS_FLASH = "text/html";
static const uint8_t application_json[] KS_FLASH = "application/json";
static const uint8_t content_length[] KS_FLASH = "Content-Length: ";
static const uint8_t connection_close[] KS_FLASH = "Connection: close\r\n";
static const uint8_t connection_keep_alive[] KS_FLASH = "Connection: keep-alive\r\n";

#define FLASH(pc, a) sz_piece_flash(pc, a, sizeof(a) - 1)

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

/* Piece i of the response w: HEAD or BODY, or END past the last. */
static uint8_t piece(const struct sz_response *w, const void *app, uint8_t i, struct sz_piece *pc, uint8_t *scratch)
{
	uint8_t k = 0;
	if (i == k++)
		return FLASH(pc, http11), HEAD;
	if (i == k++)
		return number(pc, w->status, scratch), HEAD;
	if (i == k++) /* the space after the code */
		return sz_piece_flash(pc, http11 + 8, 1), HEAD;
	if (i == k++)
		return reason(pc, w->status), HEAD;
	if (i == k++)
		return FLASH(pc, crlf), HEAD;
	if (i == k++)
		return FLASH(pc, security), HEAD;
	if (w->header != SZ_HDR_NONE) {
		if (i == k++) {
			switch (w->header) {
			case SZ_HDR_LOCATION_ROOT: FLASH(pc, location); break;
			case SZ_HDR_ALLOW_GET: FLASH(pc, allow_get); break;
			case SZ_HDR_ALLOW_GET_POST: FLASH(pc, allow_get_post); break;
			default: FLASH(pc, retry_after); break;
			}
			return HEAD;
		}
		if (w->header == SZ_HDR_RETRY_AFTER && i == k++)
			return number(pc, w->number, scratch), HEAD;
		if (i == k++)
			return FLASH(pc, crlf), HEAD;
	}
	if (w->type != SZ_TYPE_NONE) {
		if (i == k++)
			return FLASH(pc, content_type), HEAD;
		if (i == k++) {
			switch (w->type) {
			case SZ_TYPE_TEXT: FLASH(pc, text_plain); break;
			case SZ_TYPE_HTML: FLASH(pc, text_html); break;
			default: FLASH(pc, application_json); break;
			}
			return HEAD;
		}
		if (i == k++)
			return FLASH(pc, crlf), HEAD;
	}
	if (i == k++)
		return FLASH(pc, content_length), HEAD;
	if (i == k++)
		return number(pc, w->body_length, scratch), HEAD;
	if (i == k++)
		return FLASH(pc, crlf), HEAD;
	if (w->close || w->keep_alive_header) {
		if (i == k++) {
			if (w->close)
				FLASH(pc, connection_close);
			else
				FLASH(pc, connection_keep_alive);
			return HEAD;
		}
	}
	if (i == k++)
		return FLASH(pc, crlf), HEAD;
	switch (w->body) {
	case SZ_BODY_REASON:
		if (i == k++)
			return reason(pc, w->status), BODY;
		if (i == k++) /* the newline of "\r\n" */
			return sz_piece_flash(pc, crlf + 1, 1), BODY;
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
		sz_flash_copy(out, pc->p + off, n);
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
