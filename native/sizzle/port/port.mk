# The C Sizzle server's platform link (native/sizzle/port/) on the host, the ATmega128 and the
# MSP430F1611. Included by native/Makefile after avr/*.mk and msp430/*.mk.
#   make -C native sizzle-test   link_echo on each platform, driven by TCP clients, and the HTTP
#                                firmware on both motes; last line "N passed, N failed"
SZP_SRC := $(MOTE_NATIVE)/sizzle
SZP_BUILD := $(MOTE_BUILD)/sizzle
SZP_DIR := $(SZP_SRC)/port
SZP_HOST_CFLAGS := $(WARN) $(SAN) -I$(SZP_DIR)

# The link's test firmware (port/tests/link_echo.c), one per platform.
$(SZP_BUILD)/link_echo_host: $(SZP_DIR)/tests/link_echo.c $(SZP_DIR)/sz_port_host.c $(SZP_DIR)/sz_port.h
	@mkdir -p $(@D)
	$(CC) $(SZP_HOST_CFLAGS) -o $@ $(SZP_DIR)/tests/link_echo.c $(SZP_DIR)/sz_port_host.c

$(SZP_BUILD)/link_echo_avr.elf: $(SZP_DIR)/tests/link_echo.c $(SZP_DIR)/sz_port_avr.c $(SZP_DIR)/sz_port.h $(AVR_DIR)/mote_avr.c $(MOTE_SIM)/mote_sim.h
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) -I$(SZP_DIR) -o $@ $(SZP_DIR)/tests/link_echo.c $(SZP_DIR)/sz_port_avr.c $(AVR_DIR)/mote_avr.c

$(SZP_BUILD)/link_echo_msp430.elf: $(SZP_DIR)/tests/link_echo.c $(SZP_DIR)/sz_port_msp430.c $(SZP_DIR)/sz_port.h $(MSP_RT_SRCS) $(MSP_DIR)/mailbox.h
	@mkdir -p $(@D)
	$(call msp_link,-I$(SZP_DIR),$(SZP_DIR)/tests/link_echo.c $(SZP_DIR)/sz_port_msp430.c $(MSP_RT_SRCS))

.PHONY: sizzle-test
# The C server's tests on the motes and the host, summed by tests/run_all.sh: the radio link's
# device end (link/link.mk, link/link_mote.mk) and its template codec on both motes, the link, the
# HTTP layer's firmware replaying its transcript (sizzle/http_mote.mk), and the inbound engine
# parsing a browser's hello on both motes (sizzle/tests/mote.mk), the stored transcripts
# against the server firmware and a short fuzzing run of its input path (sizzle/firmware/
# firmware.mk: sizzle-replay, sizzle-fuzz).
sizzle-test: $(SZP_BUILD)/link_echo_host $(SZP_BUILD)/link_echo_avr.elf $(SZP_BUILD)/link_echo_msp430.elf $(AVR_HARNESS) \
		$(AVR_BUILD)/http_mote.out $(MSP_BUILD)/http_mote.out $(LINK_TESTS)
	@bash tests/run_all.sh $(LINK_TEST_RUNS) $(LINK_MOTE_RUN) "python3 $(SZP_DIR)/tests/link_test.py host=$(SZP_BUILD)/link_echo_host \
		avr=$(AVR_HARNESS):$(SZP_BUILD)/link_echo_avr.elf \
		msp430=$(MSP_DIR)/mspsim_run.py:$(SZP_BUILD)/link_echo_msp430.elf" \
		"$(SZ_MOTE_SCRIPT) check $(SZ_MOTE_TRANSCRIPT) $(AVR_BUILD)/http_mote.out avr" \
		"$(SZ_MOTE_SCRIPT) check $(SZ_MOTE_TRANSCRIPT) $(MSP_BUILD)/http_mote.out msp430" \
		"$(MAKE) -s --no-print-directory template-mote-test" \
		"$(MAKE) -s --no-print-directory sizzle-mote-test" \
		"$(MAKE) -s --no-print-directory sizzle-ct-mote-test" \
		"$(MAKE) -s --no-print-directory mote-bench-smoke" \
		"$(MAKE) -s --no-print-directory sizzle-replay" \
		"$(MAKE) -s --no-print-directory sizzle-fuzz SZ_FUZZ_SECONDS=15"
