/*
 * Handshake messages as a stream over the handshake records' bodies: the 4-byte header
 * (type, 24-bit length) gathered across records, the 64 KiB cap, and every byte consumed fed
 * to the handshake hash. No message is buffered: its body goes straight to its parser.
 * Mirrors kssl-client/src/main/java/kssl/tls/HandshakeReader.java (begin, the hash updates).
 */
#ifndef SZ_HANDSHAKE_READER_H
#define SZ_HANDSHAKE_READER_H

#include <stdint.h>
#include <stddef.h>
#include "sz_config.h"

#define SZ_HT_HELLO_REQUEST 0
#define SZ_HT_CLIENT_HELLO 1
#define SZ_HT_CLIENT_KEY_EXCHANGE 16
#define SZ_HT_FINISHED 20

/*
 * The handshake hash's input: every byte of every handshake message, in order (for an
 * SSLv2-compatible ClientHello, from msg_type on). The integrator binds it to the running
 * MD5/SHA-1/SHA-256 (HandshakeHash); the engine only calls it. `ctx` is the pointer given to
 * sz_server_init.
 */
void sz_transcript_update(void *ctx, const uint8_t *data, size_t len);

typedef struct {
	uint32_t length;   /* the message's declared length */
	uint8_t have;      /* header bytes in (0..4) */
	uint8_t type;
} sz_handshake_reader;

/* Starts reading a message header. */
void sz_handshake_begin(sz_handshake_reader *r);

/* Takes header bytes (hashed) from b[0..n); returns how many. When r->have reaches 4 the
 * header is complete: sz_handshake_check judges it. */
size_t sz_handshake_header(sz_handshake_reader *r, void *transcript, const uint8_t *b, size_t n);

/* A complete header against the message wanted: decode_error if longer than
 * SZ_MAX_HANDSHAKE_MESSAGE (checked first, as begin() does), unexpected_message if of another
 * type (as expect() does), else SZ_VERDICT_NONE. */
uint16_t sz_handshake_check(const sz_handshake_reader *r, uint8_t want);

#endif
