/* The link's clock: milliseconds in a uint32_t that wraps (after 49.7 days; a mote runs for
 * a year), so deadlines are compared by their signed distance, never by value. Java's
 * Long.MAX_VALUE ("no deadline") is SZ_LINK_NEVER here; a computed deadline that happens to
 * land on it is moved one millisecond earlier. Mirrors the long arithmetic of
 * sizzle/link/LinkEndpoint.java and DeviceLink.java. */
#ifndef SZ_LINK_TIME_H
#define SZ_LINK_TIME_H

#include <stdint.h>

#define SZ_LINK_NEVER 0xFFFFFFFFUL

static inline uint32_t sz_link_after(uint32_t now, uint32_t ms)
{
	uint32_t t = now + ms;
	return t == SZ_LINK_NEVER ? t - 1 : t;
}

/* Whether deadline t has come (never for SZ_LINK_NEVER). */
static inline uint8_t sz_link_reached(uint32_t now, uint32_t t)
{
	return t != SZ_LINK_NEVER && (int32_t)(now - t) >= 0;
}

/* The earlier of two deadlines, as seen from now. */
static inline uint32_t sz_link_earlier(uint32_t now, uint32_t a, uint32_t b)
{
	if (a == SZ_LINK_NEVER)
		return b;
	if (b == SZ_LINK_NEVER)
		return a;
	return (int32_t)(a - now) <= (int32_t)(b - now) ? a : b;
}

#endif
