/*
 * Wiping secrets. A memset of a buffer that is never read again is a dead store, and
 * compilers remove it (gcc and clang do at -O2 for a local array before return). ks_wipe
 * calls memset through a volatile function pointer, which the optimiser must load and call
 * as it stands (it cannot know the pointer still points to memset), then passes the buffer
 * through an empty asm with a memory clobber where the compiler has GNU asm. Every secret
 * temporary of the kernels and of the JNI glue goes through it: keys, scalars, exponents,
 * their recodings, tables, working points and Montgomery products. What C cannot name (the
 * register spills and the products of the deeper frames: the field operations, the Montgomery
 * steps) ks_wipe_stack clears after the operation (tests/wipe/test_wipe.c compares the dead
 * stack after two calls with different secrets: it must be the same).
 */
#ifndef KS_WIPE_H
#define KS_WIPE_H

#include "ks_config.h"

/* Sets n bytes at p to zero, in a way no optimiser may remove. */
void ks_wipe(void *p, size_t n);

/* Zeroes n > 0 bytes of stack below the caller's frame: called by a public kernel function
   after its work, with n at least how deep that work went (KS_WIPE_STACK_EC, _RSA), it
   clears the frames of the functions the work called. */
void ks_wipe_stack(size_t n);

#endif
