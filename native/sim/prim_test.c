/*
 * Mote test firmware for the primitives above the kernels (native/prim/): known answers and
 * cycle counts for MD5, SHA-1 and SHA-256 (one block each; MD5 and SHA-1 also on two blocks:
 * RFC 1321's last example, FIPS 180's second, and in HMAC: RFC 2202 case 2), HMAC-SHA256, the
 * TLS 1.2 and TLS 1.0 PRFs (32 and 64 bytes: the second 32 cost the difference; TLS 1.0's 64
 * against hashlib's), HMAC_DRBG generate
 * (32 bytes), and ECDSA signing on secp160r1 and P-256 against the signatures the Java gave
 * for the same key, hash and k' (prim/tests/java_kat.h) and RFC 6979 A.2.5; RC4 (the MSP430's
 * assembly, msp430/ks_rc4_msp430.S; the AVR's C) against RFC 6229's keystreams (key lengths 5,
 * 7, 16 and 32 at offsets up to 4,096, in pieces that cross S's end mid-call) and Python's for
 * the lengths 1 and 256, out != in, the lengths refused, and its key schedule and keystream
 * timed: equal cycles for different keys and texts of the same lengths.
 *
 * Lines for bench/mote_report.py: each primitive as "check NAME cycles=N stack=N ok=0|1";
 * each signature as "result impl=ks curve=OP k=I weight=W cycles=N stack=N ok=0|1" (OP names
 * the curve, the nonce hash and whether k' was given; W is the key's Hamming weight); then
 * "equal impl=ks curve=OP ok=0|1 required=1" per OP with several signatures: every signature
 * of an OP must take the same cycles whatever the key, the hash and k' (constant time, as far
 * as the cycle-exact simulator sees; on the AVR sim/ct_same_path.py also compares the cycles
 * at every instruction address); last "N passed, N failed".
 */
#include "ks_ecdsa.h"
#include "ks_hash.h"
#include "ks_hmac.h"
#include "ks_hmac_drbg.h"
#include "ks_rc4.h"
#include "ks_tls_prf.h"
#include "mote.h"

#define KAT_FLASH MOTE_FLASH
#include "java_kat.h"

static uint16_t passed, failed;
static uint32_t call_cost, t0, t1;

static void count(uint8_t ok)
{
	if (ok)
		passed++;
	else
		failed++;
}

