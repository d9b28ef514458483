/*
 * What a request asks of the connection (sz_request.h).
 * Mirrors sizzle-server/src/main/java/sizzle/http/Request.java.
 */
#include "sz_request.h"

uint8_t sz_request_keep_alive(const struct sz_request *r)
{
	if (r->flags & SZ_REQ_CLOSE)
		return 0;
	return (r->flags & SZ_REQ_HTTP10) ? (uint8_t)((r->flags & SZ_REQ_KEEP_ALIVE) != 0) : 1;
}
