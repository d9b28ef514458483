/*
 * Host test of the C server's handshake hash, key schedule, record protection and session
 * cache (sz_handshake_hash.c, sz_key_schedule.c, sz_record_protection.c, sz_session_cache.c),
 * built once per profile under ASan + UBSan (keys.mk). It reads the known answers the Java code
 * wrote (protection-vectors.txt, kssl-client ProtectionVectorsTest: format there), takes the
 * cases of its build's profile and must reproduce every byte: the session hash (fed in pieces
 * and a byte at a time), the master secret with and without EMS, the key block, both Finished
 * values, every record sealed by either side (the client's sealed here with the client's keys
 * too) and opened by the server, and every open that must fail (bad_record_mac, nothing
 * released). Then the session cache's behaviour (expiry, eviction of the oldest, replacement
 * by id, the wipe of what it forgets, the server_name digests the Java computed).
 * Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ks_test.h"
#include "sz_profile.h"
#include "sz_alert.h"
#include "sz_record_layer.h"
#include "sz_record_protection.h"
#include "sz_session_cache.h"

#define BIG 16384
#define SMALL 256 /* the client records kept for the failing opens (all but the 16 KiB one) */

static char line[1 << 16];
static uint8_t buf[BIG + 64], want[BIG + 64];
static sz_protection rd, wr, cs, scratch;

static struct {
	int active, derived, nc, ns, fails;
	uint16_t version, suite;
	uint8_t pms[48], cr[32], sr[32], master[48];
	size_t pms_len;
	sz_handshake_hash pieces, bytewise;
	uint8_t cfrag[6][SMALL];
	size_t cfrag_len[6];
	uint8_t ctype[6];
} v;
static int cases, digests;

/* Bytes of a field: hex, "-" (none), or "*N" (N bytes (i * 31 + 7) mod 256). */
static size_t field(const char *f, uint8_t *out)
{
	size_t i, n;
	if (strcmp(f, "-") == 0) {
		return 0;
	}
	if (f[0] == '*') {
		n = strtoul(f + 1, NULL, 10);
		for (i = 0; i < n; i++) {
			out[i] = (uint8_t)(i * 31 + 7);
		}
		return n;
	}
	return ks_unhex(out, f);
}

static int same(const uint8_t *a, size_t alen, const char *hex)
{
	static uint8_t b[BIG];
	size_t n = field(hex, b);
	return n == alen && memcmp(a, b, n) == 0;
}

static void sha256(const uint8_t *in, size_t len, uint8_t out[32])
{
	ks_hash(KS_HASH_SHA256, in, len, out);
}

/* The master's prepared PRF key (sz_master_key), or NULL in a build without it: each
   derivation below runs once from the master and once from its key, both against the Java's. */
static const uint8_t *master_key(void)
{
#if SZ_PRF_KEYED
	static uint8_t key[SZ_MASTER_KEY];
	sz_master_key(v.version, v.master, key);
	return key;
#else
	return NULL;
#endif
}

static void derive(void)
{
	if (!v.derived) {
		sz_protection_derive(&rd, &wr, v.version, v.suite, v.master, master_key(), v.cr, v.sr);
		/* the client's side of the same keys: `read` seals what the client writes */
		sz_protection_derive(&cs, &scratch, v.version, v.suite, v.master, NULL, v.cr, v.sr);
		sz_protection_clear(&scratch);
		v.derived = 1;
	}
}

static int all_zero(const uint8_t *p, size_t n)
{
	uint8_t d = 0;
	size_t i;
	for (i = 0; i < n; i++) {
		d |= p[i];
	}
	return d == 0;
}

/* seal DIR TYPE PLAIN FRAGMENT */
static void seal_line(char dir, int type, const char *plain_hex, const char *frag)
{
	size_t len = field(plain_hex, want), n, plain = 0;
	uint8_t digest[32];
	uint16_t verdict;
	derive();
	memcpy(buf + SZ_PROTECTION_PREFIX, want, len);
	n = sz_protection_seal(dir == 'c' ? &cs : &wr, (uint8_t)type, v.version, buf, len);
	CHECK(n <= len + SZ_PROTECTION_EXPANSION, "expansion %zu", n - len);
	if (frag[0] == '#') {
		sha256(buf, n, digest);
		CHECK(same(digest, 32, frag + 1), "%c seal of %zu bytes: digest", dir, len);
	} else {
		CHECK(same(buf, n, frag), "%c seal of %zu bytes: %s", dir, len, ks_hex(buf, n));
	}
	if (dir != 'c') {
		v.ns++;
		return;
	}
	if (n <= SMALL && v.nc < 6) {
		memcpy(v.cfrag[v.nc], buf, n);
		v.cfrag_len[v.nc] = n;
		v.ctype[v.nc] = (uint8_t)type;
	}
	v.nc++;
	verdict = sz_protection_open(&rd, (uint8_t)type, v.version, buf, n, &plain);
	CHECK(verdict == SZ_VERDICT_NONE && plain == len && memcmp(buf + SZ_PROTECTION_PREFIX, want, len) == 0,
	      "open of the client's record %d: verdict %u, %zu bytes", v.nc - 1, verdict, plain);
}

