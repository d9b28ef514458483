# Shared by avr/avr.mk and msp430/msp430.mk: paths, the known answers, the micro-ecc peer,
# and the combined `mote-bench`. Included once whichever fragment comes first.
ifndef MOTE_MK
MOTE_MK := 1

MOTE_NATIVE := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
MOTE_SIM := $(MOTE_NATIVE)/sim
MOTE_BUILD := $(MOTE_NATIVE)/build
MOTE_KERNELS := $(MOTE_NATIVE)/kernels
# The kernel sources: every .c in kernels/ (the host-side generators live in kernels/gen/).
MOTE_KS_SRCS = $(wildcard $(MOTE_KERNELS)/*.c)
MOTE_KS_HDRS = $(wildcard $(MOTE_KERNELS)/*.h)
# The kernels' knobs for a mote: only the two curves the firmware uses, small windows (stack).
MOTE_KS_FLAGS ?= -DKS_WITH_SECP160R1=1 -DKS_WITH_SECP192R1=0 -DKS_WITH_SECP224R1=0 \
	-DKS_WITH_SECP256R1=1 -DKS_EC_WINDOW=4 -DKS_BASE_WINDOW=0 \
	-DKS_RSA_MAX_BITS=1024
MOTE_TEST_SRCS := $(MOTE_SIM)/ec_test.c $(MOTE_SIM)/mote_print.c
# The RSA-1024 test firmware (sim/rsa_test.c): its known answers are written at build time
# from the script (never committed, so never stale); the kernels' RSA sizes for the motes:
# 1024-bit moduli, a 4-bit window (the private operation's workspace is ~2.4 KB of stack).
MOTE_RSA_SRCS := $(MOTE_SIM)/rsa_test.c $(MOTE_SIM)/mote_print.c
MOTE_RSA_KAT := $(MOTE_BUILD)/rsa_kat.h
MOTE_RSA_FLAGS := -I$(MOTE_BUILD) -DKS_RSA_MAX_BITS=1024 -DKS_RSA_WINDOW=4

$(MOTE_RSA_KAT): $(MOTE_SIM)/gen_rsa_kat.py
	@mkdir -p $(@D)
	python3 $< > $@.tmp && mv $@.tmp $@
MOTE_REPORT := python3 $(MOTE_NATIVE)/bench/mote_report.py

# micro-ecc, the benchmark peer (DESIGN.md §8): fetched from crates.io (micro-ecc-sys 0.3.2)
# into build/peers/ at run time, never committed. Fastest setting for the AVR assembly; all
# other curves off, but secp160r1 stays on (single-curve AVR builds of P-256 crash).
MOTE_UECC_DIR := $(MOTE_BUILD)/peers/micro-ecc-sys-0.3.2/micro-ecc
MOTE_UECC_FLAGS := -I$(MOTE_UECC_DIR) -DuECC_OPTIMIZATION_LEVEL=3 -DuECC_SQUARE_FUNC=1 \
	-DuECC_SUPPORTS_secp160r1=1 -DuECC_SUPPORTS_secp192r1=0 -DuECC_SUPPORTS_secp224r1=0 \
	-DuECC_SUPPORTS_secp256r1=1 -DuECC_SUPPORTS_secp256k1=0

$(MOTE_UECC_DIR)/uECC.c:
	sh $(MOTE_NATIVE)/bench/fetch-micro-ecc.sh >/dev/null

.PHONY: MOTE_FORCE
MOTE_FORCE:

# $(call mote_flags_stamp,FILE,FLAGS): a file that changes only when FLAGS change, so that a
# build with other flags on the command line (say MOTE_KS_FLAGS=...) rebuilds the firmware.
# Two makes may check it at once (tests/run_all.sh runs the suite's steps side by side): the one
# that finds FILE.new already taken by the other keeps the stamp the other left (a clean-clone
# run of 2026-11-29 failed on `mv: cannot stat .../flags.stamp.new`).
define mote_flags_stamp
$(1): MOTE_FORCE
	$$(shell mkdir -p $$(@D))$$(file >$$@.new,$(2))
	@if cmp -s $$@.new $$@; then rm -f $$@.new; else mv -f $$@.new $$@ 2>/dev/null || test -f $$@; fi
endef

.PHONY: mote-bench
mote-bench: avr-bench-runs msp430-bench-runs
	@$(MOTE_REPORT) bench avr $(AVR_BENCH_ARGS)
	@$(MOTE_REPORT) bench msp430 $(MSP430_BENCH_ARGS)

endif
