/*
 * RC4 ("ARCFOUR"), mirroring ksecurity/prim/Rc4.java: the stream cipher of the legacy
 * profile's SSL 3.0 / TLS 1.0 suites (RFC 6229 gives the test vectors).
 *
 * LEGACY PROFILE ONLY, INSECURE: RC4's keystream is biased (RFC 7465 forbids it in TLS), and
 * its state is a 256-byte table indexed by secret, key-dependent values by design. No
 * implementation of it is constant time in the memory-access sense: on a CPU with a cache its
 * accesses leak. It is here to reproduce the papers and to talk to old clients.
 */
#ifndef KS_RC4_H
#define KS_RC4_H

#include "ks_cipher.h"

/* ks_rc4_init and ks_rc4_process in assembly on the MSP430 (msp430/ks_rc4_msp430.S, which
   msp430.mk's msp_link adds to any link of ks_rc4.c): a 16-byte key's schedule 6,429 cycles*
   (the C's 14,611*), the keystream 28 a byte* (the C's 41*; *: mspdebug's counts,
   prim/README.md); the C of ks_rc4.c elsewhere, or with -DKS_RC4_ASM=0. */
#ifndef KS_RC4_ASM
#if defined(__MSP430__)
#define KS_RC4_ASM 1
#else
#define KS_RC4_ASM 0
#endif
#endif

/* The assembly fills S and clears i and j by words: the state on a word boundary there. */
#if KS_RC4_ASM
#define KS_RC4_ALIGN __attribute__((aligned(2)))
#else
#define KS_RC4_ALIGN
#endif

typedef struct {
    uint8_t s[256]; /* the permutation: secret */
    uint8_t i, j;
} KS_RC4_ALIGN ks_rc4;

/* Key schedule for a key of 1..256 bytes (16 for RC4_128, 5 for the 40-bit export suites):
   KS_CIPHER_OK, or KS_CIPHER_INVALID (state wiped) for any other length. */
int ks_rc4_init(ks_rc4 *c, const uint8_t *key, size_t len);

/* XORs len bytes of keystream into in and writes them to out (out may equal in). */
void ks_rc4_process(ks_rc4 *c, const uint8_t *in, uint8_t *out, size_t len);

/* Wipes the state. */
void ks_rc4_clear(ks_rc4 *c);

#endif
