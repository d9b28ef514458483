/*
 * Alert names and the SSL 3.0 mapping. Mirrors kssl-client/src/main/java/kssl/tls/Alert.java
 * (name, forVersion).
 */
#include "sz_alert.h"
#include "sz_config.h"
#include "sz_protocol_version.h"

/* Each name NUL-terminated after its code byte, the list ended by an empty name. */
static const char names[] KS_FLASH =
	"\000close_notify\0" "\012unexpected_message\0" "\024bad_record_mac\0" "\026record_overflow\0"
	"\036decompression_failure\0" "\050handshake_failure\0" "\052bad_certificate\0"
	"\053unsupported_certificate\0" "\055certificate_expired\0" "\056certificate_unknown\0"
	"\057illegal_parameter\0" "\060unknown_ca\0" "\062decode_error\0" "\063decrypt_error\0"
	"\106protocol_version\0" "\107insufficient_security\0" "\120internal_error\0"
	"\126inappropriate_fallback\0" "\132user_canceled\0" "\144no_renegotiation\0"
	"\156unsupported_extension\0" "\160unrecognized_name\0" "\377";

const char *sz_alert_name(uint8_t description)
{
	const char *p = names;
	for (;;) {
		uint8_t code = KS_READ_BYTE(p);
		if (KS_READ_BYTE(p + 1) == 0)
			return 0; /* the end mark */
		if (code == description)
			return p + 1;
		p += 2;
		while (KS_READ_BYTE(p) != 0)
			p++;
		p++;
	}
}

uint8_t sz_alert_for_version(uint8_t description, uint16_t version)
{
	if (version != SZ_SSL30)
		return description;
	switch (description) {
	case SZ_RECORD_OVERFLOW:
	case SZ_DECODE_ERROR:
	case SZ_UNKNOWN_CA:
	case SZ_INAPPROPRIATE_FALLBACK:
	case SZ_UNSUPPORTED_EXTENSION:
		return SZ_ILLEGAL_PARAMETER;
	case SZ_DECRYPT_ERROR:
	case SZ_PROTOCOL_VERSION:
	case SZ_INSUFFICIENT_SECURITY:
	case SZ_INTERNAL_ERROR:
	case SZ_USER_CANCELED:
	case SZ_NO_RENEGOTIATION:
	case SZ_UNRECOGNIZED_NAME:
		return SZ_HANDSHAKE_FAILURE;
	default:
		return description;
	}
}
