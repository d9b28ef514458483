/* The client's Finished checked in constant time (sz_finished_check.h). Mirrors
 * kssl-client/src/main/java/kssl/tls/Handshake.java (readFinished, Bytes.equalsConstantTime). */
#include "sz_finished_check.h"

uint8_t sz_finished_diff(uint8_t diff, const uint8_t *got, const uint8_t *expected, uint16_t n)
{
	uint16_t i;
	for (i = 0; i < n; i++)
		diff |= (uint8_t)(got[i] ^ expected[i]);
	return diff;
}
