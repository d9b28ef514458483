/*
 * The build's identity from its generated header (the one C file that includes it).
 * Mirrors kssl-client/src/main/java/kssl/tls/ServerIdentity.java.
 */
#include "sz_identity.h"
#include "ks_ec.h"

#ifndef SZ_IDENTITY
#if defined(SZ_PROFILE_LEGACY_ECC)
#define SZ_IDENTITY "identities/test-p160.h"
#elif defined(SZ_PROFILE_LEGACY_RSA)
#define SZ_IDENTITY "identities/test-rsa1024.h"
#else
#define SZ_IDENTITY "identities/test-p256.h"
#endif
#endif
#include SZ_IDENTITY

#if defined(SZ_PROFILE_LEGACY_RSA)
#if !defined(SZ_ID_RSA) || SZ_ID_RSA_N_LEN != SZ_IDENTITY_RSA_BYTES
#error "the legacy-rsa build needs an RSA-1024 identity"
#endif
#if SZ_ID_RSA_CHAIN_SCHEMES & ~SZ_CHAIN_SCHEMES
#error "SZ_CHAIN_SCHEMES must name the identity's chain schemes"
#endif
const uint8_t *sz_identity_chain(uint16_t *len)
{
	*len = SZ_ID_RSA_CERTIFICATE_LIST_BYTES;
	return sz_id_rsa_certificate_list;
}

const uint8_t *sz_identity_certificate_id(void)
{
	return sz_id_rsa_certificate_id;
}

#if defined(__AVR__) && !KS_RSA_KEY_FLASH
#error "the ATmega128's key is in flash, outside its data space: build with KS_RSA_KEY_FLASH=1"
#endif
void sz_identity_rsa(ks_rsa_crt_key *k)
{
	k->n = sz_id_rsa_n, k->e = sz_id_rsa_e, k->p = sz_id_rsa_p, k->q = sz_id_rsa_q;
	k->dp = sz_id_rsa_dp, k->dq = sz_id_rsa_dq, k->qinv = sz_id_rsa_qinv;
	k->n_len = SZ_ID_RSA_N_LEN;
	k->e_len = SZ_ID_RSA_E_LEN;
	k->half_len = SZ_ID_RSA_HALF_LEN;
}
#else
#if !defined(SZ_ID_EC) || SZ_ID_EC_CURVE != SZ_IDENTITY_CURVE || SZ_ID_EC_D_BYTES != SZ_IDENTITY_ORDER_BYTES
#error "the identity's curve is not the build's"
#endif
#if SZ_ID_EC_CHAIN_SCHEMES & ~SZ_CHAIN_SCHEMES
#error "SZ_CHAIN_SCHEMES must name the identity's chain schemes"
#endif
const uint8_t *sz_identity_chain(uint16_t *len)
{
	*len = SZ_ID_EC_CERTIFICATE_LIST_BYTES;
	return sz_id_ec_certificate_list;
}

const uint8_t *sz_identity_certificate_id(void)
{
	return sz_id_ec_certificate_id;
}

void sz_identity_ec_private(uint8_t *d)
{
	ks_flash_read(d, sz_id_ec_d, SZ_ID_EC_D_BYTES);
}
#endif
