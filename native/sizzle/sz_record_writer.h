/*
 * The record layer's outbound side (RFC 5246 §6.2, RFC 6101 §5.2): bytes of one content type
 * stream into the record being filled in one buffer, which is cut at the send limit (what the
 * client asked for with max_fragment_length / record_size_limit, and what the buffer holds),
 * when bytes of another type follow, or on a flush; the record is then sealed in place once
 * protection is on (sz_protection_seal) and waits in the buffer until the caller has sent it.
 * One record at a time: while one waits, nothing more is taken, and whoever writes goes on
 * after the caller's sz_writer_sent. A flight is never built apart (the handshake messages
 * stream through here, hashed by their writer as they go). With SZ_STREAM_OUT, a protected
 * record longer than the buffer can be declared and streamed (sz_writer_declare, below), so
 * that the records are the Java's whatever the buffer.
 *
 * Mirrors kssl-client/src/main/java/kssl/tls/RecordLayer.java (append, flushPending,
 * sendRecord, write, limitSend, setWriter) and HandshakeWriter.java (the stream of messages).
 */
#ifndef SZ_RECORD_WRITER_H
#define SZ_RECORD_WRITER_H

#include "sz_record_layer.h"
#include "sz_record_protection.h"

/* The buffer a send limit needs: header, explicit nonce, plaintext, the rest of the expansion. */
#define SZ_WRITER_BUFFER(limit) (5u + SZ_PROTECTION_EXPANSION + (limit))

typedef struct {
	uint8_t *buf;        /* the record: header at buf[0], plaintext at buf[5 + prefix] */
	sz_protection *seal; /* NULL: plaintext records */
	uint16_t cap;        /* bytes in buf */
	uint16_t avail;      /* bytes of buf the next record may use (the rest holds unread input when
	                        the connection shares one buffer for both ways); cap otherwise */
	uint16_t limit;      /* plaintext bytes per record */
	uint16_t pending;    /* plaintext bytes in the record being filled */
	uint16_t ready;      /* bytes of a finished record waiting in buf to be sent, or 0 */
	uint16_t version;    /* the record version written */
#if SZ_STREAM_OUT
	sz_seal_stream *st;  /* the declared record's seal state (sz_writer_declare) */
	uint16_t send_limit; /* the plaintext per record the client allows (limit: what buf holds too) */
	uint16_t stream_left;/* plaintext bytes of a declared record still to come, or 0 */
	uint8_t head;        /* bytes before its next plaintext in buf: the header and explicit
	                        nonce for its first piece, 0 after */
#endif
	uint8_t type;        /* the content type being filled */
} sz_record_writer;

/* buf of cap bytes; the send limit starts at what it holds (at most 2^14). */
void sz_writer_init(sz_record_writer *w, uint8_t *buf, uint16_t cap, uint16_t version);
/* Lowers the send limit (limitSend; the record being filled is cut first). */
void sz_writer_limit(sz_record_writer *w, uint16_t limit);
/* Where the next plaintext byte goes, and how many fit the record being filled (0 while a
 * record waits to be sent, or when bytes of another type are being filled: then flush). */
uint8_t *sz_writer_space(sz_record_writer *w, uint8_t type, uint16_t *room);
/* n bytes were put at sz_writer_space's pointer: a record full at the limit is sealed. */
void sz_writer_commit(sz_record_writer *w, uint16_t n);
/* Copies up to n bytes (from flash if `flash`) into the record being filled; returns how many
 * (fewer when the record filled, or another type's record had to be finished first). */
uint16_t sz_writer_append(sz_record_writer *w, uint8_t type, const uint8_t *b, uint16_t n, uint8_t flash);
/* Finishes the record being filled, if any (flushPending). */
void sz_writer_flush(sz_record_writer *w);
/* The record waiting to be sent (length in *n), or NULL. */
const uint8_t *sz_writer_ready(const sz_record_writer *w, uint16_t *n);
/* The caller has sent it. */
void sz_writer_sent(sz_record_writer *w);
/* Nothing waits and nothing is being filled. */
uint8_t sz_writer_idle(const sz_record_writer *w);
#if SZ_STREAM_OUT
/*
 * A protected record longer than the buffer (RecordLayer.write of a unit the client's limit
 * allows in one record): declared with its plaintext length, which goes into the header and the
 * seal's additional data first, then streamed. sz_writer_space and _commit take its plaintext
 * in pieces, each sealed in place as it comes and handed out at once as the next bytes to send
 * (sz_writer_ready), the tag or MAC after the last. Nothing else is written until it ends
 * (space for another type gives no room). The writer must be idle; returns 0 (nothing done)
 * when the record would fit the buffer anyway, or protection is off. st holds the seal's state
 * where the protection keeps none of its own (the legacy MAC) until the record ends.
 */
uint8_t sz_writer_declare(sz_record_writer *w, uint8_t type, uint16_t len, sz_seal_stream *st);
/* A declared record is being streamed. */
uint8_t sz_writer_streaming(const sz_record_writer *w);
#endif

#endif
