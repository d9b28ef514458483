/*
 * The pages' constant parts (sz_thermostat_pages.h).
 * Mirrors sizzle-server/src/main/java/sizzle/app/ThermostatPages.java (Template.java: parts
 * and values alternate, see sz_thermostat_app.c).
 */
#include "sz_thermostat_pages.h"

/* The parts of each page, one after another in one string; a table of their lengths, and of
 * where each page's parts start among them (a table, not a switch: the MSP430's flash). */
#define HOME0 "<!DOCTYPE html>\n<html><head><title>Thermostat</title></head><body>\n" \
	"<h1>Thermostat</h1>\n<p>Temperature: "
#define HOME1 " &deg;C<br>\nSetpoint: "
#define HOME2 " &deg;C<br>\nMode: "
#define HOME3 "</p>\n<p>Device: "
#define HOME4 " ("
#define HOME5 ")</p>\n<p><a href=\"/config\">Settings</a></p>\n</body></html>\n"

#define STATUS0 "{\"temperature_c\": "
#define STATUS1 ", \"setpoint_c\": "
#define STATUS2 ", \"mode\": \""
#define STATUS3 "\"}\n"

#define CONFIG0 "<!DOCTYPE html>\n<html><head><title>Thermostat</title></head><body>\n" \
	"<h1>Thermostat settings</h1>\n<form method=\"post\" action=\"/config\">\n" \
	"<p>Setpoint (5.0 to 30.0 &deg;C): <input name=\"setpoint\" value=\""
#define CONFIG1 "\"></p>\n<p>Mode: <select name=\"mode\"><option"
#define CONFIG2 ">heat</option><option"
#define CONFIG3 ">cool</option><option"
#define CONFIG4 ">off</option></select></p>\n" \
	"<p>Password: <input type=\"password\" name=\"password\"></p>\n" \
	"<p><input type=\"submit\" value=\"Save\"></p>\n</form>\n" \
	"<p><a href=\"/\">Back</a></p>\n</body></html>\n"

#define LEN(x) (sizeof(x) - 1)
static const uint8_t text[] KS_FLASH = HOME0 HOME1 HOME2 HOME3 HOME4 HOME5 STATUS0 STATUS1 STATUS2 STATUS3
	CONFIG0 CONFIG1 CONFIG2 CONFIG3 CONFIG4;
static const uint8_t length[] KS_FLASH = {
	LEN(HOME0), LEN(HOME1), LEN(HOME2), LEN(HOME3), LEN(HOME4), LEN(HOME5),
	LEN(STATUS0), LEN(STATUS1), LEN(STATUS2), LEN(STATUS3),
	LEN(CONFIG0), LEN(CONFIG1), LEN(CONFIG2), LEN(CONFIG3), LEN(CONFIG4),
};
/* page p's parts: first[p] .. first[p + 1] - 1 (SZ_PAGE_HOME, _STATUS, _CONFIG) */
static const uint8_t first[] KS_FLASH = {0, 6, 10, 15};

static const uint8_t selected[] KS_FLASH = " selected";

uint8_t sz_pages_part(uint8_t page, uint8_t k, struct sz_piece *pc)
{
	const uint8_t *p = text;
	uint8_t i, at;
	if (page > SZ_PAGE_CONFIG)
		return 0;
	at = (uint8_t)(KS_READ_BYTE(&first[page]) + k);
	if (at >= KS_READ_BYTE(&first[page + 1]))
		return 0;
	for (i = 0; i < at; i++)
		p += KS_READ_BYTE(&length[i]);
	pc->p = p;
	pc->len = KS_READ_BYTE(&length[at]);
	pc->flash = 1;
	return 1;
}

void sz_pages_selected(uint8_t on, struct sz_piece *pc)
{
	pc->p = selected;
	pc->len = on ? sizeof(selected) - 1 : 0;
	pc->flash = 1;
}
