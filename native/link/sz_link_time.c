/* The link's clock (sz_link_time.h): mirrors the long arithmetic of sizzle/link/
 * LinkEndpoint.java and DeviceLink.java on a wrapping u32 of milliseconds. */
#include "sz_link_time.h"

uint32_t sz_link_after(uint32_t now, uint32_t ms)
{
	uint32_t t = now + ms;
	return t == SZ_LINK_NEVER ? t - 1 : t;
}

uint8_t sz_link_reached(uint32_t now, uint32_t t)
{
	return t != SZ_LINK_NEVER && (int32_t)(now - t) >= 0;
}

uint32_t sz_link_earlier(uint32_t now, uint32_t a, uint32_t b)
{
	if (a == SZ_LINK_NEVER)
		return b;
	if (b == SZ_LINK_NEVER)
		return a;
	return (int32_t)(a - now) <= (int32_t)(b - now) ? a : b;
}
