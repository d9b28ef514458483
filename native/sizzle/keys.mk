# The C server's handshake hash, key schedule, record protection and session cache
# (sizzle/sz_handshake_hash.c, sz_key_schedule.c, sz_record_protection.c, sz_session_cache.c)
# on the host. Included by ../Makefile before sizzle.mk (whose engine build leaves these four
# out: they need prim/) and before its `test` rule, which runs SIZZLE_KEYS_RUNS.
#   make -C native sizzle-keys-test   tests/test_keys.c once per profile under ASan + UBSan
#                                     against the Java-written tests/protection-vectors.txt
SZ_KEYS_NAMES := sz_handshake_hash sz_key_schedule sz_record_protection sz_session_cache
SZ_KEYS_SRCS := $(addprefix sizzle/,$(addsuffix .c,$(SZ_KEYS_NAMES)))
# What the four stand on: the hashes, HMAC, the SSL 3.0 MAC, the PRFs (prim/), RC4 and the
# AEAD (prim/cipher.mk), ks_wipe.
SZ_KEYS_PRIM := $(addprefix prim/,ks_hash.c ks_md5.c ks_sha1.c ks_sha256.c ks_sha512.c ks_hmac.c \
	ks_ssl3_mac.c ks_tls_prf.c) $(CIPHER_SRC) $(KDIR)/ks_wipe.c
SZ_KEYS_VECTORS := sizzle/tests/protection-vectors.txt
# The modern build carries neither MD5 nor SHA-1 (nor SHA-384/512): none is needed.
SZ_KEYS_FLAG_modern := -DSZ_PROFILE_MODERN -DKS_WITH_MD5=0 -DKS_WITH_SHA1=0 -DKS_WITH_SHA512=0
SZ_KEYS_FLAG_legacy-ecc := -DSZ_PROFILE_LEGACY_ECC -DKS_WITH_SHA512=0
SZ_KEYS_FLAG_legacy-rsa := -DSZ_PROFILE_LEGACY_RSA -DKS_WITH_SHA512=0

$(HOST)/sz-keys-%: $(SZ_KEYS_SRCS) $(SZ_KEYS_PRIM) sizzle/tests/test_keys.c tests/ks_test.c $(wildcard sizzle/*.h) \
		$(wildcard prim/*.h) sizzle/keys.mk
	@mkdir -p $(HOST)
	$(CC) $(WARN) $(SAN) $(SZ_KEYS_FLAG_$*) -I$(KDIR) -Iprim -Isizzle -Itests $(SZ_KEYS_SRCS) $(SZ_KEYS_PRIM) \
	    sizzle/tests/test_keys.c tests/ks_test.c -o $@

SIZZLE_KEYS_TESTS := $(foreach p,modern legacy-ecc legacy-rsa,$(HOST)/sz-keys-$(p))
SIZZLE_KEYS_RUNS := $(foreach t,$(SIZZLE_KEYS_TESTS),"$(t) $(SZ_KEYS_VECTORS)")

.PHONY: sizzle-keys-test
sizzle-keys-test: $(SIZZLE_KEYS_TESTS)
	@bash tests/run_all.sh $(SIZZLE_KEYS_RUNS)
