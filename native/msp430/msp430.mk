# The MSP430F1611 (TelosB) build with clang-16 and ld.lld-16 (Debian has no msp430 gcc): our
# startup code, linker script and EABI helpers; run in mspdebug's simulator through the GDB
# bridge msp430/mspsim_run.py. Needs: clang-16 lld-16 llvm-16 mspdebug, and python3.
#   make -C native msp430-test    known answers, equal cycles for every scalar, per limb size
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
MSP_RT_SRCS := $(MSP_DIR)/crt0.S $(MSP_DIR)/mspabi.S $(MSP_DIR)/mem.c $(MSP_DIR)/mote_msp430.c
MSP_FW_SRCS := $(MOTE_TEST_SRCS) $(MSP_RT_SRCS)
MSP_TIMEOUT := 900
# Limb sizes: the test holds 16 (the kernels' MSP430 default) and 32 to known answers and
# equal cycle counts; the benchmark also times 8.
MSP430_TEST_LIMBS ?= 16 32
MSP430_BENCH_LIMBS ?= 8 16 32

# Firmware is rebuilt when these build files change; and kept after its run (for sizes).
MSP_MK := $(MSP_DIR)/msp430.mk $(MOTE_SIM)/mote.mk $(MSP_DIR)/msp430f1611.ld $(MSP_BUILD)/flags.stamp
$(eval $(call mote_flags_stamp,$(MSP_BUILD)/flags.stamp,$(MSP_CC) $(MSP_CFLAGS) $(MSP_LDFLAGS) $(MOTE_KS_FLAGS) $(MOTE_UECC_FLAGS)))
.PRECIOUS: $(MSP_BUILD)/ec_ks_l%.elf
# clang's driver wants msp430-elf-ld to link, so compile each source on its own (one object
# directory per firmware) and link with ld.lld directly.
define msp_link
	@rm -rf $@.objs && mkdir -p $@.objs
	@for f in $(2); do \
		$(MSP_CC) $(MSP_CFLAGS) $(1) -c $$f -o $@.objs/$$(basename $$f).o || exit 1; done
	$(MSP_LD) $(MSP_LDFLAGS) -o $@ $@.objs/*.o
endef

$(MSP_BUILD)/ec_ks_l%.elf: $(MSP_FW_SRCS) $(MOTE_SIM)/ec_impl_ks.c $(MOTE_KS_SRCS) $(MOTE_SIM)/ec_kat.h $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,$(MOTE_KS_FLAGS) -DKS_LIMB_BITS=$*,$(MSP_FW_SRCS) $(MOTE_SIM)/ec_impl_ks.c $(MOTE_KS_SRCS))

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
	$(foreach l,$(MSP430_BENCH_LIMBS),ks.l$(l)=$(MSP_BUILD)/ec_ks_l$(l)) micro_ecc=$(MSP_BUILD)/ec_uecc

.PHONY: msp430-test msp430-bench msp430-bench-runs
msp430-test: $(foreach l,$(MSP430_TEST_LIMBS),$(MSP_BUILD)/ec_ks_l$(l).out) $(MSP_BUILD)/mailbox_input_test.out \
		$(MSP_BUILD)/mspabi_test.out
	@$(MOTE_REPORT) test msp430 bridge=$(MSP_BUILD)/mailbox_input_test runtime=$(MSP_BUILD)/mspabi_test \
		$(foreach l,$(MSP430_TEST_LIMBS),ks.l$(l)=$(MSP_BUILD)/ec_ks_l$(l))

msp430-bench-runs: $(foreach l,$(MSP430_BENCH_LIMBS),$(MSP_BUILD)/ec_ks_l$(l).out) $(MSP_BUILD)/ec_uecc.out $(MSP_BUILD)/ec_baseline.elf

msp430-bench: msp430-bench-runs
	@$(MOTE_REPORT) bench msp430 $(MSP430_BENCH_ARGS)
