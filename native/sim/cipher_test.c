/*
 * Mote test firmware for the cipher primitives (native/prim/): RC4, AES-128 (the S-box-table
 * build, KS_AES_TABLES 1, with the expanded key or the key schedule run per block), GCM with
 * the bytewise GHASH, CCM/CCM_8 and the AEAD interface, in simavr (ATmega128) and mspdebug's
 * simulator (MSP430F1611).
 *
 * Known answers first (GHASH's multiplication against a plain Algorithm 1 on 40 inputs; FIPS 197 C.1; the GCM specification's test case 4; SP 800-38C example 3,
 * a CCM_8 with a 12-byte nonce as TLS uses; RFC 3610 packet vector #1; RFC 6229's 40-bit key
 * at offsets 0 and 240), then each operation timed with the simulator's exact cycle counter
 * (and its peak stack) for three keys and data (all zeros, all ones, mixed): key schedule, one
 * AES block, one 16-byte block of GCM and of CCM inside a record, a whole 64-byte TLS-shaped
 * record sealed and opened (the open runs alternate genuine and forged records: the tag
 * check and the wipe of a forgery cost the same), RC4's key schedule and 256 bytes of RC4.
 * Every run of an operation must take the same cycles (required for all but RC4, whose state
 * indices are secret by design: reported, not required). Lines as ec_test.c's, read by
 * bench/mote_report.py; "curve" names the operation and "weight" the bytes processed.
 */
#include "ks_aead.h"
#include "ks_ghash.h"
#include "ks_rc4.h"
#include "mote.h"

#define RUNS 3

static uint16_t passed, failed;
static uint32_t call_cost, t0, t1;

static ks_aead aead;
static ks_rc4 rc4;
static uint8_t key[16], nonce[12], aad[13], buf[256], copy[64], tag[16];
static int rc;

static void count(uint8_t ok)
{
	if (ok)
		passed++;
	else
		failed++;
}

/* ---- known answers ---- */

