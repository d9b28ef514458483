/*
 * The protocol versions, as their two wire bytes, and the version a server picks for a
 * client_version. Mirrors kssl-client/src/main/java/kssl/tls/ProtocolVersion.java.
 */
#ifndef SZ_PROTOCOL_VERSION_H
#define SZ_PROTOCOL_VERSION_H

#include <stdint.h>

#define SZ_SSL30 0x0300u /* legacy only: insecure */
#define SZ_TLS10 0x0301u /* legacy only */
#define SZ_TLS11 0x0302u /* not implemented: answered with TLS 1.0 */
#define SZ_TLS12 0x0303u /* modern */

/* The highest supported version in [min, max] that is at most offered, or 0 (RFC 5246 E.1:
 * a higher offer gets max; TLS 1.1 maps down to TLS 1.0). */
uint16_t sz_version_negotiate(uint16_t offered, uint16_t min, uint16_t max);

#endif
