/*
 * The record layer's inbound side (RFC 5246 §6.2, RFC 6101 §5.2), plaintext phase: record
 * headers and their checks (content type, version, length, empty records), the caps (32 empty
 * records, 5 warning alerts in a row), alert records, and the SSLv2-compatible ClientHello's
 * header (RFC 5246 E.2). Bytes are pushed in any split; nothing is buffered beyond the 5-byte
 * header. Protected records come later, through an interface the integrator fills.
 *
 * The Java engine reads a whole record before it acts on any of its bytes (with its default
 * receive limit every plaintext record fits its buffer). So a verdict found in a record's body
 * (an alert's, a decode error's, the wrong record type's) is held in `pending` until the
 * record's last byte has come; a stream that ends first is a truncated record: decode_error.
 * Verdicts from a header act at once, as in Java.
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/RecordLayer.java (readRecord, countEmpty,
 * handleAlerts, readSsl2Hello; next() for where alerts and empty records go).
 */
#ifndef SZ_RECORD_LAYER_H
#define SZ_RECORD_LAYER_H

#include <stdint.h>
#include <stddef.h>
#include "sz_config.h"

#define SZ_CHANGE_CIPHER_SPEC 20
#define SZ_ALERT 21
#define SZ_HANDSHAKE 22
#define SZ_APPLICATION_DATA 23
#define SZ_SSL2_CLIENT_HELLO 0x80 /* pseudo content type (RecordLayer.SSL2_CLIENT_HELLO) */

#define SZ_MAX_EMPTY_RECORDS 32
#define SZ_MAX_WARNING_ALERTS 5
#define SZ_MAX_FRAGMENT 16384u

/* A verdict: an alert to send (0..255), the peer's fatal alert (SZ_RECEIVED | description),
 * the peer's close_notify, or none. */
#define SZ_VERDICT_NONE 0xFFFFu
#define SZ_RECEIVED 0x100u
#define SZ_VERDICT_CLOSE_NOTIFY 0x200u

/* sz_record_layer.flags */
#define SZ_RL_SSL2_ALLOWED 1u /* the next record may be an SSLv2-compatible ClientHello */
#define SZ_RL_IN_BODY 2u      /* a record's header was read, its body is coming */
#define SZ_RL_ALERT_HALF 4u   /* one byte of an alert pair is in alert_level */

typedef struct {
	uint8_t header[5];
	uint8_t header_len; /* header bytes in (0..5) */
	uint8_t type;       /* the current record's content type */
	uint8_t flags;
	uint16_t left;      /* body bytes of the current record still to come */
	uint16_t version;   /* the negotiated version; 0 while any 3.x is accepted */
	uint16_t pending;   /* a verdict from this record's body, released at its end */
	uint8_t empty_run;
	uint8_t warning_run;
	uint8_t alert_level;
	uint8_t last_warning; /* the last warning alert's description (close_notify aside) */
} sz_record_layer;

void sz_record_init(sz_record_layer *rl, uint8_t ssl2_allowed);

/* Takes header bytes from b[0..n) (*used of them). Returns a verdict to act on at once, or
 * SZ_VERDICT_NONE: then either more header bytes are wanted, or a record has begun
 * (SZ_RL_IN_BODY, with `type` and `left`; for an SSLv2 hello `left` counts the bytes after
 * the header's 5, and header[2..5) are its first 3), or an empty application_data record
 * went by. */
uint16_t sz_record_header(sz_record_layer *rl, const uint8_t *b, size_t n, size_t *used);

/* The bytes of an alert record's body (all taken): pairs judged as they complete, held. */
void sz_record_alert(sz_record_layer *rl, const uint8_t *b, size_t n);

/* Holds a verdict about the current record's contents until its end (the first one wins). */
void sz_record_hold(sz_record_layer *rl, uint16_t verdict);

/* The current record's last byte has come: the verdict held, if any. */
uint16_t sz_record_end(sz_record_layer *rl);

/* The end of the stream: decode_error inside a record (or its header), else none. */
uint16_t sz_record_eof(const sz_record_layer *rl);

#endif
