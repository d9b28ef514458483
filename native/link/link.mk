# The device end of the link protocol (native/link/, gateway-java/LINK.md), included by
# native/Makefile. Host builds, one per radio (the frame size is a build constant):
#   make -C native link-test    the C tests (tests/test_link.c): LINK.md's CRC vectors, the
#                               Java codec's decode vectors, and the Java device's transcripts
#                               replayed frame for frame; "N passed, N failed"
#                               and its RAM and flash on each mote (tests/link_size.sh), and that a firmware name is never
#                               cut in READY-SLEEP (tests/name_fit.sh)
#   make -C native link-host    build/host/link-device-{cc1000,cc2420}: the device end on
#                               stdin/stdout, for gateway-java's CDeviceInteropTest
#   make -C native template-test  the template codec's tests (tests/test_template.c, LINK.md
#                               §9): the Java suppressor's forms of the transcripts recreated,
#                               the C suppressor's checked against vectors/templates-c.txt
#                               (which gateway-java's TemplateVectorsTest recreates), each
#                               error, random round trips; link-test runs it too
# sizzle-test (sizzle/port/port.mk) runs link-test with the firmware's tests.
LINK_DIR := link
LINK_SRC := $(filter-out $(LINK_DIR)/sz_template.c,$(wildcard $(LINK_DIR)/*.c))
LINK_HDR := $(wildcard $(LINK_DIR)/*.h)
LINK_LINE := $(LINK_DIR)/tests/sz_link_line.c $(LINK_DIR)/tests/sz_link_line.h
LINK_VECTORS := $(LINK_DIR)/tests/vectors
LINK_RADIOS := cc1000 cc2420
LINK_FLAG_cc1000 := -DSZ_LINK_CC1000
LINK_FLAG_cc2420 :=
# the motes' firmware build: grants by READY only (LINK.md §6.1), its maps for 64 frames
LINK_FLAG_cc1000-ready := -DSZ_LINK_CC1000 -DSZ_LINK_READY_ONLY=1 -DSZ_LINK_MAX_FRAMES=64
# and with templates (DATA-TEMPLATE both ways, capabilities in READY-SLEEP: LINK.md §9.7)
LINK_FLAG_cc1000-templates := $(LINK_FLAG_cc1000-ready) -DSZ_LINK_TEMPLATES=1
LINK_CFLAGS = $(WARN) -I$(KDIR) -I$(LINK_DIR) -I$(LINK_DIR)/tests

$(HOST)/link-device-%: $(LINK_SRC) $(LINK_HDR) $(LINK_LINE) $(LINK_DIR)/tests/link_device.c
	@mkdir -p $(HOST)
	$(CC) $(LINK_CFLAGS) -O2 $(LINK_FLAG_$*) $(LINK_SRC) $(LINK_DIR)/tests/sz_link_line.c $(LINK_DIR)/tests/link_device.c -o $@

$(HOST)/link-test-%: $(LINK_SRC) $(LINK_HDR) $(LINK_LINE) $(LINK_DIR)/tests/test_link.c $(LINK_DIR)/tests/host_test.h
	@mkdir -p $(HOST)
	$(CC) $(LINK_CFLAGS) $(SAN) $(LINK_FLAG_$*) $(LINK_SRC) $(LINK_DIR)/tests/sz_link_line.c $(LINK_DIR)/tests/test_link.c -o $@

# The template codec (sz_template.c): apart from the link's sources, which it does not use.
$(HOST)/template-test: $(LINK_DIR)/sz_template.c $(LINK_DIR)/sz_template.h $(LINK_DIR)/tests/test_template.c $(LINK_DIR)/tests/host_test.h
	@mkdir -p $(HOST)
	$(CC) $(LINK_CFLAGS) $(SAN) $(LINK_DIR)/sz_template.c $(LINK_DIR)/tests/test_template.c -o $@

LINK_TESTS := $(foreach r,$(LINK_RADIOS) cc1000-ready cc1000-templates,$(HOST)/link-test-$(r)) $(HOST)/template-test
LINK_TEST_RUNS := $(foreach r,$(LINK_RADIOS) cc1000-ready cc1000-templates,"$(HOST)/link-test-$(r) $(LINK_VECTORS)") \
	"$(HOST)/template-test $(LINK_VECTORS)" "bash $(LINK_DIR)/tests/link_size.sh" "bash $(LINK_DIR)/tests/name_fit.sh"

.PHONY: link-test link-host link-size template-test
template-test: $(HOST)/template-test
	@bash tests/run_all.sh "$(HOST)/template-test $(LINK_VECTORS)"
link-size:
	@bash $(LINK_DIR)/tests/link_size.sh
link-host: $(foreach r,$(LINK_RADIOS),$(HOST)/link-device-$(r))
link-test: $(LINK_TESTS)
	@bash tests/run_all.sh $(LINK_TEST_RUNS)

# The codec on the motes (make -C native template-mote-test): tests/template_mote.c built for the
# ATmega128 (simavr) and the MSP430F1611 (mspdebug) at the firmware's -Os, each message of the
# legacy and modern handshakes compressed or recreated with its cycles (every line shown:
# gateway_cycles.py reads them); then sz_template.o's flash on each.
# Not part of link-test (the mote toolchains): its variables are the motes' fragments', read
# after this file, so the recipe alone names them.
TPL_MOTE_DIR = $(BUILD)/link/template_mote
TPL_MOTE_SRC = $(LINK_DIR)/tests/template_mote.c $(LINK_DIR)/sz_template.c $(MOTE_SIM)/mote_print.c
.PHONY: template-mote-test
template-mote-test:
	@mkdir -p $(TPL_MOTE_DIR) $(AVR_BUILD) $(MSP_BUILD)/template_mote.elf.objs
	@python3 $(LINK_DIR)/tests/gen_template_mote.py $(LINK_VECTORS)/templates.txt $(TPL_MOTE_DIR)/template_mote.h
	@$(MAKE) -s --no-print-directory $(AVR_HARNESS)
	$(AVR_CC) $(AVR_CFLAGS) -Os -I$(LINK_DIR) -I$(TPL_MOTE_DIR) -o $(AVR_BUILD)/template_mote.elf $(TPL_MOTE_SRC) $(AVR_DIR)/mote_avr.c
	@for f in $(TPL_MOTE_SRC) $(MSP_RT_SRCS); do \
		$(MSP_CC) $(MSP_CFLAGS) -Os -I$(LINK_DIR) -I$(TPL_MOTE_DIR) -c $$f -o $(MSP_BUILD)/template_mote.elf.objs/$$(basename $$f).o || exit 1; done
	$(MSP_LD) $(MSP_LDFLAGS) -o $(MSP_BUILD)/template_mote.elf $(MSP_BUILD)/template_mote.elf.objs/*.o
	@RUN_ALL_TAIL=100 bash tests/run_all.sh "$(AVR_HARNESS) -c $(AVR_MAX_CYCLES) $(AVR_BUILD)/template_mote.elf" \
	    "python3 $(MSP_DIR)/mspsim_run.py --timeout $(MSP_TIMEOUT) $(MSP_BUILD)/template_mote.elf"
	@cd $(TPL_MOTE_DIR) && $(AVR_CC) -mmcu=atmega128 -Os -std=gnu99 -Wall -Werror -I$(CURDIR)/$(LINK_DIR) -c $(CURDIR)/$(LINK_DIR)/sz_template.c -o avr.o \
	    && echo "sz_template.o flash, ATmega128 (avr-gcc -Os): $$(avr-size avr.o | awk 'NR == 2 {print $$1 + $$2}') B"
	@cd $(TPL_MOTE_DIR) && $(MSP_CC) --target=msp430 -mmcu=msp430f1611 -ffreestanding -nostdlib -Os -std=gnu99 -Wall -Werror \
	    -I$(CURDIR)/$(LINK_DIR) -c $(CURDIR)/$(LINK_DIR)/sz_template.c -o msp.o \
	    && echo "sz_template.o flash, MSP430F1611 (clang-16 -Os): $$(llvm-size-16 msp.o | awk 'NR == 2 {print $$1 + $$2}') B"
