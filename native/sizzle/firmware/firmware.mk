# The C Sizzle server's firmware (sizzle/firmware/): one image per platform, build and
# application, from the same sources: the host (a plain TCP server, sz_port_host.c), the
# ATmega128 (avr-gcc; ELF and Intel hex, run in avr_harness -L) and the MSP430F1611 (clang-16;
# ELF and Intel hex, run in mspsim_run.py --serve). Included by native/Makefile after the motes'
# fragments and sizzle/engine.mk.
#
#   make -C native sizzle-firmware SZ_FW_PLATFORM=host|avr|msp430 SZ_FW_BUILD=modern|legacy-ecc|legacy-rsa
#        SZ_FW_DIR=DIR [SZ_FW_APP=thermostat|transcript] [SZ_FW_NAME=NAME]
#     DIR holds the identity (sz_identity.h, from sizzle.desktop.FirmwareIdentity --device) and,
#     for the thermostat, the password file `password` (firmware/device_header.py); the image
#     goes to DIR/PLATFORM/sizzle (host) or sizzle.elf + sizzle.hex (motes).
#   SZ_FW_LINK=1: the port carries the radio link's frames (LINK.md §13) instead of the raw TLS
#     stream: sz_port_link.c over the platform's byte link (port/sz_port_raw.c) and native/link,
#     the CC1000's 29-byte frames on the ATmega128, the CC2420's 102 elsewhere; READY-SLEEP
#     announces SZ_FW_NAME (or its first label where the whole does not fit the frame);
#     SZ_FW_ADDRESS (1-254, default 1) is its radio address, as a mote's
#     node id is set when it is flashed. Off by default (every other build and test is the raw stream).
#   Without SZ_FW_DIR: the transcripts' test identity (identities/test-*.h) and the transcript
#     application, into build/firmware/PLATFORM-BUILD-transcript/ (the replays' images).
SZ_FW_PLATFORM ?= host
SZ_FW_BUILD ?= modern
SZ_FW_APP ?= $(if $(SZ_FW_DIR),thermostat,transcript)
SZ_FW_NAME ?= sizzle-mote
SZF_SRC := $(MOTE_NATIVE)/sizzle
SZ_FW_LINK ?= 0
SZ_FW_ADDRESS ?= 1
SZF_OUT = $(if $(SZ_FW_DIR),$(abspath $(SZ_FW_DIR))/$(SZ_FW_PLATFORM),$(MOTE_BUILD)/firmware/$(SZ_FW_PLATFORM)-$(SZ_FW_BUILD)-$(SZ_FW_APP)$(SZF_LINK_SUFFIX))
SZF_IDENTITY_test_modern := $(SZF_SRC)/identities/test-p256.h
SZF_IDENTITY_test_legacy-ecc := $(SZF_SRC)/identities/test-p160.h
SZF_IDENTITY_test_legacy-rsa := $(SZF_SRC)/identities/test-rsa1024.h
SZF_IDENTITY = $(if $(SZ_FW_DIR),$(abspath $(SZ_FW_DIR))/sz_identity.h,$(abspath $(SZF_IDENTITY_test_$(SZ_FW_BUILD))))
SZF_KIND_host := host
SZF_KIND_avr := ATmega128
SZF_KIND_msp430 := MSP430F1611

# The sources, by what each build carries.
SZF_NAMES := $(SZ_HELLO_NAMES) $(SZ_KEYS_NAMES) $(SZ_ENGINE_NAMES) $(SZ_SERVER_NAMES)
SZF_SIZZLE := $(addprefix $(SZF_SRC)/,$(addsuffix .c,$(SZF_NAMES)) $(SZ_HTTP_LAYER) $(SZ_HTTP_APP) \
	firmware/sz_firmware.c firmware/sz_main.c)
