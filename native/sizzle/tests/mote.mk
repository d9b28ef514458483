# The C engine's inbound path on both motes (native/sizzle/tests/mote_hello.c), included by
# native/Makefile after avr/avr.mk and msp430/msp430.mk.
#   make -C native sizzle-mote-test   per profile build (modern, legacy-ecc, legacy-rsa) and mote
#                                     (ATmega128 in simavr, MSP430F1611 in mspdebug's simulator):
#                                     the Chromium-like 1,944-byte hello from the corpus through
#                                     the UART / mailbox, the printed line equal to the Java's;
#                                     cycles in the engine, its static state, stack, flash.
# mspdebug 0.22 over-counts constant-generator operands: its cycle counts read ~10% high.
SZ_MOTE_DIR := $(MOTE_NATIVE)/sizzle
SZ_MOTE_ENGINE := $(filter-out %/tests/% $(addprefix $(SZ_MOTE_DIR)/,$(SZ_HTTP_LAYER) $(SZ_HTTP_APP) $(addsuffix .c,$(SZ_KEYS_NAMES) $(SZ_ENGINE_NAMES) $(SZ_SERVER_NAMES))),$(wildcard $(SZ_MOTE_DIR)/*.c))
SZ_MOTE_HDRS := $(wildcard $(SZ_MOTE_DIR)/*.h) $(SZ_MOTE_DIR)/tests/sz_shape_line.h
SZ_MOTE_FW := $(SZ_MOTE_DIR)/tests/mote_hello.c $(SZ_MOTE_DIR)/tests/sz_shape_line.c
SZ_MOTE_CORPUS := $(MOTE_NATIVE)/../kssl-client/src/test/resources/hello-shapes/hello-shapes.txt
SZ_MOTE_CASE := chromium-like
SZ_MOTE_PROFILES := modern legacy-ecc legacy-rsa
SZ_MOTE_CHECK := python3 $(SZ_MOTE_DIR)/tests/mote_check.py
SZ_MOTE_BUILD := $(MOTE_BUILD)/sizzle
SZ_MOTE_FLAG_modern := -DSZ_PROFILE_MODERN
SZ_MOTE_FLAG_legacy-ecc := -DSZ_PROFILE_LEGACY_ECC
SZ_MOTE_FLAG_legacy-rsa := -DSZ_PROFILE_LEGACY_RSA
# The AVR also runs the modern build pushing every byte alone (an interrupt-driven main loop).
SZ_MOTE_FLAG_modern-bytewise := -DSZ_PROFILE_MODERN -DSZ_MOTE_BYTEWISE -DSZ_MOTE_RUN='"modern-bytewise"'
SZ_MOTE_INC := -I$(SZ_MOTE_DIR) -I$(SZ_MOTE_DIR)/tests
# Static pattern rules for the runs: avr.mk's and msp430.mk's generic `%.out: %.elf` (no input
# file) must never be taken for them.
SZ_AVR_OUTS := $(foreach p,$(SZ_MOTE_PROFILES) modern-bytewise,$(AVR_BUILD)/sz_hello_$(p).out)
SZ_MSP_OUTS := $(foreach p,$(SZ_MOTE_PROFILES),$(MSP_BUILD)/sz_hello_$(p).out)

$(SZ_MOTE_BUILD)/%.in: $(SZ_MOTE_CORPUS) $(SZ_MOTE_DIR)/tests/mote_check.py
	@mkdir -p $(@D)
	$(SZ_MOTE_CHECK) input $< $* $(SZ_MOTE_CASE) $@

# ATmega128: the firmware, and the engine's objects alone (for its flash).
$(AVR_BUILD)/sz_hello_%.elf: $(SZ_MOTE_FW) $(SZ_MOTE_ENGINE) $(SZ_MOTE_HDRS) $(AVR_DIR)/mote_avr.c $(AVR_MK)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) $(AVR_KS_FLAGS) $(SZ_MOTE_FLAG_$*) $(SZ_MOTE_INC) -o $@ $(SZ_MOTE_FW) $(SZ_MOTE_ENGINE) \
		$(AVR_DIR)/mote_avr.c $(MOTE_SIM)/mote_print.c
$(AVR_BUILD)/sz_engine_%/done: $(SZ_MOTE_ENGINE) $(SZ_MOTE_HDRS) $(AVR_MK)
	@mkdir -p $(@D)
	@for f in $(SZ_MOTE_ENGINE); do $(AVR_CC) $(AVR_CFLAGS) $(AVR_KS_FLAGS) $(SZ_MOTE_FLAG_$*) $(SZ_MOTE_INC) \
		-c $$f -o $(@D)/$$(basename $$f .c).o || exit 1; done; touch $@
$(SZ_AVR_OUTS): $(AVR_BUILD)/sz_hello_%.out: $(AVR_BUILD)/sz_hello_%.elf $(SZ_MOTE_BUILD)/%.in $(AVR_HARNESS) MOTE_FORCE
	@{ $(AVR_HARNESS) -c 400000000 -i $(SZ_MOTE_BUILD)/$*.in $< 2>/dev/null; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@
$(SZ_MOTE_BUILD)/modern-bytewise.in: $(SZ_MOTE_BUILD)/modern.in
	cp $< $@
.PRECIOUS: $(AVR_BUILD)/sz_hello_%.elf $(AVR_BUILD)/sz_engine_%/done $(SZ_MOTE_BUILD)/%.in \
	$(SZ_MOTE_BUILD)/modern-bytewise.in

# MSP430F1611.
$(MSP_BUILD)/sz_hello_%.elf: $(SZ_MOTE_FW) $(SZ_MOTE_ENGINE) $(SZ_MOTE_HDRS) $(MSP_RT_SRCS) $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,$(SZ_MOTE_FLAG_$*) $(SZ_MOTE_INC),$(SZ_MOTE_FW) $(SZ_MOTE_ENGINE) $(MOTE_SIM)/mote_print.c $(MSP_RT_SRCS))
$(MSP_BUILD)/sz_engine_%/done: $(SZ_MOTE_ENGINE) $(SZ_MOTE_HDRS) $(MSP_MK)
	@mkdir -p $(@D)
	@for f in $(SZ_MOTE_ENGINE); do $(MSP_CC) $(MSP_CFLAGS) $(SZ_MOTE_FLAG_$*) $(SZ_MOTE_INC) \
		-c $$f -o $(@D)/$$(basename $$f .c).o || exit 1; done; touch $@
$(SZ_MSP_OUTS): $(MSP_BUILD)/sz_hello_%.out: $(MSP_BUILD)/sz_hello_%.elf $(SZ_MOTE_BUILD)/%.in $(MSP_DIR)/mspsim_run.py MOTE_FORCE
	@{ python3 $(MSP_DIR)/mspsim_run.py --timeout $(MSP_TIMEOUT) --input $(SZ_MOTE_BUILD)/$*.in $<; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@
.PRECIOUS: $(MSP_BUILD)/sz_hello_%.elf $(MSP_BUILD)/sz_engine_%/done $(SZ_MOTE_BUILD)/%.in

sz_objs = $(subst $(eval) ,$(comma),$(foreach f,$(SZ_MOTE_ENGINE),$(1)/sz_engine_$(2)/$(basename $(notdir $(f))).o))
comma := ,

.PHONY: sizzle-mote-test sizzle-avr-test sizzle-msp430-test
sizzle-avr-test: $(SZ_AVR_OUTS) $(foreach p,$(SZ_MOTE_PROFILES),$(AVR_BUILD)/sz_engine_$(p)/done)
	@$(SZ_MOTE_CHECK) report $(SZ_MOTE_CORPUS) $(SZ_MOTE_CASE) --size avr-size \
		$(foreach p,$(SZ_MOTE_PROFILES),avr:$(p):$(AVR_BUILD)/sz_hello_$(p).out:$(call sz_objs,$(AVR_BUILD),$(p))) \
		--size - avr:modern:$(AVR_BUILD)/sz_hello_modern-bytewise.out:
sizzle-msp430-test: $(foreach p,$(SZ_MOTE_PROFILES),$(MSP_BUILD)/sz_hello_$(p).out $(MSP_BUILD)/sz_engine_$(p)/done)
	@$(SZ_MOTE_CHECK) report $(SZ_MOTE_CORPUS) $(SZ_MOTE_CASE) --size llvm-size-16 \
		$(foreach p,$(SZ_MOTE_PROFILES),msp430:$(p):$(MSP_BUILD)/sz_hello_$(p).out:$(call sz_objs,$(MSP_BUILD),$(p)))
sizzle-mote-test: $(SZ_AVR_OUTS) $(SZ_MSP_OUTS) $(foreach p,$(SZ_MOTE_PROFILES),$(AVR_BUILD)/sz_engine_$(p)/done \
		$(MSP_BUILD)/sz_engine_$(p)/done)
	@$(SZ_MOTE_CHECK) report $(SZ_MOTE_CORPUS) $(SZ_MOTE_CASE) --size avr-size \
		$(foreach p,$(SZ_MOTE_PROFILES),avr:$(p):$(AVR_BUILD)/sz_hello_$(p).out:$(call sz_objs,$(AVR_BUILD),$(p))) \
		--size - avr:modern:$(AVR_BUILD)/sz_hello_modern-bytewise.out: \
		--size llvm-size-16 \
		$(foreach p,$(SZ_MOTE_PROFILES),msp430:$(p):$(MSP_BUILD)/sz_hello_$(p).out:$(call sz_objs,$(MSP_BUILD),$(p)))
