# The MSP430F1611 (TelosB) build with clang-16 and ld.lld-16 (Debian has no msp430 gcc): our
# startup code, linker script and EABI helpers; run in mspdebug's simulator through the GDB
# bridge msp430/mspsim_run.py. Needs: clang-16 lld-16 llvm-16 mspdebug, and python3.
#   make -C native msp430-test    known answers, equal cycles for every scalar, per build (limb
#                                 size, assembly or C field arithmetic); the field operations
#                                 against Python integers (avr/fp_test.c, shared)
#   make -C native msp430-bench   the same plus micro-ecc, as `metric value unit` lines
# mspdebug 0.22 over-counts constant-generator operands: its cycle counts read ~10% high.
include $(dir $(lastword $(MAKEFILE_LIST)))../sim/mote.mk

MSP_DIR := $(MOTE_NATIVE)/msp430
MSP_BUILD := $(MOTE_BUILD)/msp430
MSP_CC := clang-16
MSP_LD := ld.lld-16
# -O2 for ours and the peer alike (faster than -Os for both).
MSP_OPT ?= -O2
MSP_CFLAGS := --target=msp430 -mmcu=msp430f1611 -ffreestanding -nostdlib $(MSP_OPT) -std=gnu99 -Wall \
	-ffunction-sections -fdata-sections \
	-I$(MSP_DIR)/include -I$(MOTE_SIM) -I$(MSP_DIR) -I$(MOTE_KERNELS)
MSP_LDFLAGS := -T $(MSP_DIR)/msp430f1611.ld --gc-sections
MSP_RT_SRCS := $(MSP_DIR)/crt0.S $(MSP_DIR)/mspabi.S $(MSP_DIR)/mem.c $(MSP_DIR)/mem_msp430.S $(MSP_DIR)/mote_msp430.c
MSP_FW_SRCS := $(MOTE_TEST_SRCS) $(MSP_RT_SRCS)
MSP_TIMEOUT := 900
# Builds: lN is the kernels with N-bit limbs and the field arithmetic in generated assembly
# on the hardware multiplier (gen_msp430_fp.py, on by default for 16- and 32-bit limbs:
# ks_port_msp430.h); cN the portable C alone (-DKS_MSP430_ASM=0). The test holds them to
# known answers and equal cycle counts; the benchmark also times the C with 8-bit limbs.
MSP430_TEST_BUILDS ?= l16 l32 c16 c32
MSP430_BENCH_BUILDS ?= l16 l32 c8 c16
# The generated assembly: written from the script at build time, never committed (so never stale).
MSP_FP_ASM := $(MSP_BUILD)/ks_fp_msp430.S
MSP_KS_FLAGS := $(MOTE_KS_FLAGS) -DKS_PORT_HEADER='"ks_port_msp430.h"'
# With the assembly, secp160r1's C reduction (a static inline function) goes unused: clang warns.
MSP_ASM_CFLAGS := -Wno-unused-function

