/* memcpy, memmove and memset for the freestanding MSP430 build (clang calls them for struct
 * copies and large initialisers). -ffreestanding keeps clang from turning these loops back
 * into calls to themselves. */
#include <stddef.h>
#include <stdint.h>

/* A 16-bit word that may alias any object (the word loops below). */
typedef uint16_t __attribute__((may_alias)) mem_word;

/* memcpy and memset a word at a time where the addresses and the length are even (the
   kernels' limbs and stack wipes: about half the cycles of the byte loop), else by bytes. */
void *memcpy(void *dst, const void *src, size_t n)
{
	uint8_t *d = dst;
	const uint8_t *s = src;
	if ((((uintptr_t)d | (uintptr_t)s | n) & 1) == 0) {
		mem_word *dw = dst;
		const mem_word *sw = src;
		for (n >>= 1; n; n--)
			*dw++ = *sw++;
		return dst;
	}
	while (n--)
		*d++ = *s++;
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	uint8_t *d = dst;
	const uint8_t *s = src;
	if (d < s) {
		while (n--)
			*d++ = *s++;
	} else {
		while (n--)
			d[n] = s[n];
	}
	return dst;
}

void *memset(void *dst, int c, size_t n)
{
	uint8_t *d = dst;
	if ((((uintptr_t)d | n) & 1) == 0) {
		const uint16_t w = (uint16_t)((uint8_t)c | ((uint16_t)(uint8_t)c << 8));
		mem_word *dw = dst;
		for (n >>= 1; n; n--)
			*dw++ = w;
		return dst;
	}
	while (n--)
		*d++ = (uint8_t)c;
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const uint8_t *x = a, *y = b;
	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x < *y ? -1 : 1;
	return 0;
}
