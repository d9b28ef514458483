/*
 * The thermostat application (sz_thermostat_app.h), bound to the HTTP layer as its
 * sz_handler.h. Mirrors sizzle-server/src/main/java/sizzle/app/ThermostatApp.java.
 */
#include "sz_thermostat_app.h"

#include "sz_handler.h"
#include "sz_status.h"
#include "sz_temperature_sensor.h"
#include "sz_thermostat_pages.h"

/* The routes, in the order of the ROUTE_ numbers. */
const uint8_t sz_handler_routes[] KS_FLASH = "\x01/\x0c/status.json\x07/config";
#define ROUTE_ROOT 0
#define ROUTE_STATUS 1
#define ROUTE_CONFIG 2

void sz_thermostat_app_init(struct sz_thermostat_app *a, struct sz_thermostat *t, struct sz_password_gate *g)
{
	a->thermostat = t;
	a->gate = g;
	sz_config_form_begin(&a->form);
}

void sz_handler_begin(void *app)
{
	sz_config_form_begin(&((struct sz_thermostat_app *)app)->form);
}

void sz_handler_body(void *app, const uint8_t *b, uint16_t n)
{
	sz_config_form_push(&((struct sz_thermostat_app *)app)->form, b, n);
}

/* A page with the device's values now: temperature, setpoint, mode. */
static void page(struct sz_thermostat_app *a, struct sz_response *w, uint8_t type, uint8_t which)
{
	sz_response_page(w, SZ_OK, type, which);
	w->values[0] = sz_temperature_tenths();
	w->values[1] = a->thermostat->setpoint;
	w->values[2] = a->thermostat->mode;
}

/* 429 with Retry-After: the wait in whole seconds, rounded up (RFC 6585 4, RFC 9110 10.2.3).
   The wait is at most 1024 s while the clock runs forward; the division is by subtraction
   (neither mote divides; at most 2,047 steps, once per refused request), for waits up to
   2047 s. */
static void too_many_requests(struct sz_response *w, uint32_t wait)
{
	uint32_t ms = (wait < 2047000 ? wait : 2047000) + 999;
	uint16_t s = 0;
	for (; ms >= 1000; s++) {
		ms -= 1000;
#if defined(__GNUC__) || defined(__clang__)
		__asm__("" : "+r"(ms)); /* else clang makes the loop a division, a run-time call */
#endif
	}
	sz_response_error(w, SZ_TOO_MANY_REQUESTS);
	w->header = SZ_HDR_RETRY_AFTER;
	w->number = s;
}

static void configure(struct sz_thermostat_app *a, const struct sz_request *r, struct sz_response *w)
{
	struct sz_config_form *f = &a->form;
	uint32_t wait;
	int16_t setpoint;
	int8_t mode = -1;
	uint8_t verdict;
	if (!(r->flags & SZ_REQ_FORM)) {
		sz_response_error(w, SZ_UNSUPPORTED_MEDIA_TYPE);
		return;
	}
	wait = sz_password_gate_retry_after(a->gate, r->peer, r->peer_len);
	if (wait > 0) {
		too_many_requests(w, wait);
		return;
	}
	setpoint = sz_config_form_end(f) ? sz_thermostat_parse_tenths(f->setpoint, (uint16_t)f->setpoint_len) : -1;
	if (setpoint >= 0)
		mode = sz_thermostat_parse_mode(f->mode, (uint16_t)f->mode_len);
	if (mode < 0 || setpoint < SZ_MIN_SETPOINT || setpoint > SZ_MAX_SETPOINT) {
		sz_response_error(w, SZ_BAD_REQUEST);
		return;
	}
	verdict = sz_password_gate_attempt(a->gate, r->peer, r->peer_len, f->password, (uint16_t)f->password_len);
	if (verdict == SZ_GATE_BACKING_OFF) {
		too_many_requests(w, sz_password_gate_retry_after(a->gate, r->peer, r->peer_len));
	} else if (verdict == SZ_GATE_REJECTED) {
		sz_response_error(w, SZ_UNAUTHORIZED);
	} else {
		a->thermostat->setpoint = setpoint;
		a->thermostat->mode = (uint8_t)mode;
		sz_response_see_other_root(w);
	}
}

void sz_handler_handle(void *app, const struct sz_request *r, struct sz_response *w)
{
	struct sz_thermostat_app *a = app;
	if (r->route == ROUTE_ROOT || r->route == ROUTE_STATUS) {
		if (r->method != SZ_GET)
			sz_response_method_not_allowed(w, SZ_HDR_ALLOW_GET);
		else if (r->route == ROUTE_ROOT)
			page(a, w, SZ_TYPE_HTML, SZ_PAGE_HOME);
		else
			page(a, w, SZ_TYPE_JSON, SZ_PAGE_STATUS);
	} else if (r->route == ROUTE_CONFIG) {
		if (r->method == SZ_GET)
			page(a, w, SZ_TYPE_HTML, SZ_PAGE_CONFIG);
		else if (r->method == SZ_POST)
			configure(a, r, w);
		else
			sz_response_method_not_allowed(w, SZ_HDR_ALLOW_GET_POST);
	} else {
		sz_response_error(w, SZ_NOT_FOUND);
	}
	sz_config_form_clear(&a->form);
}

/* Value `hole` of the page (Template.java: the values between the parts). */
static void value(const struct sz_thermostat_app *a, const struct sz_response *w, uint8_t hole, struct sz_piece *pc,
		  uint8_t *scratch)
{
	uint8_t n;
	uint8_t mode = (uint8_t)w->values[2];
	if (w->page == SZ_PAGE_CONFIG) {
		if (hole == 0) {
			hole = 1; /* the setpoint */
		} else {
			/* " selected" for the mode shown: heat (1), cool (2), off (0) in holes 1, 2, 3 */
			sz_pages_selected(mode == (hole == 3 ? SZ_MODE_OFF : hole), pc);
			return;
		}
	}
	switch (hole) {
	case 0: /* temperature */
	case 1: /* setpoint */
		pc->p = scratch;
		pc->len = sz_thermostat_format_tenths(w->values[hole], scratch);
		pc->flash = 0;
		break;
	case 2:
		pc->p = sz_thermostat_mode_name(mode, &n);
		sz_piece_flash(pc, pc->p, n);
		break;
	case 3:
		sz_piece_flash(pc, a->thermostat->name, a->thermostat->name_len);
		break;
	default:
		sz_piece_flash(pc, a->thermostat->kind, a->thermostat->kind_len);
		break;
	}
}

uint8_t sz_handler_piece(const void *app, const struct sz_response *w, uint8_t i, struct sz_piece *pc, uint8_t *scratch)
{
	if (!(i & 1))
		return sz_pages_part(w->page, (uint8_t)(i >> 1), pc);
	if (!sz_pages_part(w->page, (uint8_t)((i >> 1) + 1), pc))
		return 0; /* no part after it: no value either */
	value(app, w, (uint8_t)(i >> 1), pc, scratch);
	return 1;
}
