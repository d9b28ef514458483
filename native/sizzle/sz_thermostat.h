/*
 * The reference application's device: a room temperature read from the sensor, a setpoint
 * within fixed bounds and a mode, and the device's name and kind (constants in flash).
 * Temperatures are integers in tenths of a degree Celsius and print with exactly one decimal.
 * Mirrors sizzle-server/src/main/java/sizzle/app/Thermostat.java.
 */
#ifndef SZ_THERMOSTAT_H
#define SZ_THERMOSTAT_H

#include "ks_config.h"

#define SZ_MODE_OFF 0
#define SZ_MODE_HEAT 1
#define SZ_MODE_COOL 2
#define SZ_MIN_SETPOINT 50  /* 5.0 C */
#define SZ_MAX_SETPOINT 300 /* 30.0 C */
#define SZ_INITIAL_SETPOINT 200
#define SZ_MAX_LABEL 32

struct sz_thermostat {
	const uint8_t *name; /* KS_FLASH, e.g. "thermostat-1" */
	const uint8_t *kind; /* KS_FLASH, e.g. "AVR" */
	uint8_t name_len, kind_len;
	int16_t setpoint;
	uint8_t mode;
};

/* Power-up state (20.0 C, off). name and kind: 1 to SZ_MAX_LABEL of A-Z a-z 0-9 space . _ -
   (so that pages show them unescaped); returns 0 if either breaks that rule. */
uint8_t sz_thermostat_init(struct sz_thermostat *t, const uint8_t *name, uint8_t name_len,
			   const uint8_t *kind, uint8_t kind_len);
/* Tenths from "21" or "21.5" (one to three digits, optionally a point and one digit), or -1.
   b holds min(length, cap) bytes of a value length bytes long. */
int16_t sz_thermostat_parse_tenths(const uint8_t *b, uint16_t length);
/* The mode named by b[0..length), or -1. */
int8_t sz_thermostat_parse_mode(const uint8_t *b, uint16_t length);
/* "21.5", "-0.5", "0.0" at out (at most 8 bytes); returns the length. */
uint8_t sz_thermostat_format_tenths(int16_t t, uint8_t *out);
/* "off", "heat" or "cool" in flash, its length in *len. */
const uint8_t *sz_thermostat_mode_name(uint8_t mode, uint8_t *len);

#endif
