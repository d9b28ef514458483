/*
 * The pages' constant parts (sz_thermostat_pages.h).
 * Mirrors sizzle-server/src/main/java/sizzle/app/ThermostatPages.java (Template.java: parts
 * and values alternate, see sz_thermostat_app.c).
 */
#include "sz_thermostat_pages.h"

static const uint8_t home0[] KS_FLASH = "<!DOCTYPE html>\n<html><head><title>Thermostat</title></head><body>\n"
	"<h1>Thermostat</h1>\n<p>Temperature: ";
static const uint8_t home1[] KS_FLASH = " &deg;C<br>\nSetpoint: ";
static const uint8_t home2[] KS_FLASH = " &deg;C<br>\nMode: ";
static const uint8_t home3[] KS_FLASH = "</p>\n<p>Device: ";
static const uint8_t home4[] KS_FLASH = " (";
static const uint8_t home5[] KS_FLASH = ")</p>\n<p><a href=\"/config\">Settings</a></p>\n</body></html>\n";

static const uint8_t status0[] KS_FLASH = "{\"temperature_c\": ";
static const uint8_t status1[] KS_FLASH = ", \"setpoint_c\": ";
static const uint8_t status2[] KS_FLASH = ", \"mode\": \"";
static const uint8_t status3[] KS_FLASH = "\"}\n";

static const uint8_t config0[] KS_FLASH = "<!DOCTYPE html>\n<html><head><title>Thermostat</title></head><body>\n"
	"<h1>Thermostat settings</h1>\n<form method=\"post\" action=\"/config\">\n"
	"<p>Setpoint (5.0 to 30.0 &deg;C): <input name=\"setpoint\" value=\"";
static const uint8_t config1[] KS_FLASH = "\"></p>\n<p>Mode: <select name=\"mode\"><option";
static const uint8_t config2[] KS_FLASH = ">heat</option><option";
static const uint8_t config3[] KS_FLASH = ">cool</option><option";
static const uint8_t config4[] KS_FLASH = ">off</option></select></p>\n"
	"<p>Password: <input type=\"password\" name=\"password\"></p>\n"
	"<p><input type=\"submit\" value=\"Save\"></p>\n</form>\n"
	"<p><a href=\"/\">Back</a></p>\n</body></html>\n";

static const uint8_t selected[] KS_FLASH = " selected";

#define PART(a) (pc->p = (a), pc->len = sizeof(a) - 1, pc->flash = 1, 1)

uint8_t sz_pages_part(uint8_t page, uint8_t k, struct sz_piece *pc)
{
	switch (page << 3 | k) {
	case SZ_PAGE_HOME << 3 | 0: return PART(home0);
	case SZ_PAGE_HOME << 3 | 1: return PART(home1);
	case SZ_PAGE_HOME << 3 | 2: return PART(home2);
	case SZ_PAGE_HOME << 3 | 3: return PART(home3);
	case SZ_PAGE_HOME << 3 | 4: return PART(home4);
	case SZ_PAGE_HOME << 3 | 5: return PART(home5);
	case SZ_PAGE_STATUS << 3 | 0: return PART(status0);
	case SZ_PAGE_STATUS << 3 | 1: return PART(status1);
	case SZ_PAGE_STATUS << 3 | 2: return PART(status2);
	case SZ_PAGE_STATUS << 3 | 3: return PART(status3);
	case SZ_PAGE_CONFIG << 3 | 0: return PART(config0);
	case SZ_PAGE_CONFIG << 3 | 1: return PART(config1);
	case SZ_PAGE_CONFIG << 3 | 2: return PART(config2);
	case SZ_PAGE_CONFIG << 3 | 3: return PART(config3);
	case SZ_PAGE_CONFIG << 3 | 4: return PART(config4);
	default: return 0;
	}
}

void sz_pages_selected(uint8_t on, struct sz_piece *pc)
{
	pc->p = selected;
	pc->len = on ? sizeof(selected) - 1 : 0;
	pc->flash = 1;
}
