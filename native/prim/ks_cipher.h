/*
 * Return codes shared by the cipher primitives (ks_rc4, ks_gcm, ks_ccm, ks_aead). The Java
 * side throws (IllegalArgumentException, IllegalStateException) where these return
 * KS_CIPHER_INVALID; a tag that does not verify is KS_CIPHER_BAD_TAG (Java: the caller's
 * Bytes.equalsConstantTime, then Alert.BAD_RECORD_MAC).
 */
#ifndef KS_CIPHER_H
#define KS_CIPHER_H

#include "ks_config.h"

#define KS_CIPHER_OK 0
/* a bad key, nonce, tag or message length, or a call out of order */
#define KS_CIPHER_INVALID (-1)
/* the tag does not verify: the message is forged or damaged */
#define KS_CIPHER_BAD_TAG (-2)

/* A value barrier: returns v, but the optimiser no longer knows anything about it (its
   range, say). Without it clang turns a mask made from a 0-or-1 value into a select, which
   the MSP430 (no conditional move) executes as a branch whose cycles depend on the value. */
KS_INLINE uint16_t ks_cipher_hide(uint16_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(v));
#endif
    return v;
}

/* 0xff if bit (0 or 1) is 1, else 0, without a branch (an 8-bit barrier: cheaper on the AVR). */
KS_INLINE uint8_t ks_cipher_mask8(uint8_t bit)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(bit));
#endif
    return (uint8_t)-bit;
}

/* 0xffff if bit (0 or 1) is 1, else 0, without a branch. */
KS_INLINE uint16_t ks_cipher_mask16(uint8_t bit)
{
    return (uint16_t)-ks_cipher_hide(bit);
}

#endif
