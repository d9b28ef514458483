/*
 * The version a server picks. Mirrors kssl-client/src/main/java/kssl/tls/ProtocolVersion.java
 * (negotiate, isSupported).
 */
#include "sz_protocol_version.h"

uint16_t sz_version_negotiate(uint16_t offered, uint16_t min, uint16_t max)
{
	uint16_t v = offered < max ? offered : max;
	if (v == SZ_TLS11)
		v = SZ_TLS10;
	if (v < min || (v != SZ_SSL30 && v != SZ_TLS10 && v != SZ_TLS12))
		return 0;
	return v;
}
