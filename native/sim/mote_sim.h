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

#endif
