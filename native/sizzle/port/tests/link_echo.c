/*
 * The link's test firmware (port/tests/link_test.py drives it): the same program on the host,
 * the ATmega128 and the MSP430F1611, over sz_port.h. Per client: "HELLO <n> <seed>" (n counts
 * connections, seed is the 16 bytes read at boot, in hex), then every byte echoed; "QUIT\n"
 * hangs up, "EXIT\n" ends the program; a client quiet for IDLE_MS is hung up on ("BYE idle"),
 * and so is a quiet one while another waits ("BYE pending"), as the server's one-connection
 * mode does; a client that closes is followed by the next.
 */
#include "sz_port.h"

#if defined(__AVR__) || defined(__MSP430__)
#include "mote.h"
#else
#include <stdlib.h>
#define mote_exit(status) exit(status)
#endif

#define IDLE_MS 1000
#define POLL_MS 100

static void say(const char *s)
{
	uint16_t n = 0;
	while (s[n])
		n++;
	sz_port_write((const uint8_t *)s, n);
}

static void hex(const uint8_t *b, uint16_t n)
{
	static const char digits[] = "0123456789abcdef";
	uint8_t two[2];
	for (uint16_t i = 0; i < n; i++) {
		two[0] = (uint8_t)digits[b[i] >> 4];
		two[1] = (uint8_t)digits[b[i] & 15];
		sz_port_write(two, 2);
	}
}

/* The last five bytes seen, to spot "QUIT\n" and "EXIT\n" across reads. */
static uint8_t tail[5];

static uint8_t ends_with(const char *word)
{
	for (uint8_t i = 0; i < 5; i++)
		if (tail[i] != (uint8_t)word[i])
			return 0;
	return 1;
}

int main(void)
{
	uint8_t seed[16], buf[64];
	uint16_t connections = 0;
	if (sz_port_init() < 0)
		return 1;
	sz_port_seed(seed, sizeof seed);
	for (;;) {
		uint32_t quiet_since;
		uint8_t count[2];
		sz_port_accept();
		count[0] = (uint8_t)(connections >> 8);
		count[1] = (uint8_t)connections;
		connections++;
		say("HELLO ");
		hex(count, 2);
		say(" ");
		hex(seed, sizeof seed);
		say("\n");
		quiet_since = sz_port_millis();
		for (;;) {
			int16_t n = sz_port_read(buf, sizeof buf, POLL_MS);
			if (n == SZ_PORT_CLOSED)
				break;
			if (n == SZ_PORT_TIMEOUT) {
				if (sz_port_pending()) {
					say("BYE pending\n");
					break;
				}
				if (sz_port_elapsed(quiet_since) >= IDLE_MS) {
					say("BYE idle\n");
					break;
				}
				continue;
			}
			quiet_since = sz_port_millis();
			sz_port_write(buf, (uint16_t)n);
			for (int16_t i = 0; i < n; i++) {
				for (uint8_t j = 0; j < 4; j++)
					tail[j] = tail[j + 1];
				tail[4] = buf[i];
			}
			if (ends_with("QUIT\n")) {
				say("BYE quit\n");
				break;
			}
			if (ends_with("EXIT\n")) {
				say("BYE exit\n");
				sz_port_hangup();
				mote_exit(0);
			}
		}
		sz_port_hangup();
		tail[4] = 0;
	}
}
