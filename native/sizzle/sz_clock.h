/*
 * Milliseconds from some fixed origin (never going back): the password's back-off. Bound by
 * the integrator (a mote's timer; the host's monotonic clock; a test's variable). A mote
 * knows no wall clock, so no Date header is ever sent.
 * Mirrors sizzle-server/src/main/java/sizzle/http/Clock.java.
 */
#ifndef SZ_CLOCK_H
#define SZ_CLOCK_H

#include "ks_config.h"

int64_t sz_clock_millis(void);
/* The firmware's: the same clock counted on from a reading of the port's 24-bit milliseconds
 * the caller already has (sz_clock_millis reads sz_port_millis itself). */
int64_t sz_clock_from_port(uint32_t port_ms);

#endif
