/* The template codec on a simulated mote (make -C native template-mote-test): the legacy
 * ECDH-ECDSA-RC4-SHA handshakes (TLS 1.0, SSL 3.0) and the modern ECDHE-ECDSA-AES128-GCM one
 * (TLS 1.2), full and abbreviated, as a C mote meets them (gen_template_mote.py): each of its own server messages compressed (cursor carried), then
 * recreated in place and compared; each of the gateway's messages, as the Java suppressor wrote
 * it, recreated in place and compared. The book is in flash, read through the two hooks as a
 * firmware's would be. Prints each message's cycles from the simulator's exact counter (the
 * call of mote_cycles subtracted); each compression must stay under TPL_BUDGET cycles.
 * "N passed, N failed" on the console. */
#include "mote.h"
#include "sz_template.h"
#include "template_mote.h"

#ifdef __AVR__
#define RD8(p) pgm_read_byte(p)
#define RD16(p) pgm_read_word(p)
#define RDPTR(p) ((const uint8_t *)pgm_read_word(p))
#else
#define RD8(p) (*(p))
#define RD16(p) (*(p))
#define RDPTR(p) (*(p))
#endif

/* The most cycles one message's compression may take (the ATmega128's and the MSP430's): the
 * costliest is the modern ServerKeyExchange's piece, 172 k on the ATmega128 (its point and
 * signature, ~140 literal bytes, each looked up and a template's whole scan every 48); the
 * legacy ones stay under 64 k. */
#ifndef TPL_BUDGET
#define TPL_BUDGET 200000UL
#endif

static uint8_t cert; /* which transcript's Certificate message is template 0 */

uint16_t sz_template_length(uint8_t id)
{
	if (id == 0)
		return RD16(&cert_len[cert]);
	return id < 32 ? RD16(&tpl_len[id]) : 0;
}

uint8_t sz_template_byte(uint8_t id, uint16_t pos)
{
	return RD8((id == 0 ? RDPTR(&cert_at[cert]) : RDPTR(&tpl_at[id])) + pos);
}

static uint8_t msg[TPL_PIECE + 8], z[TPL_PIECE + 8], room[2 * TPL_PIECE + 16];

int main(void)
{
	sz_template_cursor sup, rec, gw;
	uint32_t c0, overhead, ccomp, crec, most = 0;
	uint16_t i, n, zn, got;
	uint8_t e, ok;
	const struct tpl_msg *t;
	mote_init();
	c0 = mote_cycles();
	overhead = mote_cycles() - c0;
	for (i = 0; i < TPL_MSGS; i++) {
		t = &tpl_msgs[i];
		if (t->first) {
			sz_template_cursor_reset(&sup);
			sz_template_cursor_reset(&rec);
			sz_template_cursor_reset(&gw);
		}
		cert = t->cert;
		mote_flash_copy(msg, t->m, t->n);
		n = t->n;
		mote_puts(t->what);
		if (t->side == 'S') {
			c0 = mote_cycles();
			zn = sz_template_compress(&sup, msg, n, z, sizeof z);
			ccomp = mote_cycles() - c0 - overhead;
			mote_puts(", the mote's message: ");
			mote_put_u32(n);
			mote_puts(" -> ");
			mote_put_u32(zn ? zn : n);
			mote_puts(" bytes; compressed in ");
			mote_put_u32(ccomp);
			mote_puts(" cycles");
			if (ccomp > most)
				most = ccomp;
			ok = ccomp <= TPL_BUDGET;
			if (zn) {
				memcpy(room, z, zn);
				c0 = mote_cycles();
				e = sz_template_recreate(&rec, room, (uint16_t)sizeof room, zn, &got);
				crec = mote_cycles() - c0 - overhead;
				mote_puts(", recreated in ");
				mote_put_u32(crec);
				ok = ok && e == SZ_TE_OK && got == n && !memcmp(room, msg, n) && rec.t == sup.t && rec.pos == sup.pos;
			}
		} else {
			zn = t->zn;
			mote_flash_copy(room, t->z, zn);
			c0 = mote_cycles();
			e = sz_template_recreate(&gw, room, (uint16_t)sizeof room, zn, &got);
			crec = mote_cycles() - c0 - overhead;
			mote_puts(", the gateway's message: ");
			mote_put_u32(zn);
			mote_puts(" -> ");
			mote_put_u32(n);
			mote_puts(" bytes; recreated in ");
			mote_put_u32(crec);
			ok = e == SZ_TE_OK && got == n && !memcmp(room, msg, n);
		}
		mote_puts("\n");
		mote_check(ok, t->what);
	}
	mote_puts("the costliest compression: ");
	mote_put_u32(most);
	mote_puts(" cycles\n");
	mote_check_end();
}
