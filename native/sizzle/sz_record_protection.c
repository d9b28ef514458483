/*
 * The protection of one direction of the record layer: AES-128-GCM and AES-128-CCM_8 over
 * prim/ks_aead in the modern build; RC4-128 with HMAC (TLS 1.0) or the SSL 3.0 MAC over SHA-1
 * or MD5 in the legacy builds (INSECURE: for old peers and the papers). Each build carries only
 * its code. The key block is partitioned as KeySchedule.protection does: client MAC secret,
 * server MAC secret, client key, server key, client IV (salt), server IV.
 *
 * Opening is constant time in the fragment's contents: the whole fragment is decrypted and
 * MACed (or tagged) whatever it holds, the MAC or tag is compared with no early exit, and the
 * plaintext is wiped under a mask, so a wrong MAC costs what a right one does. A fragment too
 * short to hold a MAC or tag is refused from its length alone (public).
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/RecordProtection.java (header), AeadProtection.java,
 * Rc4Protection.java and the partition in KeySchedule.protection.
 */
#include <string.h>
#include "sz_record_protection.h"
#include "sz_alert.h"
#include "sz_cipher_suite.h"
#include "sz_protocol_version.h"
#include "sz_record_layer.h"
#include "ks_wipe.h"

#if SZ_LEGACY
#define MAC_MAX 20
#define KEY_LEN 16
#define IV_LEN 0
#else
#define MAC_MAX 0
#define KEY_LEN 16
#define IV_LEN 4
#endif

/* seq_num || type || [version ||] length (RecordProtection.header): 13 bytes, 11 without the
 * version (the SSL 3.0 MAC). Returns its length. */
static uint8_t header(uint8_t out[13], const uint8_t seq[8], uint8_t type, uint16_t version,
                      size_t len, uint8_t with_version)
{
	uint8_t p = 9;
	memcpy(out, seq, 8);
	out[8] = type;
	if (with_version) {
		out[9] = (uint8_t)(version >> 8);
		out[10] = (uint8_t)version;
		p = 11;
	}
	out[p] = (uint8_t)(len >> 8);
	out[p + 1] = (uint8_t)len;
	return (uint8_t)(p + 2);
}

/* The next sequence number (big-endian; RFC 5246 §6.1: it never wraps in a connection's life). */
static void next_seq(uint8_t seq[8])
{
	uint8_t i = 8;
	while (i-- > 0 && ++seq[i] == 0) {
	}
}

#if SZ_LEGACY
static int hash_of(const sz_protection *p)
{
	return p->mac_len == 16 ? KS_HASH_MD5 : KS_HASH_SHA1;
}

static void key(sz_protection *p, uint16_t version, uint8_t mac_len, const uint8_t *mac_secret,
                const uint8_t *rc4_key)
{
	memset(p, 0, sizeof *p);
	p->mac_len = mac_len;
	p->ssl3 = version == SZ_SSL30;
	if (p->ssl3)
		memcpy(p->mac_key, mac_secret, mac_len);
	else
		ks_hmac_key_make(hash_of(p), mac_secret, mac_len, p->mac_key);
	ks_rc4_init(&p->rc4, rc4_key, KEY_LEN);
}

/* The record MAC (Rc4Protection.computeMac) in steps: over the record's header, then its
 * plaintext in any pieces; final writes it (mac_len bytes) and wipes the context. */
static void mac_start(const sz_protection *p, sz_record_mac *m, uint8_t type, uint16_t version, size_t len)
{
	uint8_t hdr[13];
	uint8_t n = header(hdr, p->seq, type, version, len, (uint8_t)!p->ssl3);
	if (p->ssl3) {
		ks_ssl3_mac_init(&m->ssl3, hash_of(p), p->mac_key, p->mac_len);
		ks_ssl3_mac_update(&m->ssl3, hdr, n);
	} else {
		ks_hmac_key_load(&m->hmac, hash_of(p), p->mac_key);
		ks_hmac_update(&m->hmac, hdr, n);
	}
}

static void mac_update(const sz_protection *p, sz_record_mac *m, const uint8_t *buf, size_t len)
{
	if (p->ssl3)
		ks_ssl3_mac_update(&m->ssl3, buf, len);
	else
		ks_hmac_update(&m->hmac, buf, len);
}

static void mac_final(const sz_protection *p, sz_record_mac *m, uint8_t *out)
{
	if (p->ssl3) {
		ks_ssl3_mac_final(&m->ssl3, out);
		ks_ssl3_mac_clear(&m->ssl3);
	} else {
		ks_hmac_final(&m->hmac, out);
		ks_hmac_clear(&m->hmac);
	}
}

