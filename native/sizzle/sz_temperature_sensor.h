/*
 * Where the thermostat reads the room temperature: a mote's ADC, a test. Bound by the
 * integrator. Mirrors sizzle-server/src/main/java/sizzle/app/TemperatureSensor.java (the
 * C reading is 16 bits: -3276.8 to 3276.7 degrees).
 */
#ifndef SZ_TEMPERATURE_SENSOR_H
#define SZ_TEMPERATURE_SENSOR_H

#include "ks_config.h"

/* The current temperature in tenths of a degree Celsius (215 is 21.5 C). */
int16_t sz_temperature_tenths(void);

#endif
