/*
 * SHA-1's compression function on the ATmega128 (FIPS 180-4 section 6.1.2, with the 16-word
 * schedule of section 6.1.3), in place of prim/ks_sha1.c's C where KS_HASH_ASM (the AVR's
 * default: prim/ks_hash_impl.h); any AVR build of ks_sha1.c links this file:
 *
 *   void ks_sha1_compress(uint32_t h[5], const uint8_t block[64]);
 *
 * The working variables a..e in r2..r21, the schedule W[t mod 16] in a 64-byte frame (Y), one
 * rolled loop over the 80 steps. Each byte of f(b, c, d) is formed in r0 and added straight
 * into e's carry chain (AND, OR, EOR and MOV keep the carry): Ch as d ^ (b & (c ^ d)), Maj as
 * (b & c) + (d & (b ^ c)) (disjoint bits: their sum is their OR), K by SUBI/SBCI of -K. The
 * branches are on the step number only (public): the same path for every block. The frame
 * holds W, as secret as the block: ks_hash_update and ks_hash_final clear it with their
 * ks_wipe_stack (KS_WIPE_STACK_HASH, 224 B on the AVR; this function goes 88 B below its
 * caller: 20 registers saved, h, the frame, the return address).
 */
#if !defined(KS_HASH_ASM) || KS_HASH_ASM /* -DKS_HASH_ASM=0: the C of prim/ instead */
#include "ks_hash_avr.h"
#define A0 2
#define B0 6
#define C0 10
#define D0 14
#define E0 18
#define T0 22
#define STEP 26      /* t, 0..79 */
#define OFF 27       /* 4 (t mod 16): W[t mod 16]'s offset in the frame */

	.section .text.ks_sha1_compress, "ax", @progbits
	.global ks_sha1_compress
	.type ks_sha1_compress, @function

/* Z = &W[(t + k/4) mod 16] */
.macro WADDR k
	RING_ADDR 30, OFF, 28, \k
.endm

/* T ^= the word at Z */
.macro WXOR
	.irp i, 0, 1, 2, 3
	ldd r0, Z + \i
	eor T0 + \i, r0
	.endr
.endm

/* e += K: subtract -K mod 2^32 */
.macro ADDK k
	subi E0, lo8(-(\k))
	sbci E0 + 1, hi8(-(\k))
	sbci E0 + 2, hlo8(-(\k))
	sbci E0 + 3, hhi8(-(\k))
.endm

/* e += b ^ c ^ d */
.macro PARITY
	.irp i, 0, 1, 2, 3
	mov r0, B0 + \i
	eor r0, C0 + \i
	eor r0, D0 + \i
	ADDC \i, E0+\i, r0
	.endr
.endm

ks_sha1_compress:
	HASH_ENTER 64           /* Y = the frame, W[0..15] */
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
	clr STEP
	clr OFF

step:
	/* T = W[t]: as loaded for t < 16, else rotl1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) */
	cpi STEP, 16
	brlo 2f
	WADDR 52
	.irp i, 0, 1, 2, 3
	ldd T0 + \i, Z + \i
	.endr
	WADDR 32
	WXOR
	WADDR 8
	WXOR
	WADDR 0
	WXOR
	ROTL32 T0, T0+1, T0+2, T0+3
	.irp i, 0, 1, 2, 3
	std Z + \i, T0 + \i
	.endr
	rjmp 3f
2:	WADDR 0
	.irp i, 0, 1, 2, 3
	ldd T0 + \i, Z + \i
	.endr
3:	/* e += W[t] */
	.irp i, 0, 1, 2, 3
	ADDC \i, E0+\i, T0+\i
	.endr
	/* e += f_t(b, c, d) + K_t */
	cpi STEP, 20
	brsh 4f
	.irp i, 0, 1, 2, 3     /* 0..19: Ch = d ^ (b & (c ^ d)) */
	mov r0, C0 + \i
	eor r0, D0 + \i
	and r0, B0 + \i
	eor r0, D0 + \i
	ADDC \i, E0+\i, r0
	.endr
	ADDK 0x5a827999
	rjmp 7f
4:	cpi STEP, 40
	brlo 5f
	cpi STEP, 60
	brsh 6f
	.irp i, 0, 1, 2, 3     /* 40..59: Maj = (b & c) + (d & (b ^ c)) */
	mov r0, B0 + \i
	and r0, C0 + \i
	ADDC \i, E0+\i, r0
	.endr
	.irp i, 0, 1, 2, 3
	mov r0, B0 + \i
	eor r0, C0 + \i
	and r0, D0 + \i
	ADDC \i, E0+\i, r0
	.endr
	ADDK 0x8f1bbcdc
	rjmp 7f
5:	PARITY                 /* 20..39 */
	ADDK 0x6ed9eba1
	rjmp 7f
6:	PARITY                 /* 60..79 */
	ADDK 0xca62c1d6
7:	/* e += rotl5(a) = rotr3(rotl8(a)): T0..T3 = a, read as bytes T3, T0, T1, T2 */
	movw T0, A0
	movw T0 + 2, A0 + 2
	.rept 3
	ROTR32 T0+3, T0, T0+1, T0+2
	.endr
	add E0, T0 + 3
	adc E0 + 1, T0
	adc E0 + 2, T0 + 1
	adc E0 + 3, T0 + 2
	/* b = rotl30(b); (a, b, c, d, e) = (e, a, b, c, d) */
	ROTR32 B0, B0+1, B0+2, B0+3
	ROTR32 B0, B0+1, B0+2, B0+3
	movw T0, E0
	movw T0 + 2, E0 + 2
	movw E0, D0
	movw E0 + 2, D0 + 2
	movw D0, C0
	movw D0 + 2, C0 + 2
	movw C0, B0
	movw C0 + 2, B0 + 2
	movw B0, A0
	movw B0 + 2, A0 + 2
	movw A0, T0
	movw A0 + 2, T0 + 2
	subi OFF, -4
	andi OFF, 63
	inc STEP
	cpi STEP, 80
	breq 8f
	rjmp step

8:	/* h += (a, b, c, d, e) */
	pop r31
	pop r30
	.irp w, A0, B0, C0, D0, E0
	ADDH \w
	.endr
	adiw r28, 63           /* SP = the frame's top */
	HASH_LEAVE_FRAME
	HASH_LEAVE
	.size ks_sha1_compress, . - ks_sha1_compress
#endif
