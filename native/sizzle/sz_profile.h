/*
 * The build's profile: its versions and its suites in preference order (the server's; each
 * build holds only its own). Mirrors kssl-client/src/main/java/kssl/tls/Profile.java
 * (minVersion, maxVersion, suites(profile, false)) for one server identity per build:
 * modern (P-256 ECDSA), legacy-ecc (secp160r1 static ECDH), legacy-rsa (RSA-1024).
 */
#ifndef SZ_PROFILE_H
#define SZ_PROFILE_H

#include "sz_config.h"
#include "sz_cipher_suite.h"
#include "sz_protocol_version.h"

#if SZ_LEGACY
#define SZ_MIN_VERSION SZ_SSL30
#define SZ_MAX_VERSION SZ_TLS10
#define SZ_ACCEPT_SSL2_HELLO 1 /* TlsConfig.acceptSsl2Hello: legacy only */
#else
#define SZ_MIN_VERSION SZ_TLS12
#define SZ_MAX_VERSION SZ_TLS12
#define SZ_ACCEPT_SSL2_HELLO 0
#endif

#if defined(SZ_PROFILE_LEGACY_ECC)
#define SZ_PROFILE_NAME "legacy-ecc"
#define SZ_SERVER_SUITES {SZ_TLS_ECDH_ECDSA_WITH_RC4_128_SHA}
#elif defined(SZ_PROFILE_LEGACY_RSA)
#define SZ_PROFILE_NAME "legacy-rsa"
#define SZ_SERVER_SUITES {SZ_TLS_RSA_WITH_RC4_128_SHA, SZ_TLS_RSA_WITH_RC4_128_MD5}
#else
#define SZ_PROFILE_NAME "modern"
#define SZ_SERVER_SUITES {SZ_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, SZ_TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8}
#endif

#endif
