/*
 * The reference application's routes (../shared/DESIGN.md section 10), the sz_handler.h of
 * the firmware:
 *   GET  /             200 the status page (HTML)
 *   GET  /status.json  200 {"temperature_c": 21.5, "setpoint_c": 20.0, "mode": "off"}
 *   GET  /config       200 the settings form
 *   POST /config       303 to / when the password is right and the settings are applied
 *                      401 wrong password; 429 while this client backs off (Retry-After, s)
 *                      400 malformed form or value out of range; 415 not a form
 *   other method on a known path: 405 with Allow; any other path: 404
 * A POST while the gate is locked is refused before its form is even looked at; a form is
 * validated before the password is compared, so a malformed submission is not a failed guess.
 * Mirrors sizzle-server/src/main/java/sizzle/app/ThermostatApp.java.
 */
#ifndef SZ_THERMOSTAT_APP_H
#define SZ_THERMOSTAT_APP_H

#include "sz_config_form.h"
#include "sz_password_gate.h"
#include "sz_thermostat.h"

struct sz_thermostat_app {
	struct sz_thermostat *thermostat;
	struct sz_password_gate *gate;
	struct sz_config_form form; /* the body of the request being read */
};

void sz_thermostat_app_init(struct sz_thermostat_app *a, struct sz_thermostat *t, struct sz_password_gate *g);

#endif
