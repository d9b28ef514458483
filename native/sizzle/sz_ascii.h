/*
 * US-ASCII helpers for protocol text handled as bytes: character classes of RFC 9110 and
 * RFC 3986, hex digits, decimal numbers, and word lists matched as the bytes stream in.
 * Mirrors sizzle-server/src/main/java/sizzle/http/Ascii.java (and the character tests of
 * RequestParser.java).
 */
#ifndef SZ_ASCII_H
#define SZ_ASCII_H

#include "ks_config.h"

/* Lower case of an ASCII letter; other bytes unchanged. */
uint8_t sz_lower(uint8_t b);
/* tchar of RFC 9110 5.6.2: the characters of a method, a field name, a token. */
uint8_t sz_is_tchar(uint8_t b);
/* RFC 3986 unreserved, sub-delims, ":", "@", "/", "?" (not "%": the caller checks escapes). */
uint8_t sz_is_target_char(uint8_t b);
/* Value of a hex digit, or -1. */
int8_t sz_hex_value(uint8_t b);
/* Writes v in decimal at out; returns the number of digits (at most 10). */
uint8_t sz_decimal(uint32_t v, uint8_t *out);

/*
 * Word lists in flash, matched as bytes arrive: a list is each word's length then its bytes,
 * ended by a zero length (at most 8 words). A match is a mask (bit i: word i still agrees
 * with every byte so far) and a count of bytes seen; begin with mask SZ_ALL and count 0.
 */
#define SZ_ALL 0xFF
#define SZ_NO_WORD 0xFF
/* The mask after byte b at position pos (pos saturates at 255, past every word). */
uint8_t sz_words_narrow(const uint8_t *list, uint8_t mask, uint8_t pos, uint8_t b);
/* The index of the word in mask that is exactly pos bytes long, or SZ_NO_WORD. */
uint8_t sz_words_matched(const uint8_t *list, uint8_t mask, uint8_t pos);
/* A match in one place: m narrowed by byte b, its count moved on (saturating); reset to
   begin. */
struct sz_word_match {
	uint8_t mask, pos;
};
void sz_word_match_byte(struct sz_word_match *m, const uint8_t *list, uint8_t b);
void sz_word_match_reset(struct sz_word_match *m);

#endif
