/*
 * The bits a server keeps of a ClientHello's extensions, groups and signature pairs.
 * Mirrors kssl-client/src/main/java/kssl/tls/Extensions.java (bit, schemeBit) and
 * ClientHello.java (groupBit, canSign).
 */
#include "sz_extensions.h"

uint8_t sz_extension_bit(uint16_t type)
{
	switch (type) {
	case SZ_EXT_SERVER_NAME: return 1;
	case SZ_EXT_MAX_FRAGMENT_LENGTH: return 2;
	case SZ_EXT_SUPPORTED_GROUPS: return 4;
	case SZ_EXT_EC_POINT_FORMATS: return 8;
	case SZ_EXT_SIGNATURE_ALGORITHMS: return 16;
	case SZ_EXT_EXTENDED_MASTER_SECRET: return 32;
	case SZ_EXT_RECORD_SIZE_LIMIT: return 64;
	case SZ_EXT_RENEGOTIATION_INFO: return 128;
	default: return 0;
	}
}

/* Extensions.SCHEMES in bit order: RSA MD5 (0x0101), then for each hash SHA-1..SHA-512
 * (0x02..0x06) RSA (xx01) and ECDSA (xx03): bit 2h-3 and 2h-2. */
uint16_t sz_scheme_bit(uint16_t scheme)
{
	uint8_t h = (uint8_t)(scheme >> 8), s = (uint8_t)scheme;
	if (scheme == 0x0101u)
		return 1u;
	if (h < 2 || h > 6)
		return 0;
	if (s == 1)
		return (uint16_t)(1u << (2 * h - 3));
	if (s == 3)
		return (uint16_t)(1u << (2 * h - 2));
	return 0;
}

uint8_t sz_group_bit(uint16_t group)
{
	return group == SZ_SECP160R1 ? SZ_GROUP_SECP160R1 : group == SZ_SECP256R1 ? SZ_GROUP_SECP256R1 : 0;
}

uint8_t sz_can_sign(uint16_t scheme)
{
	return scheme == SZ_ECDSA_SHA224 || scheme == SZ_ECDSA_SECP256R1_SHA256 ||
	       scheme == SZ_ECDSA_SECP384R1_SHA384 || scheme == SZ_ECDSA_SECP521R1_SHA512;
}
