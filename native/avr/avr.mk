# The ATmega128 (Mica2) build: kernels and micro-ecc in the test firmware, run in simavr
# through sim/avr_harness.c. Needs: gcc-avr avr-libc binutils-avr simavr libsimavr-dev.
#   make -C native avr-test    known answers, equal cycles for every scalar, per build (limb
#                              size, assembly or C field arithmetic); RSA-1024 private
#                              operations likewise (sim/rsa_test.c); the same path through the
#                              code for every secret input (sim/ct_same_path.py); the field
#                              operations against Python integers (fp_test.c)
#   make -C native avr-bench   the same plus micro-ecc, as `metric value unit` lines
include $(dir $(lastword $(MAKEFILE_LIST)))../sim/mote.mk

AVR_DIR := $(MOTE_NATIVE)/avr
AVR_BUILD := $(MOTE_BUILD)/avr
AVR_HARNESS := $(MOTE_BUILD)/avr_harness
AVR_CC := avr-gcc
# -O2, not -Os: with 16-bit limbs, kernels/ks_ec_point.c built by avr-gcc 5.4 at -Os gives
# wrong products (right at -O1 and -O2; the other files are fine at -Os). It is also faster.
# The peer is built the same way.
AVR_OPT ?= -O2
AVR_CFLAGS := -mmcu=atmega128 -DF_CPU=7372800UL $(AVR_OPT) -std=gnu99 -Wall \
	-ffunction-sections -fdata-sections -Wl,--gc-sections \
	-I$(MOTE_SIM) -I$(AVR_DIR) -I$(MOTE_KERNELS)
AVR_FW_SRCS := $(MOTE_TEST_SRCS) $(AVR_DIR)/mote_avr.c
# Builds: lN is the kernels with N-bit limbs and the field arithmetic in generated assembly
# (gen_avr_fp.py, on by default: ks_port_avr.h); cN the portable C alone (-DKS_AVR_ASM=0).
# The test holds them all (8, the kernels' AVR default; 16; 32, whose C products avoid
# libgcc's branching __muldi3) to known answers and equal cycle counts.
AVR_TEST_BUILDS ?= l8 l16 l32 c8 c16 c32
AVR_BENCH_BUILDS ?= l8 l16 l32 c16
# The generated assembly: written from the script at build time, never committed (so never stale).
AVR_FP_ASM := $(AVR_BUILD)/ks_fp_avr.S
AVR_KS_FLAGS := $(MOTE_KS_FLAGS) -DKS_PORT_HEADER='"ks_port_avr.h"'
# MD5's, SHA-1's and SHA-256's compression functions in assembly (prim/ks_hash_impl.h:
# KS_HASH_ASM, the AVR's default): any AVR build of prim/ks_md5.c, ks_sha1.c or ks_sha256.c
# links all three (the link drops what a build does not call); with them memcpy and memset
# eight bytes a pass (avr/mem_avr.S, in place of avr-libc's), which their framing and the wipes
# lean on.
AVR_HASH_ASM := $(AVR_DIR)/ks_md5_avr.S $(AVR_DIR)/ks_sha1_avr.S $(AVR_DIR)/ks_sha256_avr.S $(AVR_DIR)/mem_avr.S
# The Montgomery product's row in assembly (kernels/ks_rsa_mont.c: KS_MONT_ROW, 16-bit limbs):
# any AVR build that multiplies modulo an RSA key or an EC order links it.
AVR_RSA_ASM := $(AVR_DIR)/ks_rsa_avr.S
# Firmware is rebuilt when these build files or the kernels' headers change; and kept after
# its run (for sizes).
AVR_MK := $(AVR_DIR)/avr.mk $(MOTE_SIM)/mote.mk $(AVR_BUILD)/flags.stamp $(MOTE_KS_HDRS) $(AVR_DIR)/ks_port_avr.h \
	$(AVR_DIR)/ks_hash_avr.h
$(eval $(call mote_flags_stamp,$(AVR_BUILD)/flags.stamp,$(AVR_CC) $(AVR_CFLAGS) $(AVR_KS_FLAGS) $(MOTE_UECC_FLAGS)))
.PRECIOUS: $(AVR_BUILD)/ec_ks_l%.elf $(AVR_BUILD)/ec_ks_c%.elf $(AVR_BUILD)/fp_test_l%.elf \
	$(AVR_BUILD)/fp_test_c%.elf $(AVR_BUILD)/fp_test_p%.elf
