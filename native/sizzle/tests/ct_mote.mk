# Constant time of the server's ClientKeyExchange on both motes (sizzle/tests/ct_mote.c): per
# profile, ECDHE on P-256 (modern), static ECDH on secp160r1 (legacy-ecc) over several secret
# scalars, and RSA-1024 decryption with the premaster check for good padding, bad padding and
# wrong version bytes (legacy-rsa); known answers from tests/ct_kat.py; and the client's Finished
# check (sz_finished_check.c) for right and wrong verify_data; equal cycles required.
# Built with the server firmware's flags (16-bit limbs, the field in assembly, the build's curve
# only; on the ATmega128 its window and its measured stack wipes, SZF_AVR_FLAGS_FOR; on the
# MSP430 its optimisation, SZF_MSP_OPT_FOR and SZF_MSP_LINK). The dead stack after each ClientKeyExchange must be
# the same for every secret: the wipes' depths are held to it. Included by ../../Makefile after tests/mote.mk.
#   make -C native sizzle-ct-mote-test   (or sizzle-ct-avr-test, sizzle-ct-msp430-test)
# mspdebug 0.22 over-counts constant-generator operands: its cycle counts read ~10% high.
ifdef MOTE_MK
SZC_DIR := $(MOTE_NATIVE)/sizzle
SZC_BUILD := $(MOTE_BUILD)/sizzle-ct
SZC_PROFILES := modern legacy-ecc legacy-rsa
SZC_IDENTITY_modern := $(SZC_DIR)/identities/test-p256.h
SZC_IDENTITY_legacy-ecc := $(SZC_DIR)/identities/test-p160.h
SZC_IDENTITY_legacy-rsa := $(SZC_DIR)/identities/test-rsa1024.h
SZC_FLAG_modern := -DSZ_PROFILE_MODERN -DKS_WITH_MD5=0 -DKS_WITH_SHA1=0 -DKS_WITH_SECP160R1=0 -DKS_WITH_SECP256R1=1
SZC_FLAG_legacy-ecc := -DSZ_PROFILE_LEGACY_ECC -DKS_WITH_SECP160R1=1 -DKS_WITH_SECP256R1=0
SZC_FLAG_legacy-rsa := -DSZ_PROFILE_LEGACY_RSA -DKS_WITH_SECP160R1=0 -DKS_WITH_SECP256R1=0
SZC_SRCS := $(SZC_DIR)/tests/ct_mote.c $(SZC_DIR)/sz_client_key_exchange.c $(SZC_DIR)/sz_finished_check.c $(SZC_DIR)/sz_identity.c \
	$(addprefix $(MOTE_NATIVE)/prim/,ks_hash.c ks_md5.c ks_sha1.c ks_sha256.c ks_hmac.c ks_hmac_drbg.c) $(MOTE_SIM)/mote_print.c