SZF_PRIM_COMMON := ks_hash ks_sha256 ks_sha512 ks_hmac ks_tls_prf ks_hmac_drbg
SZF_PRIM_modern := $(SZF_PRIM_COMMON) ks_ecdsa ks_aes_ct ks_aes_tab ks_ghash ks_ctr ks_gcm ks_ccm ks_aead
SZF_PRIM_legacy-ecc := $(SZF_PRIM_COMMON) ks_md5 ks_sha1 ks_ssl3_mac ks_rc4
SZF_PRIM_legacy-rsa := $(SZF_PRIM_legacy-ecc)
SZF_PRIM = $(addprefix $(MOTE_NATIVE)/prim/,$(addsuffix .c,$(SZF_PRIM_$(SZ_FW_BUILD))))
# Each build carries its curve only (the kernels' KS_WITH_*), modern no MD5 or SHA-1.
SZF_FLAG_modern := -DSZ_PROFILE_MODERN -DKS_WITH_MD5=0 -DKS_WITH_SHA1=0 -DKS_WITH_SECP160R1=0 -DKS_WITH_SECP256R1=1
SZF_FLAG_legacy-ecc := -DSZ_PROFILE_LEGACY_ECC -DKS_WITH_SECP160R1=1 -DKS_WITH_SECP256R1=0
SZF_FLAG_legacy-rsa := -DSZ_PROFILE_LEGACY_RSA -DKS_WITH_SECP160R1=0 -DKS_WITH_SECP256R1=0 \
	$(if $(filter host,$(SZ_FW_PLATFORM)),,-DSZ_DEADLINE_HANDSHAKE_MS=60000u)
