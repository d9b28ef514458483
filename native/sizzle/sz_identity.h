/*
 * The server's identity in this build: its certificate_list (RFC 5246 §7.4.2, leaf first, the
 * 3-byte list length included) and its private key, all in flash, from the header that
 * sizzle.desktop.FirmwareIdentity writes (SZ_IDENTITY names it; the default is the stored
 * transcripts' test identity of the profile: identities/test-p256.h, test-p160.h,
 * test-rsa1024.h). Modern: the P-256 ECDSA key; legacy-ecc: the secp160r1 static ECDH key;
 * legacy-rsa: the RSA-1024 CRT key.
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/ServerIdentity.java (encoded, key, group,
 * chainSchemes).
 */
#ifndef SZ_IDENTITY_H
#define SZ_IDENTITY_H

#include "sz_config.h"
#include "ks_ec.h"
#include "ks_rsa.h"

/* The certificate_list in flash and its length. */
const uint8_t *sz_identity_chain(uint16_t *len);
/* Its certificate ID in flash (4 bytes: gateway-java/LINK.md §9.1), which the radio link's
 * READY-SLEEP announces with the template edition. */
const uint8_t *sz_identity_certificate_id(void);

#if defined(SZ_PROFILE_LEGACY_RSA)
#define SZ_IDENTITY_RSA_BYTES 128
/* Points k at the key in flash. The kernels read it there: straight where flash is in the data
 * space (hosts, the MSP430), with KS_READ_BYTE where it is not (the ATmega128, built with
 * KS_RSA_KEY_FLASH=1: no RAM copy of the key). */
void sz_identity_rsa(ks_rsa_crt_key *k);
#else
#if defined(SZ_PROFILE_LEGACY_ECC)
#define SZ_IDENTITY_CURVE KS_SECP160R1
#define SZ_IDENTITY_ORDER_BYTES 21
#define SZ_IDENTITY_FIELD_BYTES 20
#else
#define SZ_IDENTITY_CURVE KS_SECP256R1
#define SZ_IDENTITY_ORDER_BYTES 32
#define SZ_IDENTITY_FIELD_BYTES 32
#endif
/* The private scalar (SZ_IDENTITY_ORDER_BYTES, big-endian) copied out of flash: wipe it after use. */
void sz_identity_ec_private(uint8_t *d);
#endif

#endif
