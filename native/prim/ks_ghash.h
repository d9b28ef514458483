/*
 * GHASH (SP 800-38D §6.4), constant time and table-free on every build, mirroring
 * ksecurity/prim/Ghash.java. Two multiplications by H in GF(2^128), chosen at compile time:
 *
 *   KS_GHASH_CLMUL 1 (the default on 32- and 64-bit hosts): Ghash.java's method, carry-less
 *     32x32-bit products made of ordinary integer multiplications of operands with holes
 *     (every fourth bit kept, the carries land in the holes and are masked off), Karatsuba on
 *     two levels (nine products), then the reduction modulo x^128 + x^7 + x^2 + x + 1. Needs
 *     a constant-time 32x32 -> 64-bit multiply, which x86-64 and AArch64 have.
 *   KS_GHASH_CLMUL 0 (the default on the AVR and MSP430, whose 64-bit products are long
 *     library calls, on the AVR one with a data-dependent branch): a byte at a time by
 *     Horner's rule, z = z x^8 + (byte of Y) H, the byte's bits selecting the multiples
 *     H x^0..H x^7 (kept in the context, 128 bytes) by masks, and the byte that z x^8 pushes
 *     out folded back by masks. Only ANDs, XORs and moves, at addresses that depend on
 *     nothing secret: no table indexed by secrets, no branch on them. (The plain bit-serial
 *     Algorithm 1, 16 bytes of H, took 3 times the cycles of this C on the ATmega128: see
 *     native/prim/README.md.) On the motes the same method runs in assembly
 *     (KS_GHASH_ASM).
 *
 * The running value Y is kept as 16 bytes in GCM order; input bytes are XORed straight into it
 * and the multiplication by H runs when a block is complete, so there is no separate buffer for
 * a partial block (the streaming GCM of a mote keeps no more than this).
 */
#ifndef KS_GHASH_H
#define KS_GHASH_H

#include "ks_config.h"

#ifndef KS_GHASH_CLMUL
#if defined(__AVR__) || defined(__MSP430__)
#define KS_GHASH_CLMUL 0
#else
#define KS_GHASH_CLMUL 1
#endif
#endif

/* On the motes the bytewise multiplication is in assembly, ks_ghash_mul_asm, which the build
   must link: avr/ks_ghash_avr.S (the running product in 16 registers: half the cycles of
   the C) or msp430/ks_ghash_msp430.S (in 8 registers: a third). */
#ifndef KS_GHASH_ASM
#if (defined(__AVR__) || defined(__MSP430__)) && !KS_GHASH_CLMUL
#define KS_GHASH_ASM 1
#else
#define KS_GHASH_ASM 0
#endif
#endif

typedef struct {
#if KS_GHASH_CLMUL
    uint32_t h[4]; /* H, bit-reflected into polynomial order (Ghash.java) */
#else
    union {
        uint8_t bytes[128]; /* H x^b for b = 0..7, in GCM order (interleaved for the C, in rows
                           for the assembly: KS_GHASH_HX in ks_ghash.c) */
        uint16_t align; /* the MSP430 assembly reads words (and writes y as words) */
    } hx;
#endif
    uint8_t y[16]; /* the running value, with the bytes of a partial block XORed in */
    uint8_t pos;   /* bytes of the current block so far (0..15) */
} ks_ghash;

/* Sets the hash key H (16 bytes) and clears the running value. */
void ks_ghash_init(ks_ghash *g, const uint8_t h[16]);

/* Clears the running value (H kept). */
void ks_ghash_reset(ks_ghash *g);

/* Absorbs len bytes; a trailing partial block waits for more bytes or for ks_ghash_pad. */
void ks_ghash_update(ks_ghash *g, const uint8_t *in, size_t len);

/* Completes a partial block with zeros (GCM pads the AAD and the ciphertext separately). */
void ks_ghash_pad(ks_ghash *g);

/* Pads, then writes the 16-byte value (the state is left as it is). */
void ks_ghash_final(ks_ghash *g, uint8_t out[16]);

/* Wipes H and the running value. */
void ks_ghash_clear(ks_ghash *g);

#endif
