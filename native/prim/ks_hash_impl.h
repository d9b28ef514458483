/*
 * Internal to the hash family (ks_hash.c and the compression functions): the compression
 * functions, big/little-endian word access, and 32/64-bit reads of KS_FLASH tables.
 */
#ifndef KS_HASH_IMPL_H
#define KS_HASH_IMPL_H

#include "ks_hash.h"

/* The compression functions of MD5, SHA-1 and SHA-256 in assembly on the motes: the AVR's
   avr/ks_md5_avr.S, ks_sha1_avr.S, ks_sha256_avr.S and the MSP430's msp430/ks_md5_msp430.S,
   ks_sha1_msp430.S, ks_sha256_msp430.S, which any mote build of ks_md5.c, ks_sha1.c or
   ks_sha256.c links; the C of those files elsewhere, or with -DKS_HASH_ASM=0. */
#ifndef KS_HASH_ASM
#if defined(__AVR__) || defined(__MSP430__)
#define KS_HASH_ASM 1
#else
#define KS_HASH_ASM 0
#endif
#endif

/* Bytes of stack ks_hash_update and ks_hash_final clear after compressing (ks_hash.h's
   KS_WIPE_STACK_HASH), per hash. The AVR's assembly goes less deep than the C: sim/prim_test.c
   built with -DKS_WIPE_STACK_HASH=0 peaks at 33 B (MD5), 99 B (SHA-1) and 161 B (SHA-256)
   below the test's call for one block (the C: 145, 137 and 171 B); each clears its own depth
   + 15 B (at most KS_WIPE_STACK_HASH), not 224 (with it the same test peaks 22 B deeper than
   without: the wipe covers the compression): 1,032, 630 and 259 cycles fewer a call. Since
   then SHA-1's assembly clears its own frame (the schedule) before it returns, as the MSP430's
   do (~190 cycles for its 84 B against ~780 for the wipe of 114 B), and MD5's has no frame (the
   block read where it lies, the working words in registers): neither needs one after it (0);
   below the caller they leave the caller's registers they saved and return addresses. */
#define KS_WIPE_STACK_AT_MOST(n) (KS_WIPE_STACK_HASH < (n) ? KS_WIPE_STACK_HASH : (n))
#if KS_HASH_ASM && defined(__AVR__)
#define KS_WIPE_STACK_MD5 0
#define KS_WIPE_STACK_SHA1 0
#define KS_WIPE_STACK_SHA256 KS_WIPE_STACK_AT_MOST(176)
#elif KS_HASH_ASM && defined(__MSP430__)
/* The MSP430's assembly clears its own frame before it returns (4 words a pass, 2.5 cycles a
   byte: ks_hash_msp430.h's WIPE_FRAME; SHA-1's 320 bytes of schedule pushed over with zeros,
   1.5), so these hashes need no ks_wipe_stack after the call (0: none). ks_wipe_stack of their
   depth + 16 B (180, 110, 162 B; 352 with the C) cost 2,241, 1,400 and 2,026 cycles a block,
   the frames' own clearing 300-400 (SHA-1's since its whole schedule is in the frame: 354 B
   below the test's call, ~540 cycles). */
#define KS_WIPE_STACK_MD5 0
#define KS_WIPE_STACK_SHA1 0
#define KS_WIPE_STACK_SHA256 0
#else
#define KS_WIPE_STACK_MD5 KS_WIPE_STACK_HASH
#define KS_WIPE_STACK_SHA1 KS_WIPE_STACK_HASH
#define KS_WIPE_STACK_SHA256 KS_WIPE_STACK_HASH
#endif

/* One block into the chaining value h. */
void ks_md5_compress(uint32_t *h, const uint8_t *block);
void ks_sha1_compress(uint32_t *h, const uint8_t *block);
void ks_sha256_compress(uint32_t *h, const uint8_t *block);
#if KS_WITH_SHA512
void ks_sha512_compress(uint64_t *h, const uint8_t *block);
#endif

KS_INLINE uint32_t ks_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

KS_INLINE uint32_t ks_le32(const uint8_t *p)
{
    return ((uint32_t)p[3] << 24) | ((uint32_t)p[2] << 16) | ((uint32_t)p[1] << 8) | p[0];
}

KS_INLINE uint32_t ks_rotr32(uint32_t x, unsigned n);

KS_INLINE uint32_t ks_rotl32(uint32_t x, unsigned n)
{
#if defined(__AVR__) || defined(__MSP430__)
    return ks_rotr32(x, 32 - n);
#else
    return (x << n) | (x >> (32 - n));
#endif
}

KS_INLINE uint32_t ks_rotr32(uint32_t x, unsigned n)
{
#if defined(__AVR__) || defined(__MSP430__)
    /* no barrel shifter: avr-gcc 5.4 shifts a 32-bit word by a constant in a loop of one-bit
       steps, clang-16 on the MSP430 in a run of them. Move whole bytes first, then at most
       four one-bit rotations either way (n is a constant at every call, so the tests fold
       away). AVR: SHA-256 block 187k -> 67k cycles; MSP430: MD5 33k -> 20k. */
    if (n >= 16) {
        x = (x >> 16) | (x << 16);
        n -= 16;
    }
    if (n >= 8) {
        x = (x >> 8) | (x << 24);
        n -= 8;
    }
    if (n > 4) { /* right by 8, left by 8 - n */
        x = (x >> 8) | (x << 24);
        for (n = 8 - n; n > 0; n--) {
            x = (x << 1) | (x >> 31);
        }
        return x;
    }
    for (; n > 0; n--) {
        x = (x >> 1) | (x << 31);
    }
    return x;
#else
    return (x >> n) | (x << (32 - n));
#endif
}

/* (ks_flash_read, a KS_FLASH table's bytes into RAM: ks_config.h) */
KS_INLINE uint32_t ks_flash_u32(const uint32_t *p)
{
    uint32_t w;
    ks_flash_read(&w, p, sizeof w);
    return w;
}

#if KS_WITH_SHA512
KS_INLINE uint64_t ks_flash_u64(const uint64_t *p)
{
    uint64_t w;
    ks_flash_read(&w, p, sizeof w);
    return w;
}
#endif

#endif
