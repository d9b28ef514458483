/*
 * The key-derivation functions of SSL 3.0 and TLS, as ksecurity/prim/TlsPrf.java (used by
 * kssl-client/.../tls/KeySchedule.java):
 *   ks_prf_ssl3       SSL 3.0's MD5/SHA-1 construction (RFC 6101 sections 6.1, 6.2.2), for
 *                     the master secret and the key block;
 *   ks_prf_ssl3_hash  the SSL 3.0 Finished and CertificateVerify hashes (sections 5.6.8/9);
 *   ks_prf_tls10      the TLS 1.0/1.1 PRF: P_MD5 xor P_SHA1 over the secret's halves
 *                     (RFC 2246 section 5);
 *   ks_prf_tls12      the TLS 1.2 PRF, P_SHA256 (RFC 5246 section 5);
 *   ks_phash_*        P_hash as a stream: output in pieces into caller buffers, as long as
 *                     asked (the TLS 1.0 PRF is two streams, the second xored in), under a
 *                     secret's prepared key.
 * The seed is a label and up to two parts (client_random and server_random, or a handshake
 * hash), so callers need not concatenate; a part may be NULL with length 0. The LABEL IS A
 * KS_FLASH STRING (NUL-terminated, read with KS_READ_BYTE: on the AVR it must live in
 * PROGMEM), since labels are always constants ("master secret", "key expansion", ...).
 */
#ifndef KS_TLS_PRF_H
#define KS_TLS_PRF_H

#include "ks_hmac.h"

/* The longest SSL 3.0 derivation: 26 blocks of 16 bytes. */
#define KS_PRF_SSL3_MAX 416

/* The longest seed (label || s1 || s2) the PRFs take: A(i) || seed, padded, must fit twice the
   build's largest block (87 bytes on the motes, whose blocks are 64 bytes; TLS's longest is 77,
   a label and two randoms; 175 on hosts); a longer one gives KS_INVALID. */
#define KS_PRF_SEED_MAX (2 * KS_HASH_BLOCK_MAX - KS_HASH_SIZE_MAX - 1 - KS_HASH_BLOCK_MAX / 8)

/* P_hash on whole blocks (RFC 2104's HMAC written out): each output block is HMAC(A(i) ||
   seed), whose inner message differs from the last one's in A(i)'s bytes only, and every outer
   hash's block is a digest and the same padding. So both are laid out once, at the start, and
   each HMAC then costs its compressions and a few copies, not the streaming hash's buffering,
   padding and length every time. On the stack of a PRF, in a mote's RAM: the key is the
   caller's, A(i) lies where it is hashed, and the outer hash's block is the hash context's own
   buffer, which whole blocks leave alone. */
typedef struct {
    /* the hash at work; its buffer holds a digest || padding for a message of a block and a
       digest: the inner block of A(i + 1) = HMAC(A(i)), the outer block of every HMAC, and
       between calls the output block HMAC(A(i) || seed) in its first bytes */
    ks_hash_ctx md;
    const uint8_t *key;                    /* the chaining values after K ^ ipad, K ^ opad */
    uint8_t msg[2 * KS_HASH_BLOCK_MAX];    /* A(i) || seed, padded */
    uint16_t size;                         /* msg's bytes, padded */
    uint8_t hl, bs, ss;                    /* the hash's digest, block and chaining value bytes */
    uint8_t used;                          /* bytes of the output block already given out */
} ks_phash;

/* Starts P_hash(secret, label || s1 || s2) with the HMAC of `hash`, under the secret's key
   prepared by ks_hmac_key_save or ks_hmac_key_make (ks_prf_tls*_key's halves), which must stay
   in place until ks_phash_clear; the seed is copied (its parts may go). KS_OK (0), or
   KS_INVALID (-1) for an absent hash or a seed longer than KS_PRF_SEED_MAX. */
int ks_phash_init(ks_phash *p, int hash, const uint8_t *key, const char *label, const uint8_t *s1,
                  size_t l1, const uint8_t *s2, size_t l2);
/* The next n bytes of the stream, written to out (xor = 0) or xored into it (xor = 1). */
void ks_phash_next(ks_phash *p, uint8_t *out, size_t n, int xor);
void ks_phash_clear(ks_phash *p);

/* out = PRF(secret, label, s1 || s2), olen bytes: KS_OK, or KS_INVALID writing nothing for a
   seed longer than KS_PRF_SEED_MAX (or a hash the build does not carry). */
int ks_prf_tls10(const uint8_t *secret, size_t slen, const char *label, const uint8_t *s1, size_t l1,
                 const uint8_t *s2, size_t l2, uint8_t *out, size_t olen);
int ks_prf_tls12(const uint8_t *secret, size_t slen, const char *label, const uint8_t *s1, size_t l1,
                 const uint8_t *s2, size_t l2, uint8_t *out, size_t olen);
/* A secret that keys several PRFs (the master secret: the key block and both Finished) prepared
   once, as HMAC's chaining values (ks_hmac_key_save, RFC 2104 section 4): TLS 1.0 HMAC-MD5's
   over the secret's first half, then HMAC-SHA1's over its second (2 x 16 + 2 x 20 bytes); TLS
   1.2 HMAC-SHA256's (2 x 32). Each PRF under it then costs four compressions fewer (two). As
   secret as the secret. */
#define KS_PRF_TLS10_KEY 72
#define KS_PRF_TLS12_KEY 64
void ks_prf_tls10_key(const uint8_t *secret, size_t slen, uint8_t key[KS_PRF_TLS10_KEY]);
void ks_prf_tls12_key(const uint8_t *secret, size_t slen, uint8_t key[KS_PRF_TLS12_KEY]);
/* ks_prf_tls10 and ks_prf_tls12 under a prepared key: the same output. */
int ks_prf_tls10_keyed(const uint8_t key[KS_PRF_TLS10_KEY], const char *label, const uint8_t *s1,
                       size_t l1, const uint8_t *s2, size_t l2, uint8_t *out, size_t olen);
int ks_prf_tls12_keyed(const uint8_t key[KS_PRF_TLS12_KEY], const char *label, const uint8_t *s1,
                       size_t l1, const uint8_t *s2, size_t l2, uint8_t *out, size_t olen);
/* out = MD5(secret || SHA1("A" || secret || s1 || s2)) || MD5(secret || SHA1("BB" || ...)) ...,
   olen <= KS_PRF_SSL3_MAX: KS_OK (0), or KS_INVALID (-1) writing nothing. For the master
   secret s1 || s2 is client_random || server_random; for the key block the other way round. */
int ks_prf_ssl3(const uint8_t *secret, size_t slen, const uint8_t *s1, size_t l1, const uint8_t *s2,
                size_t l2, uint8_t *out, size_t olen);

/* The SSL 3.0 sender codes of the Finished message ("CLNT", "SRVR"). */
extern const uint8_t ks_ssl3_sender_client[4];
extern const uint8_t ks_ssl3_sender_server[4];
/* SSL 3.0 Finished / CertificateVerify hash with MD5 or SHA-1:
   H(master || pad_2 || H(handshake_messages || sender || master || pad_1)). handshake is the
   running hash of the handshake messages and is consumed (pass a copy); sender is one of the
   two codes above (in RAM) or NULL for CertificateVerify. Writes 16 or 20 bytes; returns
   their number. */
size_t ks_prf_ssl3_hash(ks_hash_ctx *handshake, const uint8_t *sender, const uint8_t *master, size_t mlen,
                        uint8_t *out);

#endif
