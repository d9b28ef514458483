/*
 * ClientKeyExchange to premaster. Mirrors kssl-client/src/main/java/kssl/tls/ServerHandshake.java
 * (readClientKeyExchange, rsaPremaster), EcdhKey.java (agree), ksecurity/math/Pkcs1.java
 * (decodeEncryptionOrFallback).
 */
#include "sz_client_key_exchange.h"
#include "sz_alert.h"
#include "sz_identity.h"
#include "sz_protocol_version.h"
#include "sz_record_layer.h"
#include "ks_wipe.h"

uint16_t sz_cke_early(uint8_t first, uint32_t len, uint8_t *at_end)
{
	*at_end = 0;
#if defined(SZ_PROFILE_LEGACY_RSA)
	(void)first;
	(void)len;
	return SZ_DECODE_ERROR; /* the length is not the modulus's */
#else
	if (first == 0 || first != len - 1)
		return SZ_DECODE_ERROR;
	*at_end = 1; /* skipped to its end, then refused */
	return SZ_ILLEGAL_PARAMETER;
#endif
}

#if defined(SZ_PROFILE_LEGACY_RSA)
/* 0xFFFF if a == b, else 0, without a branch. */
static uint16_t eq_mask(uint16_t a, uint16_t b)
{
	return (uint16_t)(((uint32_t)(uint16_t)(a ^ b) - 1u) >> 16);
}

/* Pkcs1.decodeEncryptionOrFallback for k = 128, a 48-byte message. */
static void decode_or_fallback(const uint8_t *em, const uint8_t *fallback, uint8_t *out)
{
	uint16_t good = eq_mask(em[0], 0) & eq_mask(em[1], 2), found = 0, sep = 0, i;
	for (i = 2; i < SZ_IDENTITY_RSA_BYTES; i++) {
		uint16_t zero = eq_mask(em[i], 0);
		sep |= i & zero & (uint16_t)~found;
		found |= zero;
	}
	good &= found & (uint16_t)((((uint32_t)sep - 10u) >> 31) - 1u) & eq_mask((uint16_t)(SZ_IDENTITY_RSA_BYTES - sep - 1u), 48);
	for (i = 0; i < 48; i++) {
		uint8_t v = em[SZ_IDENTITY_RSA_BYTES - 48 + i], f = fallback[i];
		out[i] = (uint8_t)(f ^ (good & (v ^ f)));
	}
}

uint16_t sz_cke_rsa(uint8_t *body, uint16_t len, uint16_t version, uint16_t client_version,
                    ks_hmac_drbg *rnd, uint8_t *blind, uint8_t pms[48], void *aux)
{
	uint8_t fallback[48];
	ks_rsa_crt_key key;
	uint16_t n = len;
	if (version != SZ_SSL30) { /* TLS: a 2-byte length first; SSL 3.0 has none */
		n = len >= 2 ? (uint16_t)(body[0] << 8 | body[1]) : 0xFFFFu;
		if (n != len - 2u)
			return SZ_DECODE_ERROR;
		body += 2;
	}
	if (n != SZ_IDENTITY_RSA_BYTES)
		return SZ_DECODE_ERROR;
	/* drawn first, on the stack: the generator's frames then lie where RSA's go, whose wipe
	 * clears what they left (aux may lie over pms) */
	if (ks_hmac_drbg_generate(rnd, fallback, 48, 0, 0) != KS_OK)
		return SZ_INTERNAL_ERROR;
	fallback[0] = (uint8_t)(client_version >> 8);
	fallback[1] = (uint8_t)client_version;
	sz_identity_rsa(&key);
	/* em over the ciphertext (read whole before anything is written; aux may lie over both);
	 * a ciphertext not below n, or a failed check: em zeroed, judged as bad padding */
#if SZ_RSA_AUX
	(void)ks_rsa_private_aux(&key, blind, body, body, aux);
#else
	(void)aux;
	(void)ks_rsa_private(&key, blind, body, body);
#endif
	decode_or_fallback(body, fallback, pms);
	pms[0] = fallback[0];
	pms[1] = fallback[1];
	ks_wipe(body, SZ_IDENTITY_RSA_BYTES);
	ks_wipe(fallback, sizeof fallback);
	return SZ_VERDICT_NONE;
}
#else
uint16_t sz_cke_ecdh(const uint8_t *body, uint16_t len, const uint8_t *d, uint8_t *xy, uint8_t *pms_len,
                     void *aux)
{
	uint8_t n = len > 0 ? body[0] : 0;
	int rc;
	if (n == 0 || n != len - 1u)
		return SZ_DECODE_ERROR;
	if (n > 65)
		return SZ_ILLEGAL_PARAMETER;
	if (body[1] != 4) /* RFC 8422 §5.1.2: the server offered uncompressed points only */
		return SZ_ILLEGAL_PARAMETER;
	if (n != 1 + 2 * SZ_IDENTITY_FIELD_BYTES)
		return SZ_ILLEGAL_PARAMETER;
#if KS_EC_AUX
	rc = ks_ec_mul_aux(SZ_IDENTITY_CURVE, d, body + 2, xy, aux); /* validates the point */
#else
	(void)aux;
	rc = ks_ec_mul(SZ_IDENTITY_CURVE, d, body + 2, xy); /* validates the point */
#endif
#if SZ_WIPE_STACK_ECDH
	ks_wipe_stack(SZ_WIPE_STACK_ECDH);
#endif
	if (rc != KS_OK)
		return SZ_ILLEGAL_PARAMETER;
	*pms_len = SZ_IDENTITY_FIELD_BYTES;
	return SZ_VERDICT_NONE;
}
#endif