# (the motes' RSA-1024 private operation took ~32 s in C on the ATmega128 at 7.3728 MHz with its
# 2-bit window and on the MSP430 at 8 MHz, past Deadlines.MOTE's 30 s handshake: those builds
# allow 60 s, as the papers' RSA handshakes took up to 25 s. With the Montgomery rows in assembly
# and R^2 in a few steps the whole handshake's CPU is ~15.8 s on the ATmega128 and ~8.5 s* on the
# MSP430: the 60 s stay for the radio's time on top of it.)
SZF_APP_FLAG_thermostat = -DSZ_APP_THERMOSTAT -DSZ_DEVICE='"$(SZF_OUT)/sz_device.h"'
SZF_APP_FLAG_transcript := -DSZ_APP_TRANSCRIPT
# The port: the platform's raw byte link, or (SZ_FW_LINK=1) the radio link over it. The link
# puts the gateway's messages together in the record buffer itself, where the engine writes
# next (the capacity announced in READY-SLEEP: its size, less the room a streamed record's piece
# needs, SZ_TLS_RECEIVE_HEADROOM), granting by READY only (LINK.md §6.1); two answers queued (−12 B).
SZF_LINK_ON := $(filter 1,$(SZ_FW_LINK))
SZF_LINK_SUFFIX := $(if $(SZF_LINK_ON),-link)
# The images over the link on the ATmega128 and the host carry template compression (LINK.md
# §9.7: editions 2 and 3, the book sz_port_book.c, the codec link/sz_template.c; the MSP430's
# have no flash for it); SZ_FW_TEMPLATES=0 leaves it out.
SZ_FW_TEMPLATES ?= $(if $(filter avr host,$(SZ_FW_PLATFORM)),1,0)
SZF_TEMPLATES_ON := $(and $(SZF_LINK_ON),$(filter 1,$(SZ_FW_TEMPLATES)))
SZF_PORT = $(if $(SZF_LINK_ON),$(addprefix $(SZF_SRC)/port/,sz_port_raw.c sz_port_link.c $(if $(SZF_TEMPLATES_ON),sz_port_book.c)) \
	$(wildcard $(MOTE_NATIVE)/link/*.c),$(SZF_SRC)/port/sz_port_$(SZ_FW_PLATFORM).c)
# the motes' messages at most 64 frames (a record each way fits: 1,344 B at F = 29), for maps of
# 8 bytes, not 32 (−48 B of RAM; the ATmega128's 32 frames, 4-byte maps: 670 B at F = 29, its
# largest record buffer, modern's 669 B, is 32 frames); the MSP430 reads its byte link 128 bytes
# a time (the whole mailbox, a whole CC2420 frame: each read is a stop of the simulator's bridge).
# Its modern image closes an idle connection when another client waits (SZ_LINK_WAITING, 222 B)
# since AES's S-box moved to the information memory (../../msp430/msp430f1611.ld): until then
# the chip had no flash for it.
SZF_LINK_RADIO_avr := -DSZ_LINK_CC1000 -DSZ_LINK_MAX_FRAMES=32
SZF_LINK_RADIO_msp430 = -DSZ_LINK_MAX_FRAMES=64 -DSZ_PORT_LINK_READ=128
# the length of the name's first label: what READY-SLEEP announces when the whole name does not
# fit the radio's frame (sz_port_link.c; the gateway completes it with its domain, LINK.md §6)
# (the bytes before its first dot: 0 for a name that starts with one, which sz_port_link.c refuses)
SZF_LABEL_LENGTH = $(shell printf '%s\n' '$(SZ_FW_NAME)' | awk -F. '{ print length($$1) }')
SZF_LINK_FLAGS = $(if $(SZF_LINK_ON),-DSZ_FW_LINK=1 -I$(MOTE_NATIVE)/link $(SZF_LINK_RADIO_$(SZ_FW_PLATFORM)) -DSZ_LINK_STATS=0 \
	-DSZ_LINK_NAME='"$(SZ_FW_NAME)"' -DSZ_LINK_LABEL_LENGTH=$(SZF_LABEL_LENGTH) -DSZ_LINK_ADDRESS=$(SZ_FW_ADDRESS) -DSZ_LINK_READY_ONLY=1 -DSZ_LINK_ANSWERS=2 \
	-DSZ_LINK_TEMPLATES=$(if $(SZF_TEMPLATES_ON),1,0))
SZF_FLAGS = $(SZF_FLAG_$(SZ_FW_BUILD)) $(SZF_APP_FLAG_$(SZ_FW_APP)) $(SZF_LINK_FLAGS) -DSZ_IDENTITY='"$(SZF_IDENTITY)"' \
	-I$(SZF_SRC) -I$(SZF_SRC)/port -I$(SZF_SRC)/firmware -I$(MOTE_NATIVE)/prim $(SZ_FW_FLAGS)
# The one record buffer (plaintext bytes a record, both ways): the transcripts' records want
# the Java's send limit where the RAM has room (the host; the MSP430's 10 KB: a flight of 942 B,
# responses of 1,500 B); the ATmega128 holds the test identities' flights in one record
# (modern 942 B, legacy-ecc 765 B, legacy-rsa 498 B) and cuts longer ones. A thermostat build
# announces its buffer as its record_size_limit; a transcript build keeps the Java's 16384 (the
# stored ServerHellos carry it) and refuses a longer record with record_overflow.
SZF_LIMIT_host := 16384
SZF_LIMIT_avr_modern_transcript := 944
SZF_LIMIT_avr_legacy-ecc_transcript := 768
SZF_LIMIT_avr_legacy-rsa_transcript := 512
# the thermostat's DEMO identities send their device certificate alone (FirmwareIdentity
# --device): modern's flight is ~600 B, legacy-ecc's ~300 B, legacy-rsa's ~420 B; legacy-ecc's
# 320 (its RAM budget; longer flights and pages go in more records) still leaves a response
# record room beside a pipelined request kept at the buffer's tail (256 did not: nassl's
# resumed connection, whose request comes with its Finished, was hung up on); modern's 768
# holds a browser's GET in one record (headless Chromium 156: 694 B of plaintext; it sends no
# record_size_limit); longer application records (its ~870 B form POST) are opened as they come
# (README, Records in); RAM in all: FirmwareClientsTest.ramWithinBudget. Over the link
# (SZ_FW_LINK=1) legacy-ecc keeps 240: the gateway's next record comes only on the engine's
# READY (LINK.md §6.1), never beside a record being answered; with the link's state inside the
# image, 3,069 of its 3,072 B (GatewayLinkFirmwareTest). Modern over the link keeps 640 (its
# link state takes the rest): Chromium's 694-byte GET is opened as it comes too, its pieces put
# by the link behind the record's header and nonce (sz_tls_receive_at).
SZF_LIMIT_avr_modern_thermostat := $(if $(SZF_LINK_ON),640,768)
SZF_LIMIT_avr_legacy-ecc_thermostat := $(if $(SZF_LINK_ON),240,320)
SZF_LIMIT_avr_legacy-rsa_thermostat := 448
SZF_LIMIT_avr = $(SZF_LIMIT_avr_$(SZ_FW_BUILD)_$(SZ_FW_APP))
# The MSP430's modern image with the link: 1,400 (its stack is deeper: above), still a browser's
# requests whole (Chromium's POST ~870 B).
SZF_LIMIT_msp430_modern_thermostat = $(if $(SZF_LINK_ON),1400)
SZF_LIMIT_msp430 = $(or $(SZF_LIMIT_msp430_$(SZ_FW_BUILD)_$(SZ_FW_APP)),1536)
# A mote cannot tell its clients apart (the link has no addresses): the password gate keeps one.
SZF_MOTE_FLAGS := -DSZ_GATE_CLIENTS=1
SZF_BUFFERS = -DSZ_FW_LIMIT=$(SZF_LIMIT_$(SZ_FW_PLATFORM)) \
	$(if $(filter thermostat,$(SZ_FW_APP)),-DSZ_RECEIVE_LIMIT=$(SZF_LIMIT_$(SZ_FW_PLATFORM)))
SZF_DEPS = $(SZF_SIZZLE) $(SZF_PRIM) $(wildcard $(SZF_SRC)/*.h $(SZF_SRC)/firmware/*.h $(MOTE_NATIVE)/prim/*.h) \
	$(SZF_IDENTITY) $(SZF_SRC)/firmware/firmware.mk FORCE_SZF

.PHONY: sizzle-firmware FORCE_SZF
FORCE_SZF:
sizzle-firmware: $(SZF_OUT)/sizzle$(if $(filter host,$(SZ_FW_PLATFORM)),,.elf) $(if $(filter avr,$(SZ_FW_PLATFORM)),$(AVR_HARNESS))

# The thermostat's name, kind and password (never committed: a build product beside the image).
$(SZF_OUT)/sz_device.h: $(SZF_SRC)/firmware/device_header.py FORCE_SZF
	@mkdir -p $(@D)
	@test -f $(abspath $(SZ_FW_DIR))/password || { echo "sizzle-firmware: $(SZ_FW_DIR)/password is missing" >&2; exit 1; }
	@python3 $< $(SZ_FW_NAME) $(SZF_KIND_$(SZ_FW_PLATFORM)) $(abspath $(SZ_FW_DIR))/password > $@.tmp && \
		{ cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@; }
SZF_DEVICE = $(if $(filter thermostat,$(SZ_FW_APP)),$(SZF_OUT)/sz_device.h)

# The host's thermostat keeps the Java server's 8 sessions (TlsConfig.server): clients that
# connect side by side (sslyze's five resumption attempts) each resume, as against the Java; with
# the engine's default 2 slots every one of them missed. The motes keep 1 (AVR) or 2 (MSP430).
SZF_HOST_FLAGS = $(if $(filter thermostat,$(SZ_FW_APP)),-DSZ_SESSION_SLOTS=8)

$(SZF_OUT)/sizzle: $(SZF_DEPS) $(SZF_PORT) $(SZF_DEVICE) $(GEN)/ks_base_6.c
	@mkdir -p $(@D)
	$(CC) $(WARN) -O2 $(DEBUG) $(SZF_FLAGS) $(SZF_HOST_FLAGS) $(SZF_BUFFERS) -DKS_LIMB_BITS=64 -DKS_BASE_WINDOW=6 -I$(KDIR) \
		$(SZF_SIZZLE) $(SZF_PRIM) $(KSRC) $(GEN)/ks_base_6.c $(SZF_PORT) -o $@

# The motes' modern build computes k G (the ephemeral key, the signature) from a table in flash
# (kernels/ks_ec_base.c, window SZF_BASE_WINDOW: 86 positions x 4 points x 64 B = 22 KB for
# P-256): no 512-byte table of odd multiples on the stack, no doublings. k P (ECDH) keeps the
# window of odd multiples (KS_EC_WINDOW).
SZF_BASE_WINDOW := 3
SZF_BASE_modern = -DKS_BASE_WINDOW=$(SZF_BASE_WINDOW)
SZF_BASE_SRC_modern = $(GEN)/ks_base_$(SZF_BASE_WINDOW).c
# The ATmega128's 4 KB: k P's table of odd multiples with window 3 on the stack in the modern
# build (4 points: 256 B for P-256, half of window 4's, for a few more additions; legacy-ecc's
# in static RAM idle during the call, below), one session slot (a mote serves one client at a
# time), the stack wiped after k P as deep as this build's goes (its own measure, README; the
# kernels' default covers the two-curve test firmware).
# The stack wipes after k P, k G and the signature from the sizzle layer, each as deep as the
# operation went below that caller's stack pointer (measured with sim/mote.h's paint around the
# call, avr-gcc 5.4 -O2, this build's frames, + 8 B): k P 1,145 B (P-256) / 701 B (secp160r1;
# 829 B while its table was on the stack) below sz_cke_ecdh's, k G 813 B below
# sz_ephemeral_generate's, the signature 1,090 B below sz_server_key_exchange_write's; the
# kernels' own wipes off (sized for any curve and caller, they went deeper than the operations
# and made the stack's peak).
# $(call SZF_AVR_FLAGS_FOR,BUILD): also what tests/ct_mote.mk builds its firmware with.
SZF_AVR_FLAGS_FOR = $(or $(SZF_AVR_EC_$(1)),-DKS_EC_WINDOW=3) -DSZ_SESSION_SLOTS=1 -DKS_WIPE_STACK_EC=1 -DKS_WIPE_STACK_ECDSA=1 $(SZF_AVR_WIPE_$(1)) \
	$(SZF_AVR_RSA_$(1))
SZF_AVR_FLAGS = $(call SZF_AVR_FLAGS_FOR,$(SZ_FW_BUILD))
SZF_AVR_KS_OUT := -DKS_WITH_SECP160R1=% -DKS_WITH_SECP256R1=% -DKS_EC_WINDOW=% -DKS_WIPE_STACK_EC=%
SZF_AVR_WIPE_modern := -DSZ_WIPE_STACK_ECDH=1153 -DSZ_WIPE_STACK_KG=821 -DSZ_WIPE_STACK_SIGN=1098
SZF_AVR_WIPE_legacy-ecc := -DSZ_WIPE_STACK_ECDH=709
# legacy-ecc: k P's table in the hello's dead bytes (KS_EC_AUX, sz_tls_connection.c: 8 points
# of 44 B, 352 B), so the window is 4, not 3 as when the table was on the stack (4 points,
# 176 B): 40 additions a k P, not 53 (the full handshake 6,281,058 -> 6,076,043 cycles), and
# the stack's peak 126 B lower. Not modern: P-256's 512 B would grow the hello's engine by 34 B
# (u.ec_aux), and its stack's peak is the signature's, not k P's (ramWithinBudget: 3,828 ->
# 3,862 B, over its 3,840 B budget, for -1.50 M cycles a full handshake).
SZF_AVR_EC_legacy-ecc := -DKS_EC_WINDOW=4 -DKS_EC_AUX=1
# legacy-rsa: RSA-1024's CRT workspace fits the 4 KB with a 2-bit window (KS_RSA_WINDOW=2: its
# table 4 half numbers, not 16; the premaster 234.3 M cycles, 203.8 M with window 4, 305.5 M with
# window 1, for no less stack), the key read from flash as each part is needed
# (KS_RSA_KEY_FLASH: no 451-byte RAM copy), the table and the modulus in static RAM idle during
# the call (SZ_RSA_AUX: 384 B over the scratch and the hello's dead bytes, sz_tls_connection.c;
# at boot over the record buffer), em decrypted in place over the ciphertext; the kernels' wipe
# as deep as the operation goes below ks_rsa_private_aux, + 8: 1,279 B measured as above with
# the C rows; 1,299 B with the Montgomery rows in assembly (avr/ks_rsa_avr.S: the square inlined
# in ks_mont_pow saves more registers), the smallest wipe under which tests/ct_mote.c finds the
# dead stack the same for every ciphertext (make -C native sizzle-ct-avr-test, 1,298 fails).
SZF_AVR_RSA_legacy-rsa := -DKS_RSA_WINDOW=2 -DKS_RSA_KEY_FLASH=1 -DSZ_RSA_AUX=1 -DKS_WIPE_STACK_RSA=1307
ifeq ($(SZ_FW_PLATFORM),avr)
$(SZF_OUT)/sizzle.elf: $(SZF_DEPS) $(SZF_PORT) $(AVR_DIR)/mote_avr.c $(SZF_DEVICE) $(AVR_FP_ASM) $(AVR_CIPHER_ASM) $(AVR_HASH_ASM) $(AVR_RSA_ASM) $(MOTE_KS_SRCS) $(AVR_MK) $(SZF_BASE_SRC_$(SZ_FW_BUILD))
	@mkdir -p $(@D)
	$(AVR_CC) $(AVR_CFLAGS) $(filter-out $(SZF_AVR_KS_OUT) $(if $(SZF_BASE_$(SZ_FW_BUILD)),-DKS_BASE_WINDOW=%),$(AVR_KS_FLAGS)) \
		$(SZF_BASE_$(SZ_FW_BUILD)) $(SZF_AVR_FLAGS) $(SZF_FLAGS) $(SZF_BUFFERS) $(SZF_MOTE_FLAGS) -DKS_LIMB_BITS=16 -o $@ \
		$(SZF_SIZZLE) $(SZF_PRIM) $(MOTE_KS_SRCS) $(SZF_BASE_SRC_$(SZ_FW_BUILD)) $(AVR_FP_ASM) $(AVR_HASH_ASM) $(AVR_RSA_ASM) $(if $(filter modern,$(SZ_FW_BUILD)),$(AVR_CIPHER_ASM)) \
		$(SZF_PORT) $(AVR_DIR)/mote_avr.c
	avr-objcopy -O ihex -R .eeprom $@ $(@:.elf=.hex)
endif
# msp430: link-time optimisation (-flto, msp430.mk's msp_link) and no inlining beyond what a
# static function called once brings (-inline-threshold, at compile and at link); modern at -Oz,
# the legacy builds at -Os (their SHA-1, MD5, RC4 and RSA in C: with -Oz legacy-ecc's full
# handshake took 2.6% more cycles than before, with -Os 0.8%). A callee with a stack frame over
# 64 B is not inlined (-inline-max-stacksize): inlined, its frame stays for its caller's whole
# call (legacy-ecc's stack peak 1,592 B before, 2,308 B with LTO, 1,640 B with this limit, which
# costs its image with the link 530 B of flash).
# Thermostat images before -> after (ElfFlash bytes; with SZ_FW_LINK=1 in brackets; README,
# "Flash"): modern 48,926 (55,744) -> 45,442 (50,800) B, legacy-ecc 45,958 (53,390) -> 42,276
# (47,602) B, legacy-rsa 40,882 (48,312) -> 37,352 (42,678) B; the F1611 has 49,152 B. Modern
# with the link fits since 2026-11-28: 50,616 -> 49,027 B (without it 43,773 B; README, "Over
# the radio link", each cut: `make -C native sizzle-firmware SZ_FW_PLATFORM=msp430
# SZ_FW_BUILD=modern SZ_FW_DIR=DIR SZ_FW_LINK=1`, `llvm-size-16 -A`).
# The Montgomery product's row in assembly (msp430.mk's msp_link adds ../msp430/ks_rsa_msp430.S
# to every link of ks_rsa_mont.c; 2026-11-28): legacy-rsa 36,781 -> 36,639 B, modern 43,937 ->
# 43,809 B (49,135 -> 49,007 B with the link), legacy-ecc (no Montgomery product) unchanged;
# legacy-rsa's full handshake 253.8 M* -> 72.7 M* cycles (~9 s at 8 MHz; ../../sim/README.md).
SZF_MSP_INLINE := -mllvm -inline-threshold=-1000
SZF_MSP_OPT_modern := -Oz -flto $(SZF_MSP_INLINE)
SZF_MSP_OPT_FOR = $(or $(SZF_MSP_OPT_$(1)),-Os -flto $(SZF_MSP_INLINE))
SZF_MSP_OPT = $(call SZF_MSP_OPT_FOR,$(SZ_FW_BUILD))
# At the link, LLVM's tail merging of blocks that end alike from two instructions up (its
# default three) and its merging of identical functions: the modern image with the link
# 49,203 -> 49,131 B (-52 and -20 B; -110 B in all on modern when first measured, README, and
# then not worth a flag: that image now has to fit the chip).
# The modern image with the radio link, the one with the least room on the chip:
SZF_MSP_TIGHT = $(and $(SZF_LINK_ON),$(filter modern,$(SZ_FW_BUILD)))
# it inlines big frames too (-266 B of flash, +210 B of stack, which its 1,400-byte records pay:
# below).
SZF_MSP_STACKSIZE = $(if $(SZF_MSP_TIGHT),,-mllvm -inline-max-stacksize=64)
# Its register allocator also splits its spills for size (-split-spill-mode=size: -54 B, on the
# way to its one-connection mode, SZ_LINK_WAITING; ../README.md has the rest).
# The modern transcript image linked as this one (no -inline-max-stacksize) with it and without:
# full handshake 40,331,319 vs 40,331,356 cycles*, abbreviated 1,073,335 vs 1,073,348, stack
# 2,386 B both (mote_handshakes.py, modern-ecdhe-ecdsa-aes128-gcm.txt; mspdebug's cycles, ~10%
# high). On the other images it saves nothing (the modern transcript image +6 B).
SZF_MSP_SPILL = $(if $(SZF_MSP_TIGHT),-mllvm -split-spill-mode=size)
SZF_MSP_LINK = $(SZF_MSP_INLINE) $(SZF_MSP_STACKSIZE) -mllvm -tail-merge-size=2 -mllvm -enable-merge-functions $(SZF_MSP_SPILL)
# SHA-1's faster, larger form (KS_SHA1_MSP430_FAST, ../../msp430/ks_sha1_msp430.S;
# ../../prim/README.md) in legacy-ecc, whose TLS 1.0 handshakes hash ~75 blocks: a block 7,298
# cycles* against the small form's 8,770 (10,098 before both), the object 1,676 B against 754
# (984 before); legacy-rsa, with the least flash to spare under the radio link, keeps the small
# one, and modern has no SHA-1.
SZF_MSP_SHA1_legacy-ecc := -DKS_SHA1_MSP430_FAST=1
ifeq ($(SZ_FW_PLATFORM),msp430)
$(SZF_OUT)/sizzle.elf: $(SZF_DEPS) $(SZF_PORT) $(SZF_DEVICE) $(MSP_FP_ASM) $(MSP_RT_SRCS) $(MOTE_KS_SRCS) $(MSP_MK)
	@mkdir -p $(@D)
	$(call msp_link,$(filter-out -DKS_WITH_SECP160R1=% -DKS_WITH_SECP256R1=%,$(MSP_KS_FLAGS)) $(MSP_ASM_CFLAGS) $(SZF_FLAGS) $(SZF_BUFFERS) $(SZF_MOTE_FLAGS) $(SZF_MSP_SHA1_$(SZ_FW_BUILD)) -DKS_LIMB_BITS=16 $(SZF_MSP_OPT),$(SZF_SIZZLE) \
		$(SZF_PRIM) $(MOTE_KS_SRCS) $(MSP_FP_ASM) $(if $(filter modern,$(SZ_FW_BUILD)),$(MSP_DIR)/ks_ghash_msp430.S) \
		$(SZF_PORT) $(MSP_RT_SRCS),$(SZF_MSP_LINK))
	llvm-objcopy-16 -O ihex $@ $(@:.elf=.hex)
endif

# The stored transcripts replayed over TCP against the firmware images (sizzle/tests/replay.py):
# on the host every good transcript and the whole bad-input corpus, each in the build that
# serves it; on the MSP430F1611 every good transcript; on the ATmega128 every good transcript
# too (the test identities' flights fit its buffers, 942 of 944, 765 of 768 and 498 of 512
# bytes; the 1,500-byte responses go out as the Java's one record each, declared and streamed
# through the seal: sz_writer_declare; the ATmega128's thermostat builds: FirmwareClientsTest),
# and the bad-input corpus (every build's; modern's GCM files on the host only, below): the
# alert, the reset to listening, the next client served, byte for byte (the simulated mote that
# costs less time than the MSP430's; the longest job, so it goes first). The one-connection mode with clients that come together
# (tests/one_connection.py) on the host and the ATmega128.
SZF_TRANSCRIPTS := $(MOTE_NATIVE)/../kssl-client/src/test/resources/transcripts
SZF_REPLAY := python3 $(SZF_SRC)/tests/replay.py
SZF_BUILDS := modern legacy-ecc legacy-rsa
.PHONY: sizzle-replay sizzle-replay-images
SZF_AVR_TRANSCRIPTS := $(wildcard $(SZF_TRANSCRIPTS)/*.txt)
# The bad-input corpus on the ATmega128: every legacy-ecc and legacy-rsa file and the modern
# CCM_8 ones (the modern GCM files, 97 full P-256 handshakes of ~6 minutes in simavr here, on
# the host only: the same cases, the other AEAD; the suite's 30-minute budget). The replay
# skips the files of other builds.
SZF_AVR_BAD_INPUT := $(wildcard $(SZF_TRANSCRIPTS)/bad-input/legacy-ecdh-*.txt $(SZF_TRANSCRIPTS)/bad-input/modern-ccm8-*.txt \
	$(SZF_TRANSCRIPTS)/bad-input/legacy-rsa-*.txt)
sizzle-replay-images: $(AVR_HARNESS)
	@for p in host msp430; do for b in $(SZF_BUILDS); do \
		$(MAKE) -s --no-print-directory sizzle-firmware SZ_FW_PLATFORM=$$p SZ_FW_BUILD=$$b || exit 1; done; done
	@for b in $(SZF_BUILDS); do $(MAKE) -s --no-print-directory sizzle-firmware SZ_FW_PLATFORM=avr SZ_FW_BUILD=$$b || exit 1; done
sizzle-replay: sizzle-replay-images
	@bash tests/run_all.sh \
		$(foreach b,$(SZF_BUILDS),"$(SZF_REPLAY) --timeout 120 --build $(b) \
			avr=$(AVR_HARNESS):$(MOTE_BUILD)/firmware/avr-$(b)-transcript/sizzle.elf $(SZF_AVR_TRANSCRIPTS) $(SZF_AVR_BAD_INPUT)") \
		$(foreach b,$(SZF_BUILDS),"$(SZF_REPLAY) --timeout 20 --build $(b) host=$(MOTE_BUILD)/firmware/host-$(b)-transcript/sizzle \
			$(SZF_TRANSCRIPTS)/*.txt $(SZF_TRANSCRIPTS)/bad-input/*.txt") \
		$(foreach b,$(SZF_BUILDS),"$(SZF_REPLAY) --timeout 300 --build $(b) \
			msp430=$(MSP_DIR)/mspsim_run.py:$(MOTE_BUILD)/firmware/msp430-$(b)-transcript/sizzle.elf $(SZF_TRANSCRIPTS)/*.txt") \
		$(foreach p,host=$(MOTE_BUILD)/firmware/host-modern-transcript/sizzle \
			avr=$(AVR_HARNESS):$(MOTE_BUILD)/firmware/avr-modern-transcript/sizzle.elf,\
			"python3 $(SZF_SRC)/tests/one_connection.py $(p) $(SZF_TRANSCRIPTS)/modern-ecdhe-ecdsa-aes128-ccm8-512.txt")

# libFuzzer over the host firmware's whole input path (sizzle/tests/fuzz_server.c), one binary
# per build (clang-16, ASan + UBSan), its corpus started from the stored transcripts' client
# bytes. `make sizzle-fuzz` runs each SZ_FUZZ_SECONDS (the test's short run; `./sizzle fuzz`
# for long ones); a crash fails it and leaves the input in build/fuzz/.
SZ_FUZZ_SECONDS ?= 20
SZF_FUZZ := $(MOTE_BUILD)/fuzz
$(SZF_FUZZ)/sz_device.h: $(SZF_SRC)/firmware/device_header.py
	@mkdir -p $(@D)
	@echo fuzz-password > $(SZF_FUZZ)/password
	@python3 $< sizzle-fuzz host $(SZF_FUZZ)/password > $@
$(SZF_FUZZ)/sz_fuzz_%: $(SZF_SIZZLE) $(SZF_SRC)/tests/fuzz_server.c $(SZF_SRC)/port/sz_port_memory.c $(SZF_FUZZ)/sz_device.h \
		$(wildcard $(SZF_SRC)/*.h $(SZF_SRC)/firmware/*.h $(MOTE_NATIVE)/prim/*.h) $(KSRC) $(GEN)/ks_base_6.c
	clang-16 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $(SZF_FLAG_$*) -DSZ_APP_THERMOSTAT \
		-DSZ_DEVICE='"$(SZF_FUZZ)/sz_device.h"' -DSZ_IDENTITY='"$(abspath $(SZF_IDENTITY_test_$*))"' -DSZ_NO_MAIN \
		-DSZ_FW_LIMIT=16384 -DKS_LIMB_BITS=64 -DKS_BASE_WINDOW=6 -I$(SZF_SRC) -I$(SZF_SRC)/port -I$(SZF_SRC)/firmware \
		-I$(MOTE_NATIVE)/prim -I$(KDIR) $(SZF_SIZZLE) \
		$(addprefix $(MOTE_NATIVE)/prim/,$(addsuffix .c,$(SZF_PRIM_$*))) $(KSRC) $(GEN)/ks_base_6.c \
		$(SZF_SRC)/port/sz_port_memory.c $(SZF_SRC)/tests/fuzz_server.c -o $@
.PRECIOUS: $(SZF_FUZZ)/sz_fuzz_%
.PHONY: sizzle-fuzz
sizzle-fuzz: $(foreach b,$(SZF_BUILDS),$(SZF_FUZZ)/sz_fuzz_$(b))
	@pass=0; fail=0; for b in $(SZF_BUILDS); do \
		mkdir -p $(SZF_FUZZ)/corpus-$$b $(SZF_FUZZ)/crashes-$$b; \
		$(SZF_REPLAY) --corpus $(SZF_FUZZ)/corpus-$$b --build $$b host=none $(SZF_TRANSCRIPTS)/*.txt $(SZF_TRANSCRIPTS)/bad-input/*.txt || exit 1; \
		if $(SZF_FUZZ)/sz_fuzz_$$b -max_total_time=$(SZ_FUZZ_SECONDS) -print_final_stats=1 \
			-artifact_prefix=$(SZF_FUZZ)/crashes-$$b/ $(SZF_FUZZ)/corpus-$$b > $(SZF_FUZZ)/log-$$b.txt 2>&1; then \
			echo "fuzz $$b: $$(grep -E 'stat::number_of_executed_units' $(SZF_FUZZ)/log-$$b.txt | awk '{print $$2}') inputs, 0 crashes"; pass=$$((pass+1)); \
		else echo "fuzz $$b: FAILED (see $(SZF_FUZZ)/log-$$b.txt, $(SZF_FUZZ)/crashes-$$b/)"; tail -20 $(SZF_FUZZ)/log-$$b.txt; fail=$$((fail+1)); fi; \
	done; echo "$$pass passed, $$fail failed"; test $$fail = 0
