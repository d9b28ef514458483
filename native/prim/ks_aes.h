/*
 * AES-128 encryption (FIPS 197), the forward cipher that GCM and CCM need (a TLS server never
 * runs the inverse cipher for them). Mirrors the encryption half of ksecurity/prim/Aes.java.
 * Two implementations, chosen at compile time:
 *
 *   KS_AES_TABLES 0 (the default except on the AVR and MSP430): ks_aes_ct.c, bitsliced
 *     like Aes.java: two blocks in eight 32-bit words, the S-box as a Boyar-Peralta circuit,
 *     no table and no branch indexed by key or data, so constant time on CPUs with caches.
 *     Two blocks cost the same as one (KS_AES_LANES 2).
 *   KS_AES_TABLES 1 (the default for __AVR__ and __MSP430__): ks_aes_tab.c, a compact
 *     byte-oriented AES with the S-box as a 256-byte table in flash, indexed by secret
 *     bytes. Acceptable only on the cacheless motes, whose flash reads take the same cycles
 *     at every address (the simulators' equal cycle counts check it); NOT constant time on a
 *     CPU with a cache. The host builds it only to test it.
 *     KS_AES_EXPANDED 1 (the default but on the AVR) keeps the 176-byte expanded key in the
 *     context; 0 (the AVR's default) keeps the 16-byte key and recomputes the round keys
 *     during each block (sim/cipher_test.c measures both: see native/prim/README.md).
 */
#ifndef KS_AES_H
#define KS_AES_H

#include "ks_config.h"

#ifndef KS_AES_TABLES
#if defined(__AVR__) || defined(__MSP430__)
#define KS_AES_TABLES 1
#else
#define KS_AES_TABLES 0
#endif
#endif

/* The ATmega128's 4 KB of RAM is the tighter budget: there the round keys are made during
   each block (16 bytes per key instead of 176; a server holds two keys). Measured in C in
   sim/cipher_test.c on the ATmega128: +12% cycles per AES block, +5% per GCM block, +11% per
   CCM block (on the MSP430, with 10 KB of RAM: +34%, +16%, +32%); the AVR's block then runs
   in assembly (KS_AES_ASM), faster than the C with the expanded key. */
#ifndef KS_AES_EXPANDED
#if defined(__AVR__)
#define KS_AES_EXPANDED 0
#else
#define KS_AES_EXPANDED 1
#endif
#endif

/* On the AVR, with the key schedule per block, the block runs in assembly: ks_aes128_encrypt_asm
   (avr/ks_aes_avr.S, which the build must link), the state in 16 registers. On the MSP430,
   with the expanded key, ks_aes128_encrypt itself is in assembly (msp430/ks_aes_msp430.S,
   which msp430.mk's msp_link adds to any link of ks_aes_tab.c): 274 B for the C's 666 B in
   the modern thermostat image, and faster (sim/cipher_test.c: 7,878 -> 6,986 cycles* a block). */
#ifndef KS_AES_ASM
#if (defined(__AVR__) && KS_AES_TABLES && !KS_AES_EXPANDED) || (defined(__MSP430__) && KS_AES_TABLES && KS_AES_EXPANDED)
#define KS_AES_ASM 1
#else
#define KS_AES_ASM 0
#endif
#endif

#define KS_AES_BLOCK 16
#define KS_AES128_KEY 16

#if KS_AES_TABLES
#define KS_AES_LANES 1
typedef struct {
#if KS_AES_EXPANDED
    uint8_t rk[176]; /* the 11 round keys */
#else
    uint8_t rk[16]; /* the cipher key; round keys are made during each block */
#endif
} ks_aes128;
#else
#define KS_AES_LANES 2
typedef struct {
    uint32_t rk[88]; /* 11 round keys in bitsliced form, 8 words each */
} ks_aes128;
#endif

/* Expands a 16-byte key. */
void ks_aes128_init(ks_aes128 *c, const uint8_t key[16]);

/* Encrypts one block; out may equal in. */
void ks_aes128_encrypt(const ks_aes128 *c, const uint8_t in[16], uint8_t out[16]);

/* Encrypts two independent blocks (out0 may equal in0, out1 in1): one pass of the bitsliced
   cipher; two passes of the table one. */
void ks_aes128_encrypt2(const ks_aes128 *c, const uint8_t in0[16], const uint8_t in1[16],
                        uint8_t out0[16], uint8_t out1[16]);

/* Wipes the round keys. */
void ks_aes128_clear(ks_aes128 *c);

#endif
