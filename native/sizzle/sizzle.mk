# The C Sizzle server (native/sizzle/), included by native/Makefile before its test rule.
#   make -C native sizzle-host-test   the inbound path against the Java engine's hello-shapes corpus,
#                                one host build per profile under ASan + UBSan; "N passed, N failed"
# `make -C native test` runs the same binaries with the kernels' tests (SIZZLE_TESTS/_RUNS).
SZ_DIR := sizzle
SZ_SRC := $(filter-out $(SZ_HTTP_SRCS) $(SZ_KEYS_SRCS) $(SZ_ENGINE_SRCS),$(wildcard $(SZ_DIR)/*.c)) # the engine (http.mk: the HTTP layer; keys.mk: its keys)
SZ_HDR := $(wildcard $(SZ_DIR)/*.h)
SZ_TEST_SRC := $(SZ_DIR)/tests/test_hello_shapes.c $(SZ_DIR)/tests/sz_shape_line.c
SZ_CORPUS := ../kssl-client/src/test/resources/hello-shapes/hello-shapes.txt
SZ_PROFILES := modern legacy-ecc legacy-rsa
SZ_FLAG_modern := -DSZ_PROFILE_MODERN
SZ_FLAG_legacy-ecc := -DSZ_PROFILE_LEGACY_ECC
SZ_FLAG_legacy-rsa := -DSZ_PROFILE_LEGACY_RSA

$(HOST)/sz-test-%: $(SZ_SRC) $(SZ_HDR) $(SZ_TEST_SRC) $(SZ_DIR)/tests/sz_shape_line.h $(SZ_DIR)/sizzle.mk
	@mkdir -p $(HOST)
	$(CC) $(WARN) $(SAN) $(SZ_FLAG_$*) -I$(KDIR) -I$(SZ_DIR) -I$(SZ_DIR)/tests $(SZ_SRC) $(SZ_TEST_SRC) -o $@

SIZZLE_TESTS := $(foreach p,$(SZ_PROFILES),$(HOST)/sz-test-$(p))
SIZZLE_TEST_RUNS := $(foreach p,$(SZ_PROFILES),"$(HOST)/sz-test-$(p) $(SZ_CORPUS)")

.PHONY: sizzle-host-test
sizzle-host-test: $(SIZZLE_TESTS)
	@bash tests/run_all.sh $(SIZZLE_TEST_RUNS)
