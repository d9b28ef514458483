/* The link's clock: milliseconds in a uint32_t that wraps (after 49.7 days; a mote runs for
 * a year), so deadlines are compared by their signed distance, never by value. Java's
 * Long.MAX_VALUE ("no deadline") is SZ_LINK_NEVER here; a computed deadline that happens to
 * land on it is moved one millisecond earlier. Mirrors the long arithmetic of
 * sizzle/link/LinkEndpoint.java and DeviceLink.java. */
#ifndef SZ_LINK_TIME_H
#define SZ_LINK_TIME_H

#include <stdint.h>

#define SZ_LINK_NEVER 0xFFFFFFFFUL

/* now + ms, moved off SZ_LINK_NEVER. */
uint32_t sz_link_after(uint32_t now, uint32_t ms);
/* Whether deadline t has come (never for SZ_LINK_NEVER). */
uint8_t sz_link_reached(uint32_t now, uint32_t t);
/* The earlier of two deadlines, as seen from now. */
uint32_t sz_link_earlier(uint32_t now, uint32_t a, uint32_t b);

#endif
