/* memmove and memcmp for the freestanding MSP430 build (memcpy and memset, which clang calls
 * for struct copies and large initialisers and the hashes' framing leans on, are in assembly:
 * mem_msp430.S). -ffreestanding keeps clang from turning these loops back into calls to
 * themselves. */
#include <stddef.h>
#include <stdint.h>

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

int memcmp(const void *a, const void *b, size_t n)
{
	const uint8_t *x = a, *y = b;
	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x < *y ? -1 : 1;
	return 0;
}
