/*
 * SHA-1's compression function on the ATmega128 (FIPS 180-4 section 6.1.2, with the 16-word
 * schedule of section 6.1.3), in place of prim/ks_sha1.c's C where KS_HASH_ASM (the AVR's
 * default: prim/ks_hash_impl.h); any AVR build of ks_sha1.c links this file:
 *
 *   void ks_sha1_compress(uint32_t h[5], const uint8_t block[64]);
 *
 * The working variables a..e in r2..r21, the schedule W[t mod 16] in an 84-byte frame (Y; its
 * last 20 bytes hold a..e while the schedule's next words are computed in their registers).
 * Four loops of 20 steps, one per round function f and constant K, each four passes of five
 * steps written out: five steps bring a..e back to the same registers, so no step moves them
 * (step t computes the new a into e's registers, and the next step calls them a). Each step
 * reads its W[t] with Z+ and adds K to it in the high registers T (SUBI/SBCI of -K); each byte
 * of f(b, c, d) is formed in r0 and added straight into e's carry chain (AND, OR, EOR and MOV
 * keep the carry): Ch as d ^ (b & (c ^ d)), Maj as (b & c) + (d & (b ^ c)) (disjoint bits:
 * their sum is their OR); rotl5(a) from the products a_i * 32 (MUL: byte i is the low half of
 * a_i's OR the high half of a_{i-1}'s, 21 cycles against 24 for three one-bit rotations).
 * Before steps 16, 32, 48 and 64 (Z at the frame's end) `schedule`
 * turns the 16 words in the frame into the next 16, in place and written out (constant
 * offsets from Y: W[t] = rotl1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]), W[t-3] already the new
 * one; the words read again kept in a..e's registers: 41 cycles a word against 57), and Z
 * starts again at the frame. sim/prim_test.c's block (with ks_hash_update): 9,724 cycles
 * against 14,285 for the rolled loop over 80 steps it replaces (a register shuffle and the
 * ring's address arithmetic every step, and a ks_wipe_stack of 114 B after it); 3,896 B of
 * flash against 774 B. The branches are on the step number only (public):
 * the same path for every block. The frame holds W, as secret as the block: it is cleared
 * before the return, so ks_hash_update and ks_hash_final need no ks_wipe_stack after it
 * (prim/ks_hash_impl.h; this function goes 110 B below its caller: 20 registers saved, h, the
 * frame, the return addresses).
 */
#if !defined(KS_HASH_ASM) || KS_HASH_ASM /* -DKS_HASH_ASM=0: the C of prim/ instead */
#include "ks_hash_avr.h"
#define RA 2
#define RB 6
#define RC 10
#define RD 14
#define RE 18
#define T0 22
#define PASS 26      /* the passes of a loop left: 4..1 */
#define K32 27       /* 32, the multiplier of rotl5 */

	.section .text.ks_sha1_compress, "ax", @progbits
	.global ks_sha1_compress
	.type ks_sha1_compress, @function

/* e += f(b, c, d) per round, r0 byte by byte */
.macro F_CH b, c, d, e
	.irp i, 0, 1, 2, 3
	mov r0, \c + \i
	eor r0, \d + \i
	and r0, \b + \i
	eor r0, \d + \i
	ADDC \i, \e+\i, r0
	.endr
.endm
.macro F_PARITY b, c, d, e
	.irp i, 0, 1, 2, 3
	mov r0, \b + \i
	eor r0, \c + \i
	eor r0, \d + \i
	ADDC \i, \e+\i, r0
	.endr
.endm
.macro F_MAJ b, c, d, e
	.irp i, 0, 1, 2, 3
	mov r0, \b + \i
	and r0, \c + \i
	ADDC \i, \e+\i, r0
	.endr
	.irp i, 0, 1, 2, 3
	mov r0, \b + \i
	eor r0, \c + \i
	and r0, \d + \i
	ADDC \i, \e+\i, r0
	.endr
.endm

/* One step: e += rotl5(a) + f(b, c, d) + K + W[t] (W[t] at Z, Z moves past it); b =
   rotl30(b). The new a is in e's registers. */
.macro STEP f, k, a, b, c, d, e
	.irp i, 0, 1, 2, 3
	ld T0 + \i, Z+
	.endr
	subi T0, lo8(-(\k))
	sbci T0 + 1, hi8(-(\k))
	sbci T0 + 2, hlo8(-(\k))
	sbci T0 + 3, hhi8(-(\k))
	.irp i, 0, 1, 2, 3
	ADDC \i, \e+\i, T0+\i
	.endr
	\f \b, \c, \d, \e
	/* e += rotl5(a): byte i of it is (a_i << 5) | (a_{i-1} >> 3), the two halves of the
	   product a_i * 32 (MUL: r1:r0), formed in T; then r1 = 0 again */
	mul \a + 3, K32
	mov T0 + 3, r0
	mov T0, r1
	mul \a, K32
	or T0, r0
	mov T0 + 1, r1
	mul \a + 1, K32
	or T0 + 1, r0
	mov T0 + 2, r1
	mul \a + 2, K32
	or T0 + 2, r0
	or T0 + 3, r1
	clr r1
	.irp i, 0, 1, 2, 3
	ADDC \i, \e+\i, T0+\i
	.endr
	ROTR32 \b, \b+1, \b+2, \b+3
	ROTR32 \b, \b+1, \b+2, \b+3
