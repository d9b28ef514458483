# The C Sizzle server's engine after the hello (native/sizzle/: the TLS connection, the record
# writer, the server's messages, ClientKeyExchange, the identity, the applications, the server
# loop) on the host. Included by ../Makefile after keys.mk and before sizzle.mk (whose hello
# engine build leaves these out: they need prim/ and the kernels).
#   make -C native sizzle-engine-test   tests/test_transcripts.c once per profile under ASan + UBSan:
#                                       the stored transcripts replayed byte for byte, the state table
#   (the servers themselves, host and motes: sizzle/firmware/firmware.mk, make sizzle-firmware)
SZ_ENGINE_NAMES := sz_finished_check sz_record_writer sz_identity sz_server_flight sz_client_key_exchange sz_tls_connection \
	sz_transcript_app
# The server around it: the loop over sz_port, the HTTP layer as the connection's application.
SZ_SERVER_NAMES := sz_http_app sz_server_loop sz_server_log
SZ_ENGINE_SRCS := $(addprefix sizzle/,$(addsuffix .c,$(SZ_ENGINE_NAMES) $(SZ_SERVER_NAMES)))
# The hello engine (sizzle.mk's SZ_SRC, listed here because that list is made after this file).
SZ_HELLO_NAMES := sz_alert sz_cipher_suite sz_client_hello sz_extensions sz_handshake_reader \
	sz_protocol_version sz_record_layer sz_server_handshake
SZ_HELLO_SRCS := $(addprefix sizzle/,$(addsuffix .c,$(SZ_HELLO_NAMES)))
# What the engine stands on: the kernels (64-bit limbs, the fixed-base table), the primitives.
SZ_ENGINE_PRIM := $(addprefix prim/,ks_hash.c ks_md5.c ks_sha1.c ks_sha256.c ks_sha512.c ks_hmac.c ks_ssl3_mac.c \
	ks_tls_prf.c ks_hmac_drbg.c ks_ecdsa.c) $(CIPHER_SRC)
SZ_ENGINE_ALL := $(addprefix sizzle/,$(addsuffix .c,$(SZ_ENGINE_NAMES))) $(SZ_HELLO_SRCS) $(SZ_KEYS_SRCS) \
	$(SZ_ENGINE_PRIM) $(KSRC) $(GEN)/ks_base_6.c
