/* The device end's host tests (make -C native link-test), one build per radio:
 *  - LINK.md §2's CRC and frame vectors, encoded by sz_link_encode;
 *  - the Java codec's verdicts (vectors/frames-F.txt, written by gateway-java's
 *    LinkFrameVectorsTest): every frame decoded to the same result and fields;
 *  - the Java device's transcripts (vectors/NAME-RADIO.txt, written by CDeviceInteropTest
 *    from sizzle.link.DeviceLink on the simulated radio: lossy traffic both ways, refusal,
 *    reset, silence) replayed command by command: every reply (frames, events, deadlines,
 *    counters) the same, byte for byte;
 *  - 20,000 hostile frames into an open connection with a 100-byte buffer: nothing written
 *    outside it (canaries; AddressSanitizer), the too-long and the good messages counted;
 *  - with SZ_LINK_READY_ONLY (the link-test-ready build): a gateway's message the device has
 *    not granted by READY (after the NEWCONNECTION, after its own message, after the message
 *    its READY granted) is refused, not a byte of it written; a granted one is taken;
 *  - the state's size (LINK.md §11).
 * Last line: "N passed, N failed". Argument: the vectors directory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sz_link.h"
#include "sz_link_line.h"
#include "host_test.h"



static void crc_vectors(void)
{
	static const uint8_t newconn[8] = {0x01, 0x00, 0x31, 0x01, 0x00, 0x00, 0xbe, 0x0e};
	static const uint8_t data[12] = {0x01, 0x00, 0x01, 0x2a, 0x07, 0x00, 0x01, 0x02, 0xab, 0xcd, 0x20, 0xc4};
	struct sz_link_frame f = {1, 0, SZ_LT_NEWCONNECTION, SZ_LINK_ACK_REQ, 1, 0, 0, 0};
	uint8_t b[16], one = 1;
	check(sz_link_crc16((const uint8_t *)"123456789", 9) == 0x2189, "CRC-16/KERMIT of 123456789 is 0x2189");
	check(sz_link_crc16(&one, 1) == 0x1189, "CRC of 01 is 0x1189");
	check(sz_link_encode(&f, b) == 8 && memcmp(b, newconn, 8) == 0, "NEWCONNECTION 1 encodes as LINK.md §2 says");
	f.type = SZ_LT_DATA;
	f.conn = 0x2a;
	f.msg = 7;
	f.payload_length = 4;
	memcpy(b + SZ_LF_HEADER, data + SZ_LF_HEADER, 4);
	check(sz_link_encode(&f, b) == 12 && memcmp(b, data, 12) == 0, "the DATA frame of LINK.md §2, CRC sent 20 c4");
}

static void frame_vectors(const char *dir)
{
	char path[512], line[1024], what[600];
	uint8_t b[300];
	unsigned want[9];
	int n, e, lines = 0, bad = 0, k;
	struct sz_link_frame f;
	FILE *in;
	snprintf(path, sizeof path, "%s/frames-%d.txt", dir, SZ_LINK_FRAME_SIZE);
	in = fopen(path, "r");
	check(in != NULL, path);
	if (!in)
		return;
	while (fgets(line, sizeof line, in)) {
		lines++;
		n = hex(line, b, sizeof b);
		k = sscanf(strchr(line, ' '), "%u %u %u %u %u %u %u %u %u", &want[0], &want[1], &want[2], &want[3], &want[4],
			&want[5], &want[6], &want[7], &want[8]);
		e = n < 0 || n > 255 ? -1 : sz_link_decode(&f, b, (uint8_t)n);
		if (e != (int)want[0] || (e == 0 && (k != 9 || f.dst != want[1] || f.src != want[2] || f.type != want[3]
				|| f.flags != want[4] || f.conn != want[5] || f.msg != want[6] || f.index != want[7]
				|| f.payload_length != want[8]))) {
			if (!bad++)
				printf("frames-%d.txt line %d: C says %d, Java %u: %s", SZ_LINK_FRAME_SIZE, lines, e, want[0], line);
		}
	}
	fclose(in);
	snprintf(what, sizeof what, "%s: %d frames decoded as the Java codec decodes them (%d differ)", path, lines, bad);
	check(lines >= 600 && bad == 0, what);
}

/* Replays one transcript: each "> command" is run, and its reply must be the lines after it. */
#if !SZ_LINK_READY_ONLY
static void transcript(const char *dir, const char *name)
{
	static char line[1 << 17], want[1 << 18], got[1 << 18], cmd[1 << 17];
	char path[512], what[700];
	size_t wn = 0;
	int commands = 0, bad = 0, have_cmd = 0;
	FILE *in;
	snprintf(path, sizeof path, "%s/%s-%s.txt", dir, name, SZ_LINK_FRAME_SIZE == 29 ? "cc1000" : "cc2420");
	in = fopen(path, "r");
	check(in != NULL, path);
	if (!in)
		return;
	for (;;) {
		char *l = fgets(line, sizeof line, in);
		if (!l || (line[0] == '>' && line[1] == ' ')) {
			if (have_cmd) {
				commands++;
				sz_link_line(cmd, got, sizeof got);
				want[wn] = 0;
				if (strcmp(got, want) != 0 && !bad++)
					printf("%s, command %d: %s\n Java said:\n%s C says:\n%s", path, commands, cmd, want, got);
			}
			if (!l)
				break;
			strcpy(cmd, line + 2);
			cmd[strcspn(cmd, "\n")] = 0;
			have_cmd = 1;
			wn = 0;
		} else if (wn + strlen(line) < sizeof want) {
			strcpy(want + wn, line);
			wn += strlen(line);
		}
	}
	fclose(in);
	snprintf(what, sizeof what, "%s: %d commands, every reply the Java device's", path, commands);
	check(commands > 10 && bad == 0, what);
}
#endif

