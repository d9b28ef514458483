# The C Sizzle server (native/sizzle/): its builds for the host, the ATmega128 and the
# MSP430F1611, and their tests. Included by native/Makefile after avr/*.mk and msp430/*.mk.
#   make -C native sizzle-test   the link of each platform (port/), ...; last line "N passed, N failed"
SZ_DIR := $(MOTE_NATIVE)/sizzle
SZ_BUILD := $(MOTE_BUILD)/sizzle
SZ_PORT := $(SZ_DIR)/port
SZ_HOST_CFLAGS := $(WARN) $(SAN) -I$(SZ_PORT)

# The link's test firmware (port/tests/link_echo.c), one per platform.
$(SZ_BUILD)/link_echo_host: $(SZ_PORT)/tests/link_echo.c $(SZ_PORT)/sz_port_host.c $(SZ_PORT)/sz_port.h
	@mkdir -p $(@D)
	$(CC) $(SZ_HOST_CFLAGS) -o $@ $(SZ_PORT)/tests/link_echo.c $(SZ_PORT)/sz_port_host.c

$(SZ_BUILD)/link_echo_avr.elf: $(SZ_PORT)/tests/link_echo.c $(SZ_PORT)/sz_port_avr.c $(SZ_PORT)/sz_port.h $(AVR_DIR)/mote_avr.c $(MOTE_SIM)/mote_sim.h
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) -I$(SZ_PORT) -o $@ $(SZ_PORT)/tests/link_echo.c $(SZ_PORT)/sz_port_avr.c $(AVR_DIR)/mote_avr.c

$(SZ_BUILD)/link_echo_msp430.elf: $(SZ_PORT)/tests/link_echo.c $(SZ_PORT)/sz_port_msp430.c $(SZ_PORT)/sz_port.h $(MSP_RT_SRCS) $(MSP_DIR)/mailbox.h
	@mkdir -p $(@D)
	$(call msp_link,-I$(SZ_PORT),$(SZ_PORT)/tests/link_echo.c $(SZ_PORT)/sz_port_msp430.c $(MSP_RT_SRCS))

.PHONY: sizzle-test
sizzle-test: $(SZ_BUILD)/link_echo_host $(SZ_BUILD)/link_echo_avr.elf $(SZ_BUILD)/link_echo_msp430.elf $(AVR_HARNESS)
	@python3 $(SZ_PORT)/tests/link_test.py host=$(SZ_BUILD)/link_echo_host \
		avr=$(AVR_HARNESS):$(SZ_BUILD)/link_echo_avr.elf \
		msp430=$(MSP_DIR)/mspsim_run.py:$(SZ_BUILD)/link_echo_msp430.elf