# MD5's, SHA-1's and SHA-256's compression functions in assembly (prim/ks_hash_impl.h:
# KS_HASH_ASM, the MSP430's default as the AVR's): msp_link adds all three to any link that
# compiles prim/ks_md5.c, ks_sha1.c or ks_sha256.c (the link drops what a build does not call).
# SHA-1 in its faster, larger form with -DKS_SHA1_MSP430_FAST=1 (ks_sha1_msp430.S): the
# legacy-ecc firmware's (../sizzle/firmware/firmware.mk).
MSP_HASH_ASM := $(MSP_DIR)/ks_md5_msp430.S $(MSP_DIR)/ks_sha1_msp430.S $(MSP_DIR)/ks_sha256_msp430.S
MSP_HASH_C := %/prim/ks_md5.c %/prim/ks_sha1.c %/prim/ks_sha256.c
# AES-128's block in assembly (prim/ks_aes.h: KS_AES_ASM with the expanded key, the MSP430's
# default): msp_link adds it to any link that compiles prim/ks_aes_tab.c.
MSP_AES_ASM := $(MSP_DIR)/ks_aes_msp430.S
# The Montgomery product's row in assembly (kernels/ks_rsa_mont.c: KS_MONT_ROW, 16-bit limbs,
# KS_MSP430_MONT_ASM in ks_port_msp430.h): msp_link adds it to any link that compiles
# kernels/ks_rsa_mont.c (RSA, and ECDSA's products modulo n); a build with other limbs, or
# -DKS_MSP430_MONT_ASM=0, does not call it and the link drops it.
MSP_RSA_ASM := $(MSP_DIR)/ks_rsa_msp430.S
# RC4's key schedule and keystream in assembly (prim/ks_rc4.h: KS_RC4_ASM, the MSP430's
# default): msp_link adds it to any link that compiles prim/ks_rc4.c.
MSP_RC4_ASM := $(MSP_DIR)/ks_rc4_msp430.S
# Firmware is rebuilt when these build files or the kernels' headers change; and kept after
# its run (for sizes).
MSP_MK := $(MSP_DIR)/msp430.mk $(MOTE_SIM)/mote.mk $(MSP_DIR)/msp430f1611.ld $(MSP_BUILD)/flags.stamp $(MOTE_KS_HDRS) \
	$(MSP_HASH_ASM) $(MSP_DIR)/ks_hash_msp430.h $(MSP_AES_ASM) $(MSP_RSA_ASM) $(MSP_RC4_ASM)
$(eval $(call mote_flags_stamp,$(MSP_BUILD)/flags.stamp,$(MSP_CC) $(MSP_CFLAGS) $(MSP_LDFLAGS) $(MSP_KS_FLAGS) $(MOTE_UECC_FLAGS)))
.PRECIOUS: $(MSP_BUILD)/ec_ks_l%.elf $(MSP_BUILD)/ec_ks_c%.elf