/* The hooks write to the line driver's sink here; the frames are checked by the canaries. */
static uint32_t rnd_state = 12345;
static uint32_t rnd(void) /* xorshift32: seeded, the same run every time */
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return rnd_state;
}

/* Encodes a frame with these fields (its payload already at b + SZ_LF_HEADER); its length. */
static uint8_t encode_frame(uint8_t *b, uint8_t dst, uint8_t src, uint8_t type, uint8_t flags, uint8_t conn, uint8_t msg,
			    uint8_t index, uint8_t plen)
{
	struct sz_link_frame f;
	f.dst = dst;
	f.src = src;
	f.type = type;
	f.flags = flags;
	f.conn = conn;
	f.msg = msg;
	f.index = index;
	f.payload_length = plen;
	return sz_link_encode(&f, b);
}

/* Mostly to this device from the gateway, now and then not. */
static uint8_t put_frame(uint8_t *b, uint8_t type, uint8_t flags, uint8_t conn, uint8_t msg, uint8_t index, uint8_t plen)
{
	uint8_t dst = (rnd() % 16) ? SZ_LINK_ADDRESS : 7, src = (rnd() % 16) ? SZ_LINK_GATEWAY : 3;
	return encode_frame(b, dst, src, type, flags, conn, msg, index, plen);
}

