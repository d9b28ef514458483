/*
 * The simulator-only device that avr_harness adds to the AVR (sim/avr_harness.c). It sits in
 * the ATmega128's reserved extended I/O space (0x9E-0xFF), so it never clashes with a real
 * peripheral; firmware that uses it only runs in the harness.
 */
#ifndef MOTE_SIM_H
#define MOTE_SIM_H

#define SIM_CYCLE_LATCH 0xF0 /* write: copy the exact cycle counter into SIM_CYCLE_0..7 */
#define SIM_EXIT        0xF1 /* write: the harness's exit status */
#define SIM_CYCLE_0     0xF8 /* read: latched cycle count, least significant byte first */

/* The link of a server firmware (avr_harness -L PORT: one TCP client at a time on UART0). */
#define SIM_LINK        0xF2 /* read: SIM_LINK_* status bits; write: a SIM_LINK_* command */
#define SIM_SEED        0xF3 /* read: the next byte of the seed stream (-s HEX, else the host's entropy) */
#define SIM_MS_LATCH    0xF4 /* write: copy the host's milliseconds since start into SIM_MS_0..3 */
#define SIM_MS_0        0xF5 /* read: latched milliseconds, SIM_MS_0..SIM_MS_0+2 (24 bits, ~4.6 hours) */

#define SIM_LINK_OPEN    0x01 /* status: a client is connected */
#define SIM_LINK_CLOSED  0x02 /* status: it has closed and every byte it sent has been read */
#define SIM_LINK_PENDING 0x04 /* status: another client is waiting to connect */
#define SIM_LINK_ACCEPT  0x01 /* command: wait for the next client (no simulated time passes) */
#define SIM_LINK_HANGUP  0x02 /* command: close the current client, after the bytes sent so far */

#endif
