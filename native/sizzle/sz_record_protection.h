/*
 * The protection of one direction of the record layer (RFC 5246 §6.2.3): seals a record's
 * plaintext in place and opens a received fragment in place, counting the sequence number.
 * Modern build: AES-128-GCM (RFC 5288) and AES-128-CCM_8 (RFC 6655, RFC 7251): fragment =
 * 8-byte explicit nonce (the sequence number) || ciphertext || tag (16 or 8); nonce = the
 * 4-byte salt || explicit nonce; additional data = seq || type || version || plaintext length.
 * Legacy builds (INSECURE): RC4-128 with HMAC (TLS 1.0) or the SSL 3.0 MAC, over SHA-1 or MD5:
 * fragment = RC4(plaintext || MAC).
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/RecordProtection.java, AeadProtection.java,
 * Rc4Protection.java, and KeySchedule.protection's partition of the key block.
 */
#ifndef SZ_RECORD_PROTECTION_H
#define SZ_RECORD_PROTECTION_H
#include "sz_key_schedule.h"
#if SZ_LEGACY
#include "ks_rc4.h"
#include "ks_hmac.h"
#include "ks_ssl3_mac.h"
#else
#include "ks_aead.h"
#endif

#if SZ_LEGACY
#define SZ_PROTECTION_PREFIX 0     /* bytes before the plaintext in a fragment */
#define SZ_PROTECTION_EXPANSION 20 /* the most a fragment is longer than its plaintext */
#else
#define SZ_PROTECTION_PREFIX 8
#define SZ_PROTECTION_EXPANSION 24
#endif

#if SZ_LEGACY
/* A record MAC being computed: HMAC (TLS 1.0) or the SSL 3.0 MAC. */
typedef union {
	ks_hmac_ctx hmac;
	ks_ssl3_mac_ctx ssl3;
} sz_record_mac;
#endif

typedef struct {
#if SZ_LEGACY
	ks_rc4 rc4;
	/* SSL 3.0: the MAC secret; TLS 1.0: HMAC's key as its two chaining values, SHA-1's 2 x 20 B
	 * (ks_hmac_key_save), hashed once when keyed, not twice a record (~19 k cycles a record
	 * on the ATmega128), as Rc4Protection keys its Hmac once */
	uint8_t mac_key[40];
	uint8_t mac_len;  /* the MAC's length: 20 (SHA-1) or 16 (MD5) */
	uint8_t ssl3;     /* the SSL 3.0 MAC instead of HMAC */
#else
	ks_aead aead;     /* must not be moved once keyed (ks_aead.h) */
	uint8_t salt[4];
	uint8_t tag_len;  /* 16 (GCM) or 8 (CCM_8) */
#endif
	uint8_t seq[8];   /* the next record's sequence number, big-endian */
} sz_protection;

/* Keys both directions of the server from the master secret (the key block is derived on the
 * stack and wiped): `read` opens the client's records, `write` seals the server's. master_key:
 * the master's sz_master_key, or NULL (sz_key_block). */
void sz_protection_derive(sz_protection *read, sz_protection *write, uint16_t version,
                          uint16_t suite, const uint8_t master[SZ_MASTER_SECRET], const uint8_t *master_key,
                          const uint8_t client_random[32], const uint8_t server_random[32]);
/* Seals the plaintext at buf[SZ_PROTECTION_PREFIX .. + len); the fragment then starts at
 * buf[0]; returns its length (at most len + SZ_PROTECTION_EXPANSION). */
size_t sz_protection_seal(sz_protection *p, uint8_t type, uint16_t version, uint8_t *buf,
                          size_t len);
/* Opens the fragment buf[0 .. len) in place: SZ_VERDICT_NONE and *plain = the plaintext's
 * length (it starts at buf[SZ_PROTECTION_PREFIX]), or bad_record_mac (20) for a wrong MAC or
 * tag or a fragment too short to hold one (the plaintext then wiped). Constant time in the
 * fragment's contents. */
uint16_t sz_protection_open(sz_protection *p, uint8_t type, uint16_t version, uint8_t *buf,
                            size_t len, size_t *plain);
#if SZ_STREAM_RECORDS
/* Opens a fragment of len bytes (at least SZ_PROTECTION_PREFIX + the tag) as it arrives, for a
 * record longer than the buffer: start with its explicit nonce (the fragment's first 8 bytes),
 * then update with the ciphertext in any pieces (decrypted in place: plaintext released BEFORE
 * the tag is known; the caller must act on none of it until finish says SZ_VERDICT_NONE),
 * then finish with the tag (the fragment's last tag_len bytes): SZ_VERDICT_NONE or
 * bad_record_mac, compared in constant time; the sequence number counts either way. */
void sz_protection_open_start(sz_protection *p, uint8_t type, uint16_t version,
                              const uint8_t explicit_nonce[8], size_t len);
void sz_protection_open_update(sz_protection *p, uint8_t *buf, size_t n);
uint16_t sz_protection_open_finish(sz_protection *p, const uint8_t *tag);
#endif
#if SZ_STREAM_OUT
/* Seals a record of len plaintext bytes as it goes out in pieces, the bytes sz_protection_seal
 * makes: start writes the fragment's first SZ_PROTECTION_PREFIX bytes (the explicit nonce) at
 * out and returns the fragment's length; update encrypts n bytes in place; finish writes the
 * tag or MAC at tag and returns its length (the sequence number counts). The AEAD keeps its
 * state in p; the legacy MAC keeps it in st, the caller's (the connection lends the handshake
 * hash's room, idle once the handshake is done). */
#if SZ_LEGACY
typedef sz_record_mac sz_seal_stream;
#else
typedef struct {
	uint8_t unused;
} sz_seal_stream;
#endif
size_t sz_protection_seal_start(sz_protection *p, sz_seal_stream *st, uint8_t type, uint16_t version,
                                uint8_t *out, size_t len);
void sz_protection_seal_update(sz_protection *p, sz_seal_stream *st, uint8_t *buf, size_t n);
uint8_t sz_protection_seal_finish(sz_protection *p, sz_seal_stream *st, uint8_t *tag);
#endif
void sz_protection_clear(sz_protection *p);
#endif
