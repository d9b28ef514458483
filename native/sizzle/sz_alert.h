/*
 * Alert levels and descriptions (RFC 5246 §7.2; SSL 3.0's subset, RFC 6101 §5.4.2), their
 * names, and the mapping of TLS-only descriptions for an SSL 3.0 peer.
 * Mirrors kssl-client/src/main/java/kssl/tls/Alert.java.
 */
#ifndef SZ_ALERT_H
#define SZ_ALERT_H

#include <stdint.h>

#define SZ_ALERT_WARNING 1
#define SZ_ALERT_FATAL 2

#define SZ_CLOSE_NOTIFY 0
#define SZ_UNEXPECTED_MESSAGE 10
#define SZ_BAD_RECORD_MAC 20
#define SZ_RECORD_OVERFLOW 22
#define SZ_DECOMPRESSION_FAILURE 30
#define SZ_HANDSHAKE_FAILURE 40
#define SZ_BAD_CERTIFICATE 42
#define SZ_UNSUPPORTED_CERTIFICATE 43
#define SZ_CERTIFICATE_EXPIRED 45
#define SZ_CERTIFICATE_UNKNOWN 46
#define SZ_ILLEGAL_PARAMETER 47
#define SZ_UNKNOWN_CA 48
#define SZ_DECODE_ERROR 50
#define SZ_DECRYPT_ERROR 51
#define SZ_PROTOCOL_VERSION 70
#define SZ_INSUFFICIENT_SECURITY 71
#define SZ_INTERNAL_ERROR 80
#define SZ_INAPPROPRIATE_FALLBACK 86
#define SZ_USER_CANCELED 90
#define SZ_NO_RENEGOTIATION 100
#define SZ_UNSUPPORTED_EXTENSION 110
#define SZ_UNRECOGNIZED_NAME 112

/* The RFC's name of a description (a string in flash on the AVR: read it with
 * SZ_READ_BYTE), or 0 for a description without one (Alert.name's "alert_N"). */
const char *sz_alert_name(uint8_t description);

/* The description to send to a peer of this version: SSL 3.0 has only those up to
 * illegal_parameter, the others become the nearest SSL 3.0 one (Alert.forVersion). */
uint8_t sz_alert_for_version(uint8_t description, uint16_t version);

#endif
