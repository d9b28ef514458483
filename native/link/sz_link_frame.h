/* One link frame (LINK.md §2): a 6-byte header (destination, source, type and flags,
 * connection, message number, frame index), a payload, and CRC-16/KERMIT of all before it,
 * low byte first. Mirrors sizzle/link/Frame.java and Crc16.java: sz_link_decode checks all
 * a frame can be checked for on its own and returns the same reason codes. */
#ifndef SZ_LINK_FRAME_H
#define SZ_LINK_FRAME_H

#include <stdint.h>
#include "sz_link_config.h"

#define SZ_LF_DST 0
#define SZ_LF_SRC 1
#define SZ_LF_TYPE_FLAGS 2
#define SZ_LF_CONN 3
#define SZ_LF_MSG 4
#define SZ_LF_INDEX 5
#define SZ_LF_HEADER 6
#define SZ_LF_CRC 2
#define SZ_LF_OVERHEAD 8
#define SZ_LF_LENGTH_FIELD 2  /* frame 0 of a message starts with its length, u16 big-endian */

/* Types (bits 7-4 of byte 2); 8 and up are rejected. 7, DATA-TEMPLATE (LINK.md §9), decodes as
 * DATA does (Frame.java); this end has no recreator, so its endpoint drops it as bad_type. */
#define SZ_LT_DATA 0
#define SZ_LT_ACK 1
#define SZ_LT_NACK 2
#define SZ_LT_NEWCONNECTION 3
#define SZ_LT_DISCONNECT 4
#define SZ_LT_READY 5
#define SZ_LT_READY_SLEEP 6
#define SZ_LT_DATA_TEMPLATE 7

/* The only flag: the sender wants an answer. */
#define SZ_LINK_ACK_REQ 0x1

/* ACK statuses. */
#define SZ_LA_OK 0
#define SZ_LA_COMPLETE 1
#define SZ_LA_REFUSED_TOO_LONG 2
#define SZ_LA_NO_CONNECTION 3
#define SZ_LA_PENDING 4

/* READY-SLEEP's payload: window (u16 ms), capacity (u16), kind (u8), then the name. */
#define SZ_LINK_READY_SLEEP_FIXED 5
/* READY-SLEEP's kind byte, bit 7: the device grants by READY only (LINK.md §6.1); bits 6-0 the kind. */
#define SZ_LINK_KIND_READY_ONLY 0x80

/* Data bytes in frame 0, and in every later frame, at this build's frame size. */
#define SZ_LINK_FIRST_DATA (SZ_LINK_FRAME_SIZE - SZ_LF_OVERHEAD - SZ_LF_LENGTH_FIELD)
#define SZ_LINK_REST_DATA (SZ_LINK_FRAME_SIZE - SZ_LF_OVERHEAD)
/* The longest message: SZ_LINK_MAX_FRAMES frames (at most 256: 30,462 bytes at F = 127). */
#define SZ_LINK_MAX_MESSAGE ((uint16_t)(SZ_LINK_FIRST_DATA + (SZ_LINK_MAX_FRAMES - 1) * SZ_LINK_REST_DATA))

/* A decoded header; the payload stays in the frame's buffer at SZ_LF_HEADER. */
struct sz_link_frame {
	uint8_t dst, src, type, flags, conn, msg, index;
	uint8_t payload_length;
};

uint16_t sz_link_crc16(const uint8_t *b, uint8_t len);

/* Checks a received frame of len bytes; 0, or the SZ_LS_* reason (SHORT ... BAD_PAYLOAD) it
   is dropped for. The fields are valid only after 0. */
uint8_t sz_link_decode(struct sz_link_frame *f, const uint8_t *b, uint8_t len);

/* Writes f's header into b and the CRC after the f->payload_length bytes the caller has put
   at SZ_LF_HEADER; returns the frame's length. */
uint8_t sz_link_encode(const struct sz_link_frame *f, uint8_t *b);

uint16_t sz_link_u16(const uint8_t *b);
void sz_link_put_u16(uint8_t *b, uint16_t v);

/* How many frames carry a len-byte message; where frame i's data starts in it; how many of
   its bytes frame i carries. */
uint16_t sz_link_frame_count(uint16_t len);
uint16_t sz_link_offset(uint8_t i);
uint8_t sz_link_data_in(uint8_t i, uint16_t len);

#endif
