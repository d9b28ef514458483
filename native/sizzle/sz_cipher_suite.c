/*
 * A suite's bit in a ClientHello's suite mask. Mirrors CipherSuite.bit in
 * kssl-client/src/main/java/kssl/tls/CipherSuite.java.
 */
#include "sz_cipher_suite.h"

uint16_t sz_suite_bit(uint16_t suite)
{
	switch (suite) {
	case SZ_TLS_RSA_EXPORT_WITH_RC4_40_MD5: return 1u;
	case SZ_TLS_RSA_WITH_RC4_128_MD5: return 1u << 1;
	case SZ_TLS_RSA_WITH_RC4_128_SHA: return 1u << 2;
	case SZ_TLS_ECDH_ECDSA_WITH_RC4_128_SHA: return 1u << 3;
	case SZ_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256: return 1u << 4;
	case SZ_TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256: return 1u << 5;
	case SZ_TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8: return 1u << 6;
	case SZ_TLS_EMPTY_RENEGOTIATION_INFO_SCSV: return 1u << 7;
	case SZ_TLS_FALLBACK_SCSV: return 1u << 8;
	default: return 0;
	}
}