/* out = the record MAC of buf[0 .. len). */
static void record_mac(const sz_protection *p, uint8_t type, uint16_t version, const uint8_t *buf,
                       size_t len, uint8_t *out)
{
	sz_record_mac m;
	mac_start(p, &m, type, version, len);
	mac_update(p, &m, buf, len);
	mac_final(p, &m, out);
}
#else
static void key(sz_protection *p, uint16_t suite, const uint8_t *aes_key, const uint8_t *salt)
{
	uint8_t gcm = suite == SZ_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256;
	memset(p, 0, sizeof *p);
	ks_aead_init(&p->aead, gcm ? KS_AEAD_GCM : KS_AEAD_CCM, aes_key);
	memcpy(p->salt, salt, IV_LEN);
	p->tag_len = gcm ? 16 : 8;
}

/* nonce = salt || explicit nonce; aad = seq || type || version || plaintext length. */
static void nonce_aad(const sz_protection *p, const uint8_t explicit_nonce[8], uint8_t type,
                      uint16_t version, size_t plain, uint8_t nonce[12], uint8_t aad[13])
{
	memcpy(nonce, p->salt, 4);
	memcpy(nonce + 4, explicit_nonce, 8);
	header(aad, p->seq, type, version, plain, 1);
}
#endif

void sz_protection_derive(sz_protection *read, sz_protection *write, uint16_t version,
                          uint16_t suite, const uint8_t master[SZ_MASTER_SECRET], const uint8_t *master_key,
                          const uint8_t client_random[32], const uint8_t server_random[32])
{
	uint8_t kb[2 * (MAC_MAX + KEY_LEN + IV_LEN)];
#if SZ_LEGACY
	uint8_t mac = suite == SZ_TLS_RSA_WITH_RC4_128_MD5 ? 16 : 20;
	size_t len = 2 * (size_t)(mac + KEY_LEN);
	sz_key_block(version, master, master_key, client_random, server_random, kb, len);
	key(read, version, mac, kb, kb + 2 * mac);
	key(write, version, mac, kb + mac, kb + 2 * mac + KEY_LEN);
#else
	sz_key_block(version, master, master_key, client_random, server_random, kb, sizeof kb);
	key(read, suite, kb, kb + 2 * KEY_LEN);
	key(write, suite, kb + KEY_LEN, kb + 2 * KEY_LEN + IV_LEN);
#endif
	ks_wipe(kb, sizeof kb);
}

size_t sz_protection_seal(sz_protection *p, uint8_t type, uint16_t version, uint8_t *buf,
                          size_t len)
{
#if SZ_LEGACY
	size_t n = len + p->mac_len;
	record_mac(p, type, version, buf, len, buf + len);
	ks_rc4_process(&p->rc4, buf, buf, n);
#else
	uint8_t nonce[12], aad[13];
	size_t n = SZ_PROTECTION_PREFIX + len + p->tag_len;
	memcpy(buf, p->seq, 8); /* the explicit nonce: the sequence number (AeadProtection.seal) */
	nonce_aad(p, buf, type, version, len, nonce, aad);
	ks_aead_seal(&p->aead, nonce, sizeof nonce, aad, sizeof aad, buf + SZ_PROTECTION_PREFIX, len,
	             buf + SZ_PROTECTION_PREFIX + len, p->tag_len);
#endif
	next_seq(p->seq);
	return n;
}

/* The end of an open, without a branch on its outcome (bit 1: the MAC or tag was right): the
 * plaintext's length, or 0; SZ_VERDICT_NONE or SZ_BAD_RECORD_MAC. The masks pass the kernels'
 * value barrier (ks_cipher_mask16): without it avr-gcc and clang-16 turn them into branches. */
static uint16_t opened(sz_protection *p, uint8_t bit, size_t n, size_t *plain)
{
	uint16_t m = ks_cipher_mask16(bit);
	next_seq(p->seq);
	*plain = n & (size_t)m; /* n < 2^15 */
	return (uint16_t)(SZ_BAD_RECORD_MAC ^ ((SZ_VERDICT_NONE ^ SZ_BAD_RECORD_MAC) & m));
}

