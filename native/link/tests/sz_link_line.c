/* The line driver of sz_link_line.h: the link's hooks append events to the reply. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sz_link.h"
#include "sz_link_line.h"

const uint8_t sz_link_name[] = "thermostat";
const uint8_t sz_link_name_length = 10;

static struct sz_link link;
static uint8_t rx_buf[SZ_LINK_MAX_MESSAGE], tx_buf[SZ_LINK_MAX_MESSAGE];
/* Where the hooks write: the reply of the command running, else a sink (a test that drives
   its own struct sz_link directly), so that no hook ever writes through a stale pointer. */
static char sink[256];
static char *out_at = sink, *out_end = sink + sizeof sink;

static const char *const names[SZ_LS_COUNTERS] = {
	"ok", "short", "long", "bad_crc", "bad_type", "bad_flags", "bad_conn", "bad_field",
	"bad_payload", "not_for_me", "wrong_peer", "stale_conn", "stale_msg", "no_first",
	"bad_index", "bad_size", "duplicate", "too_long", "unexpected", "response_dropped",
	"frames_in", "frames_out", "retransmits", "timeouts", "messages_in", "messages_out",
	"nacks_out", "acks_out", "polls"
};

static void put(const char *fmt, unsigned a, unsigned b)
{
	int n = snprintf(out_at, (size_t)(out_end - out_at), fmt, a, b);
	if (n > 0 && n < out_end - out_at)
		out_at += n;
}

static void put_hex(const uint8_t *b, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;
	for (i = 0; i < n && out_end - out_at > 3; i++) {
		*out_at++ = digits[b[i] >> 4];
		*out_at++ = digits[b[i] & 15];
	}
	if (out_end > out_at)
		*out_at = 0;
}

void sz_link_radio_transmit(struct sz_link *l, const uint8_t *frame, uint8_t len)
{
	(void)l;
	put("tx ", 0, 0);
	put_hex(frame, len);
	put("\n", 0, 0);
}

void sz_link_on_opened(struct sz_link *l, uint8_t conn)
{
	(void)l;
	put("opened %u\n", conn, 0);
}

void sz_link_on_received(struct sz_link *l, uint8_t conn, uint16_t len)
{
	put("received %u ", conn, 0);
	put_hex(l->rx.buf, len);
#if SZ_LINK_READY_ONLY
	if (l->rx.buf != rx_buf) /* granted into a place (readyat) */
		put(" at %u", (unsigned)(l->rx.buf - rx_buf), 0);
#endif
	put("\n", 0, 0);
}

#if SZ_LINK_TEMPLATES
/* The link-test-cc1000-templates build: a compressed message is reported, not recreated (the
   codec's own tests are test_template.c); the capabilities are a fixed edition and ID. */
void sz_link_on_received_template(struct sz_link *l, uint8_t conn, uint16_t len)
{
	put("template %u ", conn, 0);
	put_hex(l->rx.buf, len);
	put("\n", 0, 0);
}

uint8_t sz_link_capability(uint8_t i)
{
	static const uint8_t caps[SZ_LINK_CAPABILITIES] = {0x02, 0xde, 0xad, 0xbe, 0xef};
	return caps[i];
}
#endif

void sz_link_on_sent(struct sz_link *l, uint8_t conn)
{
	(void)l;
	put("sent %u\n", conn, 0);
}

void sz_link_on_closed(struct sz_link *l, uint8_t conn, uint8_t reason)
{
	(void)l;
	put("closed %u %u\n", conn, reason);
}

/* Hex digits at s into b (at most room bytes); the byte count, or -1. */
static long parse_hex(const char *s, uint8_t *b, size_t room)
{
	size_t n = 0;
	int hi, lo;
	while (s[0] && s[0] != '\n') {
		hi = s[0] >= 'a' ? s[0] - 'a' + 10 : s[0] - '0';
		lo = s[1] >= 'a' ? s[1] - 'a' + 10 : s[1] - '0';
		if (n == room || hi < 0 || hi > 15 || lo < 0 || lo > 15 || !s[1])
			return -1;
		b[n++] = (uint8_t)(hi << 4 | lo);
		s += 2;
	}
	return (long)n;
}

