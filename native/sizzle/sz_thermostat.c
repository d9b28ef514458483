/*
 * The device (sz_thermostat.h). Mirrors sizzle-server/src/main/java/sizzle/app/Thermostat.java.
 */
#include "sz_thermostat.h"

#include "sz_ascii.h"

/* The modes' names, a word list in mode order. */
static const uint8_t mode_names[] KS_FLASH = "\x03off\x04heat\x04" "cool";

static uint8_t label_ok(const uint8_t *s, uint8_t len)
{
	uint8_t i, c;
	if (len < 1 || len > SZ_MAX_LABEL)
		return 0;
	for (i = 0; i < len; i++) {
		c = KS_READ_BYTE(s + i);
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
		      || c == ' ' || c == '.' || c == '_' || c == '-'))
			return 0;
	}
	return 1;
}

uint8_t sz_thermostat_init(struct sz_thermostat *t, const uint8_t *name, uint8_t name_len,
			   const uint8_t *kind, uint8_t kind_len)
{
	t->name = name;
	t->name_len = name_len;
	t->kind = kind;
	t->kind_len = kind_len;
	t->setpoint = SZ_INITIAL_SETPOINT;
	t->mode = SZ_MODE_OFF;
	return (uint8_t)(label_ok(name, name_len) && label_ok(kind, kind_len));
}

static uint8_t is_digit(uint8_t b)
{
	return b >= '0' && b <= '9';
}

int16_t sz_thermostat_parse_tenths(const uint8_t *b, uint16_t length)
{
	uint16_t i = 0;
	int16_t v = 0;
	while (i < length && i < 3 && is_digit(b[i]))
		v = (int16_t)(v * 10 + (b[i++] - '0'));
	if (i == 0)
		return -1;
	v = (int16_t)(v * 10);
	if (i == length)
		return v;
	if (i + 2 == length && b[i] == '.' && is_digit(b[i + 1]))
		return (int16_t)(v + (b[i + 1] - '0'));
	return -1;
}

int8_t sz_thermostat_parse_mode(const uint8_t *b, uint16_t length)
{
	uint8_t mask = SZ_ALL, i;
	if (length > 4)
		return -1;
	for (i = 0; i < length; i++)
		mask = sz_words_narrow(mode_names, mask, i, b[i]);
	i = sz_words_matched(mode_names, mask, (uint8_t)length);
	return i == SZ_NO_WORD ? -1 : (int8_t)i;
}

uint8_t sz_thermostat_format_tenths(int16_t t, uint8_t *out)
{
	/* The digits of |t|, at least two, with a point before the last. */
	uint8_t n = 0, len;
	uint16_t v = (uint16_t)t;
	if (t < 0) {
		out[n++] = '-';
		v = (uint16_t)(0u - v);
	}
	if (v < 10)
		out[n++] = '0';
	len = sz_decimal(v, out + n);
	n = (uint8_t)(n + len);
	out[n] = out[n - 1];
	out[n - 1] = '.';
	return (uint8_t)(n + 1);
}

const uint8_t *sz_thermostat_mode_name(uint8_t mode, uint8_t *len)
{
	const uint8_t *p = mode_names;
	while (mode--)
		p += 1 + KS_READ_BYTE(p);
	*len = KS_READ_BYTE(p);
	return p + 1;
}
