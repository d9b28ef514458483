# The cipher primitives (prim/) on the motes: sim/cipher_test.c in simavr (ATmega128) and
# mspdebug's simulator (MSP430F1611), run by `make -C native avr-test` / `msp430-test` (through
# the avr-cipher-runs / msp430-cipher-runs prerequisites and the AVR_CIPHER_REPORT /
# MSP430_CIPHER_REPORT arguments of their reports) and by avr-bench / msp430-bench /
# mote-bench (bench/mote_report.py: ARCH.cipher.*, ARCH.aes128.block.cycles, ...).
# Included by ../Makefile after avr/*.mk and msp430/*.mk. Builds: x = AES with the expanded
# key in the context (KS_AES_EXPANDED 1, the MSP430's default), o = the key schedule run
# during each block (KS_AES_EXPANDED 0, the AVR's default, whose block is then in assembly);
# both with the S-box table and the bytewise GHASH in assembly (the motes' defaults). Each
# run's output also carries the flash of each component: the size of its object file built
# with the firmware's flags.
CIPHER_MOTE_PRIM := $(addprefix $(MOTE_NATIVE)/prim/,$(addsuffix .c,$(CIPHER_NAMES)))
CIPHER_MOTE_SRCS := $(CIPHER_MOTE_PRIM) $(MOTE_KERNELS)/ks_wipe.c
CIPHER_MOTE_HDRS := $(wildcard $(MOTE_NATIVE)/prim/ks_*.h)
CIPHER_MOTE_F_x := -DKS_AES_EXPANDED=1
CIPHER_MOTE_F_o := -DKS_AES_EXPANDED=0
CIPHER_MOTE_BUILDS := x o

CIPHER_SIZES := sh $(MOTE_SIM)/cipher_sizes.sh

ifdef AVR_BUILD
AVR_CIPHER_FLAGS = $(AVR_KS_FLAGS) -I$(MOTE_NATIVE)/prim $(CIPHER_MOTE_F_$(1))
AVR_CIPHER_FW := $(MOTE_SIM)/cipher_test.c $(MOTE_SIM)/mote_print.c $(AVR_DIR)/mote_avr.c
# GHASH's multiplication and (with the key schedule per block, the AVR's default) the AES
# block in assembly (prim/ks_ghash.h: KS_GHASH_ASM; prim/ks_aes.h: KS_AES_ASM): any AVR build
# of the primitives links them
AVR_CIPHER_ASM := $(AVR_DIR)/ks_ghash_avr.S $(AVR_DIR)/ks_aes_avr.S
define avr_cipher
$(AVR_BUILD)/cipher_$(1).elf: $(AVR_CIPHER_FW) $(CIPHER_MOTE_SRCS) $(AVR_CIPHER_ASM) $(CIPHER_MOTE_HDRS) $(MOTE_SIM)/cipher.mk $(AVR_MK)
	@mkdir -p $$(@D)
	$(AVR_CC) $(AVR_CFLAGS) $(call AVR_CIPHER_FLAGS,$(1)) -o $$@ $(AVR_CIPHER_FW) $(CIPHER_MOTE_SRCS) $(AVR_CIPHER_ASM)
$(AVR_BUILD)/cipher_$(1).sizes: $(CIPHER_MOTE_SRCS) $(AVR_CIPHER_ASM) $(CIPHER_MOTE_HDRS) $(MOTE_SIM)/cipher_sizes.sh $(AVR_MK)
	@$(CIPHER_SIZES) $(AVR_CC) avr-size $(AVR_BUILD)/cipher_$(1).objs "$(CIPHER_MOTE_PRIM) $(AVR_CIPHER_ASM)" \
		$(filter-out -Wl%,$(AVR_CFLAGS)) $(call AVR_CIPHER_FLAGS,$(1)) > $$@.tmp && mv $$@.tmp $$@
$(AVR_BUILD)/cipher_$(1).out: $(AVR_BUILD)/cipher_$(1).elf $(AVR_BUILD)/cipher_$(1).sizes $(AVR_HARNESS) MOTE_FORCE
	@{ $(AVR_HARNESS) -c $(AVR_MAX_CYCLES) -P $(AVR_BUILD)/cipher_$(1).prof $$< 2>/dev/null; rc=$$$$?; cat $(AVR_BUILD)/cipher_$(1).sizes; echo "exit $$$$rc"; } > $$@.tmp && mv $$@.tmp $$@
# the same path through the code for every key and text (sim/ct_same_path.py --paired)
$(AVR_BUILD)/path_cipher_$(1).out: $(AVR_BUILD)/cipher_$(1).out $(MOTE_SIM)/ct_same_path.py
	@{ python3 $(MOTE_SIM)/ct_same_path.py --paired $$< $(AVR_BUILD)/cipher_$(1).prof --elf $(AVR_BUILD)/cipher_$(1).elf; echo "exit $$$$?"; } > $$@.tmp && mv $$@.tmp $$@