int sz_link_line(const char *line, char *out, size_t room)
{
	char cmd[8];
	unsigned long t = 0;
	int used = 0, k;
	long n;
	uint8_t frame[255];
	uint32_t now, d;
	out_at = out;
	out_end = out + room;
	*out = 0;
	if (sscanf(line, "%7s %n", cmd, &used) != 1)
		goto bad;
	if (strcmp(cmd, "stats") == 0) {
		put("stats", 0, 0);
#if SZ_LINK_STATS
		for (k = 1; k < SZ_LS_COUNTERS; k++)
			if (link.stats[k]) {
				put(" ", 0, 0);
				put(names[k], 0, 0);
				put("=%u", link.stats[k], 0);
			}
#endif
		put("\n", 0, 0);
		now = 0;
	} else {
		if (sscanf(line + used, "%lu %n", &t, &k) != 1)
			goto bad;
		used += k;
		now = (uint32_t)t;
		if (strcmp(cmd, "init") == 0) {
			sz_link_init(&link, rx_buf, (uint16_t)t);
			now = 0;
		} else if (strcmp(cmd, "start") == 0) {
			sz_link_start(&link, now);
		} else if (strcmp(cmd, "rx") == 0) {
			n = parse_hex(line + used, frame, sizeof frame);
			if (n < 0)
				goto bad;
			sz_link_receive(&link, frame, (uint8_t)n, now);
		} else if (strcmp(cmd, "done") == 0) {
			sz_link_transmitted(&link, now);
		} else if (strcmp(cmd, "tick") == 0) {
			sz_link_tick(&link, now);
		} else if (strcmp(cmd, "send") == 0 || strcmp(cmd, "sendt") == 0) {
			/* the message stays in tx_buf until sent or closed: not overwritten meanwhile;
			   sendt: as DATA-TEMPLATE (the link-test-cc1000-templates build) */
			if (!sz_link_can_send(&link)) {
				put("send 0\n", 0, 0);
			} else {
				n = parse_hex(line + used, tx_buf, sizeof tx_buf);
				if (n < 0)
					goto bad;
#if SZ_LINK_TEMPLATES
				if (cmd[4] == 't') {
					put("send %u\n", sz_link_send_template(&link, tx_buf, (uint16_t)n, now), 0);
				} else
#endif
					put("send %u\n", sz_link_send(&link, tx_buf, (uint16_t)n, now), 0);
			}
		} else if (strcmp(cmd, "ready") == 0) {
			sz_link_ready(&link, now);
#if SZ_LINK_READY_ONLY
		} else if (strcmp(cmd, "readyat") == 0) {
			/* readyat T OFFSET ROOM: the next message granted to land at rx_buf + OFFSET */
			unsigned long at, granted;
			if (sscanf(line + used, "%lu %lu", &at, &granted) != 2 || at > sizeof rx_buf || granted > sizeof rx_buf - at)
				goto bad;
			sz_link_ready_into(&link, now, rx_buf + at, (uint16_t)granted);
#endif
		} else if (strcmp(cmd, "close") == 0) {
			sz_link_close(&link, now);
		} else if (strcmp(cmd, "waiting") == 0) {
			put("waiting %u\n", sz_link_others_waiting(&link), 0);
		} else {
			goto bad;
		}
	}
	d = sz_link_next_deadline(&link, now);
	if (d == SZ_LINK_NEVER)
		put("end %u -\n", sz_link_radio_on(&link), 0);
	else
		put("end %u %u\n", sz_link_radio_on(&link), (unsigned)d);
	out_at = sink;
	out_end = sink + sizeof sink;
	return 0;
bad:
	out_at = out;
	put("error cannot parse\n", 0, 0);
	out_at = sink;
	out_end = sink + sizeof sink;
	return -1;
}
