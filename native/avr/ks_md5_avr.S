/*
 * MD5's compression function on the ATmega128 (RFC 1321 section 3.4), in place of
 * prim/ks_md5.c's C where KS_HASH_ASM (the AVR's default: prim/ks_hash_impl.h); any AVR build
 * of ks_md5.c links this file:
 *
 *   void ks_md5_compress(uint32_t h[4], const uint8_t block[64]);
 *
 * a, b, c, d in r2..r17, one rolled loop over the 64 steps, the block's little-endian words
 * read where they lie (the AVR's own byte order: no copy, no frame). Each byte of the round
 * function is formed in r0 and added straight into a's carry chain (AND, OR, EOR and MOV keep
 * the carry): F as d ^ (b & (c ^ d)), G as c ^ (d & (b ^ c)), H as b ^ c ^ d, and I = c ^ (b |
 * ~d) = ~u with u = c ^ (d & ~b), added as a - u - 1 (SEC, then SBC: no complement, which
 * would set the carry). The table in flash gives each step T[i] and its rotation: whole
 * bytes (the order in which the rotated sum is added to b) and at most four one-bit
 * rotations, left or right. Every branch depends on the step number only (public): the same
 * path for every block.
 */
#if !defined(KS_HASH_ASM) || KS_HASH_ASM /* -DKS_HASH_ASM=0: the C of prim/ instead */
#include "ks_hash_avr.h"
#include "../prim/ks_hash_k.h"
#define A0 2
#define B0 6
#define C0 10
#define D0 14
#define T0 18
#define STEP 22      /* i, 0..63 */
#define G 23         /* the message word's index g, then 4g; the step's rotation */

	.section .text.ks_md5_compress, "ax", @progbits
	.global ks_md5_compress
	.type ks_md5_compress, @function

/* a += the word whose bytes are formed by the four lines of \op (r0 from byte i of b, c, d) */
.macro ROUNDF op
	.irp i, 0, 1, 2, 3
	\op \i
	ADDC \i, A0+\i, r0
	.endr
.endm
.macro OP_F i
	mov r0, C0 + \i
	eor r0, D0 + \i
	and r0, B0 + \i
	eor r0, D0 + \i
.endm
.macro OP_G i
	mov r0, B0 + \i
	eor r0, C0 + \i
	and r0, D0 + \i
	eor r0, C0 + \i
.endm
.macro OP_H i
	mov r0, B0 + \i
	eor r0, C0 + \i
	eor r0, D0 + \i
.endm

/* b += rotl(a, 8k) (the bit rotations done): byte j of the rotation is a's byte j - k */
.macro ADDROT k
	add B0, A0 + ((4 - \k) & 3)
	adc B0 + 1, A0 + ((5 - \k) & 3)
	adc B0 + 2, A0 + ((6 - \k) & 3)
	adc B0 + 3, A0 + ((7 - \k) & 3)
.endm

ks_md5_compress:
	HASH_ENTER 0
	movw r28, r22          /* Y = the block */
	movw r30, r24
	.irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
	ld \r, Z+
	.endr
	ldi r30, lo8(md5_steps)
	ldi r31, hi8(md5_steps)
	clr STEP

step:
	/* a += f(b, c, d); g */
	mov G, STEP
	cpi STEP, 16
	brsh 1f
	ROUNDF OP_F            /* 0..15: g = i */
	rjmp 4f
1:	cpi STEP, 32
	brsh 2f
	ROUNDF OP_G            /* 16..31: g = 5i + 1 */
	lsl G
	lsl G
	add G, STEP
	inc G
	rjmp 4f
2:	cpi STEP, 48
	brsh 3f
	ROUNDF OP_H            /* 32..47: g = 3i + 5 */
	lsl G
	add G, STEP
	subi G, -5
	rjmp 4f