static void hostile_frames(void)
{
	static struct sz_link l;
	static uint8_t buf[16 + 100 + 16];
	uint8_t b[SZ_LINK_FRAME_SIZE], len, plen, k, conn, msg;
	uint32_t now = 0, i;
	int canaries = 1;
	char what[200];
	memset(buf, 0xA5, sizeof buf);
	sz_link_init(&l, buf + 16, 100);
	sz_link_start(&l, 0);
	sz_link_tick(&l, 0);
	for (i = 0; i < 20000; i++) {
		now += rnd() % 30;
		if (l.conn == 0 && rnd() % 4 == 0) {
			len = put_frame(b, SZ_LT_NEWCONNECTION, SZ_LINK_ACK_REQ, (uint8_t)(1 + rnd() % 3), 0, 0, 0);
		} else {
			/* mostly the open connection and a message number near the expected one */
			conn = (uint8_t)((rnd() % 4) ? l.conn : rnd() % 4);
			msg = (uint8_t)(l.rx.expected + rnd() % 3 - 1);
			plen = (uint8_t)(rnd() % (SZ_LINK_FRAME_SIZE - SZ_LF_OVERHEAD + 1));
			for (k = 0; k < plen; k++)
				b[SZ_LF_HEADER + k] = (uint8_t)rnd();
			k = (uint8_t)(rnd() % 3);
			if (k == 0) { /* frame 0: a one-frame message, or the start of one up to ~190 bytes */
				if (plen < 3)
					plen = 3;
				sz_link_put_u16(b + SZ_LF_HEADER, (uint16_t)(plen - 2 + (rnd() % 2 ? 0 : rnd() % 100)));
				len = put_frame(b, SZ_LT_DATA, SZ_LINK_ACK_REQ, conn, msg, 0, plen);
			} else if (k == 1) { /* a later frame, full-sized or not, asking or not */
				len = put_frame(b, SZ_LT_DATA, (uint8_t)(rnd() % 2), conn, msg, (uint8_t)(1 + rnd() % 8),
					(uint8_t)((rnd() % 2) ? SZ_LINK_REST_DATA : 1 + rnd() % SZ_LINK_REST_DATA));
			} else {
				len = put_frame(b, (uint8_t)(rnd() % 7), (uint8_t)(rnd() % 2), conn, msg, (uint8_t)(rnd() % 8), plen);
			}
			if (rnd() % 8 == 0)
				b[rnd() % len] ^= (uint8_t)(1 << (rnd() % 8));
		}
		sz_link_receive(&l, b, len, now);
		if (rnd() % 2)
			sz_link_transmitted(&l, now);
		if (rnd() % 3 == 0)
			sz_link_tick(&l, now);
		if (rnd() % (SZ_LINK_READY_ONLY ? 3 : 50) == 0) /* READY-only: grants often enough to meet every path */
			sz_link_ready(&l, now);
	}
	for (i = 0; i < 16; i++)
		if (buf[i] != 0xA5 || buf[sizeof buf - 1 - i] != 0xA5)
			canaries = 0;
	check(canaries, "20,000 hostile frames: nothing written outside the 100-byte buffer");
#if SZ_LINK_STATS
	snprintf(what, sizeof what, "and they met the receiver's paths: %u messages in, %u too long, %u bad CRC, %u NACKs",
		l.stats[SZ_LS_MESSAGES_IN], l.stats[SZ_LS_TOO_LONG], l.stats[SZ_LS_BAD_CRC], l.stats[SZ_LS_NACKS_OUT]);
	printf("%s\n", what);
	check(l.stats[SZ_LS_MESSAGES_IN] > 0 && l.stats[SZ_LS_TOO_LONG] > 0 && l.stats[SZ_LS_BAD_CRC] > 0
		&& l.stats[SZ_LS_NACKS_OUT] > 0 && l.stats[SZ_LS_STALE_CONN] > 0, what);
#else
	(void)what;
#endif
}

#if SZ_LINK_READY_ONLY
/* One line command; its reply in out. */
static const char *line_run(const char *cmd)
{
	static char out[4096];
	sz_link_line(cmd, out, sizeof out);
	return out;
}

/* A gateway frame (to this device) as the line's hex. */
static const char *gateway_frame(uint8_t type, uint8_t flags, uint8_t conn, uint8_t msg, uint8_t index,
				 const uint8_t *payload, uint8_t plen)
{
	static char hexed[2 * SZ_LINK_FRAME_SIZE + 1];
	uint8_t b[SZ_LINK_FRAME_SIZE], n, k;
	memcpy(b + SZ_LF_HEADER, payload, plen);
	n = encode_frame(b, SZ_LINK_ADDRESS, SZ_LINK_GATEWAY, type, flags, conn, msg, index, plen);
	for (k = 0; k < n; k++)
		sprintf(hexed + 2 * k, "%02x", b[k]);
	return hexed;
}

