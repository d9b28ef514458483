/*
 * The reference application's pages, byte for byte the Java's: constant parts in flash with a
 * value between each two (a template: a page with n values has n + 1 parts).
 * Mirrors sizzle-server/src/main/java/sizzle/app/ThermostatPages.java and
 * sizzle-server/src/main/java/sizzle/http/Template.java.
 */
#ifndef SZ_THERMOSTAT_PAGES_H
#define SZ_THERMOSTAT_PAGES_H

#include "sz_response_writer.h"

#define SZ_PAGE_HOME 0   /* GET /: temperature, setpoint, mode, device name, device kind */
#define SZ_PAGE_STATUS 1 /* GET /status.json: temperature, setpoint, mode */
#define SZ_PAGE_CONFIG 2 /* GET /config: setpoint, then " selected" or "" for heat, cool, off */

/* Part k of the page (flash); 0 past the last part. */
uint8_t sz_pages_part(uint8_t page, uint8_t k, struct sz_piece *pc);
/* " selected" or nothing. */
void sz_pages_selected(uint8_t on, struct sz_piece *pc);

#endif