/* open_fail TYPE AFTER FRAGMENT WHAT */
static void fail_line(int type, int after, const char *frag, const char *what)
{
	sz_protection r, w;
	size_t n, plain = 99, tag;
	uint16_t verdict;
	int i, ok = 1;
	sz_protection_derive(&r, &w, v.version, v.suite, v.master, NULL, v.cr, v.sr);
	for (i = 0; i < after; i++) {
		memcpy(buf, v.cfrag[i], v.cfrag_len[i]);
		ok &= sz_protection_open(&r, v.ctype[i], v.version, buf, v.cfrag_len[i], &plain) == SZ_VERDICT_NONE;
	}
	CHECK(ok && after <= v.nc, "%s: the records before", what);
	n = field(frag, buf);
	verdict = sz_protection_open(&r, (uint8_t)type, v.version, buf, n, &plain);
	CHECK(verdict == SZ_BAD_RECORD_MAC && plain == 0, "%s: verdict %u, plain %zu", what, verdict, plain);
#if SZ_LEGACY
	tag = r.mac_len;
#else
	tag = r.tag_len;
#endif
	/* nothing released: the plaintext's place is zero (all of it if too short to hold one) */
	if (n >= SZ_PROTECTION_PREFIX + tag) {
		CHECK(all_zero(buf + SZ_PROTECTION_PREFIX, n - SZ_PROTECTION_PREFIX - tag), "%s: plaintext wiped", what);
	} else {
		CHECK(all_zero(buf, n), "%s: short fragment wiped", what);
	}
	sz_protection_clear(&r);
	sz_protection_clear(&w);
	v.fails++;
}