SZ_SERVER_ALL := $(addprefix sizzle/,$(addsuffix .c,$(SZ_SERVER_NAMES))) $(filter-out $(KDIR)/ks_wipe.c,$(SZ_HTTP_SRCS))
SZ_ENGINE_DEPS := $(SZ_ENGINE_ALL) $(SZ_SERVER_ALL) $(wildcard sizzle/*.h) $(wildcard prim/*.h) $(KHDR) sizzle/engine.mk
# (SZ_STREAM_OUT: the transcripts' records streamed out of a mote's buffer, as the firmware's
# transcript images do)
SZ_ENGINE_CFLAGS := -DKS_LIMB_BITS=64 -DKS_BASE_WINDOW=6 -DSZ_STREAM_OUT=1 -I$(KDIR) -Iprim -Isizzle -Isizzle/port
# modern: no MD5 or SHA-1 (the keys' build); SHA-384/512 kept on the host for a client that
# prefers them in signature_algorithms (the motes sign SHA-224/256 only: README)
SZ_ENGINE_FLAG_modern := -DSZ_PROFILE_MODERN -DKS_WITH_MD5=0 -DKS_WITH_SHA1=0
SZ_ENGINE_FLAG_legacy-ecc := -DSZ_PROFILE_LEGACY_ECC
SZ_ENGINE_FLAG_legacy-rsa := -DSZ_PROFILE_LEGACY_RSA
SZ_ENGINE_TEST_SRCS := sizzle/tests/test_transcripts.c sizzle/tests/sz_replay.c sizzle/tests/sz_states.c
SZ_TRANSCRIPTS := $(wildcard ../kssl-client/src/test/resources/transcripts/*.txt)

$(HOST)/sz-engine-%: $(SZ_ENGINE_DEPS) $(SZ_ENGINE_TEST_SRCS) sizzle/tests/sz_replay.h
	@mkdir -p $(HOST)
	$(CC) $(WARN) $(SAN) $(SZ_ENGINE_FLAG_$*) $(SZ_ENGINE_CFLAGS) -Isizzle/tests $(SZ_ENGINE_ALL) \
	    $(SZ_ENGINE_TEST_SRCS) -o $@

SIZZLE_ENGINE_TESTS := $(foreach p,modern legacy-ecc legacy-rsa,$(HOST)/sz-engine-$(p))
SIZZLE_ENGINE_RUNS := $(foreach t,$(SIZZLE_ENGINE_TESTS),"$(t) $(SZ_TRANSCRIPTS)")

.PHONY: sizzle-engine-test
sizzle-engine-test: $(SIZZLE_ENGINE_TESTS)
	@bash tests/run_all.sh $(SIZZLE_ENGINE_RUNS)


# The engine's figures on both motes (measured, not a test): per profile, the flash of each of
# its objects (text + data; avr-size, llvm-size-16 of each file compiled alone at the mote
# builds' -O2, before the link drops what a firmware does not call) and the size of each state
# struct (tests/sz_sizes.c). The modern motes carry neither MD5 nor SHA-1 (keys.mk).
SZ_SIZE_OBJS := $(SZ_ENGINE_NAMES) $(SZ_SERVER_NAMES) $(SZ_KEYS_NAMES) $(SZ_HELLO_NAMES)
SZ_SIZE_FLAG_modern := -DSZ_PROFILE_MODERN -DKS_WITH_MD5=0 -DKS_WITH_SHA1=0
SZ_SIZE_FLAG_legacy-ecc := -DSZ_PROFILE_LEGACY_ECC
SZ_SIZE_FLAG_legacy-rsa := -DSZ_PROFILE_LEGACY_RSA
SZ_SIZE_CC_avr = $(AVR_CC) $(AVR_CFLAGS) $(AVR_KS_FLAGS)
SZ_SIZE_CC_msp430 = $(MSP_CC) $(MSP_CFLAGS) $(MOTE_KS_FLAGS)
SZ_SIZE_SIZE_avr := avr-size
SZ_SIZE_SIZE_msp430 := llvm-size-16
SZ_SIZE_NM_avr := avr-nm
SZ_SIZE_NM_msp430 := llvm-nm-16
# $(1) mote, $(2) profile: one shell command
define SZ_SIZE_RUN
o=$(BUILD)/sizes/$(1)-$(2); mkdir -p $$o; tot=0; \
for f in $(SZ_SIZE_OBJS); do \
  $(SZ_SIZE_CC_$(1)) $(SZ_SIZE_FLAG_$(2)) -Isizzle -Iprim -Isizzle/port -c sizzle/$$f.c -o $$o/$$f.o || exit 1; \
  b=$$($(SZ_SIZE_SIZE_$(1)) $$o/$$f.o | awk 'NR==2{print $$1+$$2}'); tot=$$((tot+b)); \
  printf '%s %s %s.c %s\n' $(1) $(2) $$f $$b; \
done; \
printf '%s %s engine total (text+data, objects alone) %s\n' $(1) $(2) $$tot; \
$(SZ_SIZE_CC_$(1)) $(SZ_SIZE_FLAG_$(2)) -Isizzle -Iprim -Isizzle/port -c sizzle/tests/sz_sizes.c -o $$o/sizes.o || exit 1; \
$(SZ_SIZE_NM_$(1)) -S $$o/sizes.o | grep sz_size_ | while read a n t s; do echo "$(1) $(2) sizeof $${s#sz_size_} $$((0x$$n))"; done;
endef
.PHONY: sizzle-engine-sizes
sizzle-engine-sizes:
	@$(foreach m,avr msp430,$(foreach p,modern legacy-ecc legacy-rsa,$(call SZ_SIZE_RUN,$(m),$(p))))
