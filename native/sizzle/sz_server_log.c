/*
 * The server's log lines (sz_server_log.h). Mirrors the line of
 * sizzle-server/src/main/java/sizzle/TlsServerConnection.java (describe).
 */
#include "sz_server_log.h"
#include "sz_ascii.h"
#include "sz_port.h"
#include "sz_profile.h"
#include "sz_protocol_version.h"

#define LINE 80

static const char w_ready[] KS_FLASH = "sizzle " SZ_PROFILE_NAME " ready";
#if SZ_LEGACY
static const char w_ssl3[] KS_FLASH = " SSLv3";
static const char w_tls10[] KS_FLASH = " TLSv1";
#endif
static const char w_tls12[] KS_FLASH = " TLSv1.2";
static const char w_full[] KS_FLASH = " full, ";
static const char w_resumed[] KS_FLASH = " resumed, ";
static const char w_responses[] KS_FLASH = " responses";
static const char w_handshake[] KS_FLASH = " handshake";
static const char w_failed[] KS_FLASH = " failed: ";
static const char w_sent[] KS_FLASH = "sent alert ";
static const char w_received[] KS_FLASH = "received alert ";
static const char w_before[] KS_FLASH = " closed before the handshake completed";
static const char w_ram[] KS_FLASH = "ram: static=\0 stack=\0 total=";

typedef struct {
	char b[LINE];
	uint8_t n;
} line;

static KS_NOINLINE void put(line *l, char c)
{
	if (l->n < LINE - 1)
		l->b[l->n++] = c;
}

static KS_NOINLINE void words(line *l, const char *flash)
{
	char c;
	while ((c = (char)KS_READ_BYTE(flash++)) != 0)
		put(l, c);
}

static void number(line *l, uint32_t v)
{
	uint8_t digits[10], n = sz_decimal(v, digits), i;
	for (i = 0; i < n; i++)
		put(l, (char)digits[i]);
}

static void end(line *l)
{
	put(l, '\n');
	sz_port_log(l->b, l->n);
}

void sz_server_log_ready(void)
{
	line l;
	l.n = 0;
	words(&l, w_ready);
	end(&l);
}

void sz_server_log_connection(uint32_t connection, const sz_tls *c, uint16_t responses)
{
	line l;
	uint8_t i;
	uint16_t suite;
	l.n = 0;
	put(&l, '#');
	number(&l, connection);
	if (c->established && (c->verdict == SZ_VERDICT_NONE || c->verdict == SZ_VERDICT_CLOSE_NOTIFY)) {
#if SZ_LEGACY
		words(&l, c->version == SZ_SSL30 ? w_ssl3 : c->version == SZ_TLS10 ? w_tls10 : w_tls12);
#else
		words(&l, w_tls12); /* the modern profile's only version (sz_profile.h) */
#endif
		put(&l, ' ');
		put(&l, '0');
		put(&l, 'x');
		for (i = 0, suite = c->suite; i < 4; i++, suite = (uint16_t)(suite << 4))
			put(&l, (char)((suite >> 12) < 10 ? '0' + (suite >> 12) : 'A' - 10 + (suite >> 12)));
		words(&l, c->resumed ? w_resumed : w_full);
		number(&l, responses);
		words(&l, w_responses);
	} else if (c->verdict == SZ_VERDICT_NONE) {
		words(&l, w_before);
	} else {
		if (!c->established)
			words(&l, w_handshake);
		words(&l, w_failed);
		words(&l, (c->verdict & SZ_RECEIVED) ? w_received : w_sent);
		number(&l, c->verdict & 0xFFu);
	}
	end(&l);
}

void sz_server_log_ram(uint16_t static_bytes, uint16_t stack_bytes)
{
	line l;
	uint32_t v[3];
	const char *w = w_ram;
	uint8_t i;
	v[0] = static_bytes;
	v[1] = stack_bytes;
	v[2] = (uint32_t)static_bytes + stack_bytes;
	l.n = 0;
	for (i = 0; i < 3; i++) { /* the three words, one after another's 0 */
		words(&l, w);
		while (KS_READ_BYTE(w++) != 0)
			;
		number(&l, v[i]);
	}
	end(&l);
}