static void vector_line(char *l)
{
	char *tok[6];
	int nt = 0;
	uint8_t out[SZ_VERIFY_DATA_MAX + 48], h2[SZ_HANDSHAKE_HASH_SIZE];
	size_t n, i;
	char *p = strtok(l, " \n");
	while (p != NULL && nt < 6) {
		tok[nt++] = p;
		p = strtok(NULL, " \n");
	}
	if (nt == 0 || tok[0][0] == '#') {
		return;
	}
	if (strcmp(tok[0], "case") == 0) {
		memset(&v, 0, sizeof v);
		v.active = strcmp(tok[1], SZ_PROFILE_NAME) == 0;
		sz_handshake_hash_init(&v.pieces);
		sz_handshake_hash_init(&v.bytewise);
		cases += v.active;
		return;
	}
	if (strcmp(tok[0], "name_digest") == 0) {
		n = field(tok[1], want);
		sz_session_name_digest(want, n, out);
		CHECK(same(out, SZ_SESSION_NAME_DIGEST, tok[2]), "name digest of %s", tok[1]);
		digests++;
		return;
	}
	if (!v.active) {
		return;
	}
	if (strcmp(tok[0], "version") == 0) {
		v.version = (uint16_t)strtoul(tok[1], NULL, 16);
	} else if (strcmp(tok[0], "suite") == 0) {
		v.suite = (uint16_t)strtoul(tok[1], NULL, 16);
	} else if (strcmp(tok[0], "premaster") == 0) {
		v.pms_len = field(tok[1], v.pms);
	} else if (strcmp(tok[0], "client_random") == 0) {
		field(tok[1], v.cr);
	} else if (strcmp(tok[0], "server_random") == 0) {
		field(tok[1], v.sr);
	} else if (strcmp(tok[0], "messages") == 0 || strcmp(tok[0], "finished_messages") == 0
	           || strcmp(tok[0], "server_messages") == 0) {
		n = field(tok[1], want);
		sz_handshake_hash_update(&v.pieces, want, n / 3);
		sz_handshake_hash_update(&v.pieces, want + n / 3, 0);
		sz_handshake_hash_update(&v.pieces, want + n / 3, n - n / 3);
		for (i = 0; i < n; i++) {
			sz_handshake_hash_update(&v.bytewise, want + i, 1);
		}
	} else if (strcmp(tok[0], "session_hash") == 0) {
		n = sz_handshake_hash_current(&v.pieces, out);
		CHECK(same(out, n, tok[1]), "session hash %s", ks_hex(out, n));
		n = sz_handshake_hash_current(&v.bytewise, h2);
		CHECK(same(h2, n, tok[1]), "session hash byte by byte");
	} else if (strcmp(tok[0], "master") == 0) {
		sz_master_secret(v.version, v.pms, v.pms_len, v.cr, v.sr, NULL, v.master);
		CHECK(same(v.master, 48, tok[1]), "master %s", ks_hex(v.master, 48));
		if (v.version == SZ_SSL30) { /* no EMS in SSL 3.0: the Java ignores it */
			sz_master_secret(v.version, v.pms, v.pms_len, v.cr, v.sr, &v.pieces, out);
			CHECK(same(out, 48, tok[1]), "SSL 3.0 master with ems");
		}
	} else if (strcmp(tok[0], "master_ems") == 0) {
		sz_master_secret(v.version, v.pms, v.pms_len, v.cr, v.sr, &v.pieces, out);
		CHECK(same(out, 48, tok[1]), "master with ems %s", ks_hex(out, 48));
	} else if (strcmp(tok[0], "key_block") == 0) {
		n = field(tok[1], want);
		sz_key_block(v.version, v.master, NULL, v.cr, v.sr, buf, n);
		CHECK(n > 0 && memcmp(buf, want, n) == 0, "key block %s", ks_hex(buf, n));
		sz_key_block(v.version, v.master, master_key(), v.cr, v.sr, buf, n - 5);
		CHECK(memcmp(buf, want, n - 5) == 0, "key block's first %zu bytes (from the master's key)", n - 5);
	} else if (strcmp(tok[0], "client_finished") == 0 || strcmp(tok[0], "server_finished") == 0) {
		uint8_t client = tok[0][0] == 'c';
		n = sz_finished(v.version, v.master, NULL, client, &v.pieces, out);
		CHECK(n == (v.version == SZ_SSL30 ? 36u : 12u) && same(out, n, tok[1]), "%s %s", tok[0], ks_hex(out, n));
		n = sz_finished(v.version, v.master, master_key(), client, &v.bytewise, out); /* and the hash runs on */
		CHECK(same(out, n, tok[1]), "%s again, from the master's key", tok[0]);
	} else if (strcmp(tok[0], "seal") == 0 && nt == 5) {
		seal_line(tok[1][0], atoi(tok[2]), tok[3], tok[4]);
	} else if (strcmp(tok[0], "open_fail") == 0 && nt == 5) {
		fail_line(atoi(tok[1]), atoi(tok[2]), tok[3], tok[4]);
	} else if (strcmp(tok[0], "end") == 0) {
		CHECK(v.nc == 6 && v.ns == 6 && v.fails >= 12, "case's records: %d client, %d server, %d failing opens",
		      v.nc, v.ns, v.fails);
		sz_protection_clear(&rd);
		sz_protection_clear(&wr);
		sz_protection_clear(&cs);
		CHECK(all_zero((const uint8_t *)&rd, sizeof rd) && all_zero((const uint8_t *)&cs, sizeof cs),
		      "protection cleared");
		sz_handshake_hash_clear(&v.pieces);
		CHECK(all_zero((const uint8_t *)&v.pieces, sizeof v.pieces), "handshake hash cleared");
		v.active = 0;
	} else {
		CHECK(0, "unknown line %s", tok[0]);
	}
}

/* A session of this id byte, made at `created`. */
static sz_session session(uint8_t id, uint32_t created, uint8_t fill)
{
	sz_session s;
	memset(&s, 0, sizeof s);
	s.id[3] = id;
	memset(s.master, fill, sizeof s.master);
	s.created = created;
	s.version = SZ_MAX_VERSION;
	s.suite = 0xC02B;
	s.ems = 1;
	return s;
}

static const uint8_t *id_of(uint8_t id)
{
	static uint8_t b[SZ_SESSION_ID];
	memset(b, 0, sizeof b);
	b[3] = id;
	return b;
}

/* The slot that held a forgotten session is zero throughout (its master secret wiped). */
static int slot_wiped(const sz_session_cache *c, int i)
{
	return all_zero((const uint8_t *)&c->slots[i], sizeof c->slots[i]);
}

