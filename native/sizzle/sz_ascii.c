/*
 * US-ASCII helpers (sz_ascii.h). Mirrors sizzle-server/src/main/java/sizzle/http/Ascii.java.
 */
#include "sz_ascii.h"

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
	uint8_t len = 1, i;
	uint32_t t = v;
	while (t >= 10) {
		t /= 10;
		len++;
	}
	i = len;
	do {
		out[--i] = (uint8_t)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	return len;
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

void sz_flash_copy(uint8_t *dst, const uint8_t *src, uint16_t n)
{
	while (n--)
		*dst++ = KS_READ_BYTE(src++);
}
