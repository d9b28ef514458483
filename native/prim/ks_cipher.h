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

#endif