endef
$(foreach b,$(CIPHER_MOTE_BUILDS),$(eval $(call avr_cipher,$(b))))
.PRECIOUS: $(AVR_BUILD)/cipher_%.elf
.PHONY: avr-cipher-runs
avr-cipher-runs: $(foreach b,$(CIPHER_MOTE_BUILDS),$(AVR_BUILD)/cipher_$(b).out $(AVR_BUILD)/path_cipher_$(b).out)
AVR_CIPHER_REPORT = $(foreach b,$(CIPHER_MOTE_BUILDS),cipher.$(b)=$(AVR_BUILD)/cipher_$(b) path.cipher.$(b)=$(AVR_BUILD)/path_cipher_$(b))
# `make avr-bench` / `mote-bench`: the AVR's default build (o) first, its figures the headlines
avr-bench-runs: avr-cipher-runs
AVR_BENCH_ARGS += cipher.o=$(AVR_BUILD)/cipher_o cipher.x=$(AVR_BUILD)/cipher_x
endif

ifdef MSP_BUILD
MSP_CIPHER_FLAGS = $(MSP_KS_FLAGS) -DKS_MSP430_ASM=0 -I$(MOTE_NATIVE)/prim $(CIPHER_MOTE_F_$(1))
MSP_CIPHER_FW := $(MOTE_SIM)/cipher_test.c $(MOTE_SIM)/mote_print.c $(MSP_RT_SRCS)
# GHASH's multiplication in assembly (KS_GHASH_ASM): any MSP430 build of the primitives links it;
# the AES block's (KS_AES_ASM, expanded key: msp_link adds it to any link of ks_aes_tab.c) and
# RC4's (KS_RC4_ASM: to any link of ks_rc4.c) are named here too, for their flash lines
MSP_CIPHER_ASM := $(MSP_DIR)/ks_ghash_msp430.S $(MSP_AES_ASM) $(MSP_RC4_ASM)
define msp_cipher
$(MSP_BUILD)/cipher_$(1).elf: $(MSP_CIPHER_FW) $(CIPHER_MOTE_SRCS) $(MSP_CIPHER_ASM) $(CIPHER_MOTE_HDRS) $(MOTE_SIM)/cipher.mk $(MSP_MK)
	@mkdir -p $$(@D)
	$$(call msp_link,$(call MSP_CIPHER_FLAGS,$(1)),$(MSP_CIPHER_FW) $(CIPHER_MOTE_SRCS) $(MSP_CIPHER_ASM))
$(MSP_BUILD)/cipher_$(1).sizes: $(CIPHER_MOTE_SRCS) $(MSP_CIPHER_ASM) $(CIPHER_MOTE_HDRS) $(MOTE_SIM)/cipher_sizes.sh $(MSP_MK)
	@$(CIPHER_SIZES) $(MSP_CC) llvm-size-16 $(MSP_BUILD)/cipher_$(1).objs "$(CIPHER_MOTE_PRIM) $(MSP_CIPHER_ASM)" \
		$(MSP_CFLAGS) $(call MSP_CIPHER_FLAGS,$(1)) > $$@.tmp && mv $$@.tmp $$@
$(MSP_BUILD)/cipher_$(1).out: $(MSP_BUILD)/cipher_$(1).elf $(MSP_BUILD)/cipher_$(1).sizes $(MSP_DIR)/mspsim_run.py MOTE_FORCE
	@{ python3 $(MSP_DIR)/mspsim_run.py --timeout $(MSP_TIMEOUT) $$<; rc=$$$$?; cat $(MSP_BUILD)/cipher_$(1).sizes; echo "exit $$$$rc"; } > $$@.tmp && mv $$@.tmp $$@
endef
$(foreach b,$(CIPHER_MOTE_BUILDS),$(eval $(call msp_cipher,$(b))))
.PRECIOUS: $(MSP_BUILD)/cipher_%.elf
.PHONY: msp430-cipher-runs
msp430-cipher-runs: $(foreach b,$(CIPHER_MOTE_BUILDS),$(MSP_BUILD)/cipher_$(b).out)
MSP430_CIPHER_REPORT = $(foreach b,$(CIPHER_MOTE_BUILDS),cipher.$(b)=$(MSP_BUILD)/cipher_$(b))
# `make msp430-bench` / `mote-bench`: the MSP430's default build (x) first
msp430-bench-runs: msp430-cipher-runs
MSP430_BENCH_ARGS += cipher.x=$(MSP_BUILD)/cipher_x cipher.o=$(MSP_BUILD)/cipher_o
endif