# Past this many cycles a run is hung (the whole test needs well under 10^9).
AVR_MAX_CYCLES := 3000000000

$(AVR_HARNESS): $(MOTE_SIM)/avr_harness.c $(MOTE_SIM)/mote_sim.h
	@mkdir -p $(@D)
	cc -O2 -Wall -Wextra -I/usr/include/simavr -I$(MOTE_SIM) -o $@ $< -lsimavr

$(AVR_FP_ASM): $(AVR_DIR)/gen_avr_fp.py
	@mkdir -p $(@D)
	python3 $< > $@.tmp && mv $@.tmp $@

# The kernels' builds with the field in assembly link the memcpy and memset the Sizzle images
# carry (mem_avr.S), so that their k.P is the shipped firmware's (avr-libc's memset: +18 k).
$(AVR_BUILD)/ec_ks_l%.elf: $(AVR_FW_SRCS) $(MOTE_SIM)/ec_impl_ks.c $(MOTE_KS_SRCS) $(AVR_FP_ASM) $(AVR_DIR)/mem_avr.S $(AVR_DIR)/ks_fp_avr.h $(MOTE_SIM)/ec_kat.h $(AVR_MK)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) $(AVR_KS_FLAGS) -DKS_LIMB_BITS=$* -o $@ $(AVR_FW_SRCS) $(MOTE_SIM)/ec_impl_ks.c $(MOTE_KS_SRCS) $(AVR_FP_ASM) $(AVR_DIR)/mem_avr.S

$(AVR_BUILD)/ec_ks_c%.elf: $(AVR_FW_SRCS) $(MOTE_SIM)/ec_impl_ks.c $(MOTE_KS_SRCS) $(MOTE_SIM)/ec_kat.h $(AVR_MK)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) $(AVR_KS_FLAGS) -DKS_AVR_ASM=0 -DKS_LIMB_BITS=$* -o $@ $(AVR_FW_SRCS) $(MOTE_SIM)/ec_impl_ks.c $(MOTE_KS_SRCS)

$(AVR_BUILD)/ec_uecc.elf: $(AVR_FW_SRCS) $(MOTE_SIM)/ec_impl_uecc.c $(MOTE_UECC_DIR)/uECC.c $(MOTE_SIM)/ec_kat.h $(AVR_MK)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) $(MOTE_UECC_FLAGS) -o $@ $(AVR_FW_SRCS) $(MOTE_SIM)/ec_impl_uecc.c $(MOTE_UECC_DIR)/uECC.c

$(AVR_BUILD)/ec_baseline.elf: $(AVR_FW_SRCS) $(MOTE_SIM)/ec_impl_baseline.c $(MOTE_SIM)/ec_kat.h $(AVR_MK)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) -o $@ $(AVR_FW_SRCS) $(MOTE_SIM)/ec_impl_baseline.c

# RSA-1024 (sim/rsa_test.c) with N-bit limbs: the RSA kernels are portable C on every build, but
# for the 16-bit limbs' Montgomery row in assembly (AVR_RSA_ASM).
AVR_RSA_BUILDS ?= 8 16 32
$(AVR_BUILD)/rsa_l%.elf: $(MOTE_RSA_SRCS) $(AVR_DIR)/mote_avr.c $(MOTE_KS_SRCS) $(MOTE_RSA_KAT) $(AVR_RSA_ASM) $(AVR_MK)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) $(AVR_KS_FLAGS) $(MOTE_RSA_FLAGS) -DKS_LIMB_BITS=$* -o $@ $(MOTE_RSA_SRCS) $(AVR_DIR)/mote_avr.c $(MOTE_KS_SRCS) $(AVR_RSA_ASM)
.PRECIOUS: $(AVR_BUILD)/rsa_l%.elf
# Six RSA-1024 operations: ~1.2 G cycles with 16-bit limbs, ~4 G with 32-bit ones.
AVR_RSA_MAX_CYCLES := 8000000000