.endm

/* Before step j of the pass with PASS = p: the next 16 words of the schedule when Z is at the
   frame's end then (steps 16, 32, 48, 64). */
.macro WRAP j, at, p
	.if \j == \at
	cpi PASS, \p
	brne 9f
	rcall schedule
9:
	.endif
.endm

/* 20 steps of one round: four passes of five, the registers' roles turning by one a step;
   before step `at` of the pass with PASS = p, the schedule's next 16 words. */
.macro ROUND f, k, at, p
	ldi PASS, 4
1:	WRAP 0, \at, \p
	STEP \f, \k, RA, RB, RC, RD, RE
	WRAP 1, \at, \p
	STEP \f, \k, RE, RA, RB, RC, RD
	WRAP 2, \at, \p
	STEP \f, \k, RD, RE, RA, RB, RC
	WRAP 3, \at, \p
	STEP \f, \k, RC, RD, RE, RA, RB
	WRAP 4, \at, \p
	STEP \f, \k, RB, RC, RD, RE, RA
	dec PASS
	breq 2f
	rjmp 1b
2:
.endm

/* group k's register for byte b: the schedule's words in r2..r21 (a..e saved), W[k] in group
   k mod 5 */
#define GW(k, b) (2 + 4 * ((k) % 5) + (b))

/* W[i] = rotl1(W[i + 13] ^ W[i + 8] ^ W[i + 2] ^ W[i]), indices mod 16 (those past i already
   the new words), for i = 0..15, the words in registers where they are used again: W[i] was
   read two words before as W[(i - 2) + 2] (for i >= 2) and becomes the result in place; the
   three latest results are W[i + 13] (for i >= 3); W[i + 2] read into the group of W[i - 3],
   once that is XORed in. Five groups: a..e's registers, saved in the frame meanwhile. */
.macro SCHED i
	.if \i < 2
	.irp b, 0, 1, 2, 3
	ldd GW(\i, \b), Y + 4 * \i + \b
	.endr
	.endif
	.irp b, 0, 1, 2, 3
	.if \i >= 3
	eor GW(\i, \b), GW(\i + 2, \b)          /* W[i - 3], the group of i + 2 */
	.else
	ldd r0, Y + 4 * ((\i + 13) & 15) + \b
	eor GW(\i, \b), r0
	.endif
	.endr
	.irp b, 0, 1, 2, 3
	ldd GW(\i + 2, \b), Y + 4 * ((\i + 2) & 15) + \b
	eor GW(\i, \b), GW(\i + 2, \b)
	ldd r0, Y + 4 * ((\i + 8) & 15) + \b
	eor GW(\i, \b), r0
	.endr
	ROTL32 GW(\i, 0), GW(\i, 1), GW(\i, 2), GW(\i, 3)
	.irp b, 0, 1, 2, 3
	std Y + 4 * \i + \b, GW(\i, \b)
	.endr
.endm

/* The frame's 16 words into the next 16 (a..e kept at Y + 64..83 meanwhile), and Z back at
   the first. */
schedule:
	movw r30, r28
	adiw r30, 32
	adiw r30, 32
	.irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21
	std Z + \r - 2, \r
	.endr
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	SCHED \i
	.endr
	.irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21
	ldd \r, Z + \r - 2
	.endr
	movw r30, r28
	ret

ks_sha1_compress:
	HASH_ENTER 84           /* Y = the frame: W[0..15], then a..e while `schedule` runs */
	push r24               /* h, for the end */
	push r25
	/* W[t] = the block's big-endian words */
	movw r26, r22
	ldi r16, 16
1:	ld r21, X+
	ld r20, X+
	ld r19, X+
	ld r18, X+
	st Y+, r18
	st Y+, r19
	st Y+, r20
	st Y+, r21
	dec r16
	brne 1b
	subi r28, 64
	sbci r29, 0
	movw r30, r24
	.irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21
	ld \r, Z+
	.endr
	movw r30, r28          /* Z = W[0] */
	ldi K32, 32

	/* the step before which Z is at the frame's end (16, 32, 48, 64): its pass and place */
	ROUND F_CH, 0x5a827999, 1, 1        /* 0..19: step 16 = pass 3 (PASS 1), j = 1 */
	ROUND F_PARITY, 0x6ed9eba1, 2, 2    /* 20..39: step 32 = pass 2 (PASS 2), j = 2 */
	ROUND F_MAJ, 0x8f1bbcdc, 3, 3       /* 40..59: step 48 = pass 1 (PASS 3), j = 3 */
	ROUND F_PARITY, 0xca62c1d6, 4, 4    /* 60..79: step 64 = pass 0 (PASS 4), j = 4 */

	/* the frame cleared: W and the saved words are as secret as the block */
	movw r30, r28
	ldi PASS, 7
3:	.rept 12
	st Z+, r1
	.endr
	dec PASS
	brne 3b
	/* h += (a, b, c, d, e) */
	pop r31
	pop r30
	.irp w, RA, RB, RC, RD, RE
	ADDH \w
	.endr
	subi r28, lo8(-83)     /* SP = the frame's top */
	sbci r29, hi8(-83)
	HASH_LEAVE_FRAME
	HASH_LEAVE
	.size ks_sha1_compress, . - ks_sha1_compress
#endif
