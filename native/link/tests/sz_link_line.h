/* The device end driven by text lines, one command in, its events and state out: the
 * protocol by which a Java test (gateway-java: sizzle.gateway.radio.LineDevice) puts this C
 * end on its simulated radio, and by which test_link.c replays the transcripts the Java
 * device (sizzle.link.DeviceLink) made. Host only (stdio, no mote rules). Commands, T in ms:
 *   init CAPACITY   boot (again: a reset loses all link state), receive buffer of CAPACITY
 *   start T | rx T HEX | done T | tick T | send T HEX | ready T | close T | stats | waiting T
 * Reply: events in the order they happened (tx HEX, opened C, received C HEX, sent C,
 * closed C REASON, send 1|0, stats NAME=V ...), then "end RADIO DEADLINE" (DEADLINE "-":
 * none). */
#ifndef SZ_LINK_LINE_H
#define SZ_LINK_LINE_H

#include <stddef.h>

/* Runs one command line (no newline); the reply, lines ending in '\n', goes to out (NUL
   ended). Returns 0, or -1 for a line it cannot parse (the reply then says "error ..."). */
int sz_link_line(const char *line, char *out, size_t room);

#endif
