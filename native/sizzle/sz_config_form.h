/*
 * The body of POST /config, application/x-www-form-urlencoded (WHATWG URL, "urlencoded
 * parsing") with the fields setpoint, mode and password, each exactly once, parsed as the
 * body streams in: no body buffer. Values are decoded into fixed buffers; a value longer than
 * its buffer is counted, not stored, so it fails validation later (or, for the password, the
 * comparison) instead of overflowing. Malformed: a bad percent-escape, a pair without "=",
 * one of the three fields missing or repeated; empty pairs are skipped, unknown fields ignored.
 * Mirrors sizzle-server/src/main/java/sizzle/app/ConfigForm.java.
 */
#ifndef SZ_CONFIG_FORM_H
#define SZ_CONFIG_FORM_H

#include "sz_password_gate.h"

#define SZ_FORM_MAX_VALUE 8

struct sz_config_form {
	uint8_t setpoint[SZ_FORM_MAX_VALUE];
	uint8_t mode[SZ_FORM_MAX_VALUE];
	uint8_t password[SZ_GATE_MAX_LENGTH];
	uint8_t name[SZ_FORM_MAX_VALUE];
	int16_t setpoint_len, mode_len, password_len; /* -1: not (yet) given */
	uint16_t name_len, value_len;
	uint8_t state; /* between pairs, in a name, in a value, malformed */
	uint8_t field; /* the value's field */
	uint8_t pct;   /* hex digits of a percent-escape still owed */
	uint8_t acc;   /* the escape's value so far */
};

void sz_config_form_begin(struct sz_config_form *f);
void sz_config_form_push(struct sz_config_form *f, const uint8_t *b, uint16_t n);
/* The body has ended: 1 if the form is well-formed with the three fields. */
uint8_t sz_config_form_end(struct sz_config_form *f);
/* Forgets the password guess (ks_wipe). */
void sz_config_form_clear(struct sz_config_form *f);

#endif
