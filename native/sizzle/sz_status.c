/*
 * Reason phrases (sz_status.h). Mirrors sizzle-server/src/main/java/sizzle/http/Status.java.
 */
#include "sz_status.h"

/* Each entry: the code's two bytes (big-endian), the phrase's length, the phrase. */
static const uint8_t reasons[] KS_FLASH =
	"\x00\xc8\x02OK"
	"\x01\x2f\x09See Other"
	"\x01\x90\x0b" "Bad Request"
	"\x01\x91\x0cUnauthorized"
	"\x01\x94\x09Not Found"
	"\x01\x95\x12Method Not Allowed"
	"\x01\x98\x0fRequest Timeout"
	"\x01\x9b\x0fLength Required"
	"\x01\x9d\x11" "Content Too Large"
	"\x01\x9f\x16Unsupported Media Type"
	"\x01\xad\x11Too Many Requests"
	"\x01\xaf\x1fRequest Header Fields Too Large"
	"\x01\xf5\x0fNot Implemented"
	"\x01\xf9\x1aHTTP Version Not Supported"
	"\x01\xf4\x15Internal Server Error"; /* last: the fallback */

const uint8_t *sz_status_reason(uint16_t code, uint8_t *len)
{
	const uint8_t *p = reasons;
	for (;;) {
		uint16_t c = (uint16_t)(KS_READ_BYTE(p) << 8 | KS_READ_BYTE(p + 1));
		uint8_t n = KS_READ_BYTE(p + 2);
		if (c == code || c == SZ_INTERNAL_SERVER_ERROR) {
			*len = n;
			return p + 3;
		}
		p += 3 + n;
	}
}
