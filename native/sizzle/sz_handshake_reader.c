/*
 * Handshake message headers across records, hashed as they are read. Mirrors
 * kssl-client/src/main/java/kssl/tls/HandshakeReader.java (begin) and Handshake.expect.
 */
#include "sz_handshake_reader.h"
#include "sz_record_layer.h"
#include "sz_alert.h"

void sz_handshake_begin(sz_handshake_reader *r)
{
	r->have = 0;
	r->length = 0;
	r->type = 0;
}

size_t sz_handshake_header(sz_handshake_reader *r, void *transcript, const uint8_t *b, size_t n)
{
	size_t i = 0;
	while (i < n && r->have < 4) {
		if (r->have == 0)
			r->type = b[i];
		else
			r->length = r->length << 8 | b[i];
		r->have++;
		i++;
	}
	sz_transcript_update(transcript, b, i);
	return i;
}

uint16_t sz_handshake_check(const sz_handshake_reader *r, uint8_t want)
{
	if (r->length > SZ_MAX_HANDSHAKE_MESSAGE)
		return SZ_DECODE_ERROR; /* sent once the record that declared it has been read */
	if (r->type != want)
		return SZ_UNEXPECTED_MESSAGE;
	return SZ_VERDICT_NONE;
}
