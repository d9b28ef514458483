/*
 * MD5's compression function on the ATmega128 (RFC 1321 section 3.4), in place of
 * prim/ks_md5.c's C where KS_HASH_ASM (the AVR's default: prim/ks_hash_impl.h); any AVR build
 * of ks_md5.c links this file:
 *
 *   void ks_md5_compress(uint32_t h[4], const uint8_t block[64]);
 *
 * a, b, c, d in four groups of four registers, r2..r17; the 64 steps written out, so that
 * every step's message word, T[i] and rotation are constants: the block's little-endian words
 * read where they lie (LDD from Y: the AVR's own byte order, no copy, no frame), T[i] added to
 * the word in the high registers r18..r21 (SUBI/SBCI of -T[i]). Nothing moves between steps:
 * the step's new b is formed in the registers of its a (b + rotl(a, s)), which the next step
 * calls b, and a rotation by whole bytes only renames a group's bytes: the assembler keeps,
 * per group, which register holds byte 0 of its word (Og, a .set symbol) and every operation
 * reads the bytes through it. The one-bit rotations left are at most four (s mod 8 = 1..4
 * left, 5..7 right). Each byte of the round function is formed in r0 and added straight into
 * a's carry chain (AND, OR, EOR and MOV keep the carry): F as d ^ (b & (c ^ d)), G as c ^ (d &
 * (b ^ c)), H as b ^ c ^ d, and I = c ^ (b | ~d) = ~u with u = c ^ b ^ (b | d), added as a - u - 1
 * (SEC, then SBC: no complement, which would set the carry). No branch at all: the same path
 * for every block. sim/prim_test.c's block (with ks_hash_update): 3,641 cycles against 8,132
 * for the rolled loop over the 64 steps with a table of T[i] and rotations that it replaces
 * (and its ks_wipe_stack of 48 B: no frame here, none needed, prim/ks_hash_impl.h); 6,200 B of
 * flash against 892 B.
 */
#if !defined(KS_HASH_ASM) || KS_HASH_ASM /* -DKS_HASH_ASM=0: the C of prim/ instead */
#include "ks_hash_avr.h"
#include "../prim/ks_hash_k.h"

	.section .text.ks_md5_compress, "ax", @progbits
	.global ks_md5_compress
	.type ks_md5_compress, @function

/* Og: the register of byte 0 of group g's word is 2 + 4g + Og; byte i's, 2 + 4g + (i + Og) & 3 */
	.set O0, 0
	.set O1, 0
	.set O2, 0
	.set O3, 0
	.set STEPI, 0      /* i, 0..63: the step the next STEP writes */

/* a += the word whose bytes the four lines of \op form in r0 (from byte i of b, c, d) */
.macro ROUNDF op, a, b, c, d
	.irp i, 0, 1, 2, 3
	\op \i, (2 + 4 * \b + ((\i + O\b) & 3)), (2 + 4 * \c + ((\i + O\c) & 3)), (2 + 4 * \d + ((\i + O\d) & 3))
	ADDC \i, (2 + 4 * \a + ((\i + O\a) & 3)), r0
	.endr
.endm
.macro OP_F i, b, c, d
	mov r0, \c
	eor r0, \d
	and r0, \b
	eor r0, \d
.endm
.macro OP_G i, b, c, d
	mov r0, \b
	eor r0, \c
	and r0, \d
	eor r0, \c
.endm
.macro OP_H i, b, c, d
	mov r0, \b
	eor r0, \c
	eor r0, \d
.endm
/* a += ~u = a - u - 1, u = c ^ b ^ (b | d) */
.macro ROUNDI a, b, c, d
	sec
	.irp i, 0, 1, 2, 3
	mov r0, (2 + 4 * \b + ((\i + O\b) & 3))
	or r0, (2 + 4 * \d + ((\i + O\d) & 3))
	eor r0, (2 + 4 * \b + ((\i + O\b) & 3))
	eor r0, (2 + 4 * \c + ((\i + O\c) & 3))
	sbc (2 + 4 * \a + ((\i + O\a) & 3)), r0
	.endr
.endm

