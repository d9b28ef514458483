/* Mirrors sizzle/link/Frame.java and sizzle/link/Crc16.java (LINK.md §2, §4's cutting). */
#include "sz_link_frame.h"
#include "sz_link_stats.h"

/* CRC-16/KERMIT (reflected 0x1021, initial 0, no final XOR): IEEE 802.15.4's FCS. Bitwise,
   not a 512-byte table: the mote has the cycles to spare and not the flash. */
uint16_t sz_link_crc16(const uint8_t *b, uint8_t len)
{
	uint16_t crc = 0;
	uint8_t i, k;
	for (i = 0; i < len; i++) {
		crc ^= b[i];
		for (k = 0; k < 8; k++)
			crc = (crc & 1) ? (uint16_t)((crc >> 1) ^ 0x8408) : (uint16_t)(crc >> 1);
	}
	return crc;
}

uint16_t sz_link_u16(const uint8_t *b)
{
	return (uint16_t)((uint16_t)b[0] << 8 | b[1]);
}

void sz_link_put_u16(uint8_t *b, uint16_t v)
{
	b[0] = (uint8_t)(v >> 8);
	b[1] = (uint8_t)v;
}

uint8_t sz_link_decode(struct sz_link_frame *f, const uint8_t *b, uint8_t len)
{
	uint8_t acked, status;
	uint16_t total;
	if (len < SZ_LF_OVERHEAD)
		return SZ_LS_SHORT;
	if (len > SZ_LINK_FRAME_SIZE)
		return SZ_LS_LONG;
	if (sz_link_crc16(b, (uint8_t)(len - SZ_LF_CRC)) != (uint16_t)(b[len - 2] | (uint16_t)b[len - 1] << 8))
		return SZ_LS_BAD_CRC;
	f->dst = b[SZ_LF_DST];
	f->src = b[SZ_LF_SRC];
	f->type = b[SZ_LF_TYPE_FLAGS] >> 4;
	f->flags = b[SZ_LF_TYPE_FLAGS] & 0x0F;
	f->conn = b[SZ_LF_CONN];
	f->msg = b[SZ_LF_MSG];
	f->index = b[SZ_LF_INDEX];
	f->payload_length = (uint8_t)(len - SZ_LF_OVERHEAD);
	if (f->type > SZ_LT_READY_SLEEP)
		return SZ_LS_BAD_TYPE;
	if (f->flags & ~SZ_LINK_ACK_REQ)
		return SZ_LS_BAD_FLAGS;
	switch (f->type) {
	case SZ_LT_DATA:
		if (f->conn == 0)
			return SZ_LS_BAD_CONN;
		if (f->index == 0) {
			if (f->payload_length < SZ_LF_LENGTH_FIELD + 1)
				return SZ_LS_BAD_PAYLOAD;
			total = sz_link_u16(b + SZ_LF_HEADER);
			if (total == 0 || total < f->payload_length - SZ_LF_LENGTH_FIELD)
				return SZ_LS_BAD_PAYLOAD;
			if (!(f->flags & SZ_LINK_ACK_REQ))
				return SZ_LS_BAD_FLAGS;
		} else if (f->payload_length < 1) {
			return SZ_LS_BAD_PAYLOAD;
		}
		return 0;
	case SZ_LT_ACK:
		if (f->flags)
			return SZ_LS_BAD_FLAGS;
		if (f->payload_length != 2)
			return SZ_LS_BAD_PAYLOAD;
		acked = b[SZ_LF_HEADER];
		status = b[SZ_LF_HEADER + 1];
		if (acked == SZ_LT_ACK || acked == SZ_LT_NACK || acked > SZ_LT_READY_SLEEP || status > SZ_LA_PENDING)
			return SZ_LS_BAD_PAYLOAD;
		if ((acked == SZ_LT_READY_SLEEP) != (f->conn == 0))
			return SZ_LS_BAD_CONN;
		return 0;
	case SZ_LT_NACK:
		if (f->flags)
			return SZ_LS_BAD_FLAGS;
		if (f->conn == 0)
			return SZ_LS_BAD_CONN;
		if (f->payload_length < 2)
			return SZ_LS_BAD_PAYLOAD;
		return 0;
	case SZ_LT_READY_SLEEP:
		if (!(f->flags & SZ_LINK_ACK_REQ))
			return SZ_LS_BAD_FLAGS;
		if (f->conn != 0)
			return SZ_LS_BAD_CONN;
		if (f->index != 0)
			return SZ_LS_BAD_FIELD;
		if (f->payload_length < SZ_LINK_READY_SLEEP_FIXED)
			return SZ_LS_BAD_PAYLOAD;
		return 0;
	default: /* NEWCONNECTION, DISCONNECT, READY */
		if (!(f->flags & SZ_LINK_ACK_REQ))
			return SZ_LS_BAD_FLAGS;
		if (f->conn == 0)
			return SZ_LS_BAD_CONN;
		if (f->index != 0 || (f->type != SZ_LT_READY && f->msg != 0))
			return SZ_LS_BAD_FIELD;
		if (f->payload_length != 0)
			return SZ_LS_BAD_PAYLOAD;
		return 0;
	}
}

uint8_t sz_link_encode(const struct sz_link_frame *f, uint8_t *b)
{
	uint8_t end = (uint8_t)(SZ_LF_HEADER + f->payload_length);
	uint16_t crc;
	b[SZ_LF_DST] = f->dst;
	b[SZ_LF_SRC] = f->src;
	b[SZ_LF_TYPE_FLAGS] = (uint8_t)(f->type << 4 | f->flags);
	b[SZ_LF_CONN] = f->conn;
	b[SZ_LF_MSG] = f->msg;
	b[SZ_LF_INDEX] = f->index;
	crc = sz_link_crc16(b, end);
	b[end] = (uint8_t)crc;
	b[end + 1] = (uint8_t)(crc >> 8);
	return (uint8_t)(end + SZ_LF_CRC);
}

/* Once per message (LINK.md §11), by subtraction: the MSP430's runtime has no division
   helper. The empty asm keeps clang from turning the loop back into a division. */
uint16_t sz_link_frame_count(uint16_t len)
{
	uint16_t n = 1;
	if (len <= SZ_LINK_FIRST_DATA)
		return 1;
	for (len -= SZ_LINK_FIRST_DATA; len > SZ_LINK_REST_DATA; len -= SZ_LINK_REST_DATA) {
#if defined(__GNUC__) || defined(__clang__)
		__asm__("" : "+r"(len));
#endif
		n++;
	}
	return (uint16_t)(n + 1);
}

uint16_t sz_link_offset(uint8_t i)
{
	return i == 0 ? 0 : (uint16_t)(SZ_LINK_FIRST_DATA + (uint16_t)(i - 1) * SZ_LINK_REST_DATA);
}

uint8_t sz_link_data_in(uint8_t i, uint16_t len)
{
	uint8_t room = i == 0 ? SZ_LINK_FIRST_DATA : SZ_LINK_REST_DATA;
	uint16_t left = (uint16_t)(len - sz_link_offset(i));
	return left < room ? (uint8_t)left : room;
}
