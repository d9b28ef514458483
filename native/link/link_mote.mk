# The device end of the link on the simulated motes (link/tests/mote_replay.c), included by
# native/Makefile after the motes' fragments (avr/avr.mk, msp430/msp430.mk):
#   make -C native link-mote-test   the Java device's transcripts replayed by the C end built
#                                   for the ATmega128 (simavr) and the MSP430F1611 (mspdebug),
#                                   each with the frame sizes of both radios;
#                                   "N passed, N failed"
# Which transcripts each build holds: the lossy traffic (2.6 M cycles) on the ATmega128 alone,
# where simavr runs it in 0.2 s (mspdebug's simulator takes ~2 min for it: too slow for every
# test run); the CC2420's traffic needs 1.6 KB buffers each way, more than the ATmega128's RAM
# leaves, so with 102-byte frames both motes replay the faults alone.
LINK_REPLAY_GEN := python3 $(LINK_DIR)/tests/gen_mote_replay.py
LINK_REPLAY_avr_cc1000 := $(LINK_VECTORS)/faults-cc1000.txt $(LINK_VECTORS)/traffic-cc1000.txt
LINK_REPLAY_msp430_cc1000 := $(LINK_VECTORS)/faults-cc1000.txt
LINK_REPLAY_avr_cc2420 := $(LINK_VECTORS)/faults-cc2420.txt
LINK_REPLAY_msp430_cc2420 := $(LINK_VECTORS)/faults-cc2420.txt
LINK_MOTE_SRC := $(LINK_SRC) $(LINK_DIR)/tests/mote_replay.c $(MOTE_SIM)/mote_print.c

.PRECIOUS: $(BUILD)/link/replay_%/replay.h
$(BUILD)/link/replay_%/replay.h: $(LINK_DIR)/tests/gen_mote_replay.py $(LINK_DIR)/link_mote.mk $(LINK_VECTORS)/faults-cc1000.txt \
		$(LINK_VECTORS)/traffic-cc1000.txt $(LINK_VECTORS)/faults-cc2420.txt
	@mkdir -p $(@D)
	$(LINK_REPLAY_GEN) $@ $(LINK_REPLAY_$*)

ifdef AVR_BUILD
$(AVR_BUILD)/link_replay_%.elf: $(LINK_MOTE_SRC) $(LINK_HDR) $(BUILD)/link/replay_avr_%/replay.h $(AVR_DIR)/mote_avr.c $(AVR_MK)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) -DKS_PORT_HEADER='"ks_port_avr.h"' -I$(LINK_DIR) -I$(BUILD)/link/replay_avr_$* $(LINK_FLAG_$*) \
	    -o $@ $(LINK_MOTE_SRC) $(AVR_DIR)/mote_avr.c
endif
ifdef MSP_BUILD
$(MSP_BUILD)/link_replay_%.elf: $(LINK_MOTE_SRC) $(LINK_HDR) $(BUILD)/link/replay_msp430_%/replay.h $(MSP_RT_SRCS) $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,-I$(abspath $(LINK_DIR)) -I$(abspath $(BUILD))/link/replay_msp430_$* $(LINK_FLAG_$*),$(LINK_MOTE_SRC) $(MSP_RT_SRCS))
endif

# sizzle-test (sizzle/port/port.mk) runs this with the other C suites.
LINK_MOTE_RUN := "$(MAKE) -s --no-print-directory link-mote-test"
LINK_MOTE_ELFS := $(foreach r,$(LINK_RADIOS),$(AVR_BUILD)/link_replay_$(r).elf $(MSP_BUILD)/link_replay_$(r).elf)
.PHONY: link-mote-test
link-mote-test: $(LINK_MOTE_ELFS) $(AVR_HARNESS)
	@bash tests/run_all.sh $(foreach r,$(LINK_RADIOS),"$(AVR_HARNESS) -c $(AVR_MAX_CYCLES) $(AVR_BUILD)/link_replay_$(r).elf" \
	    "python3 $(MSP_DIR)/mspsim_run.py --timeout $(MSP_TIMEOUT) $(MSP_BUILD)/link_replay_$(r).elf")
