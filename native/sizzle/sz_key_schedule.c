/*
 * From the premaster secret to the master secret, the key block and verify_data, over
 * prim/ks_tls_prf: the SSL 3.0 construction and Finished hash and the TLS 1.0 PRF in the legacy
 * builds, the TLS 1.2 PRF (P_SHA256) in the modern build; each build carries only its PRFs.
 * Every intermediate (the session hash, the Finished hash) is wiped before return; the PRFs
 * wipe their own.
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/KeySchedule.java (deriveMaster, the key block of
 * protection(), finished). No export suites in any C build.
 */
#include "sz_key_schedule.h"
#include "sz_protocol_version.h"
#include "ks_tls_prf.h"
#include "ks_wipe.h"

/* The PRF labels: KS_FLASH strings, as ks_tls_prf.h asks. */
static const char KS_FLASH label_master[] = "master secret";
static const char KS_FLASH label_key_expansion[] = "key expansion";
static const char KS_FLASH label_client_finished[] = "client finished";
static const char KS_FLASH label_server_finished[] = "server finished";
static const char KS_FLASH label_extended_master[] = "extended master secret";

/* Every seed here fits the PRFs' (ks_tls_prf.h, KS_PRF_SEED_MAX), checked as the build compiles
 * (a label's length is its array's less the NUL): a label and the two randoms, or a label and
 * the handshake hash. So their KS_INVALID cannot come, and is not looked for below. */
#define SZ_SEED_FITS(label, rest) (sizeof label - 1 + (rest) <= KS_PRF_SEED_MAX)
typedef char sz_prf_seeds_fit[SZ_SEED_FITS(label_master, 64) && SZ_SEED_FITS(label_key_expansion, 64) &&
                                      SZ_SEED_FITS(label_extended_master, SZ_HANDSHAKE_HASH_SIZE) &&
                                      SZ_SEED_FITS(label_client_finished, SZ_HANDSHAKE_HASH_SIZE) &&
                                      SZ_SEED_FITS(label_server_finished, SZ_HANDSHAKE_HASH_SIZE)
                              ? 1
                              : -1];

/* The build's TLS PRF (KeySchedule.run): TLS 1.0's in the legacy builds, TLS 1.2's in modern;
 * keyed from secret, or from key, its prepared form (sz_master_key), if given. With
 * SZ_PRF_KEYED every PRF goes through the keyed form (a secret's key made on the stack first:
 * the same compressions), so that the build carries one form only. */
static void prf(const uint8_t *secret, size_t slen, const uint8_t *key, const char *label,
                const uint8_t *s1, size_t l1, const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
#if SZ_PRF_KEYED
	uint8_t made[SZ_MASTER_KEY];
	if (key == NULL) {
#if SZ_LEGACY
		ks_prf_tls10_key(secret, slen, made);
#else
		ks_prf_tls12_key(secret, slen, made);
#endif
		key = made;
	}
#if SZ_LEGACY
	ks_prf_tls10_keyed(key, label, s1, l1, s2, l2, out, olen);
#else
	ks_prf_tls12_keyed(key, label, s1, l1, s2, l2, out, olen);
#endif
	ks_wipe(made, sizeof made);
#else
	(void)key;
#if SZ_LEGACY
	ks_prf_tls10(secret, slen, label, s1, l1, s2, l2, out, olen);
#else
	ks_prf_tls12(secret, slen, label, s1, l1, s2, l2, out, olen);
#endif
#endif
}

#if SZ_PRF_KEYED
void sz_master_key(uint16_t version, const uint8_t master[SZ_MASTER_SECRET], uint8_t key[SZ_MASTER_KEY])
{
#if SZ_LEGACY
	if (version != SZ_SSL30)
		ks_prf_tls10_key(master, SZ_MASTER_SECRET, key);
#else
	(void)version;
	ks_prf_tls12_key(master, SZ_MASTER_SECRET, key);
#endif
}
#endif

void sz_master_secret(uint16_t version, const uint8_t *premaster, size_t premaster_len,
                      const uint8_t client_random[32], const uint8_t server_random[32],
                      const sz_handshake_hash *ems, uint8_t master[SZ_MASTER_SECRET])
{
	uint8_t session_hash[SZ_HANDSHAKE_HASH_SIZE];
	uint8_t n;
#if SZ_LEGACY
	if (version == SZ_SSL30) { /* RFC 7627 has no SSL 3.0 form: the Java ignores ems there too */
		ks_prf_ssl3(premaster, premaster_len, client_random, 32, server_random, 32, master,
		            SZ_MASTER_SECRET);
		return;
	}
#else
	(void)version;
#endif
	if (ems == NULL) {
		prf(premaster, premaster_len, NULL, label_master, client_random, 32, server_random, 32,
		    master, SZ_MASTER_SECRET);
		return;
	}
	n = sz_handshake_hash_current(ems, session_hash);
	prf(premaster, premaster_len, NULL, label_extended_master, session_hash, n, NULL, 0, master,
	    SZ_MASTER_SECRET);
	ks_wipe(session_hash, sizeof session_hash);
}

void sz_key_block(uint16_t version, const uint8_t master[SZ_MASTER_SECRET], const uint8_t *master_key,
                  const uint8_t client_random[32], const uint8_t server_random[32], uint8_t *out,
                  size_t len)
{
#if SZ_LEGACY
	if (version == SZ_SSL30) {
		ks_prf_ssl3(master, SZ_MASTER_SECRET, server_random, 32, client_random, 32, out, len);
		return;
	}
#else
	(void)version;
#endif
	prf(master, SZ_MASTER_SECRET, master_key, label_key_expansion, server_random, 32, client_random,
	    32, out, len);
}

uint8_t sz_finished(uint16_t version, const uint8_t master[SZ_MASTER_SECRET], const uint8_t *master_key,
                    uint8_t client, const sz_handshake_hash *h, uint8_t out[SZ_VERIFY_DATA_MAX])
{
	uint8_t hash[SZ_HANDSHAKE_HASH_SIZE];
	uint8_t n;
#if SZ_LEGACY
	if (version == SZ_SSL30) {
		/* ks_prf_ssl3_hash consumes (and wipes) the copies it is given */
		ks_hash_ctx copy = h->md5;
		/* "CLNT" or "SRVR" (ks_ssl3_sender_*), made here: the arrays would sit in a mote's RAM */
		uint8_t sender[4];
		uint32_t s = client ? 0x434C4E54UL : 0x53525652UL;
		sender[0] = (uint8_t)(s >> 24);
		sender[1] = (uint8_t)(s >> 16);
		sender[2] = (uint8_t)(s >> 8);
		sender[3] = (uint8_t)s;
		ks_prf_ssl3_hash(&copy, sender, master, SZ_MASTER_SECRET, out);
		copy = h->sha1;
		ks_prf_ssl3_hash(&copy, sender, master, SZ_MASTER_SECRET, out + 16);
		return 36;
	}
#else
	(void)version;
#endif
	n = sz_handshake_hash_current(h, hash);
	prf(master, SZ_MASTER_SECRET, master_key, client ? label_client_finished : label_server_finished,
	    hash, n, NULL, 0, out, 12);
	ks_wipe(hash, sizeof hash);
	return 12;
}