# The timed runs of our kernels (ec_ks_*, rsa_*) also record the cycles spent at every
# instruction address (-P), for the same-path check: every run of an operation must have spent
# the same cycles at every address, so every branch went the same way whatever the secret
# inputs (sim/ct_same_path.py; stronger than equal totals, which a branch over a single
# instruction keeps equal on the AVR).
$(AVR_BUILD)/ec_ks_%.out: $(AVR_BUILD)/ec_ks_%.elf $(AVR_HARNESS) MOTE_FORCE
	@{ $(AVR_HARNESS) -c $(AVR_MAX_CYCLES) -P $(AVR_BUILD)/ec_ks_$*.prof $< 2>/dev/null; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@
$(AVR_BUILD)/rsa_l%.out: $(AVR_BUILD)/rsa_l%.elf $(AVR_HARNESS) MOTE_FORCE
	@{ $(AVR_HARNESS) -c $(AVR_RSA_MAX_CYCLES) -P $(AVR_BUILD)/rsa_l$*.prof $< 2>/dev/null; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@
$(AVR_BUILD)/path_%.out: $(AVR_BUILD)/%.out $(MOTE_SIM)/ct_same_path.py
	@{ python3 $(MOTE_SIM)/ct_same_path.py $< $(AVR_BUILD)/$*.prof --elf $(AVR_BUILD)/$*.elf; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@

# The generated assembly is straight-line code: no branch, skip, jump or call (constant time
# by construction; the equal cycle counts of every run show it too).
$(AVR_BUILD)/fp_asm_check.out: $(AVR_FP_ASM) MOTE_FORCE
	@python3 $(AVR_DIR)/gen_avr_fp.py --check $< > $@

# The field operations alone against Python's integers (avr/fp_test.c), per build.
$(AVR_BUILD)/fp_kat.h: $(AVR_DIR)/gen_fp_kat.py
	@mkdir -p $(@D)
	python3 $< > $@.tmp && mv $@.tmp $@

AVR_FP_TEST_SRCS := $(AVR_DIR)/fp_test.c $(AVR_DIR)/mote_avr.c $(MOTE_SIM)/mote_print.c $(MOTE_KS_SRCS)
$(AVR_BUILD)/fp_test_l%.elf: $(AVR_FP_TEST_SRCS) $(AVR_FP_ASM) $(AVR_DIR)/ks_fp_avr.h $(AVR_BUILD)/fp_kat.h $(AVR_MK)
	$(AVR_CC) $(AVR_CFLAGS) -I$(AVR_BUILD) $(AVR_KS_FLAGS) -DKS_LIMB_BITS=$* -o $@ $(AVR_FP_TEST_SRCS) $(AVR_FP_ASM)

$(AVR_BUILD)/fp_test_c%.elf: $(AVR_FP_TEST_SRCS) $(AVR_BUILD)/fp_kat.h $(AVR_MK)
	$(AVR_CC) $(AVR_CFLAGS) -I$(AVR_BUILD) $(AVR_KS_FLAGS) -DKS_AVR_ASM=0 -DKS_LIMB_BITS=$* -o $@ $(AVR_FP_TEST_SRCS)

# pN: the other two curves, P-192 and P-224 (assembly products, C reductions), N-bit limbs.
AVR_KS_FLAGS_P := $(filter-out -DKS_WITH_%,$(AVR_KS_FLAGS)) -DKS_WITH_SECP160R1=0 \
	-DKS_WITH_SECP192R1=1 -DKS_WITH_SECP224R1=1 -DKS_WITH_SECP256R1=0
$(AVR_BUILD)/fp_test_p%.elf: $(AVR_FP_TEST_SRCS) $(AVR_FP_ASM) $(AVR_DIR)/ks_fp_avr.h $(AVR_BUILD)/fp_kat.h $(AVR_MK)
	$(AVR_CC) $(AVR_CFLAGS) -I$(AVR_BUILD) $(AVR_KS_FLAGS_P) -DKS_LIMB_BITS=$* -o $@ $(AVR_FP_TEST_SRCS) $(AVR_FP_ASM)

# The harness's own check of its UART input path (avr/uart_input_test.c).
$(AVR_BUILD)/uart_input_test.elf: $(AVR_DIR)/uart_input_test.c $(AVR_DIR)/mote_avr.c $(MOTE_SIM)/mote_print.c
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) -o $@ $^

$(AVR_BUILD)/uart_input_test.in:
	@mkdir -p $(@D)
	python3 -c 'import sys; n = 5000; sys.stdout.buffer.write(bytes([n & 255, n >> 8]) + bytes((7 * i + 3) & 255 for i in range(n)))' > $@

$(AVR_BUILD)/uart_input_test.out: $(AVR_BUILD)/uart_input_test.elf $(AVR_BUILD)/uart_input_test.in $(AVR_HARNESS) MOTE_FORCE
	@{ $(AVR_HARNESS) -c $(AVR_MAX_CYCLES) -i $(AVR_BUILD)/uart_input_test.in $< 2>/dev/null; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@

# The peer's run. Without micro-ecc (no cargo, or crates.io out of reach) the benchmark goes
# on with a note instead of failing.
$(AVR_BUILD)/ec_uecc.out: $(AVR_HARNESS) MOTE_FORCE
	@if $(MAKE) -s --no-print-directory -f $(firstword $(MAKEFILE_LIST)) $(AVR_BUILD)/ec_uecc.elf; then \
		{ $(AVR_HARNESS) -c $(AVR_MAX_CYCLES) $(AVR_BUILD)/ec_uecc.elf 2>/dev/null; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@; \
	else echo "unavailable: micro-ecc could not be fetched or built" > $@; fi

# A run's output, with the harness's exit status as its last line.
# Runs again every time: a test that reads an old result proves nothing.
$(AVR_BUILD)/%.out: $(AVR_BUILD)/%.elf $(AVR_HARNESS) MOTE_FORCE
	@{ $(AVR_HARNESS) -c $(AVR_MAX_CYCLES) $< 2>/dev/null; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@

AVR_BENCH_ARGS = --size avr-size --baseline $(AVR_BUILD)/ec_baseline.elf \
	$(foreach b,$(AVR_BENCH_BUILDS),ks.$(b)=$(AVR_BUILD)/ec_ks_$(b)) micro_ecc=$(AVR_BUILD)/ec_uecc \
	$(foreach b,$(AVR_RSA_BUILDS),rsa.l$(b)=$(AVR_BUILD)/rsa_l$(b)) $(AVR_BENCH_MORE_ARGS)

# Fragments included after this one (prim/prim_mote.mk) add their runs: prerequisites of
# avr-test / avr-bench-runs, and NAME=PREFIX arguments of the report in AVR_TEST_MORE_RUNS /
# AVR_BENCH_MORE_ARGS (read when the recipe runs, after every fragment is in).
.PHONY: avr-test avr-bench avr-bench-runs
avr-test: $(foreach b,$(AVR_TEST_BUILDS),$(AVR_BUILD)/ec_ks_$(b).out $(AVR_BUILD)/fp_test_$(b).out) \
		$(AVR_BUILD)/fp_test_p16.out $(AVR_BUILD)/fp_asm_check.out $(AVR_BUILD)/uart_input_test.out \
		$(foreach b,$(AVR_RSA_BUILDS),$(AVR_BUILD)/rsa_l$(b).out $(AVR_BUILD)/path_rsa_l$(b).out) \
		$(foreach b,$(AVR_TEST_BUILDS),$(AVR_BUILD)/path_ec_ks_$(b).out) avr-cipher-runs
	@$(MOTE_REPORT) test avr harness=$(AVR_BUILD)/uart_input_test asm=$(AVR_BUILD)/fp_asm_check $(AVR_CIPHER_REPORT) \
		$(foreach b,$(AVR_TEST_BUILDS) p16,fp.$(b)=$(AVR_BUILD)/fp_test_$(b)) \
		$(foreach b,$(AVR_TEST_BUILDS),ks.$(b)=$(AVR_BUILD)/ec_ks_$(b) path.ks.$(b)=$(AVR_BUILD)/path_ec_ks_$(b)) \
		$(foreach b,$(AVR_RSA_BUILDS),rsa.l$(b)=$(AVR_BUILD)/rsa_l$(b) path.rsa.l$(b)=$(AVR_BUILD)/path_rsa_l$(b)) \
		$(AVR_TEST_MORE_RUNS)

avr-bench-runs: $(foreach b,$(AVR_BENCH_BUILDS),$(AVR_BUILD)/ec_ks_$(b).out) $(AVR_BUILD)/ec_uecc.out $(AVR_BUILD)/ec_baseline.elf \
	$(foreach b,$(AVR_RSA_BUILDS),$(AVR_BUILD)/rsa_l$(b).out)

avr-bench: avr-bench-runs
	@$(MOTE_REPORT) bench avr $(AVR_BENCH_ARGS)