uint16_t sz_protection_open(sz_protection *p, uint8_t type, uint16_t version, uint8_t *buf,
                            size_t len, size_t *plain)
{
	size_t n;
#if SZ_LEGACY
	uint8_t mac[MAC_MAX], diff = 0, i, ok;
	size_t k;
	*plain = 0;
	if (len < p->mac_len) {
		ks_wipe(buf, len);
		return SZ_BAD_RECORD_MAC;
	}
	n = len - p->mac_len;
	ks_rc4_process(&p->rc4, buf, buf, len);
	record_mac(p, type, version, buf, n, mac);
	for (i = 0; i < p->mac_len; i++) {
		diff |= (uint8_t)(mac[i] ^ buf[n + i]);
	}
	ok = (uint8_t)((uint16_t)(ks_ct_hide(diff) - 1) >> 8); /* 0xFF if equal, else 0 */
	for (k = 0; k < len; k++) { /* a forged record's plaintext is wiped (as much work either way) */
		buf[k] &= ok;
	}
	ks_wipe(mac, sizeof mac);
	return opened(p, ok & 1, n, plain);
#else
	uint8_t nonce[12], aad[13];
	int rc;
	*plain = 0;
	if (len < (size_t)SZ_PROTECTION_PREFIX + p->tag_len) {
		ks_wipe(buf, len);
		return SZ_BAD_RECORD_MAC;
	}
	n = len - SZ_PROTECTION_PREFIX - p->tag_len;
	nonce_aad(p, buf, type, version, n, nonce, aad);
	/* ks_aead_open: the tag compared in constant time, the plaintext wiped under a mask;
	 * KS_CIPHER_OK (0) -> bit 1, KS_CIPHER_BAD_TAG (-2) or _INVALID (-1) -> 0 */
	rc = ks_aead_open(&p->aead, nonce, sizeof nonce, aad, sizeof aad, buf + SZ_PROTECTION_PREFIX,
	                  n, buf + SZ_PROTECTION_PREFIX + n, p->tag_len);
	return opened(p, (uint8_t)((unsigned)(rc + 2) >> 1) & 1u, n, plain);
#endif
}

#if SZ_STREAM_RECORDS
/* ks_aead_open's steps, for a fragment that arrives in pieces: the nonce and length are public,
 * so start cannot fail for a fragment that holds a nonce and a tag (the caller's check). */
void sz_protection_open_start(sz_protection *p, uint8_t type, uint16_t version,
                              const uint8_t explicit_nonce[8], size_t len)
{
	uint8_t nonce[12], aad[13];
	size_t n = len - SZ_PROTECTION_PREFIX - p->tag_len;
	nonce_aad(p, explicit_nonce, type, version, n, nonce, aad);
	(void)ks_aead_start(&p->aead, 0, nonce, sizeof nonce, sizeof aad, (uint32_t)n, p->tag_len);
	(void)ks_aead_aad(&p->aead, aad, sizeof aad);
}

void sz_protection_open_update(sz_protection *p, uint8_t *buf, size_t n)
{
	(void)ks_aead_update(&p->aead, buf, buf, n);
}

uint16_t sz_protection_open_finish(sz_protection *p, const uint8_t *tag)
{
	size_t unused;
	int rc = ks_aead_verify(&p->aead, tag); /* constant time; KS_CIPHER_OK (0) -> bit 1 */
	return opened(p, (uint8_t)((unsigned)(rc + 2) >> 1) & 1u, 0, &unused);
}
#endif

#if SZ_STREAM_OUT
/* sz_protection_seal's steps, for a record that goes out in pieces: the same bytes. */
size_t sz_protection_seal_start(sz_protection *p, sz_seal_stream *st, uint8_t type, uint16_t version,
                                uint8_t *out, size_t len)
{
#if SZ_LEGACY
	(void)out;
	mac_start(p, st, type, version, len);
	return len + p->mac_len;
#else
	uint8_t nonce[12], aad[13];
	(void)st;
	memcpy(out, p->seq, 8); /* the explicit nonce: the sequence number (AeadProtection.seal) */
	nonce_aad(p, out, type, version, len, nonce, aad);
	(void)ks_aead_start(&p->aead, 1, nonce, sizeof nonce, sizeof aad, (uint32_t)len, p->tag_len);
	(void)ks_aead_aad(&p->aead, aad, sizeof aad);
	return SZ_PROTECTION_PREFIX + len + p->tag_len;
#endif
}

void sz_protection_seal_update(sz_protection *p, sz_seal_stream *st, uint8_t *buf, size_t n)
{
#if SZ_LEGACY
	mac_update(p, st, buf, n);
	ks_rc4_process(&p->rc4, buf, buf, n);
#else
	(void)st;
	(void)ks_aead_update(&p->aead, buf, buf, n);
#endif
}

uint8_t sz_protection_seal_finish(sz_protection *p, sz_seal_stream *st, uint8_t *tag)
{
#if SZ_LEGACY
	uint8_t n = p->mac_len;
	mac_final(p, st, tag);
	ks_rc4_process(&p->rc4, tag, tag, n);
#else
	uint8_t n = p->tag_len;
	(void)st;
	(void)ks_aead_finish(&p->aead, tag);
#endif
	next_seq(p->seq);
	return n;
}
#endif

void sz_protection_clear(sz_protection *p)
{
	ks_wipe(p, sizeof *p);
}
