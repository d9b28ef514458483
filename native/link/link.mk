# The device end of the link protocol (native/link/, gateway-java/LINK.md), included by
# native/Makefile. Host builds, one per radio (the frame size is a build constant):
#   make -C native link-test    the C tests (tests/test_link.c): LINK.md's CRC vectors, the
#                               Java codec's decode vectors, and the Java device's transcripts
#                               replayed frame for frame; "N passed, N failed"
#                               and its RAM and flash on each mote (tests/link_size.sh)
#   make -C native link-host    build/host/link-device-{cc1000,cc2420}: the device end on
#                               stdin/stdout, for gateway-java's CDeviceInteropTest
# sizzle-test (sizzle/port/port.mk) runs link-test with the firmware's tests.
LINK_DIR := link
LINK_SRC := $(wildcard $(LINK_DIR)/*.c)
LINK_HDR := $(wildcard $(LINK_DIR)/*.h)
LINK_LINE := $(LINK_DIR)/tests/sz_link_line.c $(LINK_DIR)/tests/sz_link_line.h
LINK_VECTORS := $(LINK_DIR)/tests/vectors
LINK_RADIOS := cc1000 cc2420
LINK_FLAG_cc1000 := -DSZ_LINK_CC1000
LINK_FLAG_cc2420 :=
# the motes' firmware build: grants by READY only (LINK.md §6.1), its maps for 64 frames
LINK_FLAG_cc1000-ready := -DSZ_LINK_CC1000 -DSZ_LINK_READY_ONLY=1 -DSZ_LINK_MAX_FRAMES=64
LINK_CFLAGS = $(WARN) -I$(KDIR) -I$(LINK_DIR) -I$(LINK_DIR)/tests

$(HOST)/link-device-%: $(LINK_SRC) $(LINK_HDR) $(LINK_LINE) $(LINK_DIR)/tests/link_device.c
	@mkdir -p $(HOST)
	$(CC) $(LINK_CFLAGS) -O2 $(LINK_FLAG_$*) $(LINK_SRC) $(LINK_DIR)/tests/sz_link_line.c $(LINK_DIR)/tests/link_device.c -o $@

$(HOST)/link-test-%: $(LINK_SRC) $(LINK_HDR) $(LINK_LINE) $(LINK_DIR)/tests/test_link.c
	@mkdir -p $(HOST)
	$(CC) $(LINK_CFLAGS) $(SAN) $(LINK_FLAG_$*) $(LINK_SRC) $(LINK_DIR)/tests/sz_link_line.c $(LINK_DIR)/tests/test_link.c -o $@

LINK_TESTS := $(foreach r,$(LINK_RADIOS) cc1000-ready,$(HOST)/link-test-$(r))
LINK_TEST_RUNS := $(foreach r,$(LINK_RADIOS) cc1000-ready,"$(HOST)/link-test-$(r) $(LINK_VECTORS)") "bash $(LINK_DIR)/tests/link_size.sh"

.PHONY: link-test link-host link-size
link-size:
	@bash $(LINK_DIR)/tests/link_size.sh
link-host: $(foreach r,$(LINK_RADIOS),$(HOST)/link-device-$(r))
link-test: $(LINK_TESTS)
	@bash tests/run_all.sh $(LINK_TEST_RUNS)