/* A one-frame message m on conn: "DATA frame 0, L = 3, 'abc'" as a line command at t. */
static const char *one_frame_message_on(uint8_t conn, uint8_t m, unsigned t)
{
	static char cmd[128];
	static const uint8_t p[5] = {0x00, 0x03, 'a', 'b', 'c'};
	snprintf(cmd, sizeof cmd, "rx %u %s", t, gateway_frame(SZ_LT_DATA, SZ_LINK_ACK_REQ, conn, m, 0, p, 5));
	return cmd;
}

/* The same on conn 9. */
static const char *one_frame_message(uint8_t m, unsigned t)
{
	return one_frame_message_on(9, m, t);
}

static void ready_only(void)
{
	const char *r;
	char cmd[128];
	line_run("init 64");
	line_run("start 0");
	r = line_run("tick 0");
	/* READY-SLEEP (type 6, ACK_REQ: 0x61) announces the capability in its kind byte's bit 7 */
	check(strstr(r, "tx 0001610000") != NULL && strstr(r, "0040") != NULL && strstr(r, "0040" "81") != NULL,
	      "READY-ONLY: READY-SLEEP says capacity 64, kind 1 | 0x80");
	line_run("done 1");
	snprintf(cmd, sizeof cmd, "rx 2 %s", gateway_frame(SZ_LT_NEWCONNECTION, SZ_LINK_ACK_REQ, 9, 0, 0, (const uint8_t *)"", 0));
	r = line_run(cmd);
	check(strstr(r, "opened 9") != NULL, "READY-ONLY: NEWCONNECTION opens conn 9");
	line_run("done 3");
	r = line_run(one_frame_message(0, 4));
	check(strstr(r, "received") == NULL && strstr(r, "tx ") == NULL,
	      "READY-ONLY: message 0 before the device's READY (the NEWCONNECTION's ACK is no grant): refused, unanswered");
	r = line_run("tick 1000");
	check(strstr(r, "tx ") == NULL, "READY-ONLY: no READY of the link's own after opening (it would be a grant)");
	r = line_run("ready 1001");
	check(strstr(r, "tx 0001510900") != NULL, "READY-ONLY: the program's READY(9, 0) goes out");
	line_run("done 1002");
	r = line_run(one_frame_message(0, 1003));
	check(strstr(r, "received 9 616263") != NULL, "READY-ONLY: message 0 after READY 0: taken");
	line_run("done 1004");
	r = line_run(one_frame_message(1, 1005));
	check(strstr(r, "received") == NULL, "READY-ONLY: message 1 with no READY since message 0: refused");
	r = line_run("send 1006 414243");
	check(strstr(r, "send 1") != NULL, "READY-ONLY: the device sends its answer");
	line_run("done 1007");
	snprintf(cmd, sizeof cmd, "rx 1008 %s", gateway_frame(SZ_LT_ACK, 0, 9, 0, 0, (const uint8_t *)"\x00\x01", 2));
	r = line_run(cmd);
	check(strstr(r, "sent 9") != NULL, "READY-ONLY: its message arrives (ACK COMPLETE)");
	r = line_run(one_frame_message(1, 1009));
	check(strstr(r, "received") == NULL, "READY-ONLY: message 1 after the device's own message (no implicit READY): refused");
	line_run("ready 1010");
	line_run("done 1011");
	r = line_run(one_frame_message(1, 1012));
	check(strstr(r, "received 9 616263") != NULL, "READY-ONLY: message 1 after READY 1: taken");
	/* granted into a place (sz_link_ready_into: where the device's program reads next) */
	line_run("done 1013");
	line_run("readyat 1014 40 2");
	line_run("done 1015");
	r = line_run(one_frame_message(2, 1016));
	check(strstr(r, "received") == NULL && strstr(r, "tx 0001100902000002") != NULL,
	      "READY-ONLY: a 3-byte message granted 2 bytes of room: refused, ACK REFUSED_TOO_LONG");
	line_run("done 1017");
	snprintf(cmd, sizeof cmd, "rx 1018 %s", gateway_frame(SZ_LT_NEWCONNECTION, SZ_LINK_ACK_REQ, 10, 0, 0, (const uint8_t *)"", 0));
	line_run(cmd);
	line_run("done 1019");
	line_run("readyat 1020 40 3");
	line_run("done 1021");
	r = line_run(one_frame_message_on(10, 0, 1022));
	check(strstr(r, "received 10 616263 at 40\n") != NULL, "READY-ONLY: a 3-byte message granted 3 bytes at offset 40: taken there");
	/* another client waits (LINK.md §5): the ACK of READY says PENDING; an idle grant is said again each poll */
	line_run("done 1023");
	r = line_run("waiting 1024");
	check(strstr(r, "waiting 0") != NULL, "READY-ONLY: nobody said to wait yet");
	r = line_run("ready 1025");
	check(strstr(r, "tx 0001510a01") != NULL, "READY-ONLY: READY(10, 1) goes out");
	line_run("done 1026");
	snprintf(cmd, sizeof cmd, "rx 1027 %s", gateway_frame(SZ_LT_ACK, 0, 10, 1, 0, (const uint8_t *)"\x05\x04", 2));
	line_run(cmd);
	r = line_run("waiting 1028");
	check(strstr(r, "waiting 1") != NULL, "READY-ONLY: the ACK of READY said PENDING: another client waits");
	r = line_run("tick 2026");
	check(strstr(r, "tx ") == NULL, "READY-ONLY: no READY again before a poll has passed");
	r = line_run("tick 2027");
	check(strstr(r, "tx 0001510a01") != NULL, "READY-ONLY: the unused grant said again a poll after its ACK");
	line_run("done 2028");
	snprintf(cmd, sizeof cmd, "rx 2029 %s", gateway_frame(SZ_LT_ACK, 0, 10, 1, 0, (const uint8_t *)"\x05\x00", 2));
	line_run(cmd);
	r = line_run(one_frame_message_on(10, 1, 2030));
	check(strstr(r, "received 10 616263 at 40\n") != NULL, "READY-ONLY: the granted message comes");
	line_run("done 2031");
	r = line_run("tick 4000");
	check(strstr(r, "tx ") == NULL, "READY-ONLY: a used grant is not said again");
	r = line_run("waiting 4001");
	check(strstr(r, "waiting 1") != NULL, "READY-ONLY: still said for this connection");
	snprintf(cmd, sizeof cmd, "rx 4002 %s", gateway_frame(SZ_LT_DISCONNECT, SZ_LINK_ACK_REQ, 10, 0, 0, (const uint8_t *)"", 0));
	line_run(cmd);
	r = line_run("waiting 4003");
	check(strstr(r, "waiting 0") != NULL, "READY-ONLY: the connection closed: nobody waits behind it");
}
#endif

