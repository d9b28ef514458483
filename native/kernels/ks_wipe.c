#include "ks_wipe.h"

/* volatile: every call loads the pointer again, so the compiler cannot see memset behind it
   (C11 memset_s and explicit_bzero are not C99 and not in the motes' libraries). */
static void *(*volatile wipe_memset)(void *, int, size_t) = memset;

void ks_wipe(void *p, size_t n)
{
    wipe_memset(p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
    /* the zeroes are "used": nothing may sink or drop the stores after this call is inlined */
    __asm__ __volatile__("" : : "r"(p) : "memory");
#endif
}

/* Its own frame lies where the caller's callees had theirs. noinline: inlined, the array would
   sit in the caller's frame instead, above the part to clear. A C99 variable-length array:
   one function for every depth, and no more stack than asked for. */
KS_NOINLINE void ks_wipe_stack(size_t n)
{
    uint8_t frames[n];
    ks_wipe(frames, n);
}
