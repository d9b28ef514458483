/* Console output for the mote test firmware: no printf (its code would swell the flash figure),
 * and no division (the MSP430 has no divide instruction). */
#include "mote.h"

void mote_puts(const char *s)
{
	while (*s)
		mote_putc(*s++);
}

void mote_put_u32(uint32_t v)
{
	static const uint32_t pow10[] = { 1000000000UL, 100000000UL, 10000000UL, 1000000UL,
	                                  100000UL, 10000UL, 1000UL, 100UL, 10UL, 1UL };
	uint8_t i, started = 0;
	for (i = 0; i < sizeof pow10 / sizeof pow10[0]; i++) {
		char d = '0';
		while (v >= pow10[i]) {
			v -= pow10[i];
			d++;
		}
		if (d != '0' || started || i == sizeof pow10 / sizeof pow10[0] - 1) {
			mote_putc(d);
			started = 1;
		}
	}
}

void mote_put_hex(const uint8_t *b, uint16_t n)
{
	static const char digits[] = "0123456789abcdef";
	while (n--) {
		mote_putc(digits[*b >> 4]);
		mote_putc(digits[*b++ & 15]);
	}
}

void mote_put_result(const char *impl, const char *op, uint8_t i, uint16_t weight,
                     uint32_t cycles, uint16_t stack, uint8_t ok)
{
	mote_puts("result impl=");
	mote_puts(impl);
	mote_puts(" curve=");
	mote_puts(op);
	mote_puts(" k=");
	mote_put_u32(i);
	mote_puts(" weight=");
	mote_put_u32(weight);
	mote_puts(" cycles=");
	mote_put_u32(cycles);
	mote_puts(" stack=");
	mote_put_u32(stack);
	mote_puts(ok ? " ok=1\n" : " ok=0\n");
}

void mote_put_equal(const char *impl, const char *op, uint8_t ok, uint8_t required)
{
	mote_puts("equal impl=");
	mote_puts(impl);
	mote_puts(" curve=");
	mote_puts(op);
	mote_puts(ok ? " ok=1" : " ok=0");
	mote_puts(required ? " required=1\n" : " required=0\n");
}

static uint16_t checks_passed, checks_failed;

void mote_check(uint8_t ok, const char *what)
{
	if (ok) {
		checks_passed++;
	} else {
		checks_failed++;
		mote_puts("FAIL ");
		mote_puts(what);
		mote_puts("\n");
	}
}

void mote_check_end(void)
{
	mote_put_u32(checks_passed);
	mote_puts(" passed, ");
	mote_put_u32(checks_failed);
	mote_puts(" failed\n");
	mote_exit(checks_failed != 0);
}

uint16_t mote_stack_digest(uint16_t below)
{
	const uint8_t *p = (const uint8_t *)mote_stack_low();
	uint16_t h = 0;
	for (; (uint16_t)p < below; p++) /* rotate and add: no division (the MSP430 has no divide helper) */
		h = (uint16_t)((uint16_t)(h << 3 | h >> 13) + *p + 1);
	return h;
}