#if SZ_LINK_TEMPLATES
/* DATA-TEMPLATE (LINK.md §9.5): the capabilities after the name in READY-SLEEP, a compressed
   message delivered as one (not as DATA), one message all of one type, and the device's own
   compressed message sent as type 7 (the CC1000's frames: 19 data bytes in frame 0). */
static void templates(void)
{
	const char *r;
	char cmd[160];
	uint8_t p[21];
	line_run("init 64");
	line_run("start 0");
	r = line_run("tick 0");
	check(strstr(r, "746865726d6f73746174" "00" "02deadbeef") != NULL,
	      "TEMPLATES: READY-SLEEP has the name (10 bytes at F = 29), a 0 byte and the capabilities");
	line_run("done 1");
	snprintf(cmd, sizeof cmd, "rx 2 %s", gateway_frame(SZ_LT_NEWCONNECTION, SZ_LINK_ACK_REQ, 9, 0, 0, (const uint8_t *)"", 0));
	line_run(cmd);
	line_run("done 3");
	line_run("ready 4");
	line_run("done 5");
	snprintf(cmd, sizeof cmd, "rx 6 %s", gateway_frame(SZ_LT_DATA_TEMPLATE, SZ_LINK_ACK_REQ, 9, 0, 0, (const uint8_t *)"\x00\x03" "abc", 5));
	r = line_run(cmd);
	check(strstr(r, "template 9 616263\n") != NULL && strstr(r, "received") == NULL,
	      "TEMPLATES: a one-frame DATA-TEMPLATE message is delivered as compressed");
	line_run("done 7");
	line_run("ready 8");
	line_run("done 9");
	/* message 1, 30 bytes: frame 0 as DATA-TEMPLATE, its frame 1 as DATA (dropped), then as DATA-TEMPLATE */
	p[0] = 0;
	p[1] = 30;
	memset(p + 2, 'x', 19);
	snprintf(cmd, sizeof cmd, "rx 10 %s", gateway_frame(SZ_LT_DATA_TEMPLATE, SZ_LINK_ACK_REQ, 9, 1, 0, p, 21));
	r = line_run(cmd);
	check(strstr(r, "template") == NULL && strstr(r, "tx ") != NULL, "TEMPLATES: frame 0 of a longer compressed message: ACKed");
	line_run("done 11");
	memset(p, 'y', 11);
	snprintf(cmd, sizeof cmd, "rx 12 %s", gateway_frame(SZ_LT_DATA, SZ_LINK_ACK_REQ, 9, 1, 1, p, 11));
	r = line_run(cmd);
	check(strstr(r, "template") == NULL && strstr(r, "received") == NULL && strstr(r, "tx ") == NULL,
	      "TEMPLATES: a DATA frame of a DATA-TEMPLATE message: dropped (bad_type), unanswered");
	snprintf(cmd, sizeof cmd, "rx 13 %s", gateway_frame(SZ_LT_DATA_TEMPLATE, SZ_LINK_ACK_REQ, 9, 1, 1, p, 11));
	r = line_run(cmd);
	check(strstr(r, "template 9 " "78787878787878787878787878787878787878" "7979797979797979797979\n") != NULL,
	      "TEMPLATES: the same frame as DATA-TEMPLATE completes it: delivered whole, as compressed");
	line_run("done 14");
	r = line_run("sendt 15 414243");
	check(strstr(r, "send 1") != NULL && strstr(r, "tx 0001710900") != NULL,
	      "TEMPLATES: the device's compressed message goes as type 7 (0x71: DATA-TEMPLATE, ACK_REQ)");
	line_run("done 16");
	snprintf(cmd, sizeof cmd, "rx 17 %s", gateway_frame(SZ_LT_ACK, 0, 9, 0, 0, (const uint8_t *)"\x00\x01", 2));
	r = line_run(cmd);
	check(strstr(r, "sent 9") != NULL, "TEMPLATES: its ACK COMPLETE (naming DATA, as for DATA: LINK.md §9.5) ends it");
	r = line_run("send 18 444546");
	check(strstr(r, "tx 0001010901") != NULL, "TEMPLATES: the next plain message goes as DATA (type 0) again");
}
#endif

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "link/tests/vectors";
	printf("link, F = %d: struct sz_link is %u bytes on this host (counters %s)\n", SZ_LINK_FRAME_SIZE,
		(unsigned)sizeof(struct sz_link), SZ_LINK_STATS ? "in" : "out");
	crc_vectors();
	frame_vectors(dir);
#if SZ_LINK_READY_ONLY
	ready_only(); /* the transcripts are the Java device's, which grants on opening */
#if SZ_LINK_TEMPLATES
	templates();
#endif
#else
	transcript(dir, "traffic");
	transcript(dir, "faults");
#endif
	hostile_frames();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
