/*
 * The status codes the server sends and their reason phrases (RFC 9110 section 15, RFC 6585
 * for 429 and 431); the phrase doubles as the short text/plain body of an error response.
 * Mirrors sizzle-server/src/main/java/sizzle/http/Status.java.
 */
#ifndef SZ_STATUS_H
#define SZ_STATUS_H

#include "ks_config.h"

#define SZ_OK 200
#define SZ_SEE_OTHER 303
#define SZ_BAD_REQUEST 400
#define SZ_UNAUTHORIZED 401
#define SZ_NOT_FOUND 404
#define SZ_METHOD_NOT_ALLOWED 405
#define SZ_REQUEST_TIMEOUT 408
#define SZ_LENGTH_REQUIRED 411
#define SZ_CONTENT_TOO_LARGE 413
#define SZ_UNSUPPORTED_MEDIA_TYPE 415
#define SZ_TOO_MANY_REQUESTS 429
#define SZ_HEADER_FIELDS_TOO_LARGE 431
#define SZ_INTERNAL_SERVER_ERROR 500
#define SZ_NOT_IMPLEMENTED 501
#define SZ_VERSION_NOT_SUPPORTED 505

/* The reason phrase of code, in flash, and its length in *len; a code this server never
   sends gives the 500 phrase. */
const uint8_t *sz_status_reason(uint16_t code, uint8_t *len);

#endif
