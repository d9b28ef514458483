/*
 * libFuzzer over the host firmware's whole input path: one input is one client's bytes (the
 * first byte picks the size of the reads, 1..64, the rest is the stream: records, the
 * handshake's messages, the HTTP requests inside the protected records), served by the
 * device's own setup and loop (firmware/sz_main.c, sz_firmware.c) over the memory port
 * (port/sz_port_memory.c), fresh for every input so that a finding replays alone. The server's
 * answer goes to a buffer no one reads; ASan and UBSan watch. The corpus starts from the stored
 * transcripts' client bytes (replay.py --corpus). Built by firmware.mk (sizzle-fuzz), run by
 * `./sizzle fuzz`.
 */
#include <stddef.h>
#include <stdint.h>
#include "sz_firmware.h"
#include "sz_port_memory.h"

/* The transcripts' server seed: their client bytes then carry a seed input through the whole
 * handshake into the protected records and the HTTP layer. */
static const uint8_t seed[32] = "kssl transcript server";
static uint8_t answer[1 << 16];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sz_firmware *f;
	if (size == 0)
		return 0;
	sz_port_memory_seed(seed, sizeof seed);
	f = sz_device_setup();
	if (!f)
		__builtin_trap();
	sz_port_memory_connect(data + 1, size - 1, (uint16_t)(1 + data[0] % 64), answer, sizeof answer);
	sz_firmware_serve(f);
	return 0;
}
