# The primitives on the simulated motes (h-chash): sim/prim_test.c with the hashes, HMAC, the
# PRFs, HMAC-DRBG, ECDSA signing and RC4, in simavr (ATmega128, avr-gcc) and mspdebug's simulator
# (MSP430F1611, clang-16). Included by native/Makefile after avr/*.mk and msp430/*.mk; joins
# `make avr-test` / `msp430-test` (their AVR_TEST_MORE_RUNS / MSP430_TEST_MORE_RUNS) and the
# benchmarks (AVR_BENCH_MORE_ARGS / MSP430_BENCH_MORE_ARGS). Each component is also compiled
# alone into build/<mote>/prim_objs_<build>/ for its flash figure (avr-size / llvm-size).
ifdef MOTE_MK
PRIM_DIR := $(MOTE_NATIVE)/prim
PRIM_HASH_SRCS := $(addprefix $(PRIM_DIR)/,ks_hash.c ks_md5.c ks_sha1.c ks_sha256.c ks_sha512.c ks_hmac.c \
	ks_ssl3_mac.c ks_tls_prf.c ks_hmac_drbg.c ks_ecdsa.c)
PRIM_FW_DEPS := $(PRIM_DIR)/tests/java_kat.h $(wildcard $(PRIM_DIR)/*.h) $(PRIM_DIR)/prim_mote.mk
# RC4 (prim/ks_rc4.c; on the MSP430 its assembly, msp430/ks_rc4_msp430.S, which msp_link adds)
PRIM_FW_SRCS := $(MOTE_SIM)/prim_test.c $(MOTE_SIM)/mote_print.c $(PRIM_HASH_SRCS) $(PRIM_DIR)/ks_rc4.c
PRIM_INC := -I$(PRIM_DIR) -I$(PRIM_DIR)/tests
# The components whose flash the benchmark lists (the kernels' Montgomery arithmetic modulo n
# is what ECDSA adds to them).
PRIM_COMPONENTS := $(PRIM_HASH_SRCS) $(PRIM_DIR)/ks_rc4.c $(MOTE_KERNELS)/ks_rsa_mont.c
# Builds: the kernels with the field arithmetic in assembly; on the AVR 8-bit limbs (the
# kernels' default there) and 16-bit (faster for the arithmetic modulo n: P-256 signing 39.3 M
# against 43.8 M cycles); on the MSP430 16-bit (32-bit limbs overflow its 48 KB of flash).
PRIM_AVR_BUILDS ?= l8 l16
PRIM_MSP430_BUILDS ?= l16 f16
.PRECIOUS: $(AVR_BUILD)/prim_l%.elf $(MSP_BUILD)/prim_%.elf

$(AVR_BUILD)/prim_l%.elf: $(PRIM_FW_SRCS) $(AVR_DIR)/mote_avr.c $(MOTE_KS_SRCS) $(AVR_FP_ASM) $(AVR_HASH_ASM) $(AVR_RSA_ASM) $(PRIM_FW_DEPS) $(AVR_MK)
	@mkdir -p $(@D) $(AVR_BUILD)/prim_objs_l$*
	$(AVR_CC) $(AVR_CFLAGS) $(AVR_KS_FLAGS) $(PRIM_INC) -DKS_LIMB_BITS=$* -o $@ $(PRIM_FW_SRCS) $(AVR_DIR)/mote_avr.c $(MOTE_KS_SRCS) $(AVR_FP_ASM) $(AVR_HASH_ASM) $(AVR_RSA_ASM)
	@for f in $(PRIM_COMPONENTS) $(AVR_HASH_ASM) $(AVR_RSA_ASM); do $(AVR_CC) $(AVR_CFLAGS) $(AVR_KS_FLAGS) $(PRIM_INC) -DKS_LIMB_BITS=$* \
		-c $$f -o $(AVR_BUILD)/prim_objs_l$*/$$(basename $${f%.*}).o || exit 1; done

# Timed with the per-address profile, for the same-path check of the signatures.
$(AVR_BUILD)/prim_l%.out: $(AVR_BUILD)/prim_l%.elf $(AVR_HARNESS) MOTE_FORCE
	@{ $(AVR_HARNESS) -c $(AVR_MAX_CYCLES) -P $(AVR_BUILD)/prim_l$*.prof $< 2>/dev/null; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@

# The same path for every signature of an OP: the signatures are the blocks of at least 3 M
# cycles (the ATmega128's secp160r1 ones ~5.0 M, down from above 5 M; the primitives' and the
# untimed stretches between them are shorter, the longest ~1.5 M).
$(AVR_BUILD)/path_prim_l%.out: $(AVR_BUILD)/prim_l%.out $(MOTE_SIM)/ct_same_path.py
	@{ python3 $(MOTE_SIM)/ct_same_path.py --min-cycles 3000000 $< $(AVR_BUILD)/prim_l$*.prof --elf $(AVR_BUILD)/prim_l$*.elf; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@

# lN: N-bit limbs; fN: the same with SHA-1's faster, larger form (KS_SHA1_MSP430_FAST,
# ../msp430/ks_sha1_msp430.S: the legacy-ecc firmware's). The objects in prim_objs_<build>/.
PRIM_MSP_FLAGS = -DKS_LIMB_BITS=$(patsubst f%,%,$(patsubst l%,%,$(1))) $(if $(filter f%,$(1)),-DKS_SHA1_MSP430_FAST=1)
$(MSP_BUILD)/prim_%.elf: $(PRIM_FW_SRCS) $(MSP_RT_SRCS) $(MOTE_KS_SRCS) $(MSP_FP_ASM) $(MSP_DIR)/ks_fp_msp430.h $(MSP_DIR)/ks_port_msp430.h $(PRIM_FW_DEPS) $(MSP_MK)
	@mkdir -p $(@D) $(MSP_BUILD)/prim_objs_$*
	$(call msp_link,$(MSP_KS_FLAGS) $(MSP_ASM_CFLAGS) $(PRIM_INC) $(call PRIM_MSP_FLAGS,$*),$(PRIM_FW_SRCS) $(MSP_RT_SRCS) $(MOTE_KS_SRCS) $(MSP_FP_ASM))
	@for f in $(PRIM_COMPONENTS) $(MSP_HASH_ASM) $(MSP_RSA_ASM) $(MSP_RC4_ASM); do $(MSP_CC) $(MSP_CFLAGS) $(MSP_KS_FLAGS) $(MSP_ASM_CFLAGS) $(PRIM_INC) $(call PRIM_MSP_FLAGS,$*) \
		-c $$f -o $(MSP_BUILD)/prim_objs_$*/$$(basename $${f%.*}).o || exit 1; done

avr-test: $(foreach b,$(PRIM_AVR_BUILDS),$(AVR_BUILD)/prim_$(b).out $(AVR_BUILD)/path_prim_$(b).out)
AVR_TEST_MORE_RUNS += $(foreach b,$(PRIM_AVR_BUILDS),prim.$(b)=$(AVR_BUILD)/prim_$(b) path.prim.$(b)=$(AVR_BUILD)/path_prim_$(b))
msp430-test: $(foreach b,$(PRIM_MSP430_BUILDS),$(MSP_BUILD)/prim_$(b).out)
MSP430_TEST_MORE_RUNS += $(foreach b,$(PRIM_MSP430_BUILDS),prim.$(b)=$(MSP_BUILD)/prim_$(b))
avr-bench-runs: $(foreach b,$(PRIM_AVR_BUILDS),$(AVR_BUILD)/prim_$(b).out)
AVR_BENCH_MORE_ARGS += $(foreach b,$(PRIM_AVR_BUILDS),prim.$(b)=$(AVR_BUILD)/prim_$(b))
msp430-bench-runs: $(foreach b,$(PRIM_MSP430_BUILDS),$(MSP_BUILD)/prim_$(b).out)
MSP430_BENCH_MORE_ARGS += $(foreach b,$(PRIM_MSP430_BUILDS),prim.$(b)=$(MSP_BUILD)/prim_$(b))
endif
