/*
 * Mote firmware (ATmega128 in simavr, MSP430F1611 in mspdebug's simulator) for the C server's
 * keys (sizzle-keys-mote-test, keys_mote.mk): for each of the build's two cases in keys_kat.h
 * (cut by keys_kat.py from the Java-written protection-vectors.txt) the master secret from the
 * premaster, both directions keyed from it, the server's first four records sealed and the
 * client's opened (the fourth 100 bytes), byte-equal to the Java's; then the fourth client
 * record with its last MAC/tag byte flipped must fail, wiped, in exactly the cycles of the good
 * open. Prints the cycles, the state sizes and the stack, and "N passed, N failed".
 */
#include "mote.h"
#include "sz_profile.h"
#include "sz_alert.h"
#include "sz_record_layer.h"
#include "sz_record_protection.h"
#include "sz_session_cache.h"
#include "keys_kat.h"

static uint16_t at;
static uint8_t buf[160], plain[128], frag[160];
static uint8_t pms[48], cr[32], sr[32], master[48], want[48];
static sz_protection rd, wr;
static uint32_t overhead;
static uint8_t cfrag[3][64], ctype[3];
static uint16_t clen[3];

static uint8_t get8(void)
{
	uint8_t b;
	mote_flash_copy(&b, keys_kat + at, 1);
	at++;
	return b;
}

/* An item's tag, then (bytes) its length and bytes into out. */
static uint16_t get_bytes(uint8_t tag, uint8_t *out)
{
	uint16_t n;
	mote_check(get8() == tag, "kat tag");
	n = get8();
	n |= (uint16_t)get8() << 8;
	mote_flash_copy(out, keys_kat + at, n);
	at += n;
	return n;
}

static void put(const char *name, uint32_t v)
{
	mote_puts(" ");
	mote_puts(name);
	mote_puts("=");
	mote_put_u32(v);
}

static uint32_t since(uint32_t t0)
{
	return mote_cycles() - t0 - overhead;
}

/* rd's open of buf[0 .. n), timed: the good and the forged record through the same call. */
static __attribute__((noinline)) uint16_t timed_open(uint8_t type, uint16_t version, uint16_t n, size_t *out,
                                                      uint32_t *cycles)
{
	uint32_t t0 = mote_cycles();
	uint16_t verdict = sz_protection_open(&rd, type, version, buf, n, out);
	*cycles = since(t0);
	return verdict;
}

static void run_case(void)
{
	uint16_t version, suite, pms_len, n, len, i;
	uint32_t t0, c_master, c_derive, c_seal = 0, c_open = 0, c_bad;
	size_t out = 0;
	uint8_t type, after, ok, tag;
	mote_check(get8() == 'C', "case");
	version = (uint16_t)get8() << 8;
	version |= get8();
	suite = (uint16_t)get8() << 8;
	suite |= get8();
	pms_len = get_bytes('P', pms);
	get_bytes('c', cr);
	get_bytes('s', sr);
	get_bytes('M', want);

	t0 = mote_cycles();
	sz_master_secret(version, pms, pms_len, cr, sr, NULL, master);
	c_master = since(t0);
	mote_check(memcmp(master, want, 48) == 0, "master");
	t0 = mote_cycles();
	sz_protection_derive(&rd, &wr, version, suite, master, NULL, cr, sr);
	c_derive = since(t0);

	for (i = 0; i < 4; i++) { /* the server's records */
		mote_check(get8() == 'S', "S");
		type = get8();
		len = get_bytes('p', buf + SZ_PROTECTION_PREFIX);
		n = get_bytes('f', frag);
		t0 = mote_cycles();
		out = sz_protection_seal(&wr, type, version, buf, len);
		c_seal = since(t0);
		mote_check(out == n && memcmp(buf, frag, n) == 0, "seal");
	}
	for (i = 0; i < 4; i++) { /* the client's */
		mote_check(get8() == 'O', "O");
		type = get8();
		len = get_bytes('p', plain);
		n = get_bytes('f', buf);
		if (i < 3) { /* kept for the failing open below */
			memcpy(cfrag[i], buf, n);
			clen[i] = n;
			ctype[i] = type;
		}
		ok = timed_open(type, version, n, &out, &c_open) == SZ_VERDICT_NONE;
		mote_check(ok && out == len && memcmp(buf + SZ_PROTECTION_PREFIX, plain, len) == 0, "open");
	}
	/* the failing open: fresh keys, the same three records first */
	mote_check(get8() == 'F', "F");
	type = get8();
	after = get8();
	n = get_bytes('f', frag);
	sz_protection_clear(&rd);
	sz_protection_clear(&wr);
	sz_protection_derive(&rd, &wr, version, suite, master, NULL, cr, sr);
	for (i = 0; i < after && i < 3; i++) {
		memcpy(buf, cfrag[i], clen[i]);
		mote_check(sz_protection_open(&rd, ctype[i], version, buf, clen[i], &out) == SZ_VERDICT_NONE, "the records before");
	}
#if SZ_LEGACY
	tag = rd.mac_len;
#else
	tag = rd.tag_len;
#endif
	memcpy(buf, frag, n);
	ok = timed_open(type, version, n, &out, &c_bad) == SZ_BAD_RECORD_MAC;
	mote_check(ok && out == 0, "forged record refused");
	for (ok = 0, i = SZ_PROTECTION_PREFIX; i < n - tag; i++) {
		ok |= buf[i];
	}
	mote_check(ok == 0, "forged record wiped");
	mote_check(c_bad == c_open, "a wrong MAC costs what a right one does");
	sz_protection_clear(&rd);
	sz_protection_clear(&wr);

	mote_puts("keys");
	put("version", version);
	put("suite", suite);
	put("master_cycles", c_master);
	put("derive_cycles", c_derive);
	put("seal100_cycles", c_seal);
	put("open100_cycles", c_open);
	put("open100_bad_cycles", c_bad);
	mote_puts("\n");
}

int main(void)
{
	uint8_t k;
	uint16_t stack;
	mote_init();
	overhead = mote_cycles();
	overhead = mote_cycles() - overhead;
	mote_stack_paint();
	for (k = 0; k < KEYS_KAT_CASES; k++) {
		run_case();
	}
	stack = mote_stack_peak();
	mote_check(get8() == 'E', "end of the kat");
	mote_puts("keys profile=" SZ_PROFILE_NAME);
	put("sizeof_protection", sizeof(sz_protection));
	put("sizeof_handshake_hash", sizeof(sz_handshake_hash));
	put("sizeof_session_cache", sizeof(sz_session_cache));
	put("stack", stack);
	mote_puts("\n");
	mote_check_end();
}
