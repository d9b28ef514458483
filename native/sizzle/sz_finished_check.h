/*
 * The client's Finished compared with the verify_data the server expects, in constant time, as
 * its bytes arrive (a Finished may come in pieces across records). Mirrors the comparison in
 * kssl-client/src/main/java/kssl/tls/Handshake.java (readFinished, Bytes.equalsConstantTime): every
 * byte looked at, no early exit; the verdict is taken once, at the message's end.
 */
#ifndef SZ_FINISHED_CHECK_H
#define SZ_FINISHED_CHECK_H
#include <stdint.h>

/* diff OR-ed with the differences of n received bytes from the expected ones: zero at the end
 * only if every byte matched. Its time depends on n alone. */
uint8_t sz_finished_diff(uint8_t diff, const uint8_t *got, const uint8_t *expected, uint16_t n);
#endif
