/*
 * sz_port_raw.h: the platform's byte link (its sz_port.h implementation, unchanged) compiled
 * under the names sz_raw_*, so that sz_port_link.c can be sz_port.h above it. Only the six
 * functions of the byte link are renamed; the platform's clock, log, seed and RAM measure keep
 * their names and are the firmware's. One translation unit of its own: the platform file's
 * statics stay private to it.
 */
#define sz_port_init sz_raw_init
#define sz_port_accept sz_raw_accept
#define sz_port_read sz_raw_read
#define sz_port_write sz_raw_write
#define sz_port_pending sz_raw_pending
#define sz_port_hangup sz_raw_hangup
#define sz_port_elapsed sz_raw_elapsed

#if defined(__AVR__)
#include "sz_port_avr.c"
#elif defined(__MSP430__)
#include "sz_port_msp430.c"
#else
#include "sz_port_host.c"
#endif

#include "sz_port_raw.h"

uint32_t sz_raw_read_millis(void)
{
#if defined(__MSP430__)
	return mote_mailbox.ms & 0xFFFFFFUL; /* written by the read's RX_WAIT (msp430/mailbox.h) */
#else
	return sz_port_millis();
#endif
}

void sz_raw_flush(void)
{
#if defined(__MSP430__)
	flush_tx();
#endif
}
