/*
 * ClientKeyExchange (RFC 5246 §7.4.7) to the premaster secret. Modern: ECDHE with the
 * ephemeral P-256 scalar; legacy-ecc: static ECDH with the certificate's secp160r1 key
 * (RFC 8422 §5.7: the point uncompressed, validated: illegal_parameter, or decode_error for a
 * length that does not fit). Legacy-rsa (INSECURE): RSA key transport, the premaster decrypted
 * with blinding and checked, its padding judged and the fallback chosen in constant time, the
 * version bytes always the client_version's (RFC 5246 §7.4.7.1), so that a bad ciphertext
 * fails only at Finished, the same way as any other mismatch.
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/ServerHandshake.java (readClientKeyExchange,
 * rsaPremaster), EcdhKey.java (agree), ksecurity/math/Pkcs1.java (decodeEncryptionOrFallback).
 */
#ifndef SZ_CLIENT_KEY_EXCHANGE_H
#define SZ_CLIENT_KEY_EXCHANGE_H

#include "sz_config.h"
#include "ks_hmac_drbg.h"

/* The largest ClientKeyExchange body the connection keeps (a longer one is judged by its first
 * bytes: sz_cke_early): a P-256 point with its length (1 + 65, ServerHandshake.MAX_POINT), or
 * an RSA-1024 EncryptedPreMasterSecret with its length (2 + 128). */
#if defined(SZ_PROFILE_LEGACY_RSA)
#define SZ_CKE_MAX 130
#define SZ_PREMASTER_MAX 48
#else
#define SZ_CKE_MAX 66
#define SZ_PREMASTER_MAX 32
#endif

/* Bytes of stack sz_cke_ecdh clears after k P, below its own frame (0: none beyond the
 * kernels' own wipe, KS_WIPE_STACK_EC). The ATmega128 builds wipe from the sizzle layer as deep
 * as each operation went there, measured (firmware.mk), with the kernels' wipes off: a kernel
 * wipe sized for every curve and caller would go deeper than the operation and be the stack's
 * peak itself. */
#ifndef SZ_WIPE_STACK_ECDH
#define SZ_WIPE_STACK_ECDH 0
#endif

/* SZ_RSA_AUX=1: the connection and the firmware's set-up give the RSA kernels RAM idle during
 * the call for their table and modulus (ks_rsa_private_aux; the ATmega128's 4 KB); 0: those stay
 * on the kernels' stack. */
#ifndef SZ_RSA_AUX
#define SZ_RSA_AUX 0
#endif

/* The verdict on a body of `len` bytes longer than SZ_CKE_MAX from its first byte: decode_error
 * at once (the lengths do not fit), or illegal_parameter at the message's end (a point longer
 * than P-256's). */
uint16_t sz_cke_early(uint8_t first, uint32_t len, uint8_t *at_end);

#if defined(SZ_PROFILE_LEGACY_RSA)
/* The 48-byte premaster from the body (whole, len <= SZ_CKE_MAX) for `version`; blind: the key's
 * blinding state (ks_rsa_blind_init). Draws the 48 fallback bytes from rnd first. The body is
 * decrypted in place (the encoded message replaces the ciphertext; wiped after). aux (with
 * SZ_RSA_AUX, else unused: NULL): KS_RSA_AUX_BYTES of RAM idle during the call for the kernels'
 * table and modulus (ks_rsa_private_aux; it may lie over the body and pms). */
uint16_t sz_cke_rsa(uint8_t *body, uint16_t len, uint16_t version, uint16_t client_version,
                    ks_hmac_drbg *rnd, uint8_t *blind, uint8_t pms[48], void *aux);
#else
/* The premaster (the shared x, field bytes) from the body (whole, len <= SZ_CKE_MAX) and the
 * private scalar d (the ephemeral's, or the identity's): k P's point into xy (2 * field bytes),
 * whose first *pms_len bytes are the premaster (the caller wipes xy). aux (with KS_EC_AUX,
 * ks_config.h; else unused: NULL): KS_EC_AUX_BYTES of RAM idle during the call for k P's table
 * (ks_ec_mul_aux: off the stack; it may lie over the body, d and xy). */
uint16_t sz_cke_ecdh(const uint8_t *body, uint16_t len, const uint8_t *d, uint8_t *xy, uint8_t *pms_len,
                     void *aux);
#endif

#endif
