/*
 * Return codes shared by the cipher primitives (ks_rc4, ks_gcm, ks_ccm, ks_aead). The Java
 * side throws (IllegalArgumentException, IllegalStateException) where these return
 * KS_CIPHER_INVALID; a tag that does not verify is KS_CIPHER_BAD_TAG (Java: the caller's
 * Bytes.equalsConstantTime, then Alert.BAD_RECORD_MAC).
 */
#ifndef KS_CIPHER_H
#define KS_CIPHER_H

#include "ks_bn.h"

#define KS_CIPHER_OK 0
/* a bad key, nonce, tag or message length, or a call out of order */
#define KS_CIPHER_INVALID (-1)
/* the tag does not verify: the message is forged or damaged */
#define KS_CIPHER_BAD_TAG (-2)

/* Masks from a secret bit through the kernels' value barrier (ks_bn.h: ks_ct_hide): without
   it clang turns the negation of a value it knows to be 0 or 1 into a select, which the
   MSP430 (no conditional move) executes as a branch whose cycles depend on the bit. */
KS_INLINE uint8_t ks_cipher_mask8(uint8_t bit)
{
    return (uint8_t)-(uint8_t)ks_ct_hide(bit);
}

KS_INLINE uint16_t ks_cipher_mask16(uint8_t bit)
{
    return (uint16_t)-(uint16_t)ks_ct_hide(bit);
}

#endif