/* group a's word rotated left by s: whole bytes renamed (Oa), the rest one-bit rotations */
.macro ROT a, s
	.set ROTN, (\s) & 7
	.if ROTN <= 4
	.set ROTK, (\s) >> 3
	.rept ROTN
	ROTL32 (2 + 4 * \a + O\a), (2 + 4 * \a + ((1 + O\a) & 3)), (2 + 4 * \a + ((2 + O\a) & 3)), (2 + 4 * \a + ((3 + O\a) & 3))
	.endr
	.else
	.set ROTK, ((\s) >> 3) + 1
	.rept 8 - ROTN
	ROTR32 (2 + 4 * \a + O\a), (2 + 4 * \a + ((1 + O\a) & 3)), (2 + 4 * \a + ((2 + O\a) & 3)), (2 + 4 * \a + ((3 + O\a) & 3))
	.endr
	.endif
	/* rotl by 8k: byte i of the result is byte i - k of the word */
	.set O\a, (O\a - ROTK) & 3
.endm

/* Step i with round function f (ROUNDF's op, or I), T[i], rotation s, message word g, the
   roles a..d on groups: a = b + rotl(a + f(b, c, d) + X[g] + T[i], s), in group a. */
.macro STEP f, t, s, g, a, b, c, d
	.irp i, 0, 1, 2, 3
	ldd 18 + \i, Y + 4 * (\g) + \i
	.endr
	subi r18, lo8(-(\t))
	sbci r19, hi8(-(\t))
	sbci r20, hlo8(-(\t))
	sbci r21, hhi8(-(\t))
	.irp i, 0, 1, 2, 3
	ADDC \i, (2 + 4 * \a + ((\i + O\a) & 3)), 18 + \i
	.endr
	.ifc \f, OP_I
	ROUNDI \a, \b, \c, \d
	.else
	ROUNDF \f, \a, \b, \c, \d
	.endif
	ROT \a, \s
	.irp i, 0, 1, 2, 3
	ADDC \i, (2 + 4 * \a + ((\i + O\a) & 3)), (2 + 4 * \b + ((\i + O\b) & 3))
	.endr
	.set STEPI, STEPI + 1
.endm

/* Four steps: the roles turn by one a step ((a, b, c, d) = (d, new, b, c)) and are back after
   four; g = the round's message index of step i (gm i + ga mod 16). */
.macro FOUR f, gm, ga, s0, s1, s2, s3, t0, t1, t2, t3
	STEP \f, \t0, \s0, ((\gm * STEPI + \ga) & 15), 0, 1, 2, 3
	STEP \f, \t1, \s1, ((\gm * STEPI + \ga) & 15), 3, 0, 1, 2
	STEP \f, \t2, \s2, ((\gm * STEPI + \ga) & 15), 2, 3, 0, 1
	STEP \f, \t3, \s3, ((\gm * STEPI + \ga) & 15), 1, 2, 3, 0
.endm
.macro ROUND f, gm, ga, s0, s1, s2, s3, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15
	FOUR \f, \gm, \ga, \s0, \s1, \s2, \s3, \t0, \t1, \t2, \t3
	FOUR \f, \gm, \ga, \s0, \s1, \s2, \s3, \t4, \t5, \t6, \t7
	FOUR \f, \gm, \ga, \s0, \s1, \s2, \s3, \t8, \t9, \t10, \t11
	FOUR \f, \gm, \ga, \s0, \s1, \s2, \s3, \t12, \t13, \t14, \t15
.endm

/* the chaining value's word at Z += group g's word; Z moves past it */
.macro ADDHG g
	.irp i, 0, 1, 2, 3
	ld r0, Z
	ADDC \i, r0, (2 + 4 * \g + ((\i + O\g) & 3))
	st Z+, r0
	.endr
.endm

ks_md5_compress:
	HASH_ENTER 0
	movw r28, r22          /* Y = the block */
	movw r30, r24          /* Z = h */
	.irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
	ld \r, Z+
	.endr
	sbiw r30, 16
	ROUND OP_F, 1, 0, 7, 12, 17, 22, KS_MD5_T_ROUND1      /* g = i */
	ROUND OP_G, 5, 1, 5, 9, 14, 20, KS_MD5_T_ROUND2       /* g = 5i + 1 */
	ROUND OP_H, 3, 5, 4, 11, 16, 23, KS_MD5_T_ROUND3      /* g = 3i + 5 */
	ROUND OP_I, 7, 0, 6, 10, 15, 21, KS_MD5_T_ROUND4      /* g = 7i */
	/* h += (a, b, c, d): groups 0..3 (64 steps: the roles are home) */
	ADDHG 0
	ADDHG 1
	ADDHG 2
	ADDHG 3
	HASH_LEAVE
	.size ks_md5_compress, . - ks_md5_compress
#endif
