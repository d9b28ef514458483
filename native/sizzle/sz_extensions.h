/*
 * The hello extensions the engine understands, the named groups and signature pairs it can
 * name, and their bits in the masks a server keeps of a ClientHello.
 * Mirrors kssl-client/src/main/java/kssl/tls/Extensions.java (and ClientHello.groupBit / canSign).
 */
#ifndef SZ_EXTENSIONS_H
#define SZ_EXTENSIONS_H

#include <stdint.h>

#define SZ_EXT_SERVER_NAME 0u
#define SZ_EXT_MAX_FRAGMENT_LENGTH 1u
#define SZ_EXT_SUPPORTED_GROUPS 10u
#define SZ_EXT_EC_POINT_FORMATS 11u
#define SZ_EXT_SIGNATURE_ALGORITHMS 13u
#define SZ_EXT_EXTENDED_MASTER_SECRET 23u
#define SZ_EXT_RECORD_SIZE_LIMIT 28u
#define SZ_EXT_RENEGOTIATION_INFO 0xFF01u

/* NamedGroup values (RFC 8422 §5.1.1) and their bits in the groups mask. */
#define SZ_SECP160R1 16u
#define SZ_SECP256R1 23u
#define SZ_GROUP_SECP160R1 1u
#define SZ_GROUP_SECP256R1 2u

/* SignatureScheme values the server signs ServerKeyExchange with (ECDSA, SHA-2). */
#define SZ_ECDSA_SHA224 0x0303u
#define SZ_ECDSA_SECP256R1_SHA256 0x0403u
#define SZ_ECDSA_SECP384R1_SHA384 0x0503u
#define SZ_ECDSA_SECP521R1_SHA512 0x0603u

/* The extension's bit in the set of extensions seen (the ones the engine knows), or 0. */
uint8_t sz_extension_bit(uint16_t type);
/* The (hash, signature) pair's bit (Extensions.schemeBit: RSA MD5..SHA-512, ECDSA SHA-1..SHA-512), or 0. */
uint16_t sz_scheme_bit(uint16_t scheme);
/* The group's bit (SZ_GROUP_*), or 0. */
uint8_t sz_group_bit(uint16_t group);
/* True for an ECDSA scheme the server signs with: SHA-224, -256, -384, -512; never SHA-1 (RFC 9155). */
uint8_t sz_can_sign(uint16_t scheme);

#endif
