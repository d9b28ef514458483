# The HTTP layer and thermostat application on the motes (sizzle/HTTP.md): the firmware
# sizzle/tests/http_mote.c replays one stored HTTP transcript from the UART (ATmega128,
# simavr) or the mailbox (MSP430F1611, mspdebug), and http_script.py checks its output against
# the Java's writes, the password comparison's cycles, and prints the figures (stack, state,
# flash of the HTTP layer and of the application from their objects). Both built -Os.
# Included by ../Makefile after avr/avr.mk and msp430/msp430.mk.
#   make -C native http-mote-test     both motes; "N passed, N failed"
SZ_MOTE_TRANSCRIPT ?= $(MOTE_NATIVE)/../sizzle-server/src/test/resources/http-transcripts/mote-avr.txt
SZ_MOTE_DIR := $(MOTE_NATIVE)/sizzle
SZ_MOTE_SCRIPT := python3 $(SZ_MOTE_DIR)/tests/http_script.py
SZ_MOTE_SRCS = $(addprefix $(SZ_MOTE_DIR)/,$(SZ_HTTP_LAYER) $(SZ_HTTP_APP)) $(MOTE_KERNELS)/ks_wipe.c
SZ_MOTE_DEPS = $(SZ_MOTE_SRCS) $(wildcard $(SZ_MOTE_DIR)/sz_*.h) $(SZ_MOTE_DIR)/tests/http_mote.c \
	$(SZ_MOTE_DIR)/tests/http_script.py $(SZ_MOTE_TRANSCRIPT) $(SZ_MOTE_DIR)/http_mote.mk

$(MOTE_BUILD)/http/http_device.h: $(SZ_MOTE_TRANSCRIPT) $(SZ_MOTE_DIR)/tests/http_script.py
	@mkdir -p $(@D)
	$(SZ_MOTE_SCRIPT) header $< > $@.tmp && mv $@.tmp $@
$(MOTE_BUILD)/http/http_mote.in: $(SZ_MOTE_TRANSCRIPT) $(SZ_MOTE_DIR)/tests/http_script.py
	@mkdir -p $(@D)
	$(SZ_MOTE_SCRIPT) input $< > $@.tmp && mv $@.tmp $@

SZ_AVR_FLAGS = $(filter-out -O%,$(AVR_CFLAGS)) -Os $(AVR_KS_FLAGS) -I$(SZ_MOTE_DIR) -I$(MOTE_BUILD)/http
$(AVR_BUILD)/http_mote.elf: $(SZ_MOTE_DEPS) $(MOTE_BUILD)/http/http_device.h $(AVR_DIR)/mote_avr.c
	@mkdir -p $(@D)/http_objs
	$(AVR_CC) $(SZ_AVR_FLAGS) -o $@ $(SZ_MOTE_DIR)/tests/http_mote.c $(MOTE_SIM)/mote_print.c $(AVR_DIR)/mote_avr.c $(SZ_MOTE_SRCS)
	@for f in $(SZ_MOTE_SRCS); do $(AVR_CC) $(SZ_AVR_FLAGS) -c $$f -o $(@D)/http_objs/$$(basename $$f .c).o || exit 1; done
$(AVR_BUILD)/http_mote.out: $(AVR_BUILD)/http_mote.elf $(MOTE_BUILD)/http/http_mote.in $(AVR_HARNESS) MOTE_FORCE
	@{ $(AVR_HARNESS) -c $(AVR_MAX_CYCLES) -i $(MOTE_BUILD)/http/http_mote.in $< 2>/dev/null; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@

SZ_MSP_FLAGS = $(MSP_KS_FLAGS) -Os -I$(SZ_MOTE_DIR) -I$(MOTE_BUILD)/http
$(MSP_BUILD)/http_mote.elf: $(SZ_MOTE_DEPS) $(MOTE_BUILD)/http/http_device.h $(MSP_RT_SRCS) $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,$(SZ_MSP_FLAGS),$(SZ_MOTE_DIR)/tests/http_mote.c $(MOTE_SIM)/mote_print.c $(MSP_RT_SRCS) $(SZ_MOTE_SRCS))
$(MSP_BUILD)/http_mote.out: $(MSP_BUILD)/http_mote.elf $(MOTE_BUILD)/http/http_mote.in $(MSP_DIR)/mspsim_run.py MOTE_FORCE
	@{ python3 $(MSP_DIR)/mspsim_run.py --timeout $(MSP_TIMEOUT) --input $(MOTE_BUILD)/http/http_mote.in $<; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@

# Flash of a group of objects: text + data (constants in flash are in text; data must be 0).
sz_flash = $(1) $(foreach f,$(3),$(2)/$(basename $(notdir $(f)))$(4)) | awk 'NR > 1 {t += $$1; d += $$2; b += $$3} END {print t + d, d, b}'

.PHONY: http-mote-test
http-mote-test: $(AVR_BUILD)/http_mote.out $(MSP_BUILD)/http_mote.out
	@fail=0; \
	$(SZ_MOTE_SCRIPT) check $(SZ_MOTE_TRANSCRIPT) $(AVR_BUILD)/http_mote.out avr || fail=1; \
	echo "figure avr flash_http_layer_bytes data bss: $$($(call sz_flash,avr-size,$(AVR_BUILD)/http_objs,$(SZ_HTTP_LAYER),.o))"; \
	echo "figure avr flash_app_bytes data bss: $$($(call sz_flash,avr-size,$(AVR_BUILD)/http_objs,$(SZ_HTTP_APP) ks_wipe.c,.o))"; \
	$(SZ_MOTE_SCRIPT) check $(SZ_MOTE_TRANSCRIPT) $(MSP_BUILD)/http_mote.out msp430 || fail=1; \
	echo "figure msp430 flash_http_layer_bytes data bss: $$($(call sz_flash,llvm-size-16,$(MSP_BUILD)/http_mote.elf.objs,$(SZ_HTTP_LAYER),.c.o))"; \
	echo "figure msp430 flash_app_bytes data bss: $$($(call sz_flash,llvm-size-16,$(MSP_BUILD)/http_mote.elf.objs,$(SZ_HTTP_APP) ks_wipe.c,.c.o))"; \
	echo "# msp430 cycles from mspdebug read ~10% high (constant-generator operands over-counted)"; \
	test $$fail = 0
