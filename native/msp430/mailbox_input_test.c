/*
 * Bridge self-test for the input path (msp430/mspsim_run.py --input FILE): the input is a
 * 16-bit little-endian length N, then N bytes with byte i = (7 i + 3) mod 256, then the end;
 * the firmware reads it in odd-sized pieces and checks every byte, so a dropped, doubled or
 * reordered byte fails, and so does input that does not end where it should.
 */
#include "mailbox.h"
#include "mote.h"

static uint8_t buf[37];

int main(void)
{
	uint16_t n = 0, got = 0, bad = 0, have = 0, i;
	uint8_t want = 3, header = 0;
	mote_init();
	for (;;) {
		uint16_t len = mote_read(buf, sizeof buf);
		if (len == 0)
			break;
		for (i = 0; i < len; i++) {
			if (header < 2) {
				n |= (uint16_t)buf[i] << (8 * header++);
				continue;
			}
			if (buf[i] != want)
				bad++;
			want += 7;
			got++;
		}
		have = 1;
	}
	if (!have || got != n)
		bad++;
	mote_puts("check mailbox_input bytes=");
	mote_put_u32(got);
	mote_puts(bad ? " ok=0\n0 passed, 1 failed\n" : " ok=1\n1 passed, 0 failed\n");
	mote_exit(bad ? 1 : 0);
}