SZC_DEPS := $(wildcard $(SZC_DIR)/*.h $(MOTE_NATIVE)/prim/*.h) $(SZC_DIR)/tests/ct_mote.mk $(SZC_DIR)/firmware/firmware.mk $(MOTE_KS_SRCS) $(MOTE_KS_HDRS)
SZC_FLAGS = $(SZC_FLAG_$(1)) -DSZ_IDENTITY='"$(SZC_IDENTITY_$(1))"' -DKS_LIMB_BITS=16 -DKS_WITH_SHA512=0 \
	-I$(SZC_DIR) -I$(MOTE_NATIVE)/prim -I$(SZC_BUILD)/$(1)

$(SZC_BUILD)/%/ct_kat.h: $(SZC_DIR)/tests/ct_kat.py
	@mkdir -p $(@D)
	python3 $< $* $(SZC_IDENTITY_$*) > $@.tmp && mv $@.tmp $@
.PRECIOUS: $(SZC_BUILD)/%/ct_kat.h

ifdef AVR_BUILD
$(AVR_BUILD)/sz_ct_%.elf: $(SZC_BUILD)/%/ct_kat.h $(SZC_SRCS) $(SZC_DEPS) $(AVR_FP_ASM) $(AVR_HASH_ASM) $(AVR_RSA_ASM) $(AVR_DIR)/mote_avr.c $(AVR_MK)
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) $(filter-out $(SZF_AVR_KS_OUT),$(AVR_KS_FLAGS)) $(call SZF_AVR_FLAGS_FOR,$*) $(call SZC_FLAGS,$*) \
		-o $@ $(SZC_SRCS) $(MOTE_KS_SRCS) $(AVR_FP_ASM) $(AVR_HASH_ASM) $(AVR_RSA_ASM) $(AVR_DIR)/mote_avr.c
SZC_AVR_OUTS := $(foreach p,$(SZC_PROFILES),$(AVR_BUILD)/sz_ct_$(p).out)
$(SZC_AVR_OUTS): $(AVR_BUILD)/sz_ct_%.out: $(AVR_BUILD)/sz_ct_%.elf $(AVR_HARNESS) MOTE_FORCE
	@{ $(AVR_HARNESS) -c $(AVR_MAX_CYCLES) $< 2>/dev/null; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@
.PRECIOUS: $(AVR_BUILD)/sz_ct_%.elf
.PHONY: sizzle-ct-avr-test
sizzle-ct-avr-test: $(SZC_AVR_OUTS)
	@$(MOTE_REPORT) test avr $(foreach p,$(SZC_PROFILES),ct.$(p)=$(AVR_BUILD)/sz_ct_$(p))
endif

ifdef MSP_BUILD
$(MSP_BUILD)/sz_ct_%.elf: $(SZC_BUILD)/%/ct_kat.h $(SZC_SRCS) $(SZC_DEPS) $(MSP_FP_ASM) $(MSP_RT_SRCS) $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,$(filter-out -DKS_WITH_SECP160R1=% -DKS_WITH_SECP256R1=%,$(MSP_KS_FLAGS)) $(MSP_ASM_CFLAGS) \
		$(call SZC_FLAGS,$*) $(SZF_MSP_SHA1_$*) $(call SZF_MSP_OPT_FOR,$*),$(SZC_SRCS) $(MOTE_KS_SRCS) $(MSP_FP_ASM) $(MSP_RT_SRCS),$(SZF_MSP_LINK))
SZC_MSP_OUTS := $(foreach p,$(SZC_PROFILES),$(MSP_BUILD)/sz_ct_$(p).out)
$(SZC_MSP_OUTS): $(MSP_BUILD)/sz_ct_%.out: $(MSP_BUILD)/sz_ct_%.elf $(MSP_DIR)/mspsim_run.py MOTE_FORCE
	@{ python3 $(MSP_DIR)/mspsim_run.py --timeout $(MSP_TIMEOUT) $<; echo "exit $$?"; } > $@.tmp && mv $@.tmp $@
.PRECIOUS: $(MSP_BUILD)/sz_ct_%.elf
.PHONY: sizzle-ct-msp430-test
sizzle-ct-msp430-test: $(SZC_MSP_OUTS)
	@$(MOTE_REPORT) test msp430 $(foreach p,$(SZC_PROFILES),ct.$(p)=$(MSP_BUILD)/sz_ct_$(p))
endif

.PHONY: sizzle-ct-mote-test
sizzle-ct-mote-test: $(SZC_AVR_OUTS) $(SZC_MSP_OUTS)
	@sh $(MOTE_NATIVE)/tests/run_all.sh "$(MOTE_REPORT) test avr $(foreach p,$(SZC_PROFILES),ct.$(p)=$(AVR_BUILD)/sz_ct_$(p))" \
		"$(MOTE_REPORT) test msp430 $(foreach p,$(SZC_PROFILES),ct.$(p)=$(MSP_BUILD)/sz_ct_$(p))"
endif
