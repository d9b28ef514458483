/*
 * The device's template book for the radio link (gateway-java/LINK.md §9.1, §9.7), in flash:
 * template 0 its Certificate message (type 11 and its u24 length, made here, then the
 * certificate_list: sz_identity_chain), ids 1-3 none (one identity a build), then the protocol
 * templates from id 4 (sz_template_editions.h): the legacy builds' edition 2 (ids 4-11), the
 * modern build's edition 3 (ids 4-19, edition 2 and then the modern templates); and the
 * capabilities its READY-SLEEP announces:
 * the edition, then the certificate ID (sz_identity_certificate_id). Built with the link's
 * templates (SZ_LINK_TEMPLATES=1, firmware.mk). Mirrors sizzle-server/src/main/java/sizzle/
 * template/TemplateBook.java (template) and Suppressor.java (capabilities).
 */
#include "ks_config.h"
#include "sz_template.h"
#include "sz_identity.h"
#include "sz_link.h"
#include "sz_config.h"
#define SZ_TEMPLATE_EDITION (SZ_LEGACY ? 2 : 3)
#include "sz_template_editions.h"

#define CERTIFICATE_HEADER 4 /* type 11, u24 length */

/* Where edition template i (0: id 4) ends in sz_template_bytes (u16, little-endian, as the
 * three targets store it). */
static uint16_t end_at(uint8_t i)
{
	const uint8_t *p = (const uint8_t *)&sz_template_end[i];
	return (uint16_t)(KS_READ_BYTE(p) | KS_READ_BYTE(p + 1) << 8);
}

uint16_t sz_template_length(uint8_t id)
{
	uint16_t n;
	if (id == 0) {
		sz_identity_chain(&n);
		return (uint16_t)(CERTIFICATE_HEADER + n);
	}
	if (id < SZ_TEMPLATE_FIRST || id >= SZ_TEMPLATE_FIRST + SZ_TEMPLATE_COUNT)
		return 0;
	id = (uint8_t)(id - SZ_TEMPLATE_FIRST);
	n = end_at(id);
	return id == 0 ? n : (uint16_t)(n - end_at((uint8_t)(id - 1)));
}

uint8_t sz_template_byte(uint8_t id, uint16_t pos)
{
	uint16_t n;
	const uint8_t *chain;
	if (id == 0) {
		chain = sz_identity_chain(&n);
		if (pos >= CERTIFICATE_HEADER)
			return KS_READ_BYTE(chain + pos - CERTIFICATE_HEADER);
		return pos == 0 ? 11 : pos == 1 ? 0 : pos == 2 ? (uint8_t)(n >> 8) : (uint8_t)n;
	}
	id = (uint8_t)(id - SZ_TEMPLATE_FIRST);
	return KS_READ_BYTE(&sz_template_bytes[(id == 0 ? 0 : end_at((uint8_t)(id - 1))) + pos]);
}

uint8_t sz_link_capability(uint8_t i)
{
	/* the edition; bit 7 in the modern build: its server takes a ClientHello as HELLO_DIGEST */
	return i == 0 ? (uint8_t)(SZ_TEMPLATE_EDITION | (SZ_LEGACY ? 0 : 0x80)) : KS_READ_BYTE(sz_identity_certificate_id() + i - 1);
}
