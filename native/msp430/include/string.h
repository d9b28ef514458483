/* The part of <string.h> the freestanding MSP430 build has (msp430/mem.c): Debian ships no
 * msp430 C library, and the kernels use nothing beyond these. */
#ifndef MOTE_MSP430_STRING_H
#define MOTE_MSP430_STRING_H

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

#endif
