/*
 * From the premaster secret to record keys and Finished values: the master secret (RFC 5246
 * §8.1; SSL 3.0: RFC 6101 §6.1; the extended master secret of RFC 7627 §4 over the session
 * hash), the key block (RFC 5246 §6.3, RFC 6101 §6.2.2) and verify_data (RFC 5246 §7.4.9,
 * RFC 6101 §5.6.9). No export suites in any C build.
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/KeySchedule.java (deriveMaster, finished; the
 * key block's partition is sz_record_protection's).
 */
#ifndef SZ_KEY_SCHEDULE_H
#define SZ_KEY_SCHEDULE_H
#include "sz_handshake_hash.h"
#include "sz_config.h"
#include "ks_tls_prf.h"

#define SZ_MASTER_SECRET 48
#define SZ_VERIFY_DATA_MAX 36 /* SSL 3.0: MD5 || SHA-1; TLS: 12 */

/* master = the master secret for `version`; ems: the session hash so far (NULL: RFC 5246's
 * seed client_random || server_random). */
void sz_master_secret(uint16_t version, const uint8_t *premaster, size_t premaster_len,
                      const uint8_t client_random[32], const uint8_t server_random[32],
                      const sz_handshake_hash *ems, uint8_t master[SZ_MASTER_SECRET]);
#if SZ_PRF_KEYED
/* The master secret's PRF key (ks_prf_tls10_key, ks_prf_tls12_key: as secret as the master),
 * made once a connection for its key block and both Finished; SSL 3.0 has no HMAC to prepare:
 * nothing is written. */
#define SZ_MASTER_KEY (SZ_LEGACY ? KS_PRF_TLS10_KEY : KS_PRF_TLS12_KEY)
void sz_master_key(uint16_t version, const uint8_t master[SZ_MASTER_SECRET], uint8_t key[SZ_MASTER_KEY]);
#endif
/* len bytes of key block (seed server_random || client_random) into out. master_key: the
 * master's sz_master_key, or NULL (always, without SZ_PRF_KEYED) to key the PRF from master. */
void sz_key_block(uint16_t version, const uint8_t master[SZ_MASTER_SECRET], const uint8_t *master_key,
                  const uint8_t client_random[32], const uint8_t server_random[32], uint8_t *out,
                  size_t len);
/* verify_data of the client's (client = 1) or the server's Finished over the messages so far;
 * returns its length (12, or 36 for SSL 3.0). master_key as for sz_key_block. */
uint8_t sz_finished(uint16_t version, const uint8_t master[SZ_MASTER_SECRET], const uint8_t *master_key,
                    uint8_t client, const sz_handshake_hash *h, uint8_t out[SZ_VERIFY_DATA_MAX]);
#endif
