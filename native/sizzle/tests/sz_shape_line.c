/*
 * The corpus's result line from the engine's state. Mirrors HelloShapes.java (test scope).
 */
#include "sz_shape_line.h"
#include "sz_alert.h"

typedef struct {
	sz_put_fn put;
	void *ctx;
} out;

static void str(const out *o, const char *s)
{
	while (*s)
		o->put(o->ctx, *s++);
}

static void hex(const out *o, uint16_t v, uint8_t digits)
{
	while (digits--)
		o->put(o->ctx, "0123456789abcdef"[(v >> (4 * digits)) & 15]);
}

/* Decimal without a division (the MSP430 run-time has no divide helper; `volatile` keeps
 * clang from turning the subtractions back into one). */
static void dec(const out *o, uint16_t value)
{
	static const uint16_t tens[] = {10000, 1000, 100, 10, 1};
	volatile uint16_t v = value;
	uint8_t i, started = 0;
	for (i = 0; i < 5; i++) {
		char d = '0';
		while (v >= tens[i]) {
			v = (uint16_t)(v - tens[i]);
			d++;
		}
		if (d != '0' || started || i == 4) {
			o->put(o->ctx, d);
			started = 1;
		}
	}
}

static void bytes(const out *o, const uint8_t *b, uint16_t n)
{
	uint16_t i;
	if (n == 0)
		o->put(o->ctx, '-');
	for (i = 0; i < n; i++)
		hex(o, b[i], 2);
}

static void flag(const out *o, const char *name, uint16_t set)
{
	str(o, name);
	o->put(o->ctx, set ? '1' : '0');
}

static void alert(const out *o, uint8_t description)
{
	const char *p = sz_alert_name(description);
	if (p == 0) {
		str(o, "alert_");
		dec(o, description);
		return;
	}
	while (KS_READ_BYTE(p)) /* in flash on the AVR */
		o->put(o->ctx, (char)KS_READ_BYTE(p++));
}

void sz_shape_line(const sz_server *s, sz_put_fn put, void *ctx)
{
	out o;
	const sz_client_hello *h = &s->hello;
	o.put = put;
	o.ctx = ctx;
	if (s->status == SZ_SERVER_FAILED && !s->answered) {
		str(&o, s->verdict & SZ_RECEIVED ? "received " : "alert ");
		alert(&o, (uint8_t)s->verdict);
		return;
	}
	str(&o, "hello v=");
	hex(&o, h->version, 4);
	str(&o, " random=");
	bytes(&o, h->random, 32);
	str(&o, " sid=");
	bytes(&o, h->session_id, h->session_id_length);
	str(&o, " suites=");
	hex(&o, h->suites, 4);
	flag(&o, " null=", h->flags & SZ_CH_NULL_COMPRESSION);
	flag(&o, " ssl2=", h->flags & SZ_CH_SSL2);
	str(&o, " sni=");
	bytes(&o, h->server_name, h->server_name_length);
	flag(&o, " groups=", h->flags & SZ_CH_GROUPS_OFFERED);
	put(ctx, '/');
	hex(&o, h->groups, 2);
	flag(&o, " pf=", h->flags & SZ_CH_POINT_FORMATS);
	flag(&o, "/", h->flags & SZ_CH_UNCOMPRESSED);
	flag(&o, " sigs=", h->flags & SZ_CH_SIGNATURE_ALGORITHMS);
	put(ctx, '/');
	hex(&o, h->signature_schemes, 4);
	str(&o, " ecdsa=");
	hex(&o, h->ecdsa_scheme, 4);
	str(&o, " mfl=");
	dec(&o, h->max_fragment_length);
	str(&o, " rsl=");
	dec(&o, h->record_size_limit);
	flag(&o, " ems=", h->flags & SZ_CH_EXTENDED_MASTER_SECRET);
	flag(&o, " ri=", h->flags & SZ_CH_RENEGOTIATION_INFO);
	flag(&o, "/", h->flags & SZ_CH_RENEGOTIATED_CONNECTION);
	str(&o, " => ");
	if (s->status == SZ_SERVER_FAILED) {
		str(&o, "alert ");
		alert(&o, (uint8_t)s->verdict);
		return;
	}
	str(&o, "server_hello v=");
	hex(&o, s->answer.version, 4);
	str(&o, " suite=");
	hex(&o, s->answer.suite, 4);
	flag(&o, " ri=", s->answer.renegotiation_info);
	flag(&o, " ems=", s->answer.extended_master_secret);
	flag(&o, " pf=", s->answer.point_formats);
	str(&o, " mfl=");
	dec(&o, s->answer.max_fragment_length);
	str(&o, " rsl=");
	dec(&o, s->answer.record_size_limit);
}