3:	sec                    /* 48..63: a += ~u, u = c ^ (d & ~b) = c ^ b ^ (b | d); g = 7i */
	.irp i, 0, 1, 2, 3
	mov r0, B0 + \i
	or r0, D0 + \i
	eor r0, B0 + \i
	eor r0, C0 + \i
	sbc A0 + \i, r0
	.endr
	lsl G
	lsl G
	lsl G
	sub G, STEP
4:	/* a += X[g mod 16] + T[i] */
	lsl G
	lsl G
	andi G, 60
	movw r26, r28
	add r26, G
	adc r27, r1
	.irp i, 0, 1, 2, 3
	ld r0, X+
	ADDC \i, A0+\i, r0
	.endr
	.irp i, 0, 1, 2, 3
	lpm r0, Z+
	ADDC \i, A0+\i, r0
	.endr
	/* the rotation: bits 0..2 one-bit steps left, bits 3..5 right, bits 6..7 whole bytes */
	lpm G, Z+
	mov T0, G
	andi T0, 7
	breq 6f
5:	ROTL32 A0, A0+1, A0+2, A0+3
	dec T0
	brne 5b
6:	mov T0, G
	andi T0, 0x38
	breq 8f
7:	ROTR32 A0, A0+1, A0+2, A0+3
	subi T0, 8
	brne 7b
8:	/* (a, b, c, d) = (d, b + rotl(a, s), b, c) */
	movw T0, D0
	movw T0 + 2, D0 + 2
	movw D0, C0
	movw D0 + 2, C0 + 2
	movw C0, B0
	movw C0 + 2, B0 + 2
	sbrc G, 7
	rjmp 9f
	sbrc G, 6
	rjmp 10f
	ADDROT 0
	rjmp 12f
10:	ADDROT 1
	rjmp 12f
9:	sbrc G, 6
	rjmp 11f
	ADDROT 2
	rjmp 12f
11:	ADDROT 3
12:	movw A0, T0
	movw A0 + 2, T0 + 2
	inc STEP
	cpi STEP, 64
	breq 13f
	rjmp step

13:	/* h += (a, b, c, d) */
	movw r30, r24
	.irp w, A0, B0, C0, D0
	ADDH \w
	.endr
	HASH_LEAVE
	.size ks_md5_compress, . - ks_md5_compress

/* Step i: T[i] = floor(2^32 |sin(i + 1)|), then the rotation s as one byte: s = 8k + d
   with k = (s + 3) / 8 and d in -3..4: k << 6, then d one-bit steps left (bits 0..2) or -d
   right (bits 3..5). */
.macro MD5STEP t, s
	.long \t
	.if \s + 3 - 8 * ((\s + 3) / 8) >= 3
	.byte (((\s + 3) / 8) << 6) | (\s - 8 * ((\s + 3) / 8))
	.else
	.byte (((\s + 3) / 8) << 6) | ((8 * ((\s + 3) / 8) - \s) << 3)
	.endif
.endm
.macro MD5ROUND s0, s1, s2, s3, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15
	MD5STEP \t0, \s0
	MD5STEP \t1, \s1
	MD5STEP \t2, \s2
	MD5STEP \t3, \s3
	MD5STEP \t4, \s0
	MD5STEP \t5, \s1
	MD5STEP \t6, \s2
	MD5STEP \t7, \s3
	MD5STEP \t8, \s0
	MD5STEP \t9, \s1
	MD5STEP \t10, \s2
	MD5STEP \t11, \s3
	MD5STEP \t12, \s0
	MD5STEP \t13, \s1
	MD5STEP \t14, \s2
	MD5STEP \t15, \s3
.endm

	.section .progmem.ks_md5_steps, "a", @progbits
	.type md5_steps, @object
md5_steps:
	MD5ROUND 7, 12, 17, 22, KS_MD5_T_ROUND1
	MD5ROUND 5, 9, 14, 20, KS_MD5_T_ROUND2
	MD5ROUND 4, 11, 16, 23, KS_MD5_T_ROUND3
	MD5ROUND 6, 10, 15, 21, KS_MD5_T_ROUND4
	.size md5_steps, . - md5_steps
#endif