static const uint8_t want_md5_abc[16] MOTE_FLASH = {0x90, 0x01, 0x50, 0x98, 0x3c, 0xd2, 0x4f, 0xb0, 0xd6, 0x96, 0x3f, 0x7d, 0x28, 0xe1, 0x7f, 0x72};
static const uint8_t want_sha1_abc[20] MOTE_FLASH = {0xa9, 0x99, 0x3e, 0x36, 0x47, 0x06, 0x81, 0x6a, 0xba, 0x3e, 0x25, 0x71, 0x78, 0x50, 0xc2, 0x6c, 0x9c, 0xd0, 0xd8, 0x9d};
static const uint8_t want_sha256_abc[32] MOTE_FLASH = {0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
/* RFC 1321's "1234567890" x 8 and FIPS 180's "abcdbcde...nopq" (two blocks each) */
static const uint8_t want_md5_80[16] MOTE_FLASH = {0x57, 0xed, 0xf4, 0xa2, 0x2b, 0xe3, 0xc9, 0x55, 0xac, 0x49, 0xda, 0x2e, 0x21, 0x07, 0xb6, 0x7a};
static const uint8_t want_sha1_56[20] MOTE_FLASH = {0x84, 0x98, 0x3e, 0x44, 0x1c, 0x3b, 0xd2, 0x6e, 0xba, 0xae, 0x4a, 0xa1, 0xf9, 0x51, 0x29, 0xe5, 0xe5, 0x46, 0x70, 0xf1};
/* RFC 2202 test case 2 (HMAC-MD5, HMAC-SHA1, key "Jefe") */
static const uint8_t want_hmac_2202_md5[16] MOTE_FLASH = {0x75, 0x0c, 0x78, 0x3e, 0x6a, 0xb0, 0xb5, 0x03, 0xea, 0xa8, 0x6e, 0x31, 0x0a, 0x5d, 0xb7, 0x38};
static const uint8_t want_hmac_2202_sha1[20] MOTE_FLASH = {0xef, 0xfc, 0xdf, 0x6a, 0xe5, 0xeb, 0x2f, 0xa2, 0xd2, 0x74, 0x16, 0xd5, 0xf1, 0x84, 0xdf, 0x9c, 0x25, 0x9a, 0x7c, 0x79};
/* the TLS 1.0 PRF (RFC 2246 5) of the timed run below (secret 3i + 1, "key expansion", seed
   7i + 5), 64 bytes, from Python's hmac and hashlib */
static const uint8_t want_prf10[64] MOTE_FLASH = {0x03, 0x99, 0xfa, 0x9c, 0xbc, 0x61, 0x32, 0x8c, 0xde, 0x12, 0x42, 0xc8, 0x23, 0x26, 0xa8, 0x51, 0x6c, 0xb0, 0x0d, 0xa6, 0x50, 0xde, 0x03, 0xb1, 0x45, 0xfb, 0x97, 0x68, 0xcd, 0xf5, 0x06, 0xf5, 0xfe, 0x3e, 0x81, 0x35, 0x2d, 0x90, 0x3f, 0x95, 0x31, 0xbf, 0x03, 0x65, 0xa3, 0x99, 0x46, 0x0f, 0x78, 0x96, 0x10, 0x9f, 0x27, 0x86, 0x2c, 0x7d, 0x7a, 0xa9, 0xda, 0x77, 0x33, 0xd5, 0x48, 0x9d};
/* RFC 4231 test case 2 (HMAC-SHA256, key "Jefe") */
static const uint8_t want_hmac_4231_2[32] MOTE_FLASH = {0x5b, 0xdc, 0xc1, 0x46, 0xbf, 0x60, 0x75, 0x4e, 0x6a, 0x04, 0x24, 0x26, 0x08, 0x95, 0x75, 0xc7, 0x5a, 0x00, 0x3f, 0x08, 0x9d, 0x27, 0x39, 0x83, 0x9d, 0xec, 0x58, 0xb9, 0x64, 0xec, 0x38, 0x43};
/* the TLS 1.2 PRF vector of ksecurity's TlsPrfTest: secret, seed, the first 32 bytes */
static const uint8_t prf12_secret[16] MOTE_FLASH = {0x9b, 0xbe, 0x43, 0x6b, 0xa9, 0x40, 0xf0, 0x17, 0xb1, 0x76, 0x52, 0x84, 0x9a, 0x71, 0xdb, 0x35};
static const uint8_t prf12_seed[16] MOTE_FLASH = {0xa0, 0xba, 0x9f, 0x93, 0x6c, 0xda, 0x31, 0x18, 0x27, 0xa6, 0xf7, 0x96, 0xff, 0xd5, 0x19, 0x8c};
static const uint8_t want_prf12[32] MOTE_FLASH = {0xe3, 0xf2, 0x29, 0xba, 0x72, 0x7b, 0xe1, 0x7b, 0x8d, 0x12, 0x26, 0x20, 0x55, 0x7c, 0xd4, 0x53, 0xc2, 0xaa, 0xb2, 0x1d, 0x07, 0xc3, 0xd4, 0x95, 0x32, 0x9b, 0x52, 0xd4, 0xe6, 0x1e, 0xdb, 0x5a};
static const char test_label[] MOTE_FLASH = "test label";
static const char key_expansion[] MOTE_FLASH = "key expansion";
/* CAVP HMAC_DRBG SHA-256, no reseed: entropy, nonce, the second 128-byte output */
static const uint8_t drbg_entropy[32] MOTE_FLASH = {0xca, 0x85, 0x19, 0x11, 0x34, 0x93, 0x84, 0xbf, 0xfe, 0x89, 0xde, 0x1c, 0xbd, 0xc4, 0x6e, 0x68, 0x31, 0xe4, 0x4d, 0x34, 0xa4, 0xfb, 0x93, 0x5e, 0xe2, 0x85, 0xdd, 0x14, 0xb7, 0x1a, 0x74, 0x88};
static const uint8_t drbg_nonce[16] MOTE_FLASH = {0x65, 0x9b, 0xa9, 0x6c, 0x60, 0x1d, 0xc6, 0x9f, 0xc9, 0x02, 0x94, 0x08, 0x05, 0xec, 0x0c, 0xa8};
static const uint8_t want_drbg_cavp[128] MOTE_FLASH = {0xe5, 0x28, 0xe9, 0xab, 0xf2, 0xde, 0xce, 0x54, 0xd4, 0x7c, 0x7e, 0x75, 0xe5, 0xfe, 0x30, 0x21, 0x49, 0xf8, 0x17, 0xea, 0x9f, 0xb4, 0xbe, 0xe6, 0xf4, 0x19, 0x96, 0x97, 0xd0, 0x4d, 0x5b, 0x89, 0xd5, 0x4f, 0xbb, 0x97, 0x8a, 0x15, 0xb5, 0xc4, 0x43, 0xc9, 0xec, 0x21, 0x03, 0x6d, 0x24, 0x60, 0xb6, 0xf7, 0x3e, 0xba, 0xd0, 0xdc, 0x2a, 0xba, 0x6e, 0x62, 0x4a, 0xbf, 0x07, 0x74, 0x5b, 0xc1, 0x07, 0x69, 0x4b, 0xb7, 0x54, 0x7b, 0xb0, 0x99, 0x5f, 0x70, 0xde, 0x25, 0xd6, 0xb2, 0x9e, 0x2d, 0x30, 0x11, 0xbb, 0x19, 0xd2, 0x76, 0x76, 0xc0, 0x71, 0x62, 0xc8, 0xb5, 0xcc, 0xde, 0x06, 0x68, 0x96, 0x1d, 0xf8, 0x68, 0x03, 0x48, 0x2c, 0xb3, 0x7e, 0xd6, 0xd5, 0xc0, 0xbb, 0x8d, 0x50, 0xcf, 0x1f, 0x50, 0xd4, 0x76, 0xaa, 0x04, 0x58, 0xbd, 0xab, 0xa8, 0x06, 0xf4, 0x8b, 0xe9, 0xdc, 0xb8};
/* RFC 6979 A.2.5: the P-256 key, then r || s for SHA-256("sample") and SHA-256("test") */
static const uint8_t rfc6979_d[32] MOTE_FLASH = {0xc9, 0xaf, 0xa9, 0xd8, 0x45, 0xba, 0x75, 0x16, 0x6b, 0x5c, 0x21, 0x57, 0x67, 0xb1, 0xd6, 0x93, 0x4e, 0x50, 0xc3, 0xdb, 0x36, 0xe8, 0x9b, 0x12, 0x7b, 0x8a, 0x62, 0x2b, 0x12, 0x0f, 0x67, 0x21};
static const uint8_t rfc6979_sig[128] MOTE_FLASH = {0xef, 0xd4, 0x8b, 0x2a, 0xac, 0xb6, 0xa8, 0xfd, 0x11, 0x40, 0xdd, 0x9c, 0xd4, 0x5e, 0x81, 0xd6, 0x9d, 0x2c, 0x87, 0x7b, 0x56, 0xaa, 0xf9, 0x91, 0xc3, 0x4d, 0x0e, 0xa8, 0x4e, 0xaf, 0x37, 0x16, 0xf7, 0xcb, 0x1c, 0x94, 0x2d, 0x65, 0x7c, 0x41, 0xd4, 0x36, 0xc7, 0xa1, 0xb6, 0xe2, 0x9f, 0x65, 0xf3, 0xe9, 0x00, 0xdb, 0xb9, 0xaf, 0xf4, 0x06, 0x4d, 0xc4, 0xab, 0x2f, 0x84, 0x3a, 0xcd, 0xa8, 0xf1, 0xab, 0xb0, 0x23, 0x51, 0x83, 0x51, 0xcd, 0x71, 0xd8, 0x81, 0x56, 0x7b, 0x1e, 0xa6, 0x63, 0xed, 0x3e, 0xfc, 0xf6, 0xc5, 0x13, 0x2b, 0x35, 0x4f, 0x28, 0xd3, 0xb0, 0xb7, 0xd3, 0x83, 0x67, 0x01, 0x9f, 0x41, 0x13, 0x74, 0x2a, 0x2b, 0x14, 0xbd, 0x25, 0x92, 0x6b, 0x49, 0xc6, 0x49, 0x15, 0x5f, 0x26, 0x7e, 0x60, 0xd3, 0x81, 0x4b, 0x4c, 0x0c, 0xc8, 0x42, 0x50, 0xe4, 0x6f, 0x00, 0x83};

/* RC4's known answers: RFC 6229's keystreams (section 2: the keys 0x0102..., 5, 7, 16 and 32
   bytes, and the 32-byte 0x1ada31d5...) at offsets 0, 1,536 and 4,096; for a key of 1 byte
   (0x42) and of 256 (7i + 3), from Python (the same RC4 checked against RFC 6229 first). */
static const uint8_t rc4_key_1ada[32] MOTE_FLASH = {0x1a, 0xda, 0x31, 0xd5, 0xcf, 0x68, 0x82, 0x21, 0xc1, 0x09, 0x16, 0x39, 0x08, 0xeb, 0xe5, 0x1d, 0xeb, 0xb4, 0x62, 0x27, 0xc6, 0xcc, 0x8b, 0x37, 0x64, 0x19, 0x10, 0x83, 0x32, 0x22, 0x77, 0x2a};
enum { RC4_KEY_COUNTING, RC4_KEY_1ADA, RC4_KEY_42, RC4_KEY_7I3 };
typedef struct {
	uint8_t kind;
	uint16_t len, off;
	uint8_t want[16];
} rc4_kat;
static const rc4_kat rc4_kats[] MOTE_FLASH = {
	{RC4_KEY_COUNTING, 5, 0, {0xb2, 0x39, 0x63, 0x05, 0xf0, 0x3d, 0xc0, 0x27, 0xcc, 0xc3, 0x52, 0x4a, 0x0a, 0x11, 0x18, 0xa8}},
	{RC4_KEY_COUNTING, 5, 1536, {0xd8, 0x72, 0x9d, 0xb4, 0x18, 0x82, 0x25, 0x9b, 0xee, 0x4f, 0x82, 0x53, 0x25, 0xf5, 0xa1, 0x30}},
	{RC4_KEY_COUNTING, 7, 0, {0x29, 0x3f, 0x02, 0xd4, 0x7f, 0x37, 0xc9, 0xb6, 0x33, 0xf2, 0xaf, 0x52, 0x85, 0xfe, 0xb4, 0x6b}},
	{RC4_KEY_COUNTING, 7, 1536, {0x78, 0xb2, 0x72, 0xc9, 0x6e, 0x42, 0xea, 0xb4, 0xc6, 0x0b, 0xd9, 0x14, 0xe3, 0x9d, 0x06, 0xe3}},
	{RC4_KEY_COUNTING, 16, 0, {0x9a, 0xc7, 0xcc, 0x9a, 0x60, 0x9d, 0x1e, 0xf7, 0xb2, 0x93, 0x28, 0x99, 0xcd, 0xe4, 0x1b, 0x97}},
	{RC4_KEY_COUNTING, 16, 1536, {0xff, 0xa0, 0xb5, 0x14, 0x64, 0x7e, 0xc0, 0x4f, 0x63, 0x06, 0xb8, 0x92, 0xae, 0x66, 0x11, 0x81}},
	{RC4_KEY_COUNTING, 32, 0, {0xea, 0xa6, 0xbd, 0x25, 0x88, 0x0b, 0xf9, 0x3d, 0x3f, 0x5d, 0x1e, 0x4c, 0xa2, 0x61, 0x1d, 0x91}},
	{RC4_KEY_COUNTING, 32, 4096, {0xf3, 0xe4, 0xc0, 0xa2, 0xe0, 0x2d, 0x1d, 0x01, 0xf7, 0xf0, 0xa7, 0x46, 0x18, 0xaf, 0x2b, 0x48}},
	{RC4_KEY_1ADA, 32, 4096, {0x37, 0x0b, 0x1c, 0x1f, 0xe6, 0x55, 0x91, 0x6d, 0x97, 0xfd, 0x0d, 0x47, 0xca, 0x1d, 0x72, 0xb8}},
	{RC4_KEY_42, 1, 0, {0x15, 0x7f, 0x56, 0xc8, 0x74, 0x1e, 0x54, 0x6f, 0xb9, 0x78, 0x39, 0xe4, 0x94, 0x22, 0x50, 0x48}},
	{RC4_KEY_7I3, 256, 0, {0x61, 0xf3, 0x88, 0xf9, 0xb9, 0xd4, 0xce, 0x6a, 0x0c, 0x58, 0xc9, 0x19, 0x7e, 0x72, 0x12, 0x47}},
	{RC4_KEY_7I3, 256, 256, {0x1d, 0x43, 0xee, 0x3a, 0xc8, 0xc6, 0x44, 0x21, 0x1f, 0xae, 0xa6, 0x16, 0x84, 0x59, 0x8e, 0xbe}},
};

/* The operation under the clock and its inputs and outputs (globals: one call site each).
   buf and out are the two halves of one array: RC4's 256-byte key. */
static ks_hash_ctx hc;
static ks_hmac_drbg drbg;
static ks_rc4 rc4;
static uint8_t io[256], key[48], seed[64];
#define buf io
#define out (io + 128)
static const uint8_t *rc4_in;
static uint16_t rc4_len;
static int rc;
/* The signature under test: its inputs copied out of the flash table into the buffers above
   (the table's 268-byte rows stay in flash). */
static uint8_t s_curve, s_hash, s_hlen, s_extra;
#define S_D key
#define S_H buf
#define S_EXTRA (buf + 64)
#define S_WANT out
#define S_SIG (out + 64)

enum { OP_MD5, OP_SHA1, OP_SHA256, OP_HMAC, OP_PRF12_32, OP_PRF12_64, OP_PRF10_32, OP_PRF10_64, OP_DRBG_32,
       OP_DRBG_OB, OP_RC4_INIT, OP_RC4_PROCESS };
static uint8_t drbg_len;

static __attribute__((noinline)) void run_op(uint8_t op)
{
	mote_stack_paint();
	t0 = mote_cycles();
	switch (op) {
	case OP_MD5:
	case OP_SHA1:
	case OP_SHA256:
		ks_hash_update(&hc, buf, 64); /* one block: the context is fresh */
		break;
	case OP_HMAC:
		rc = ks_hmac(KS_HASH_SHA256, key, 32, buf, 32, out);
		break;
	case OP_PRF12_32:
	case OP_PRF12_64:
		ks_prf_tls12(key, 48, key_expansion, seed, 32, seed + 32, 32, out, op == OP_PRF12_32 ? 32 : 64);
		break;
	case OP_PRF10_32:
	case OP_PRF10_64:
		ks_prf_tls10(key, 48, key_expansion, seed, 32, seed + 32, 32, out, op == OP_PRF10_32 ? 32 : 64);
		break;
	case OP_RC4_INIT:
		rc = ks_rc4_init(&rc4, key, rc4_len);
		break;
	case OP_RC4_PROCESS:
		ks_rc4_process(&rc4, rc4_in, out, rc4_len); /* in place where rc4_in is out */
		break;
	default:
		rc = ks_hmac_drbg_generate(&drbg, out, drbg_len, NULL, 0);
		break;
	}
	t1 = mote_cycles();
}

/* Every signature from this one call site. */
static __attribute__((noinline)) void run_sign(void)
{
	mote_stack_paint();
	t0 = mote_cycles();
	rc = ks_ecdsa_sign(s_curve, S_D, S_H, s_hlen, s_hash, s_extra ? S_EXTRA : NULL, S_SIG);
	t1 = mote_cycles();
}

static void check(const char *name, uint8_t ok)
{
	uint16_t stack = mote_stack_peak();
	count(ok);
	mote_puts("check ");
	mote_puts(name);
	mote_puts(" cycles=");
	mote_put_u32(t1 - t0 - call_cost);
	mote_puts(" stack=");
	mote_put_u32(stack);
	mote_puts(ok ? " ok=1\n" : " ok=0\n");
}

static uint8_t flash_eq(const uint8_t *ram, const uint8_t *flash, uint16_t n)
{
	return mote_flash_cmp(ram, flash, n) == 0;
}

static void primitives(void)
{
	uint8_t i;
	static const uint8_t ids[3] = {KS_HASH_MD5, KS_HASH_SHA1, KS_HASH_SHA256};
	static const char *const names[3] = {"md5_block", "sha1_block", "sha256_block"};
	const uint8_t *wants[3] = {want_md5_abc, want_sha1_abc, want_sha256_abc};
	for (i = 0; i < 3; i++) {
		uint8_t ok;
		/* "abc" padded by hand into one block: the timed update compresses it, final only
		   writes the digest (the count says 3 bytes) */
		memset(buf, 0, 64);
		memcpy(buf, "abc", 3);
		buf[3] = 0x80;
		if (ids[i] == KS_HASH_MD5)
			buf[56] = 24;
		else
			buf[63] = 24;
		ks_hash_init(&hc, ids[i]);
		run_op(i);
		ks_hash_init(&hc, ids[i]);
		ks_hash_update(&hc, (const uint8_t *)"abc", 3);
		ks_hash_final(&hc, out);
		ok = flash_eq(out, wants[i], ks_hash_size(ids[i]));
		check(names[i], ok);
	}
	for (i = 0; i < 80; i += 10)
		memcpy(buf + i, "1234567890", 10);
	ks_hash(KS_HASH_MD5, buf, 80, out);
	count(flash_eq(out, want_md5_80, 16));
	for (i = 0; i < 56; i++)
		buf[i] = (uint8_t)('a' + (i >> 2) + (i & 3));
	ks_hash(KS_HASH_SHA1, buf, 56, out);
	count(flash_eq(out, want_sha1_56, 20));
	memcpy(key, "Jefe", 4);
	memset(key + 4, 0, 28);
	memcpy(buf, "what do ya want for nothing?", 28);
	rc = ks_hmac(KS_HASH_SHA256, key, 4, buf, 28, out);
	count(rc == 0 && flash_eq(out, want_hmac_4231_2, 32));
	rc = ks_hmac(KS_HASH_MD5, key, 4, buf, 28, out);
	count(rc == 0 && flash_eq(out, want_hmac_2202_md5, 16));
	rc = ks_hmac(KS_HASH_SHA1, key, 4, buf, 28, out);
	count(rc == 0 && flash_eq(out, want_hmac_2202_sha1, 20));
	run_op(OP_HMAC); /* 32-byte key, 32-byte message: four compressions */
	check("hmac_sha256_32", rc == 0);
	mote_flash_copy(key, prf12_secret, 16);
	mote_flash_copy(seed, prf12_seed, 16);
	ks_prf_tls12(key, 16, test_label, seed, 16, NULL, 0, out, 32);
	count(flash_eq(out, want_prf12, 32));
	for (i = 0; i < 48; i++)
		key[i] = (uint8_t)(3 * i + 1);
	for (i = 0; i < 64; i++)
		seed[i] = (uint8_t)(7 * i + 5);
	run_op(OP_PRF12_32);
	check("prf_tls12_32", 1);
	run_op(OP_PRF12_64);
	check("prf_tls12_64", 1);
	run_op(OP_PRF10_32);
	check("prf_tls10_32", 1);
	run_op(OP_PRF10_64);
	check("prf_tls10_64", flash_eq(out, want_prf10, 64));
	mote_flash_copy(buf, drbg_entropy, 32);
	mote_flash_copy(buf + 32, drbg_nonce, 16);
	ks_hmac_drbg_instantiate(&drbg, KS_DRBG_MAX_INTERVAL, buf, 32, buf + 32, 16, NULL, 0);
	ks_hmac_drbg_generate(&drbg, out, 128, NULL, 0);
	ks_hmac_drbg_generate(&drbg, out, 128, NULL, 0);
	count(flash_eq(out, want_drbg_cavp, 128));
	drbg_len = 32;
	run_op(OP_DRBG_32);
	check("drbg_generate_32", rc == 0);
	drbg_len = 21; /* k' for secp160r1: the hedge's draw */
	run_op(OP_DRBG_OB);
	check("drbg_generate_21", rc == 0);
}

/* RC4's keystream at [off, off + 16) from a fresh state: zeros encrypted in place in pieces
   of 96 bytes (S's end falls inside a piece; the last piece holds the 16 bytes) */
static uint8_t rc4_stream_at(uint16_t len, uint16_t off, const uint8_t *want)
{
	uint16_t done = 0, n = 0;
	if (ks_rc4_init(&rc4, len > sizeof key ? io : key, len) != KS_CIPHER_OK)
		return 0;
	while (done < off + 16) {
		n = off + 16 - done;
		if (n > 96)
			n = 96;
		memset(buf, 0, n);
		ks_rc4_process(&rc4, buf, buf, n);
		done += n;
	}
	return flash_eq(buf + n - 16, want, 16);
}

static void rc4_known_answers(void)
{
	uint16_t i, j, len;
	uint8_t ok;
	for (i = 0; i < sizeof rc4_kats / sizeof rc4_kats[0]; i++) {
		rc4_kat k; /* kind, len and off (want stays in flash) */
		mote_flash_copy(&k, &rc4_kats[i], sizeof k);
		/* keys of more than 48 bytes are made in io, which the keystream's pieces then
		   overwrite after the key schedule: made again for each */
		len = k.len;
		for (j = 0; j < len; j++) {
			uint8_t b = k.kind == RC4_KEY_COUNTING ? (uint8_t)(j + 1) : k.kind == RC4_KEY_42 ? 0x42 : (uint8_t)(7 * j + 3);
			if (len > sizeof key)
				io[j] = b;
			else
				key[j] = b;
		}
		if (k.kind == RC4_KEY_1ADA)
			mote_flash_copy(key, rc4_key_1ada, 32);
		ok = rc4_stream_at(len, k.off, rc4_kats[i].want); /* the answer read from flash */
		count(ok);
		if (!ok) {
			mote_puts("# rc4 known answer wrong: key length ");
			mote_put_u32(len);
			mote_puts(" offset ");
			mote_put_u32(k.off);
			mote_putc('\n');
		}
	}
	/* out != in: 16 bytes of zeros from seed into out, seed left as it was (the 16-byte key) */
	for (j = 0; j < 16; j++)
		key[j] = (uint8_t)(j + 1);
	memset(seed, 0, 16);
	memset(out, 0x5a, 16);
	ks_rc4_init(&rc4, key, 16);
	ks_rc4_process(&rc4, seed, out, 16);
	ok = flash_eq(out, rc4_kats[4].want, 16);
	for (j = 0; j < 16; j++)
		ok &= seed[j] == 0;
	/* and no text: the state as it was (i = 16, j as left) */
	j = rc4.j;
	ks_rc4_process(&rc4, seed, out, 0);
	ok &= rc4.i == 16 && rc4.j == j;
	count(ok);
	if (!ok)
		mote_puts("# rc4 out != in, or the empty text, wrong\n");
	/* the lengths refused: KS_CIPHER_INVALID and the state wiped */
	for (i = 0; i < 2; i++) {
		memset(&rc4, 0x5a, sizeof rc4);
		rc = ks_rc4_init(&rc4, key, i == 0 ? 0 : 257);
		ok = rc == KS_CIPHER_INVALID;
		for (j = 0; j < sizeof rc4; j++)
			ok &= ((const uint8_t *)&rc4)[j] == 0;
		count(ok);
		if (!ok)
			mote_puts("# rc4 refused length: not refused or not wiped\n");
	}
}

/* RC4 timed: each group three times with different keys (and texts), which must take equal
   cycles; the keystream from the same i (S's end inside the 128 bytes for "rc4_process_128"). */
static void rc4_timed(void)
{
	static const char *const names[5] = {"rc4_init_5", "rc4_init_16", "rc4_init_32", "rc4_process_128",
					     "rc4_process_64_copy"};
	static const uint8_t lens[5] = {5, 16, 32, 128, 64};
	uint8_t g, r, j, ok, equal;
	uint32_t first = 0;
	for (g = 0; g < 5; g++) {
		ok = equal = 1;
		for (r = 0; r < 3; r++) {
			for (j = 0; j < 48; j++)
				key[j] = (uint8_t)(j * (2 * r + 1) + 0x35 * r);
			for (j = 0; j < 128; j++)
				io[j] = (uint8_t)(j * (r + 3) + 0xa7 * r);
			if (g < 3) {
				rc4_len = lens[g];
				run_op(OP_RC4_INIT);
				ok &= rc == KS_CIPHER_OK;
			} else {
				uint16_t n;
				ks_rc4_init(&rc4, key, 16);
				for (n = g == 3 ? 200 : 0; n; n -= j) { /* i = 200 before the timed 128 */
					j = n > 64 ? 64 : (uint8_t)n;
					ks_rc4_process(&rc4, seed, seed, j);
				}
				memcpy(seed, io, 64);
				memcpy(out, io, 128);
				rc4_in = g == 3 ? out : seed;
				rc4_len = lens[g];
				run_op(OP_RC4_PROCESS);
			}
			t1 = t1 - t0 - call_cost;
			if (r == 0)
				first = t1;
			else if (t1 != first)
				equal = 0;
		}
		t1 = first + t0 + call_cost; /* check() prints the first run's cycles */
		check(names[g], ok);
		count(equal);
		mote_put_equal("ks", names[g], equal, 1);
	}
}

/* One signature group: every signature of the same OP must take equal cycles. An OP is a
   curve, a nonce hash, hedged or not, and the number of RFC 6979 candidates rejected before
   the nonce (".rN"): on secp160r1 about every second candidate is >= n (its order has 161
   bits, close to 2^160) and each rejection costs the same public work; the count depends on
   the HMAC_DRBG stream only, never on the accepted nonce. */
typedef struct {
	const char *op;
	uint8_t group, rejections;
	uint32_t first;
	uint8_t runs, equal;
} series;

static void sign_one(series *s, uint8_t i)
{
	uint8_t ob = (uint8_t)ks_ec_order_bytes(s_curve), ok, j;
	uint16_t stack, weight = 0;
	memset(S_SIG, 0, 64);
	run_sign();
	stack = mote_stack_peak();
	t1 = t1 - t0 - call_cost;
	for (j = 0; j < ob; j++) {
		uint8_t b = S_D[j];
		while (b) {
			weight += b & 1;
			b >>= 1;
		}
	}
	ok = rc == KS_OK && memcmp(S_SIG, S_WANT, 2 * ob) == 0;
	count(ok);
	if (s->runs++ == 0)
		s->first = t1;
	else if (t1 != s->first)
		s->equal = 0;
	mote_put_result("ks", s->op, i, weight, t1, stack, ok);
	if (!ok) {
		mote_puts("# got  ");
		mote_put_hex(S_SIG, 2 * ob);
		mote_putc('\n');
	}
}

static void report(series *s)
{
	if (s->runs > 1) {
		count(s->equal);
		mote_put_equal("ks", s->op, s->equal, 1);
	}
}

static void signatures(void)
{
	/* the groups of java_kat.h that the motes carry (secp160r1 and P-256; SHA-1 and
	   SHA-256), then RFC 6979's two deterministic P-256 signatures beside the Java's */
	static series groups[] = {
		{"p256_sha256_hedged.r0", 0, 0, 0, 0, 1}, {"p256_sha256_rfc6979.r0", 1, 0, 0, 0, 1},
		{"secp160r1_sha1_hedged.r0", 2, 0, 0, 0, 1}, {"secp160r1_sha1_hedged.r1", 2, 1, 0, 0, 1},
		{"secp160r1_sha1_hedged.r2", 2, 2, 0, 0, 1}, {"secp160r1_sha1_rfc6979.r2", 3, 2, 0, 0, 1},
		{"secp160r1_sha256_hedged.r4", 4, 4, 0, 0, 1}, {"p256_sha1_hedged.r0", 5, 0, 0, 0, 1},
	};
	uint8_t i, g, j;
	for (i = 0; i < JAVA_ECDSA_COUNT; i++) {
		const java_ecdsa_kat *k = &java_ecdsa[i];
		uint8_t ob;
		s_curve = KS_READ_BYTE(&k->curve);
		s_hash = KS_READ_BYTE(&k->nonce_hash);
		s_extra = KS_READ_BYTE(&k->has_extra);
		s_hlen = KS_READ_BYTE(&k->hlen);
		if (ks_ec_order_bytes(s_curve) < 0 || ks_hash_size(s_hash) == 0)
			continue;
		ob = (uint8_t)ks_ec_order_bytes(s_curve);
		mote_flash_copy(S_D, k->d, ob);
		mote_flash_copy(S_H, k->h, s_hlen);
		mote_flash_copy(S_EXTRA, k->extra, ob);
		mote_flash_copy(S_WANT, k->sig, 2 * ob);
		if (s_curve == KS_SECP256R1)
			g = s_hash == KS_HASH_SHA256 ? (s_extra ? 0 : 1) : 5;
		else
			g = s_hash == KS_HASH_SHA1 ? (s_extra ? 2 : 3) : 4;
		for (j = 0; j < sizeof groups / sizeof groups[0]; j++)
			if (groups[j].group == g && groups[j].rejections == KS_READ_BYTE(&k->rejections))
				break;
		if (j == sizeof groups / sizeof groups[0]) {
			mote_puts("# no group for this signature's rejection count\n");
			count(0);
			continue;
		}
		sign_one(&groups[j], i);
	}
	s_curve = KS_SECP256R1;
	s_hash = KS_HASH_SHA256;
	s_extra = 0;
	s_hlen = 32;
	for (i = 0; i < 2; i++) {
		mote_flash_copy(S_D, rfc6979_d, 32);
		ks_hash(KS_HASH_SHA256, (const uint8_t *)(i == 0 ? "sample" : "test"), i == 0 ? 6 : 4, S_H);
		mote_flash_copy(S_WANT, rfc6979_sig + 64 * i, 64);
		sign_one(&groups[1], JAVA_ECDSA_COUNT + i);
	}
	for (j = 0; j < sizeof groups / sizeof groups[0]; j++)
		report(&groups[j]);
}

int main(void)
{
	mote_init();
	t0 = mote_cycles();
	call_cost = mote_cycles() - t0;
	primitives();
	rc4_known_answers();
	rc4_timed();
	signatures();
	mote_put_u32(passed);
	mote_puts(" passed, ");
	mote_put_u32(failed);
	mote_puts(" failed\n");
	mote_exit(failed ? 1 : 0);
}
