/* The device end on a simulated mote (make -C native link-mote-test): the Java device's
 * transcripts (vectors/, as gen_mote_replay.py wrote them into replay.h) replayed command by
 * command by the C end built with the mote's compiler for the mote's CPU (8-bit AVR, 16-bit
 * MSP430: 16-bit int, another alignment), every reply compared byte for byte as
 * test_link.c does on the host. Then the cycles of the whole replay and of the costliest
 * sz_link_receive (its hooks included: they copy a delivered message into the log), from the
 * simulator's exact counter. "N passed, N failed" on the console. */
#include "mote.h"
#include "ks_config.h"
#include "sz_link.h"
#include "replay.h"

#ifdef __AVR__
#define RD(p) pgm_read_byte(p)
#else
#define RD(p) (*(p))
#endif

const uint8_t sz_link_name[] KS_FLASH = "thermostat";
const uint8_t sz_link_name_length KS_FLASH = 10;

static struct sz_link link;
static uint8_t rx_buf[REPLAY_CAPACITY], tx_buf[REPLAY_MESSAGE], frame[SZ_LINK_FRAME_SIZE + 2];
static uint8_t out[REPLAY_REPLY + 16], want[REPLAY_REPLY + 16];
static uint16_t out_n;

static void emit(uint8_t b)
{
	if (out_n < sizeof out)
		out[out_n] = b;
	out_n++; /* an overflow shows as a length that cannot match */
}

static void emit_u16(uint16_t v)
{
	emit((uint8_t)(v >> 8));
	emit((uint8_t)v);
}

void sz_link_radio_transmit(struct sz_link *l, const uint8_t *f, uint8_t len)
{
	uint8_t i;
	(void)l;
	emit('T');
	emit(len);
	for (i = 0; i < len; i++)
		emit(f[i]);
}

void sz_link_on_opened(struct sz_link *l, uint8_t conn)
{
	(void)l;
	emit('O');
	emit(conn);
}

void sz_link_on_received(struct sz_link *l, uint8_t conn, uint16_t len)
{
	uint16_t i;
	emit('R');
	emit(conn);
	emit_u16(len);
	for (i = 0; i < len; i++)
		emit(l->rx.buf[i]);
}

void sz_link_on_sent(struct sz_link *l, uint8_t conn)
{
	(void)l;
	emit('S');
	emit(conn);
}

void sz_link_on_closed(struct sz_link *l, uint8_t conn, uint8_t reason)
{
	(void)l;
	emit('C');
	emit(conn);
	emit(reason);
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)RD(p) << 24 | (uint32_t)RD(p + 1) << 16 | (uint32_t)RD(p + 2) << 8 | RD(p + 3);
}

static uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(RD(p) << 8 | RD(p + 1));
}

static uint32_t costliest;

/* Runs one file's commands; returns how many replies differed. */
static uint16_t replay(const uint8_t *p, uint16_t *commands)
{
	uint16_t bad = 0, n, i;
	uint8_t op, k;
	uint32_t t, d, c0;
	while ((op = RD(p)) != 0) {
		t = rd32(p + 1);
		p += 5;
		n = 0;
		if (op == 3 || op == 6) {
			n = rd16(p);
			p += 2;
		}
		out_n = 0;
		switch (op) {
		case 1:
			sz_link_init(&link, rx_buf, (uint16_t)t);
			break;
		case 2:
			sz_link_start(&link, t);
			break;
		case 3:
			for (i = 0; i < n && i < sizeof frame; i++)
				frame[i] = RD(p + i);
			c0 = mote_cycles();
			sz_link_receive(&link, frame, (uint8_t)n, t);
			c0 = mote_cycles() - c0;
			if (c0 > costliest)
				costliest = c0;
			break;
		case 4:
			sz_link_transmitted(&link, t);
			break;
		case 5:
			sz_link_tick(&link, t);
			break;
		case 6:
			if (!sz_link_can_send(&link)) {
				emit('A');
				emit(0);
			} else {
				for (i = 0; i < n; i++)
					tx_buf[i] = RD(p + i);
				k = sz_link_send(&link, tx_buf, n, t);
				/* after the frames the send put on the air, as the Java reply has it */
				emit('A');
				emit(k);
			}
			break;
		case 7:
			sz_link_ready(&link, t);
			break;
		case 8:
			sz_link_close(&link, t);
			break;
		case 9:
			emit('Z');
			for (k = 1; k < SZ_LS_COUNTERS; k++)
				if (link.stats[k]) {
					emit(k);
					emit_u16(link.stats[k]);
				}
			emit(0);
			break;
		}
		p += n;
		if (op == 1 || op == 9)
			t = 0;
		d = sz_link_next_deadline(&link, t);
		emit('E');
		emit(sz_link_radio_on(&link));
		emit((uint8_t)(d >> 24));
		emit((uint8_t)(d >> 16));
		emit((uint8_t)(d >> 8));
		emit((uint8_t)d);
		n = rd16(p);
		p += 2;
		for (i = 0; i < n && i < sizeof want; i++)
			want[i] = RD(p + i);
		if (n != out_n || memcmp(want, out, n) != 0) {
			if (!bad) {
				mote_puts("first difference at command ");
				mote_put_u32(*commands + 1);
				mote_puts(": Java ");
				mote_put_hex(want, n < 64 ? n : 64);
				mote_puts(" C ");
				mote_put_hex(out, out_n < 64 ? out_n : 64);
				mote_puts("\n");
			}
			bad++;
		}
		p += n;
		(*commands)++;
	}
	return bad;
}

int main(void)
{
	uint8_t f;
	uint16_t commands, bad;
	uint32_t c0;
	mote_init();
	for (f = 0; f < REPLAY_FILES; f++) {
		commands = 0;
		costliest = 0;
		c0 = mote_cycles();
		bad = replay(replay_data[f], &commands);
		c0 = mote_cycles() - c0;
		mote_puts(replay_name[f]);
		mote_puts(": ");
		mote_put_u32(commands);
		mote_puts(" commands, ");
		mote_put_u32(bad);
		mote_puts(" replies differ; ");
		mote_put_u32(c0);
		mote_puts(" cycles in all; the costliest frame taken ");
		mote_put_u32(costliest);
		mote_puts(" cycles (with the test's hooks, which log a delivered message)\n");
		mote_check(commands > 10 && bad == 0, replay_name[f]);
	}
	mote_puts("link RAM: struct sz_link ");
	mote_put_u32(sizeof link);
	mote_puts(" B with counters\n");
	mote_check_end();
}
