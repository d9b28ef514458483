/*
 * The C Sizzle server's firmware for the motes (the ATmega128 in avr_harness -L, the
 * MSP430F1611 in mspsim_run.py --serve; the same image flashes a device): the loop of
 * sz_firmware.c over sz_port, one build per profile and application, the identity and the
 * device's facts from the headers made for this build (make -C native sizzle-firmware).
 *
 *   SZ_APP_THERMOSTAT  the thermostat over HTTP (sz_thermostat_app.c), the device's name, kind
 *                      and password from SZ_DEVICE (firmware/device_header.py)
 *   SZ_APP_TRANSCRIPT  the stored transcripts' application, for the replays (test builds): its
 *                      configuration follows the seed in the harness's seed bytes: the suite to
 *                      allow (2 bytes, big-endian; 0: all), the record version before one is
 *                      negotiated (2 bytes: 0x0300 for the transcripts' SSL 3.0-only server, else
 *                      TLS 1.0), the number of connections n (1 byte), then each connection's
 *                      response size (2 bytes each; the last repeats)
 *
 * One buffer for the records both ways (the engine shares it: sz_tls_connection.h), for
 * SZ_FW_LIMIT plaintext bytes a record (README gives each build's). The clock is the port's milliseconds; the temperature a fixed
 * 21.5 C (the simulators have no sensor; a device binds its ADC here).
 */
#include "sz_firmware.h"
#include "sz_server_log.h"
#include "sz_port.h"
#include "sz_profile.h"
#include "sz_clock.h"
#include "sz_temperature_sensor.h"
#include "sz_record_writer.h"
#include "sz_protocol_version.h"
#if defined(SZ_APP_TRANSCRIPT)
#include "sz_transcript_app.h"
#else
#include "sz_http_app.h"
#include "sz_thermostat_app.h"
#include SZ_DEVICE
#endif

#ifndef SZ_FW_LIMIT
#define SZ_FW_LIMIT 512
#endif

static uint8_t records[SZ_WRITER_BUFFER(SZ_FW_LIMIT)];
static sz_firmware server;

/* The port's 24-bit milliseconds, counted on across its wraps (checked at least every 4.6 h:
 * the loop polls every SZ_LOOP_POLL_MS). */
uint32_t sz_clock_from_port(uint32_t now)
{
	static uint32_t last, total;
	total += (now - last) & 0xFFFFFFUL;
	last = now;
	return total;
}

uint32_t sz_clock_millis(void)
{
	return sz_clock_from_port(sz_port_millis());
}

int16_t sz_temperature_tenths(void)
{
	return 215;
}

#if defined(SZ_APP_TRANSCRIPT)
#define MAX_CONNECTIONS 8
static sz_transcript_app transcript;
static uint16_t sizes[MAX_CONNECTIONS];
static uint8_t n_sizes, next_size;

static void fresh(void *ctx, sz_app *app)
{
	(void)ctx;
	sz_transcript_app_init(&transcript, sizes[next_size], app);
	if (next_size + 1 < n_sizes)
		next_size++;
}

static uint16_t configure(uint16_t *version)
{
	uint8_t b[5];
	uint8_t i;
	sz_port_seed(b, 5);
	*version = (uint16_t)(b[2] << 8 | b[3]);
	n_sizes = b[4] == 0 ? 1 : b[4] > MAX_CONNECTIONS ? MAX_CONNECTIONS : b[4];
	for (i = 0; i < n_sizes; i++) {
		uint8_t m[2];
		sz_port_seed(m, 2);
		sizes[i] = (uint16_t)(m[0] << 8 | m[1]);
	}
	return (uint16_t)(b[0] << 8 | b[1]);
}
#define RESPONSES 0
#else
static struct sz_thermostat thermostat;
static struct sz_password_gate gate;
static struct sz_thermostat_app handler;
static sz_http_app http;

static void fresh(void *ctx, sz_app *app)
{
	(void)ctx;
	/* One peer for the password gate's back-off: a mote cannot tell its clients apart. */
	sz_http_app_init(&http, &handler, (const uint8_t *)"client", 6, app);
}

static uint16_t responses(const void *ctx)
{
	(void)ctx;
	return http.http.responses;
}
#define RESPONSES responses
#endif

/* Everything before the loop: the port, the seed, the application, the server. NULL if the
 * device's facts or the key's blinding are refused. (The fuzzer calls it before each input.) */
sz_firmware *sz_device_setup(void)
{
	uint8_t seed[32];
	uint16_t suite = 0, version = SZ_TLS10;
	if (sz_port_init() != 0)
		return 0;
	sz_port_seed(seed, sizeof seed);
#if defined(SZ_FW_LINK) && SZ_FW_LINK
	sz_port_share(records, sizeof records, SZ_TLS_RECEIVE_HEADROOM);
#endif
#if defined(SZ_APP_TRANSCRIPT)
	suite = configure(&version);
#else
	if (!sz_thermostat_init(&thermostat, sz_device_name, SZ_DEVICE_NAME_LEN, sz_device_kind, SZ_DEVICE_KIND_LEN) ||
	    !sz_password_gate_init(&gate, sz_device_secret, SZ_GATE_CLIENTS))
		return 0;
	sz_thermostat_app_init(&handler, &thermostat, &gate);
#endif
	if (sz_firmware_init(&server, seed, suite ? sz_suite_bit(suite) : 0xFFFFu, records, sizeof records, records,
			     sizeof records, fresh, 0, RESPONSES) != 0)
		return 0;
	server.cfg.initial_version = version == SZ_SSL30 ? SZ_SSL30 : SZ_TLS10;
	return &server;
}

#ifndef SZ_NO_MAIN
int main(void)
{
	sz_firmware *f = sz_device_setup();
	if (!f)
		return 1;
	sz_server_log_ready();
	for (;;)
		sz_firmware_serve(f);
}
#endif