static void test_session_cache(void)
{
	sz_session_cache c;
	sz_session s = session(1, 1000, 0xA1), t;
	const sz_session *f;
	uint8_t d1[16], d2[16];
	int i;
	CHECK(SZ_SESSION_SLOTS == 2, "the tests below assume two slots");

	sz_session_cache_init(&c, 100000);
	CHECK(c.lifetime == SZ_SESSION_LIFETIME_MAX, "lifetime capped at 24 h: %lu", (unsigned long)c.lifetime);
	sz_session_cache_init(&c, 60);
	CHECK(sz_session_find(&c, id_of(1), 4, 1000) == NULL, "empty cache");
	sz_session_put(&c, &s);
	f = sz_session_find(&c, id_of(1), 4, 1000);
	CHECK(f != NULL && f->used && memcmp(f->master, s.master, 48) == 0 && f->suite == 0xC02B && f->ems == 1,
	      "found as put");
	CHECK(sz_session_find(&c, id_of(1), 3, 1000) == NULL, "an id of another length");
	CHECK(sz_session_find(&c, id_of(2), 4, 1000) == NULL, "another id");
	CHECK(sz_session_find(&c, id_of(1), 4, 1059) != NULL, "live until the lifetime");
	/* expiry: at created + lifetime it is gone, and its slot wiped */
	CHECK(sz_session_find(&c, id_of(1), 4, 1060) == NULL, "expired at the lifetime");
	CHECK(slot_wiped(&c, 0), "expired session wiped");
	CHECK(sz_session_find(&c, id_of(1), 4, 1000) == NULL, "never found after expiry");
	/* made "after" now (a clock set back): not found, as SessionCache.live's age < 0 */
	s.created = 5000;
	sz_session_put(&c, &s);
	CHECK(sz_session_find(&c, id_of(1), 4, 4999) == NULL && slot_wiped(&c, 0), "made in the future");

	/* eviction of the oldest */
	sz_session_cache_init(&c, 3600);
	for (i = 1; i <= 3; i++) {
		t = session((uint8_t)i, 100, (uint8_t)(0x10 * i));
		sz_session_put(&c, &t);
	}
	CHECK(sz_session_find(&c, id_of(1), 4, 200) == NULL, "the oldest evicted");
	f = sz_session_find(&c, id_of(2), 4, 200);
	CHECK(f != NULL && f->master[0] == 0x20, "the second kept");
	f = sz_session_find(&c, id_of(3), 4, 200);
	CHECK(f != NULL && f->master[47] == 0x30, "the third in the oldest's slot");
	CHECK(c.slots[0].id[3] == 3 && c.slots[0].master[0] == 0x30, "evicted in place");

	/* replacement by id: the same id takes its own slot and becomes the newest */
	t = session(2, 150, 0x99);
	sz_session_put(&c, &t);
	f = sz_session_find(&c, id_of(2), 4, 200);
	CHECK(f != NULL && f->master[0] == 0x99 && f->created == 150 && c.slots[1].id[3] == 2, "replaced by id");
	t = session(4, 160, 0x44);
	sz_session_put(&c, &t);
	CHECK(sz_session_find(&c, id_of(3), 4, 200) == NULL && sz_session_find(&c, id_of(2), 4, 200) != NULL,
	      "after the replacement the other one is the oldest");

	/* remove and clear wipe */
	sz_session_remove(&c, id_of(2), 4);
	CHECK(sz_session_find(&c, id_of(2), 4, 200) == NULL && slot_wiped(&c, 1), "removed and wiped");
	sz_session_remove(&c, id_of(9), 4);
	CHECK(sz_session_find(&c, id_of(4), 4, 200) != NULL, "removing an unknown id changes nothing");
	t = session(5, 170, 0x55);
	sz_session_put(&c, &t);
	CHECK(c.slots[1].id[3] == 5, "a free slot before the oldest");
	sz_session_cache_clear(&c);
	CHECK(slot_wiped(&c, 0) && slot_wiped(&c, 1), "clear wipes every slot");

	/* server_name binding (Session.isFor) */
	sz_session_name_digest((const uint8_t *)"Mote.Local", 10, d1);
	sz_session_name_digest((const uint8_t *)"mote.local", 10, d2);
	CHECK(memcmp(d1, d2, 16) == 0, "names compare without case");
	t = session(6, 0, 1);
	CHECK(sz_session_is_for(&t, NULL) && !sz_session_is_for(&t, d1), "made without a name: only no name");
	t.has_name = 1;
	memcpy(t.name_digest, d1, 16);
	CHECK(sz_session_is_for(&t, d2) && !sz_session_is_for(&t, NULL), "made for a name: that name only");
	d2[15] ^= 1;
	CHECK(!sz_session_is_for(&t, d2), "another name");
}

int main(int argc, char **argv)
{
	FILE *in;
	if (argc != 2 || (in = fopen(argv[1], "r")) == NULL) {
		fprintf(stderr, "usage: %s protection-vectors.txt\n", argv[0]);
		return 2;
	}
	while (fgets(line, sizeof line, in) != NULL) {
		CHECK(strchr(line, '\n') != NULL, "line too long");
		vector_line(line);
	}
	fclose(in);
#if SZ_LEGACY && defined(SZ_PROFILE_LEGACY_RSA)
	CHECK(cases == 8, "%d cases", cases);
#else
	CHECK(cases == 4, "%d cases", cases);
#endif
	CHECK(digests == 7, "%d name digests", digests);
	test_session_cache();
	printf("sizzle keys (%s, %d cases): %d passed, %d failed\n", SZ_PROFILE_NAME, cases, ks_test_passed,
	       ks_test_failed);
	return ks_test_failed != 0;
}
