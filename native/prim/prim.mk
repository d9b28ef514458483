# The C primitives above the kernels (native/prim/): hashes, HMAC, the TLS PRFs, HMAC-DRBG,
# ECDSA signing (h-chash) and the ciphers (h-ccipher). Included by native/Makefile after its
# test variables; every prim/*.c is a source, every prim/tests/test_*.c a test program of its
# own (linked with the kernels, all prim sources, the helpers prim/tests/*.c that are not
# test_* and the kernel tests' tests/ks_test.c), built under ASan+UBSan for the limb sizes PRIM_VARIANTS_<name> names (default 64:
# the hashes do not depend on limbs; ECDSA's arithmetic modulo n does) and run by `make test`
# beside the kernel tests (run_all.sh counts their "N passed, N failed" lines).
PRIM_SRC := $(wildcard prim/*.c)
PRIM_HDR := $(wildcard prim/*.h) $(wildcard prim/tests/*.h)
PRIM_UTIL := $(filter-out prim/tests/test_%.c,$(wildcard prim/tests/*.c)) tests/ks_test.c
PRIM_TESTS := $(basename $(notdir $(wildcard prim/tests/test_*.c)))
PRIM_VARIANTS_test_ecdsa := 64 64n 32 16 8
# 64m: the hashes as the motes build them (no SHA-384/512: 32-bit byte counts)
T_64m := -DKS_LIMB_BITS=64 -DKS_BASE_WINDOW=6 -DKS_WITH_SHA512=0
PRIM_VARIANTS_test_hash := 64 64m
PRIM_VARIANTS_test_drbg := 64m
prim_variants = $(or $(PRIM_VARIANTS_$(1)),64)

define PRIM_TEST_RULE
$(HOST)/prim/$(1)-$(2): prim/tests/$(1).c $(PRIM_SRC) $(PRIM_HDR) $(PRIM_UTIL) $(KSRC) $(KHDR) tests/ks_test.h $(call table_of,$(2))
	@mkdir -p $(HOST)/prim
	$(CC) $(WARN) $(SAN) $(T_$(2)) -I$(KDIR) -Iprim $(KSRC) $(call table_of,$(2)) $(PRIM_SRC) $(PRIM_UTIL) $$< -lcrypto -o $$@
endef
$(foreach t,$(PRIM_TESTS),$(foreach v,$(call prim_variants,$(t)),$(eval $(call PRIM_TEST_RULE,$(t),$(v)))))
PRIM_TEST_BINS := $(foreach t,$(PRIM_TESTS),$(foreach v,$(call prim_variants,$(t)),$(HOST)/prim/$(t)-$(v)))

.PHONY: prim-test
prim-test: $(PRIM_TEST_BINS)
	@bash tests/run_all.sh $(PRIM_TEST_BINS)