# clang's driver wants msp430-elf-ld to link, so compile each source on its own (one object
# directory per firmware) and link with ld.lld directly: $(call msp_link,FLAGS,SOURCES[,LINK]).
# With -flto among FLAGS the objects of C are LLVM bitcode and ld.lld makes their code as one
# module (link-time optimisation: code inlined and dropped across files); ld.lld sees no
# -mmcu, so it is told the F1611's 16-bit hardware multiplier (without it its products call
# the software helpers __mspabi_mpyi/mpyl, which mspabi.S does not have: the link fails), and
# LINK gives it the -mllvm options again (they act where the code is made). The link command
# is kept beside the image (ELF.link: bench/mote_flash.py relinks with a map from it). With a
# hash's C among SOURCES the hashes' assembly joins them (MSP_HASH_ASM); with the table AES's C,
# the AES block's (MSP_AES_ASM); with the Montgomery arithmetic's, its row's (MSP_RSA_ASM); with
# RC4's, its functions' (MSP_RC4_ASM).
MSP_LTO_LDFLAGS := -mllvm -mattr=+hwmult16
define msp_link
	@rm -rf $@.objs && mkdir -p $@.objs
	@for f in $(2) $(if $(filter $(MSP_HASH_C),$(2)),$(MSP_HASH_ASM)) $(if $(filter %/prim/ks_aes_tab.c,$(2)),$(MSP_AES_ASM)) \
		$(if $(filter %/kernels/ks_rsa_mont.c,$(2)),$(MSP_RSA_ASM)) $(if $(filter %/prim/ks_rc4.c,$(2)),$(MSP_RC4_ASM)); do \
		$(MSP_CC) $(MSP_CFLAGS) $(1) -c $$f -o $@.objs/$$(basename $$f).o || exit 1; done
	$(MSP_LD) $(MSP_LDFLAGS) $(if $(filter -flto,$(1)),$(MSP_LTO_LDFLAGS)) $(3) -o $@ $@.objs/*.o
	@echo '$(MSP_LD) $(MSP_LDFLAGS) $(if $(filter -flto,$(1)),$(MSP_LTO_LDFLAGS)) $(3)' > $@.link
endef

$(MSP_FP_ASM): $(MSP_DIR)/gen_msp430_fp.py
	@mkdir -p $(@D)
	python3 $< > $@.tmp && mv $@.tmp $@

$(MSP_BUILD)/ec_ks_l%.elf: $(MSP_FW_SRCS) $(MOTE_SIM)/ec_impl_ks.c $(MOTE_KS_SRCS) $(MSP_FP_ASM) $(MSP_DIR)/ks_fp_msp430.h $(MSP_DIR)/ks_port_msp430.h $(MOTE_SIM)/ec_kat.h $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,$(MSP_KS_FLAGS) $(MSP_ASM_CFLAGS) -DKS_LIMB_BITS=$*,$(MSP_FW_SRCS) $(MOTE_SIM)/ec_impl_ks.c $(MOTE_KS_SRCS) $(MSP_FP_ASM))

$(MSP_BUILD)/ec_ks_c%.elf: $(MSP_FW_SRCS) $(MOTE_SIM)/ec_impl_ks.c $(MOTE_KS_SRCS) $(MSP_DIR)/ks_port_msp430.h $(MOTE_SIM)/ec_kat.h $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,$(MSP_KS_FLAGS) -DKS_MSP430_ASM=0 -DKS_LIMB_BITS=$*,$(MSP_FW_SRCS) $(MOTE_SIM)/ec_impl_ks.c $(MOTE_KS_SRCS))

# RSA-1024 (sim/rsa_test.c) with N-bit limbs: the RSA kernels are portable C on every build
# (-DKS_MSP430_ASM=0: no field assembly), but for the 16-bit limbs' Montgomery row in assembly
# (MSP_RSA_ASM, its own switch KS_MSP430_MONT_ASM: on with 16-bit limbs), which rsa_l16 measures.
MSP430_RSA_BUILDS ?= 16 32
$(MSP_BUILD)/rsa_l%.elf: $(MOTE_RSA_SRCS) $(MSP_RT_SRCS) $(MOTE_KS_SRCS) $(MOTE_RSA_KAT) $(MSP_DIR)/ks_port_msp430.h $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,$(MSP_KS_FLAGS) $(MSP_ASM_CFLAGS) $(MOTE_RSA_FLAGS) -DKS_MSP430_ASM=0 -DKS_LIMB_BITS=$*,$(MOTE_RSA_SRCS) $(MSP_RT_SRCS) $(MOTE_KS_SRCS))
.PRECIOUS: $(MSP_BUILD)/rsa_l%.elf

# The generated assembly is straight-line code: no jump, call or write to pc (constant time by
# construction; the equal cycle counts of every run show it too).
$(MSP_BUILD)/fp_asm_check.out: $(MSP_FP_ASM) MOTE_FORCE
	@python3 $(MSP_DIR)/gen_msp430_fp.py --check $< > $@

# The field operations alone against Python's integers, per build: the AVR's test program and
# known-answer generator (avr/fp_test.c, avr/gen_fp_kat.py) are plain C and Python, shared.
$(MSP_BUILD)/fp_kat.h: $(MOTE_NATIVE)/avr/gen_fp_kat.py
	@mkdir -p $(@D)
	python3 $< > $@.tmp && mv $@.tmp $@

MSP_FP_TEST_SRCS := $(MOTE_NATIVE)/avr/fp_test.c $(MOTE_SIM)/mote_print.c $(MSP_RT_SRCS) $(MOTE_KS_SRCS)
# One firmware per field set (the answer tables of secp160r1 and P-256 together do not fit the
# F1611's 48 KB of flash): s160 secp160r1, s256 P-256, p the other two, P-192 and P-224
# (assembly products, C reductions). fp_SET_lN: the assembly with N-bit limbs; fp_SET_cN: C.
MSP_FP_CURVES_s160 := -DKS_WITH_SECP160R1=1 -DKS_WITH_SECP192R1=0 -DKS_WITH_SECP224R1=0 -DKS_WITH_SECP256R1=0
MSP_FP_CURVES_s256 := -DKS_WITH_SECP160R1=0 -DKS_WITH_SECP192R1=0 -DKS_WITH_SECP224R1=0 -DKS_WITH_SECP256R1=1
MSP_FP_CURVES_p := -DKS_WITH_SECP160R1=0 -DKS_WITH_SECP192R1=1 -DKS_WITH_SECP224R1=1 -DKS_WITH_SECP256R1=0
# The inversion's check (fp_test.c's FP_TEST_INV: a a^-1 = 1) where the flash holds it: the
# secp160r1 and P-256 images (secp160r1's p takes its own batches of 14 steps; the P-192/224
# image has no room).
MSP_FP_INV_s160 := -DFP_TEST_INV=1
MSP_FP_INV_s256 := -DFP_TEST_INV=1
MSP_FP_FLAGS = -I$(MSP_BUILD) $(filter-out -DKS_WITH_%,$(MSP_KS_FLAGS)) $(MSP_FP_CURVES_$(1)) $(MSP_FP_INV_$(1))
define msp_fp_test
$(MSP_BUILD)/fp_$(1)_l%.elf: $(MSP_FP_TEST_SRCS) $(MSP_FP_ASM) $(MSP_DIR)/ks_fp_msp430.h $(MSP_DIR)/ks_port_msp430.h $(MSP_BUILD)/fp_kat.h $(MSP_MK)
	$$(call msp_link,$(call MSP_FP_FLAGS,$(1)) $(MSP_ASM_CFLAGS) -DKS_LIMB_BITS=$$*,$(MSP_FP_TEST_SRCS) $(MSP_FP_ASM))
$(MSP_BUILD)/fp_$(1)_c%.elf: $(MSP_FP_TEST_SRCS) $(MSP_DIR)/ks_port_msp430.h $(MSP_BUILD)/fp_kat.h $(MSP_MK)
	$$(call msp_link,$(call MSP_FP_FLAGS,$(1)) -DKS_MSP430_ASM=0 -DKS_LIMB_BITS=$$*,$(MSP_FP_TEST_SRCS))
.PRECIOUS: $(MSP_BUILD)/fp_$(1)_l%.elf $(MSP_BUILD)/fp_$(1)_c%.elf
endef
$(foreach set,s160 s256 p,$(eval $(call msp_fp_test,$(set))))
MSP_FP_RUNS := $(foreach b,$(MSP430_TEST_BUILDS),fp_s160_$(b) fp_s256_$(b)) fp_p_l16

$(MSP_BUILD)/ec_uecc.elf: $(MSP_FW_SRCS) $(MOTE_SIM)/ec_impl_uecc.c $(MOTE_UECC_DIR)/uECC.c $(MOTE_SIM)/ec_kat.h $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,$(MOTE_UECC_FLAGS) -Wno-everything,$(MSP_FW_SRCS) $(MOTE_SIM)/ec_impl_uecc.c $(MOTE_UECC_DIR)/uECC.c)

$(MSP_BUILD)/ec_baseline.elf: $(MSP_FW_SRCS) $(MOTE_SIM)/ec_impl_baseline.c $(MOTE_SIM)/ec_kat.h $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,,$(MSP_FW_SRCS) $(MOTE_SIM)/ec_impl_baseline.c)

# Runs again every time: a test that reads an old result proves nothing.
# The bridge's own check of its input path (msp430/mailbox_input_test.c).
$(MSP_BUILD)/mailbox_input_test.elf: $(MSP_DIR)/mailbox_input_test.c $(MOTE_SIM)/mote_print.c $(MSP_RT_SRCS) $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,,$(MSP_DIR)/mailbox_input_test.c $(MOTE_SIM)/mote_print.c $(MSP_RT_SRCS))

# The run-time helpers' own check (msp430/mspabi_test.c).
$(MSP_BUILD)/mspabi_test.elf: $(MSP_DIR)/mspabi_test.c $(MOTE_SIM)/mote_print.c $(MSP_RT_SRCS) $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,,$(MSP_DIR)/mspabi_test.c $(MOTE_SIM)/mote_print.c $(MSP_RT_SRCS))

$(MSP_BUILD)/mailbox_input_test.in:
	@mkdir -p $(@D)
	python3 -c 'import sys; n = 3000; sys.stdout.buffer.write(bytes([n & 255, n >> 8]) + bytes((7 * i + 3) & 255 for i in range(n)))' > $@

$(MSP_BUILD)/mailbox_input_test.out: $(MSP_BUILD)/mailbox_input_test.elf $(MSP_BUILD)/mailbox_input_test.in $(MSP_DIR)/mspsim_run.py MOTE_FORCE
	@{ python3 $(MSP_DIR)/mspsim_run.py --timeout $(MSP_TIMEOUT) --input $(MSP_BUILD)/mailbox_input_test.in $<; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@

# The peer's run. Without micro-ecc (no cargo, or crates.io out of reach) the benchmark goes
# on with a note instead of failing.
$(MSP_BUILD)/ec_uecc.out: $(MSP_DIR)/mspsim_run.py MOTE_FORCE
	@if $(MAKE) -s --no-print-directory -f $(firstword $(MAKEFILE_LIST)) $(MSP_BUILD)/ec_uecc.elf; then \
		{ python3 $(MSP_DIR)/mspsim_run.py --timeout $(MSP_TIMEOUT) $(MSP_BUILD)/ec_uecc.elf; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@; \
	else echo "unavailable: micro-ecc could not be fetched or built" > $@; fi

$(MSP_BUILD)/%.out: $(MSP_BUILD)/%.elf $(MSP_DIR)/mspsim_run.py MOTE_FORCE
	@{ python3 $(MSP_DIR)/mspsim_run.py --timeout $(MSP_TIMEOUT) $<; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@

MSP430_BENCH_ARGS = --size llvm-size-16 --baseline $(MSP_BUILD)/ec_baseline.elf \
	$(foreach b,$(MSP430_BENCH_BUILDS),ks.$(b)=$(MSP_BUILD)/ec_ks_$(b)) micro_ecc=$(MSP_BUILD)/ec_uecc \
	$(foreach b,$(MSP430_RSA_BUILDS),rsa.l$(b)=$(MSP_BUILD)/rsa_l$(b)) $(MSP430_BENCH_MORE_ARGS)

# Fragments included after this one (prim/prim_mote.mk) add their runs: prerequisites of
# msp430-test / msp430-bench-runs, and NAME=PREFIX arguments of the report in
# MSP430_TEST_MORE_RUNS / MSP430_BENCH_MORE_ARGS (read when the recipe runs).
.PHONY: msp430-test msp430-bench msp430-bench-runs
msp430-test: $(foreach b,$(MSP430_TEST_BUILDS),$(MSP_BUILD)/ec_ks_$(b).out) \
		$(foreach r,$(MSP_FP_RUNS),$(MSP_BUILD)/$(r).out) $(MSP_BUILD)/fp_asm_check.out \
		$(MSP_BUILD)/mailbox_input_test.out $(MSP_BUILD)/mspabi_test.out \
		$(foreach b,$(MSP430_RSA_BUILDS),$(MSP_BUILD)/rsa_l$(b).out) msp430-cipher-runs
	@$(MOTE_REPORT) test msp430 bridge=$(MSP_BUILD)/mailbox_input_test runtime=$(MSP_BUILD)/mspabi_test $(MSP430_CIPHER_REPORT) \
		asm=$(MSP_BUILD)/fp_asm_check $(foreach r,$(MSP_FP_RUNS),$(r)=$(MSP_BUILD)/$(r)) \
		$(foreach b,$(MSP430_TEST_BUILDS),ks.$(b)=$(MSP_BUILD)/ec_ks_$(b)) \
		$(foreach b,$(MSP430_RSA_BUILDS),rsa.l$(b)=$(MSP_BUILD)/rsa_l$(b)) $(MSP430_TEST_MORE_RUNS)

msp430-bench-runs: $(foreach b,$(MSP430_BENCH_BUILDS),$(MSP_BUILD)/ec_ks_$(b).out) $(MSP_BUILD)/ec_uecc.out $(MSP_BUILD)/ec_baseline.elf \
	$(foreach b,$(MSP430_RSA_BUILDS),$(MSP_BUILD)/rsa_l$(b).out)

msp430-bench: msp430-bench-runs
	@$(MOTE_REPORT) bench msp430 $(MSP430_BENCH_ARGS)
