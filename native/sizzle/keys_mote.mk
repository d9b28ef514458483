# The C server's keys on both motes (sizzle/tests/keys_mote.c, after keys.mk's host test):
# per profile, the firmware with the build's two cases from the Java-written vectors
# (tests/keys_kat.py) in simavr (ATmega128) and mspdebug's simulator (MSP430F1611): master
# secret, both directions keyed, four records sealed and four opened byte-equal to the Java's,
# the forged record refused and wiped in the good one's cycles; the cycles, state sizes, stack,
# and the flash of each of the four objects. Included by ../Makefile after avr/*.mk and
# msp430/*.mk.
#   make -C native sizzle-keys-mote-test   (or sizzle-keys-avr-test, sizzle-keys-msp430-test)
# mspdebug 0.22 over-counts constant-generator operands: its cycle counts read ~10% high.
ifdef MOTE_MK
SZK_DIR := $(MOTE_NATIVE)/sizzle
SZK_PRIM := $(MOTE_NATIVE)/prim
SZK_BUILD := $(MOTE_BUILD)/sizzle-keys
SZK_PROFILES := modern legacy-ecc legacy-rsa
SZK_OWN := $(addprefix $(SZK_DIR)/,$(addsuffix .c,$(SZ_KEYS_NAMES)))
# What each build carries: SHA-256, HMAC and the PRFs always (the name digest, TLS 1.2); the
# AEAD in modern; MD5, SHA-1, the SSL 3.0 MAC and RC4 in the legacy builds.
SZK_COMMON := $(SZK_OWN) $(addprefix $(SZK_PRIM)/,ks_hash.c ks_sha256.c ks_hmac.c ks_tls_prf.c) $(MOTE_KERNELS)/ks_wipe.c
SZK_SRCS_modern := $(SZK_COMMON) $(addprefix $(SZK_PRIM)/,ks_aes_ct.c ks_aes_tab.c ks_ghash.c ks_ctr.c ks_gcm.c ks_ccm.c ks_aead.c)
SZK_SRCS_legacy := $(SZK_COMMON) $(addprefix $(SZK_PRIM)/,ks_md5.c ks_sha1.c ks_ssl3_mac.c ks_rc4.c)
SZK_SRCS_legacy-ecc := $(SZK_SRCS_legacy)
SZK_SRCS_legacy-rsa := $(SZK_SRCS_legacy)
SZK_FLAG_modern := -DSZ_PROFILE_MODERN -DKS_WITH_MD5=0 -DKS_WITH_SHA1=0
SZK_FLAG_legacy-ecc := -DSZ_PROFILE_LEGACY_ECC
SZK_FLAG_legacy-rsa := -DSZ_PROFILE_LEGACY_RSA
SZK_INC = -I$(SZK_PRIM) -I$(SZK_DIR) -I$(SZK_DIR)/tests -I$(SZK_BUILD)/$(1)
SZK_DEPS := $(wildcard $(SZK_DIR)/*.h) $(wildcard $(SZK_PRIM)/*.h) $(SZK_DIR)/tests/keys_mote.c $(SZK_DIR)/keys_mote.mk
SZK_FW := $(SZK_DIR)/tests/keys_mote.c $(MOTE_SIM)/mote_print.c
# flash of the four objects: "flash FILE text+data" lines
szk_sizes = for f in $(SZK_OWN); do o=$(2)/$$(basename $$f .c).o; $(1) $$o | awk -v f=$$(basename $$f) 'NR > 1 {print "flash " f " " $$1 + $$2}'; done

$(SZK_BUILD)/%/keys_kat.h: $(SZK_DIR)/tests/protection-vectors.txt $(SZK_DIR)/tests/keys_kat.py
	@mkdir -p $(@D)
	python3 $(SZK_DIR)/tests/keys_kat.py $< $* > $@.tmp && mv $@.tmp $@
.PRECIOUS: $(SZK_BUILD)/%/keys_kat.h

ifdef AVR_BUILD
SZK_AVR_ASM_modern := $(AVR_DIR)/ks_ghash_avr.S $(AVR_DIR)/ks_aes_avr.S $(AVR_HASH_ASM)
SZK_AVR_ASM_legacy-ecc := $(AVR_HASH_ASM)
SZK_AVR_ASM_legacy-rsa := $(AVR_HASH_ASM)
SZK_AVR_FLAGS = $(AVR_CFLAGS) $(AVR_KS_FLAGS) $(SZK_FLAG_$(1)) $(call SZK_INC,$(1))
$(AVR_BUILD)/sz_keys_%.elf: $(SZK_BUILD)/%/keys_kat.h $(SZK_COMMON) $(SZK_SRCS_modern) $(SZK_SRCS_legacy) $(SZK_DEPS) $(AVR_DIR)/mote_avr.c $(AVR_HASH_ASM) $(AVR_MK)
	@mkdir -p $(@D)/sz_keys_objs_$*
	$(AVR_CC) $(call SZK_AVR_FLAGS,$*) -o $@ $(SZK_FW) $(AVR_DIR)/mote_avr.c $(SZK_SRCS_$*) $(SZK_AVR_ASM_$*)
	@for f in $(SZK_OWN); do $(AVR_CC) $(filter-out -Wl%,$(call SZK_AVR_FLAGS,$*)) -c $$f -o $(@D)/sz_keys_objs_$*/$$(basename $$f .c).o || exit 1; done
$(AVR_BUILD)/sz_keys_%.out: $(AVR_BUILD)/sz_keys_%.elf $(AVR_HARNESS) MOTE_FORCE
	@{ $(AVR_HARNESS) -c $(AVR_MAX_CYCLES) $< 2>/dev/null; rc=$$?; $(call szk_sizes,avr-size,$(AVR_BUILD)/sz_keys_objs_$*); echo "exit $$rc"; } > $@.tmp && mv $@.tmp $@
.PRECIOUS: $(AVR_BUILD)/sz_keys_%.elf
SZK_AVR_OUTS := $(foreach p,$(SZK_PROFILES),$(AVR_BUILD)/sz_keys_$(p).out)
.PHONY: sizzle-keys-avr-test
sizzle-keys-avr-test: $(SZK_AVR_OUTS)
	@sh $(MOTE_NATIVE)/tests/run_all.sh $(foreach o,$(SZK_AVR_OUTS),"cat $(o)")
endif

ifdef MSP_BUILD
SZK_MSP_ASM_modern := $(MSP_DIR)/ks_ghash_msp430.S
# SHA-1's form as the firmware's (legacy-ecc the fast one: ../sizzle/firmware/firmware.mk).
SZK_MSP_FLAGS = $(MSP_KS_FLAGS) -DKS_MSP430_ASM=0 $(SZK_FLAG_$(1)) $(SZF_MSP_SHA1_$(1)) $(call SZK_INC,$(1))
$(MSP_BUILD)/sz_keys_%.elf: $(SZK_BUILD)/%/keys_kat.h $(SZK_COMMON) $(SZK_SRCS_modern) $(SZK_SRCS_legacy) $(SZK_DEPS) $(MSP_RT_SRCS) $(MSP_MK)
	@mkdir -p $(@D)/sz_keys_objs_$*
	$(call msp_link,$(call SZK_MSP_FLAGS,$*),$(SZK_FW) $(MSP_RT_SRCS) $(SZK_SRCS_$*) $(SZK_MSP_ASM_$*))
	@for f in $(SZK_OWN); do $(MSP_CC) $(MSP_CFLAGS) $(call SZK_MSP_FLAGS,$*) -c $$f -o $(@D)/sz_keys_objs_$*/$$(basename $$f .c).o || exit 1; done
$(MSP_BUILD)/sz_keys_%.out: $(MSP_BUILD)/sz_keys_%.elf $(MSP_DIR)/mspsim_run.py MOTE_FORCE
	@{ python3 $(MSP_DIR)/mspsim_run.py --timeout $(MSP_TIMEOUT) $<; rc=$$?; $(call szk_sizes,llvm-size-16,$(MSP_BUILD)/sz_keys_objs_$*); echo "exit $$rc"; } > $@.tmp && mv $@.tmp $@
.PRECIOUS: $(MSP_BUILD)/sz_keys_%.elf
SZK_MSP_OUTS := $(foreach p,$(SZK_PROFILES),$(MSP_BUILD)/sz_keys_$(p).out)
.PHONY: sizzle-keys-msp430-test
sizzle-keys-msp430-test: $(SZK_MSP_OUTS)
	@sh $(MOTE_NATIVE)/tests/run_all.sh $(foreach o,$(SZK_MSP_OUTS),"cat $(o)")
endif

.PHONY: sizzle-keys-mote-test
sizzle-keys-mote-test: $(SZK_AVR_OUTS) $(SZK_MSP_OUTS)
	@sh $(MOTE_NATIVE)/tests/run_all.sh $(foreach o,$(SZK_AVR_OUTS) $(SZK_MSP_OUTS),"cat $(o)")
endif