static const uint8_t kat_aes_key[16] MOTE_FLASH = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
static const uint8_t kat_aes_pt[16] MOTE_FLASH = {
	0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
static const uint8_t kat_aes_ct[16] MOTE_FLASH = {
	0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30, 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};

/* GCM test case 4 */
static const uint8_t kat_gcm_key[16] MOTE_FLASH = {
	0xfe, 0xff, 0xe9, 0x92, 0x86, 0x65, 0x73, 0x1c, 0x6d, 0x6a, 0x8f, 0x94, 0x67, 0x30, 0x83, 0x08};
static const uint8_t kat_gcm_iv[12] MOTE_FLASH = {
	0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88};
static const uint8_t kat_gcm_aad[20] MOTE_FLASH = {
	0xfe, 0xed, 0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef, 0xfe, 0xed, 0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef,
	0xab, 0xad, 0xda, 0xd2};
static const uint8_t kat_gcm_pt[60] MOTE_FLASH = {
	0xd9, 0x31, 0x32, 0x25, 0xf8, 0x84, 0x06, 0xe5, 0xa5, 0x59, 0x09, 0xc5, 0xaf, 0xf5, 0x26, 0x9a,
	0x86, 0xa7, 0xa9, 0x53, 0x15, 0x34, 0xf7, 0xda, 0x2e, 0x4c, 0x30, 0x3d, 0x8a, 0x31, 0x8a, 0x72,
	0x1c, 0x3c, 0x0c, 0x95, 0x95, 0x68, 0x09, 0x53, 0x2f, 0xcf, 0x0e, 0x24, 0x49, 0xa6, 0xb5, 0x25,
	0xb1, 0x6a, 0xed, 0xf5, 0xaa, 0x0d, 0xe6, 0x57, 0xba, 0x63, 0x7b, 0x39};
static const uint8_t kat_gcm_ct[76] MOTE_FLASH = {
	0x42, 0x83, 0x1e, 0xc2, 0x21, 0x77, 0x74, 0x24, 0x4b, 0x72, 0x21, 0xb7, 0x84, 0xd0, 0xd4, 0x9c,
	0xe3, 0xaa, 0x21, 0x2f, 0x2c, 0x02, 0xa4, 0xe0, 0x35, 0xc1, 0x7e, 0x23, 0x29, 0xac, 0xa1, 0x2e,
	0x21, 0xd5, 0x14, 0xb2, 0x54, 0x66, 0x93, 0x1c, 0x7d, 0x8f, 0x6a, 0x5a, 0xac, 0x84, 0xaa, 0x05,
	0x1b, 0xa3, 0x0b, 0x39, 0x6a, 0x0a, 0xac, 0x97, 0x3d, 0x58, 0xe0, 0x91,
	/* tag */
	0x5b, 0xc9, 0x4f, 0xbc, 0x32, 0x21, 0xa5, 0xdb, 0x94, 0xfa, 0xe9, 0x5a, 0xe7, 0x12, 0x1a, 0x47};

/* SP 800-38C example 3 (K = 40..4f, N = 10..1b, A = 00..13, P = 20..37): ciphertext and tag */
static const uint8_t kat_ccm_ct[32] MOTE_FLASH = {
	0xe3, 0xb2, 0x01, 0xa9, 0xf5, 0xb7, 0x1a, 0x7a, 0x9b, 0x1c, 0xea, 0xec, 0xcd, 0x97, 0xe7, 0x0b,
	0x61, 0x76, 0xaa, 0xd9, 0xa4, 0x42, 0x8a, 0xa5, 0x48, 0x43, 0x92, 0xfb, 0xc1, 0xb0, 0x99, 0x51};

/* RFC 3610 packet vector #1 (K = c0..cf, N = 00000003020100a0a1a2a3a4a5, packet 00..1e with
   8 bytes of header): the encrypted payload and the 8-byte tag */
static const uint8_t kat_ccm_n1[13] MOTE_FLASH = {
	0x00, 0x00, 0x00, 0x03, 0x02, 0x01, 0x00, 0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5};
static const uint8_t kat_ccm_ct1[31] MOTE_FLASH = {
	0x58, 0x8c, 0x97, 0x9a, 0x61, 0xc6, 0x63, 0xd2, 0xf0, 0x66, 0xd0, 0xc2, 0xc0, 0xf9, 0x89, 0x80,
	0x6d, 0x5f, 0x6b, 0x61, 0xda, 0xc3, 0x84, 0x17, 0xe8, 0xd1, 0x2c, 0xfd, 0xf9, 0x26, 0xe0};

/* RFC 6229, key 0102030405: keystream at offsets 0 and 240 */
static const uint8_t kat_rc4_0[16] MOTE_FLASH = {
	0xb2, 0x39, 0x63, 0x05, 0xf0, 0x3d, 0xc0, 0x27, 0xcc, 0xc3, 0x52, 0x4a, 0x0a, 0x11, 0x18, 0xa8};
static const uint8_t kat_rc4_240[16] MOTE_FLASH = {
	0x28, 0xcb, 0x11, 0x32, 0xc9, 0x6c, 0xe2, 0x86, 0x42, 0x1d, 0xca, 0xad, 0xb8, 0xb6, 0x9e, 0xae};

static void check(const char *name, uint8_t ok, const uint8_t *got, uint16_t n)
{
	count(ok);
	mote_puts("check kat name=");
	mote_puts(name);
	mote_puts(ok ? " ok=1\n" : " ok=0\n");
	if (!ok) {
		mote_puts("# got ");
		mote_put_hex(got, n);
		mote_putc('\n');
	}
}

/* bytes first, first + 1, ... */
static void counting(uint8_t *b, uint8_t first, uint8_t n)
{
	while (n--)
		*b++ = first++;
}

/* GHASH's multiplication against SP 800-38D's Algorithm 1 written plainly (branches and all:
   test code), on pseudo-random H and X: the mote's build of ks_ghash (its assembly) against it. */
static void ref_mul(uint8_t x[16], const uint8_t h[16])
{
	uint8_t z[16], v[16], i, j, lsb;
	memset(z, 0, 16);
	memcpy(v, h, 16);
	for (i = 0; i < 128; i++) {
		if (x[i >> 3] & (0x80 >> (i & 7)))
			for (j = 0; j < 16; j++)
				z[j] ^= v[j];
		lsb = v[15] & 1;
		for (j = 15; j > 0; j--)
			v[j] = (uint8_t)((v[j] >> 1) | (v[j - 1] << 7));
		v[0] >>= 1;
		if (lsb)
			v[0] ^= 0xe1;
	}
	memcpy(x, z, 16);
}

static void ghash_against_reference(void)
{
	static ks_ghash g;
	uint8_t h[16], x[16], got[16], i, n, s = 0x5c, ok = 1;
	for (n = 0; n < 40; n++) {
		for (i = 0; i < 16; i++) {
			s = (uint8_t)(s * 37 + 11 + n);
			h[i] = n == 0 ? (i == 15) : s; /* the first H is x^127: every reduction */
			x[i] = n == 1 ? 0xff : (uint8_t)(s ^ (s >> 3));
		}
		ks_ghash_init(&g, h);
		ks_ghash_update(&g, x, 16);
		ks_ghash_final(&g, got);
		ref_mul(x, h);
		ok &= memcmp(got, x, 16) == 0;
	}
	check("ghash_vs_algorithm_1", ok, got, 16);
	ks_ghash_clear(&g);
}

static void known_answers(void)
{
	uint8_t ok, i;
	mote_flash_copy(key, kat_aes_key, 16);
	mote_flash_copy(buf, kat_aes_pt, 16);
	ks_aes128_init(&aead.aes, key);
	ks_aes128_encrypt(&aead.aes, buf, buf);
	check("fips197_c1", mote_flash_cmp(buf, kat_aes_ct, 16) == 0, buf, 16);

	mote_flash_copy(key, kat_gcm_key, 16);
	mote_flash_copy(copy, kat_gcm_iv, 12);
	mote_flash_copy(copy + 12, kat_gcm_aad, 20);
	mote_flash_copy(buf, kat_gcm_pt, 60);
	ks_aead_init(&aead, KS_AEAD_GCM, key);
	rc = ks_aead_seal(&aead, copy, 12, copy + 12, 20, buf, 60, buf + 60, 16);
	check("gcm_test_case_4", rc == KS_CIPHER_OK && mote_flash_cmp(buf, kat_gcm_ct, 76) == 0, buf, 76);
	rc = ks_aead_open(&aead, copy, 12, copy + 12, 20, buf, 60, buf + 60, 16);
	check("gcm_test_case_4_open", rc == KS_CIPHER_OK && mote_flash_cmp(buf, kat_gcm_pt, 60) == 0, buf, 60);

	counting(key, 0x40, 16);
	counting(copy, 0x10, 12);
	counting(copy + 12, 0x00, 20);
	counting(buf, 0x20, 24);
	ks_aead_init(&aead, KS_AEAD_CCM, key);
	rc = ks_aead_seal(&aead, copy, 12, copy + 12, 20, buf, 24, buf + 24, 8);
	check("sp800_38c_example_3", rc == KS_CIPHER_OK && mote_flash_cmp(buf, kat_ccm_ct, 32) == 0, buf, 32);
	mote_flash_copy(tag, kat_ccm_ct + 24, 8);
	tag[7] ^= 0x80;
	rc = ks_aead_open(&aead, copy, 12, copy + 12, 20, buf, 24, tag, 8);
	ok = rc == KS_CIPHER_BAD_TAG;
	for (i = 0; i < 24; i++)
		ok &= buf[i] == 0; /* nothing released */
	check("sp800_38c_example_3_forged", ok, buf, 24);

	counting(key, 0xc0, 16);
	counting(buf, 0x00, 31);
	mote_flash_copy(copy, kat_ccm_n1, 13);
	ks_aead_init(&aead, KS_AEAD_CCM, key);
	rc = ks_aead_seal(&aead, copy, 13, buf, 8, buf + 8, 23, buf + 31, 8);
	check("rfc3610_packet_1", rc == KS_CIPHER_OK && mote_flash_cmp(buf + 8, kat_ccm_ct1, 31) == 0, buf + 8, 31);

	counting(key, 0x01, 5);
	memset(buf, 0, 256);
	ks_rc4_init(&rc4, key, 5);
	ks_rc4_process(&rc4, buf, buf, 256);
	ok = mote_flash_cmp(buf, kat_rc4_0, 16) == 0 && mote_flash_cmp(buf + 240, kat_rc4_240, 16) == 0;
	check("rfc6229_40bit", ok, buf, 16);
}

/* ---- timed operations: the globals above are their inputs ---- */

static void op_aes_init(void) { ks_aes128_init(&aead.aes, key); }
static void op_aes_block(void) { ks_aes128_encrypt(&aead.aes, buf, buf); }
static void op_block(void) { rc = ks_aead_update(&aead, buf, buf, 16); }
static void op_seal(void) { rc = ks_aead_seal(&aead, nonce, 12, aad, 13, buf, 64, tag, aead.tag_len); }
static void op_open(void) { rc = ks_aead_open(&aead, nonce, 12, aad, 13, buf, 64, tag, aead.tag_len); }
static void op_rc4_init(void) { rc = ks_rc4_init(&rc4, key, 16); }
static void op_rc4_256(void) { ks_rc4_process(&rc4, buf, buf, 256); }

/* Each operation timed from this one call site (noinline). */
static __attribute__((noinline)) uint16_t timed(void (*op)(void))
{
	mote_stack_paint();
	t0 = mote_cycles();
	op();
	t1 = mote_cycles();
	t1 = t1 - t0 - call_cost;
	return mote_stack_peak();
}

/* Run r's secret inputs: all zeros, all ones, then mixed bytes. */
static void inputs(uint8_t r)
{
	uint8_t i, x = 0x3b;
	for (i = 0; i < 16; i++) {
		x = (uint8_t)(x * 37 + 11);
		key[i] = r == 0 ? 0 : r == 1 ? 0xff : x;
	}
	for (i = 0; i < 64; i++) {
		x = (uint8_t)(x * 37 + 11);
		buf[i] = r == 0 ? 0 : r == 1 ? 0xff : x;
	}
	for (i = 0; i < 12; i++)
		nonce[i] = (uint8_t)(i + r);
	for (i = 0; i < 13; i++)
		aad[i] = (uint8_t)(3 * i + r);
}

/* Starts a 64-byte record in mode and feeds its AAD and first block: the next update is a
   block in the middle of a record. */
static void record_started(uint8_t mode)
{
	ks_aead_init(&aead, mode, key);
	ks_aead_start(&aead, 1, nonce, 12, 13, 64, mode == KS_AEAD_GCM ? 16 : 8);
	ks_aead_aad(&aead, aad, 13);
	ks_aead_update(&aead, buf, buf, 16);
}

typedef struct {
	const char *name;
	uint8_t mode, equal_required;
	uint16_t bytes;
} operation;

enum { AES_INIT, AES_BLOCK, GCM_BLOCK, GCM_SEAL, GCM_OPEN, CCM_BLOCK, CCM_SEAL, CCM_OPEN, RC4_INIT, RC4_256, OPS };

static const operation ops[OPS] = {
	{"aes128_key_schedule", 0, 1, 16},  {"aes128_block", 0, 1, 16},
	{"gcm_block", KS_AEAD_GCM, 1, 16},   {"gcm_seal_record64", KS_AEAD_GCM, 1, 64},
	{"gcm_open_record64", KS_AEAD_GCM, 1, 64}, {"ccm_block", KS_AEAD_CCM, 1, 16},
	{"ccm8_seal_record64", KS_AEAD_CCM, 1, 64}, {"ccm8_open_record64", KS_AEAD_CCM, 1, 64},
	{"rc4_key_schedule", 0, 0, 16},      {"rc4_256_bytes", 0, 0, 256},
};

static void run(uint8_t o)
{
	uint32_t first = 0;
	uint8_t r, equal = 1, ok;
	uint16_t stack;
	for (r = 0; r < RUNS; r++) {
		inputs(r);
		rc = KS_CIPHER_OK;
		ok = 1;
		switch (o) {
		case AES_INIT:
			stack = timed(op_aes_init);
			break;
		case AES_BLOCK:
			ks_aes128_init(&aead.aes, key);
			stack = timed(op_aes_block);
			break;
		case GCM_BLOCK:
		case CCM_BLOCK:
			record_started(ops[o].mode);
			stack = timed(op_block);
			break;
		case GCM_SEAL:
		case CCM_SEAL:
			ks_aead_init(&aead, ops[o].mode, key);
			aead.tag_len = ops[o].mode == KS_AEAD_GCM ? 16 : 8;
			memcpy(copy, buf, 64);
			stack = timed(op_seal);
			/* and it opens again */
			ok = rc == KS_CIPHER_OK && ks_aead_open(&aead, nonce, 12, aad, 13, buf, 64, tag, aead.tag_len) == KS_CIPHER_OK
			     && memcmp(buf, copy, 64) == 0;
			break;
		case RC4_INIT:
			stack = timed(op_rc4_init);
			break;
		case RC4_256:
			ks_rc4_init(&rc4, key, 16);
			stack = timed(op_rc4_256);
			break;
		default: /* GCM_OPEN, CCM_OPEN: runs 0 and 2 genuine, run 1 forged */
			ks_aead_init(&aead, ops[o].mode, key);
			aead.tag_len = ops[o].mode == KS_AEAD_GCM ? 16 : 8;
			ks_aead_seal(&aead, nonce, 12, aad, 13, buf, 64, tag, aead.tag_len);
			tag[3] ^= (uint8_t)(r == 1);
			stack = timed(op_open);
			ok = rc == (r == 1 ? KS_CIPHER_BAD_TAG : KS_CIPHER_OK);
			rc = KS_CIPHER_OK;
			break;
		}
		ok = ok && rc == KS_CIPHER_OK;
		count(ok);
		if (r == 0)
			first = t1;
		else if (t1 != first)
			equal = 0;
		mote_put_result("ks", ops[o].name, r, ops[o].bytes, t1, stack, ok);
	}
	if (ops[o].equal_required)
		count(equal);
	mote_put_equal("ks", ops[o].name, equal, ops[o].equal_required);
}

int main(void)
{
	uint8_t o;
	mote_init();
	t0 = mote_cycles();
	call_cost = mote_cycles() - t0;
	mote_puts("check config aes=");
	mote_puts(KS_AES_EXPANDED ? "tables_expanded_key" : "tables_key_schedule_per_block");
	mote_puts(" ghash=");
	mote_puts(KS_GHASH_CLMUL ? "clmul32" : KS_GHASH_ASM ? "bytes_by_masks_asm" : "bytes_by_masks");
	mote_puts(" ok=1\n");
	/* RAM of each context (the caller's static or stack space) */
	mote_puts("check ram_bytes ks_aes128=");
	mote_put_u32(sizeof(ks_aes128));
	mote_puts(" ks_gcm=");
	mote_put_u32(sizeof(ks_gcm));
	mote_puts(" ks_ccm=");
	mote_put_u32(sizeof(ks_ccm));
	mote_puts(" ks_aead=");
	mote_put_u32(sizeof(ks_aead));
	mote_puts(" ks_rc4=");
	mote_put_u32(sizeof(ks_rc4));
	mote_puts(" ok=1\n");
	known_answers();
	ghash_against_reference();
	for (o = 0; o < OPS; o++)
		run(o);
	ks_aead_clear(&aead);
	ks_rc4_clear(&rc4);
	mote_put_u32(passed);
	mote_puts(" passed, ");
	mote_put_u32(failed);
	mote_puts(" failed\n");
	mote_exit(failed ? 1 : 0);
}
