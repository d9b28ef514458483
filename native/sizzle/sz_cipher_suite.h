/*
 * The cipher suites by their IANA code points, the bit each has in the mask a server keeps of
 * a ClientHello's cipher_suites, and what each is made of.
 * Mirrors kssl-client/src/main/java/kssl/tls/CipherSuite.java.
 */
#ifndef SZ_CIPHER_SUITE_H
#define SZ_CIPHER_SUITE_H

#include <stdint.h>

#define SZ_TLS_RSA_EXPORT_WITH_RC4_40_MD5 0x0003u
#define SZ_TLS_RSA_WITH_RC4_128_MD5 0x0004u
#define SZ_TLS_RSA_WITH_RC4_128_SHA 0x0005u
#define SZ_TLS_ECDH_ECDSA_WITH_RC4_128_SHA 0xC002u
#define SZ_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 0xC02Bu
#define SZ_TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 0xC02Fu
#define SZ_TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8 0xC0AEu
#define SZ_TLS_EMPTY_RENEGOTIATION_INFO_SCSV 0x00FFu
#define SZ_TLS_FALLBACK_SCSV 0x5600u

/* The suite's bit in a ClientHello's suite mask (CipherSuite.bit), or 0 for any other value. */
uint16_t sz_suite_bit(uint16_t suite);

#endif
