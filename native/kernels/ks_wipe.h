/*
 * Wiping secrets. A memset of a buffer that is never read again is a dead store, and
 * compilers remove it (gcc and clang do at -O2 for a local array before return). ks_wipe
 * calls memset through a volatile function pointer, which the optimiser must load and call
 * as it stands (it cannot know the pointer still points to memset), then passes the buffer
 * through an empty asm with a memory clobber where the compiler has GNU asm. Every secret
 * temporary of the kernels and of the JNI glue goes through it: keys, scalars, exponents,
 * their recodings, tables, working points and Montgomery products. Register spills of a few
 * limbs are beyond what C can reach (tests/test_wipe.c measures what is left on the stack).
 */
#ifndef KS_WIPE_H
#define KS_WIPE_H

#include "ks_config.h"

/* Sets n bytes at p to zero, in a way no optimiser may remove. */
void ks_wipe(void *p, size_t n);

#endif
