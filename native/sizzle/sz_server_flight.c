/*
 * The server's handshake messages. Mirrors kssl-client/src/main/java/kssl/tls/ServerHello.java,
 * Extensions.java (the server's extensions), Certificate.java, ServerHandshake.java
 * (writeServerKeyExchange), EcdhKey.java (generate; EcKeys.generatePrivate).
 */
#include "sz_server_flight.h"
#include "sz_extensions.h"
#include "sz_identity.h"
#include "ks_ecdsa.h"
#include "ks_hash.h"
#include "ks_wipe.h"

void sz_message_header(uint8_t *out, uint8_t type, uint32_t length)
{
	out[0] = type;
	out[1] = (uint8_t)(length >> 16);
	out[2] = (uint8_t)(length >> 8);
	out[3] = (uint8_t)length;
}

static uint8_t *put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
	return p + 2;
}

uint16_t sz_server_hello_write(uint8_t *out, const sz_server_hello_choice *a, const uint8_t random[32],
                               const uint8_t *session_id, uint8_t session_id_len)
{
	uint8_t *p = out + 4, *ext;
	p = put16(p, a->version);
	memcpy(p, random, 32);
	p += 32;
	*p++ = session_id_len;
	memcpy(p, session_id, session_id_len);
	p += session_id_len;
	p = put16(p, a->suite);
	*p++ = 0; /* null compression */
	ext = p;
	p += 2;
	if (a->renegotiation_info) { /* RFC 5746 §3.6: empty */
		p = put16(put16(p, SZ_EXT_RENEGOTIATION_INFO), 1);
		*p++ = 0;
	}
	if (a->extended_master_secret)
		p = put16(put16(p, SZ_EXT_EXTENDED_MASTER_SECRET), 0);
	if (a->point_formats) { /* uncompressed only */
		p = put16(put16(p, SZ_EXT_EC_POINT_FORMATS), 2);
		*p++ = 1;
		*p++ = 0;
	}
	if (a->max_fragment_length) {
		p = put16(put16(p, SZ_EXT_MAX_FRAGMENT_LENGTH), 1);
		*p++ = a->max_fragment_length;
	}
	if (a->record_size_limit)
		p = put16(put16(put16(p, SZ_EXT_RECORD_SIZE_LIMIT), 2), a->record_size_limit);
	if (p == ext + 2)
		p = ext; /* no extension: no extensions block at all */
	else
		put16(ext, (uint16_t)(p - ext - 2));
	sz_message_header(out, SZ_HT_SERVER_HELLO, (uint32_t)(p - out - 4));
	return (uint16_t)(p - out);
}

#if defined(SZ_PROFILE_MODERN)
int sz_ephemeral_generate(ks_hmac_drbg *rnd, uint8_t d[32], uint8_t point[64])
{
	/* P-256's order has 256 bits: no bit to clear; a draw of 0 or >= n is refused by k.G */
	do {
		if (ks_hmac_drbg_generate(rnd, d, 32, 0, 0) != KS_OK)
			return KS_DRBG_RESEED;
	} while (ks_ec_mul_base(KS_SECP256R1, d, point) != KS_OK);
#if SZ_WIPE_STACK_KG
	ks_wipe_stack(SZ_WIPE_STACK_KG); /* as SZ_WIPE_STACK_ECDH (sz_client_key_exchange.h) */
#endif
	return KS_OK;
}

/* The KSecurity hash of a scheme ClientHello.canSign accepts (ecdsaAlgorithm). */
static int scheme_hash(uint16_t scheme)
{
	switch (scheme) {
	case SZ_ECDSA_SHA224: return KS_HASH_SHA224;
#if KS_WITH_SHA512
	case SZ_ECDSA_SECP384R1_SHA384: return KS_HASH_SHA384;
	case SZ_ECDSA_SECP521R1_SHA512: return KS_HASH_SHA512;
#else
	case SZ_ECDSA_SECP384R1_SHA384:
	case SZ_ECDSA_SECP521R1_SHA512: return -1; /* not in a mote build (README) */
#endif
	default: return KS_HASH_SHA256;
	}
}

/* The hash the signature covers: client_random, server_random, the params. A frame of its own:
 * the hash context is gone before the signature's k G (a mote's stack peak). */
static KS_NOINLINE void signed_hash(int id, const uint8_t client_random[32], const uint8_t server_random[32],
				    const uint8_t params[69], uint8_t *h)
{
	ks_hash_ctx c;
	ks_hash_init(&c, id);
	ks_hash_update(&c, client_random, 32);
	ks_hash_update(&c, server_random, 32);
	ks_hash_update(&c, params, 69);
	ks_hash_final(&c, h);
}

uint16_t sz_server_key_exchange_write(uint8_t *out, const uint8_t point[64], const uint8_t client_random[32],
                                      const uint8_t server_random[32], uint16_t scheme, ks_hmac_drbg *rnd)
{
	uint8_t *params = out + 4, *p;
	uint8_t h[KS_HASH_SIZE_MAX], raw[64], d[32];
	int id = scheme_hash(scheme), rc, len;
	if (id < 0)
		return 0;
	params[0] = 3; /* named_curve */
	put16(params + 1, SZ_SECP256R1);
	params[3] = 65;
	params[4] = 4; /* uncompressed */
	memcpy(params + 5, point, 64);
	signed_hash(id, client_random, server_random, params, h);
	sz_identity_ec_private(d);
	rc = ks_ecdsa_sign_drbg(KS_SECP256R1, d, h, ks_hash_size(id), id, rnd, raw);
#if SZ_WIPE_STACK_SIGN
	ks_wipe_stack(SZ_WIPE_STACK_SIGN); /* as SZ_WIPE_STACK_ECDH (sz_client_key_exchange.h) */
#endif
	ks_wipe(d, sizeof d);
	if (rc != KS_OK)
		return 0;
	p = put16(params + 69, scheme);
	len = ks_ecdsa_der(KS_SECP256R1, raw, p + 2);
	if (len < 0)
		return 0;
	put16(p, (uint16_t)len);
	sz_message_header(out, SZ_HT_SERVER_KEY_EXCHANGE, (uint32_t)(69 + 4 + len));
	return (uint16_t)(4 + 69 + 4 + len);
}
#endif
