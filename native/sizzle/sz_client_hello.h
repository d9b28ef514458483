/*
 * What the server keeps of a ClientHello (RFC 5246 §7.4.1.2), recorded as its bytes stream
 * past in fields sized once (the static shape: a browser's 2 KB hello, or one offering 32,000
 * suites, leaves only these), and the resumable parser that fills it from any split of the
 * message into pieces, down to one byte at a time.
 *
 * Decode first (issue 11, RFC 5246 §7.2.2): every length is checked against the message and
 * its enclosing vector when it is read, a misfit is decode_error at once; a field whose value
 * is wrong is noted, decoding goes on to the message's end, and only then is the first such
 * fault raised. The checks are made at the same bytes, in the same order, as the Java parser.
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/ClientHello.java (parse, parseExtensions,
 * parseOne, parseServerName, parseSsl2).
 */
#ifndef SZ_CLIENT_HELLO_H
#define SZ_CLIENT_HELLO_H

#include <stdint.h>
#include <stddef.h>
#include "sz_config.h"

/* The longest server_name host name kept (a DNS name has at most 253 bytes). */
#define SZ_MAX_HOST_NAME 255

/* sz_client_hello.flags */
#define SZ_CH_NULL_COMPRESSION 0x0001u
#define SZ_CH_SSL2 0x0002u            /* came in SSLv2 format (then no extensions) */
#define SZ_CH_GROUPS_OFFERED 0x0004u
#define SZ_CH_POINT_FORMATS 0x0008u
#define SZ_CH_UNCOMPRESSED 0x0010u
#define SZ_CH_SIGNATURE_ALGORITHMS 0x0020u
#define SZ_CH_EXTENDED_MASTER_SECRET 0x0040u
#define SZ_CH_RENEGOTIATION_INFO 0x0080u
#define SZ_CH_RENEGOTIATED_CONNECTION 0x0100u /* renegotiation_info was not empty */

typedef struct {
	uint16_t version;
	uint16_t suites;            /* known suites and SCSVs offered (sz_suite_bit) */
	uint16_t flags;             /* SZ_CH_* */
	uint16_t signature_schemes; /* pairs the engine can name (sz_scheme_bit) */
	uint16_t ecdsa_scheme;      /* the first ECDSA scheme listed that the server signs with, or 0 */
	uint16_t record_size_limit; /* 0: absent (or refused) */
	uint8_t groups;             /* known groups offered (SZ_GROUP_*) */
	uint8_t max_fragment_length; /* code 1..4, 0: absent (or refused) */
	uint8_t session_id_length;
	uint8_t server_name_length; /* 0: no host name */
	uint8_t random[32];
	uint8_t session_id[32];
	uint8_t server_name[SZ_MAX_HOST_NAME];
} sz_client_hello;

/* sz_hello_parser.status */
#define SZ_HELLO_MORE 0  /* wants more bytes of the message */
#define SZ_HELLO_DONE 1  /* the message decoded and its fields are sound */
#define SZ_HELLO_FAIL 2  /* alert holds decode_error, or the first field fault noted */

/* The parser's own state: a few dozen bytes, whatever the message's size. */
typedef struct {
	uint32_t left;     /* message bytes still to come */
	uint32_t ext_end;  /* `left` where the current extension ends */
	uint32_t list_end; /* `left` where server_name's list ends */
	uint16_t acc;      /* the integer field being read */
	uint16_t count;    /* bytes of a run, or entries of a list, still to come */
	uint16_t ext_type;
	uint16_t ext_len;
	uint8_t state;
	uint8_t want;      /* bytes of the integer field still to come (0: a run of bytes) */
	uint8_t after;     /* where a skipped run leads */
	uint8_t seen;      /* the known extensions met (sz_extension_bit): duplicates */
	uint8_t fault;     /* the first fault in a field's meaning, raised at the end */
	uint8_t name_type; /* server_name entry's NameType */
	uint8_t status;    /* SZ_HELLO_* */
	uint8_t alert;
} sz_hello_parser;

/* Starts on a ClientHello body of `length` bytes (may fail at once: a body too short). */
void sz_hello_begin(sz_hello_parser *p, sz_client_hello *h, uint32_t length);

/* Parses up to n bytes of the body; returns how many it took (fewer once it is done or failed). */
size_t sz_hello_input(sz_hello_parser *p, sz_client_hello *h, const uint8_t *b, size_t n);

/* The fast path for a long skipped run (a key share, an unknown or GREASE extension): takes up
 * to n bytes of it, but never its last byte (whose arrival changes state); 0 if the parser is
 * not in such a run. The bytes need no look: the caller only hashes them. */
size_t sz_hello_skip(sz_hello_parser *p, size_t n);

#if SZ_LEGACY
/* The SSLv2-compatible ClientHello (RFC 5246 E.2), from msg_type on: `length` bytes (the
 * record header's), parsed as they come; its lengths are judged at the end, as the Java does
 * with the whole record in hand. */
void sz_hello_begin_ssl2(sz_hello_parser *p, sz_client_hello *h, uint32_t length);
size_t sz_hello_input_ssl2(sz_hello_parser *p, sz_client_hello *h, const uint8_t *b, size_t n);
#endif

#endif
