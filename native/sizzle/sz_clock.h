/*
 * Milliseconds from some fixed origin, in a uint32_t that wraps (after 49.7 days): the
 * password's back-off and the radio link's timers, which compare times by their distance
 * (now - then), never by value. Bound by the integrator (a mote's timer; the host's monotonic
 * clock; a test's variable). A mote knows no wall clock, so no Date header is ever sent.
 * Mirrors sizzle-server/src/main/java/sizzle/http/Clock.java (a long there: 32 bits here,
 * every user's arithmetic being 32-bit, so the 16-bit motes carry no 64-bit count).
 */
#ifndef SZ_CLOCK_H
#define SZ_CLOCK_H

#include "ks_config.h"

uint32_t sz_clock_millis(void);
/* The firmware's: the same clock counted on from a reading of the port's 24-bit milliseconds
 * the caller already has (sz_clock_millis reads sz_port_millis itself). */
uint32_t sz_clock_from_port(uint32_t port_ms);

#endif
