/*
 * The few things a test firmware needs from a simulated mote, the same on the AVR (simavr,
 * native/avr/mote_avr.c) and the MSP430 (mspdebug sim, native/msp430/mote_msp430.c): a byte
 * console, the simulator's exact cycle counter, stack painting, and an exit status.
 */
#ifndef MOTE_H
#define MOTE_H

#include <stdint.h>
#include <string.h>

#ifdef __AVR__
#include <avr/pgmspace.h>
#define MOTE_FLASH PROGMEM /* constants stay in flash: the ATmega128 has 4 KB of RAM */
#define mote_flash_copy(dst, src, n) memcpy_P((dst), (src), (n))
#define mote_flash_cmp(ram, flash, n) memcmp_P((ram), (flash), (n))
#else
#define MOTE_FLASH /* the MSP430 reads flash like RAM */
#define mote_flash_copy(dst, src, n) memcpy((dst), (src), (n))
#define mote_flash_cmp(ram, flash, n) memcmp((ram), (flash), (n))
#endif

void mote_init(void);
void mote_putc(char c);
/* The simulator's cycle counter (low 32 bits: up to ~580 s of a 7.37 MHz mote). The cost of
 * the call itself is constant: measure it once with two calls in a row and subtract it. */
uint32_t mote_cycles(void);
/* Fill the free RAM below the stack with a pattern; mote_stack_peak() then tells how many
 * bytes below the caller's stack pointer anything has written since. */
void mote_stack_paint(void);
uint16_t mote_stack_peak(void);
/* The lowest address written below the painted stack since mote_stack_paint (the stack's
 * high-water mark as an address: the firmware's RAM measure counts from here to the top). */
uint16_t mote_stack_low(void);
/* Painted bytes above .data/.bss that nothing has written: 0 when the stack reached them. */
uint16_t mote_stack_free(void);
/* The byte mote_stack_paint writes. */
#define MOTE_STACK_PAINT 0xA5
/* A digest (rotate and add) of the dead stack from its low-water mark up to `below`: after an
 * operation on a secret, the same for every secret when its wipes left nothing of it
 * (sim/mote_print.c). */
uint16_t mote_stack_digest(uint16_t below);
/* End the run with this status (0 = success), as the simulator harness reports it. */
void mote_exit(uint8_t status) __attribute__((noreturn));

/* mote_print.c */
void mote_puts(const char *s);
void mote_put_u32(uint32_t v);
void mote_put_hex(const uint8_t *b, uint16_t n);
/* The lines bench/mote_report.py reads: one timed operation ("result impl=I curve=OP k=I
 * weight=W cycles=N stack=N ok=0|1"), and whether every run of an operation took the same
 * number of cycles ("equal impl=I curve=OP ok=0|1 required=0|1"). */
void mote_put_result(const char *impl, const char *op, uint8_t i, uint16_t weight,
                     uint32_t cycles, uint16_t stack, uint8_t ok);
void mote_put_equal(const char *impl, const char *op, uint8_t ok, uint8_t required);
/* A test firmware's checks: each counted, a failure named on the console ("FAIL what");
 * mote_check_end prints "N passed, N failed" and ends the run (status 1 if any failed). */
void mote_check(uint8_t ok, const char *what);
void mote_check_end(void) __attribute__((noreturn));

#endif
