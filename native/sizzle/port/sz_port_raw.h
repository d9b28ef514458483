/*
 * The platform's byte link under other names, for a build whose sz_port is the radio link
 * (sz_port_link.c, SZ_FW_LINK=1): the same functions as sz_port.h's init, accept, read, write,
 * pending and hangup, from the same file (sz_port_host.c, sz_port_avr.c or sz_port_msp430.c,
 * compiled once more by sz_port_raw.c under these names). The link's frames go over it; the
 * clock, the log, the seed and the RAM measure stay the platform's own sz_port_* functions.
 */
#ifndef SZ_PORT_RAW_H
#define SZ_PORT_RAW_H

#include <stdint.h>

int sz_raw_init(void);
void sz_raw_accept(void);
int16_t sz_raw_read(uint8_t *buf, uint16_t max, uint16_t timeout_ms);
void sz_raw_write(const uint8_t *buf, uint16_t n);
uint8_t sz_raw_pending(void);
void sz_raw_hangup(void);
/* sz_port_millis as the last sz_raw_read returned: the MSP430's mailbox brings it back with the
 * bytes (RX_WAIT), which saves the bridge a stop per read; elsewhere sz_port_millis(). */
uint32_t sz_raw_read_millis(void);
/* Sends what sz_raw_write holds back: the MSP430's mailbox keeps writes for its next read (one
 * stop for both); the link's frames must be on their way before the firmware goes off to
 * compute (a radio sends a frame as it is made). Elsewhere writes are not held: nothing. */
void sz_raw_flush(void);

#endif
