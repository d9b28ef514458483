/*
 * The configuration form, parsed as it streams (sz_config_form.h).
 * Mirrors sizzle-server/src/main/java/sizzle/app/ConfigForm.java: the same verdict and values
 * for every body, without holding the body.
 */
#include "sz_config_form.h"

#include "ks_wipe.h"
#include "sz_ascii.h"

#define PAIR 0
#define NAME 1
#define VALUE 2
#define BAD 3

/* Field names, a word list: setpoint, mode, password; any other name is OTHER. */
static const uint8_t fields[] KS_FLASH = "\x08setpoint\x04mode\x08password";
#define SETPOINT 0
#define MODE 1
#define PASSWORD 2
#define OTHER SZ_NO_WORD

#define PENDING (-1)
#define BAD_ESCAPE (-2)

void sz_config_form_begin(struct sz_config_form *f)
{
	ks_wipe(f, sizeof(*f));
	f->setpoint_len = -1;
	f->mode_len = -1;
	f->password_len = -1;
	f->state = PAIR;
}

/* One byte of a name or value: "+" is a space, "%XX" a byte. The decoded byte, PENDING
   inside an escape, or BAD_ESCAPE. */
static int16_t decode(struct sz_config_form *f, uint8_t b)
{
	if (f->pct) {
		int8_t h = sz_hex_value(b);
		if (h < 0)
			return BAD_ESCAPE;
		f->acc = (uint8_t)(f->acc << 4 | h);
		return --f->pct ? PENDING : f->acc;
	}
	if (b == '%') {
		f->pct = 2;
		f->acc = 0;
		return PENDING;
	}
	return b == '+' ? ' ' : b;
}

static int16_t *length_of(struct sz_config_form *f, uint8_t field)
{
	return field == SETPOINT ? &f->setpoint_len : field == MODE ? &f->mode_len : &f->password_len;
}

/* The value's end: at "&" or the body's end. */
static void value_end(struct sz_config_form *f)
{
	if (f->pct)
		f->state = BAD; /* an escape cut short */
	else {
		if (f->field != OTHER)
			*length_of(f, f->field) = (int16_t)f->value_len;
		f->state = PAIR;
	}
}

static void name_end(struct sz_config_form *f)
{
	uint8_t mask = SZ_ALL, i, n;
	if (f->pct) {
		f->state = BAD;
		return;
	}
	n = f->name_len < SZ_FORM_MAX_VALUE ? (uint8_t)f->name_len : SZ_FORM_MAX_VALUE;
	for (i = 0; i < n; i++)
		mask = sz_words_narrow(fields, mask, i, f->name[i]);
	f->field = f->name_len <= SZ_FORM_MAX_VALUE ? sz_words_matched(fields, mask, n) : OTHER;
	if (f->field != OTHER && *length_of(f, f->field) >= 0) {
		f->state = BAD; /* a field given twice */
		return;
	}
	f->value_len = 0;
	f->state = VALUE;
}

static void store(struct sz_config_form *f, uint8_t c)
{
	uint8_t *dest = f->field == SETPOINT ? f->setpoint : f->field == MODE ? f->mode : f->password;
	uint16_t cap = f->field == PASSWORD ? SZ_GATE_MAX_LENGTH : SZ_FORM_MAX_VALUE;
	if (f->field != OTHER && f->value_len < cap)
		dest[f->value_len] = c;
	f->value_len++;
}

void sz_config_form_push(struct sz_config_form *f, const uint8_t *b, uint16_t n)
{
	uint16_t k;
	for (k = 0; k < n && f->state != BAD; k++) {
		uint8_t c = b[k];
		int16_t d;
		if (f->state == PAIR) {
			if (c == '&')
				continue; /* an empty pair */
			f->state = NAME;
			f->name_len = 0;
		}
		if (c == '&') {
			if (f->state == NAME)
				f->state = BAD; /* a pair without "=" */
			else
				value_end(f);
			continue;
		}
		if (c == '=' && f->state == NAME) {
			name_end(f);
			continue;
		}
		d = decode(f, c);
		if (d == BAD_ESCAPE) {
			f->state = BAD;
		} else if (d >= 0) {
			if (f->state == NAME) {
				if (f->name_len < SZ_FORM_MAX_VALUE)
					f->name[f->name_len] = (uint8_t)d;
				f->name_len++;
			} else {
				store(f, (uint8_t)d);
			}
		}
	}
}

uint8_t sz_config_form_end(struct sz_config_form *f)
{
	if (f->state == NAME)
		f->state = BAD;
	else if (f->state == VALUE)
		value_end(f);
	return (uint8_t)(f->state != BAD && f->setpoint_len >= 0 && f->mode_len >= 0 && f->password_len >= 0);
}

void sz_config_form_clear(struct sz_config_form *f)
{
	ks_wipe(f->password, sizeof(f->password));
	f->password_len = 0;
}
