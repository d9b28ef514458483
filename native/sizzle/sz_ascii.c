/*
 * US-ASCII helpers (sz_ascii.h). Mirrors sizzle-server/src/main/java/sizzle/http/Ascii.java.
 */
#include "sz_ascii.h"
#include <string.h>

uint8_t sz_lower(uint8_t b)
{
	return b >= 'A' && b <= 'Z' ? (uint8_t)(b + 32) : b;
}

static uint8_t is_alnum(uint8_t b)
{
	return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9');
}

uint8_t sz_is_tchar(uint8_t b)
{
	if (is_alnum(b))
		return 1;
	switch (b) {
	case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+':
	case '-': case '.': case '^': case '_': case '`': case '|': case '~':
		return 1;
	default:
		return 0;
	}
}

uint8_t sz_is_target_char(uint8_t b)
{
	if (is_alnum(b))
		return 1;
	switch (b) {
	case '-': case '.': case '_': case '~': case '!': case '$': case '&': case '\'':
	case '(': case ')': case '*': case '+': case ',': case ';': case '=': case ':':
	case '@': case '/': case '?':
		return 1;
	default:
		return 0;
	}
}

int8_t sz_hex_value(uint8_t b)
{
	if (b >= '0' && b <= '9')
		return (int8_t)(b - '0');
	b = sz_lower(b);
	if (b >= 'a' && b <= 'f')
		return (int8_t)(b - 'a' + 10);
	return -1;
}

uint8_t sz_decimal(uint32_t v, uint8_t *out)
{
	/* By subtraction: neither mote has a divide instruction. */
	static const uint32_t powers[] KS_FLASH = {1000000000UL, 100000000UL, 10000000UL, 1000000UL, 100000UL,
						   10000UL, 1000UL, 100UL, 10UL};
	uint8_t n = 0, i, d;
	for (i = 0; i < 9; i++) {
		uint32_t p;
		ks_flash_read(&p, &powers[i], sizeof p); /* in memory order */
		for (d = 0; v >= p; d++)
			v -= p;
		if (d || n)
			out[n++] = (uint8_t)('0' + d);
	}
	out[n++] = (uint8_t)('0' + v);
	return n;
}

uint8_t sz_words_narrow(const uint8_t *list, uint8_t mask, uint8_t pos, uint8_t b)
{
	uint8_t bit = 1, len;
	while ((len = KS_READ_BYTE(list)) != 0) {
		if ((mask & bit) && (pos >= len || KS_READ_BYTE(list + 1 + pos) != b))
			mask &= (uint8_t)~bit;
		list += 1 + len;
		bit = (uint8_t)(bit << 1);
	}
	return (uint8_t)(mask & (bit - 1));
}

uint8_t sz_words_matched(const uint8_t *list, uint8_t mask, uint8_t pos)
{
	uint8_t i = 0, len;
	while ((len = KS_READ_BYTE(list)) != 0) {
		if ((mask & (1u << i)) && len == pos)
			return i;
		list += 1 + len;
		i++;
	}
	return SZ_NO_WORD;
}

void sz_word_match_byte(struct sz_word_match *m, const uint8_t *list, uint8_t b)
{
	m->mask = sz_words_narrow(list, m->mask, m->pos, b);
	if (m->pos < 255)
		m->pos++;
}

void sz_word_match_reset(struct sz_word_match *m)
{
	m->mask = SZ_ALL;
	m->pos = 0;
}
