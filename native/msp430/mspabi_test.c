/*
 * Checks the EABI helpers of mspabi.S (multiplications on the hardware multiplier, 32-bit
 * variable shifts) against plain add-and-double references, on values from a fixed LCG with the
 * edge cases first. The references use only additions, comparisons and shifts by one, which
 * clang emits inline, so they do not depend on the helpers under test. Then memcpy and memset
 * (mem_msp430.S) at every parity of their addresses and every length to 40 bytes, against byte
 * loops, with the bytes around the destination checked untouched.
 */
#include <string.h>
#include "mote.h"

static uint16_t failed, passed;
static uint32_t lcg = 12345;

/* volatile: keeps clang from folding the products at compile time */
static volatile uint16_t v16a, v16b;
static volatile uint32_t v32a, v32b;
static volatile uint64_t v64a, v64b;

static uint32_t next(void)
{
	lcg = lcg * 1103515245UL + 12345; /* this product is itself a helper call; checked below */
	return lcg;
}

static uint64_t ref_mul64(uint64_t a, uint64_t b)
{
	uint64_t r = 0;
	while (b) {
		if (b & 1)
			r += a;
		a += a;
		b >>= 1;
	}
	return r;
}

static void check(uint8_t ok)
{
	if (ok)
		passed++;
	else
		failed++;
}

/* through volatile pointers: the calls are made as written, never expanded in place */
static void *(*volatile copy)(void *, const void *, size_t) = memcpy;
static void *(*volatile set)(void *, int, size_t) = memset;

/* memcpy and memset of n bytes to buf + d (from src + s): 1 when right, around them untouched */
static uint8_t mem_case(uint8_t d, uint8_t s, uint8_t n, uint8_t setting)
{
	static uint8_t buf[64], src[64];
	uint8_t i, ok = 1;
	for (i = 0; i < sizeof buf; i++) {
		buf[i] = (uint8_t)(0xA5 ^ i);
		src[i] = (uint8_t)(7 * i + 1);
	}
	if ((setting ? set(buf + d, 0x100 | (n + 0x31), n) : copy(buf + d, src + s, n)) != buf + d)
		return 0;
	for (i = 0; i < sizeof buf; i++) {
		uint8_t want = (uint8_t)(0xA5 ^ i);
		if (i >= d && i < d + n)
			want = setting ? (uint8_t)(n + 0x31) : src[s + i - d];
		ok &= buf[i] == want;
	}
	return ok;
}

int main(void)
{
	static const uint64_t edge[] = { 0, 1, 0xFFFF, 0x10000, 0xFFFFFFFFUL, 0x100000000ULL,
	                                 0xFFFFFFFFFFFFFFFFULL, 0x8000000000000000ULL };
	uint16_t i, n;
	mote_init();
	for (i = 0; i < 300; i++) {
		uint64_t a, b;
		uint8_t s;
		if (i < 64) {
			a = edge[i & 7];
			b = edge[i >> 3];
		} else {
			a = (uint64_t)next() << 32 | next();
			b = (uint64_t)next() << 32 | next();
		}
		s = (uint8_t)(i % 32);
		v16a = (uint16_t)a; v16b = (uint16_t)b;
		v32a = (uint32_t)a; v32b = (uint32_t)b;
		v64a = a; v64b = b;
		check((uint16_t)(v16a * v16b) == (uint16_t)ref_mul64(a & 0xFFFF, b & 0xFFFF));
		check((uint32_t)(v32a * v32b) == (uint32_t)ref_mul64(a & 0xFFFFFFFFUL, b & 0xFFFFFFFFUL));
		check((uint64_t)v32a * v32b == ref_mul64(a & 0xFFFFFFFFUL, b & 0xFFFFFFFFUL));
		check(v64a * v64b == ref_mul64(a, b));
		{
			uint32_t l = v32a, r = v32a;
			for (n = 0; n < s; n++) {
				l += l;
				r >>= 1;
			}
			check((uint32_t)(v32a << s) == l && (uint32_t)(v32a >> s) == r);
		}
	}
	mote_puts("check mspabi_helpers cases=");
	mote_put_u32(passed + failed);
	mote_puts(" failed=");
	mote_put_u32(failed);
	mote_puts(failed ? " ok=0\n" : " ok=1\n");
	{
		uint16_t mem_failed = 0, cases = 0;
		uint8_t d, s2, len;
		for (d = 0; d < 4; d++)
			for (len = 0; len <= 40; len++) {
				for (s2 = 0; s2 < 4; s2++, cases++)
					mem_failed += !mem_case(d, s2, len, 0);
				cases++;
				mem_failed += !mem_case(d, 0, len, 1);
			}
		mote_puts("check mem_helpers cases=");
		mote_put_u32(cases);
		mote_puts(" failed=");
		mote_put_u32(mem_failed);
		mote_puts(mem_failed ? " ok=0\n" : " ok=1\n");
		n = (failed != 0) + (mem_failed != 0);
	}
	mote_put_u32(2 - n);
	mote_puts(" passed, ");
	mote_put_u32(n);
	mote_puts(" failed\n");
	mote_exit(n ? 1 : 0);
}
