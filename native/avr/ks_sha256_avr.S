/*
 * SHA-256's compression function on the ATmega128 (FIPS 180-4 section 6.2.2, with a 16-word
 * schedule as prim/ks_sha256.c's), in place of ks_sha256.c's C where KS_HASH_ASM (the AVR's
 * default: prim/ks_hash_impl.h); any AVR build of ks_sha256.c links this file:
 *
 *   void ks_sha256_compress(uint32_t h[8], const uint8_t block[64]);
 *
 * One rolled loop over the 64 steps. A 128-byte frame: W[t mod 16] (64 B), then a 16-word
 * window of the working variables: a..h at Y+0..Y+31, so that a step reads each with a fixed
 * displacement, adds T1 into d in place (the next step's e), writes the new a below a and
 * moves Y down one word: no variable is copied (b = the old a, ...); every eighth step the
 * eight words are copied back up. The sigmas rotate a copy in r2..r5 by one-bit steps and
 * XOR it into r6..r9 at whole-byte offsets; each byte of Ch and Maj is formed in r0 and added
 * straight into T1's carry chain (AND, OR, EOR, MOV and LDD keep the carry). The branches are
 * on the step number only (public): the same path for every block. The frame holds W and the
 * variables, as secret as the block: ks_hash_update and ks_hash_final clear it with their
 * ks_wipe_stack (KS_WIPE_STACK_HASH, 224 B on the AVR; this function goes 148 B below its
 * caller: 18 registers saved, the frame, the return address).
 */
#if !defined(KS_HASH_ASM) || KS_HASH_ASM /* -DKS_HASH_ASM=0: the C of prim/ instead */
#include "ks_hash_avr.h"
#include "../prim/ks_hash_k.h"
#define S0 2         /* r2..r5: the word being rotated */
#define ACC 6        /* r6..r9: a sigma */
#define T0 10        /* r10..r13: W[t], then T1, then the new a */
#define U 14         /* r14, r15: scratch */
#define STEP 16      /* t, 0..63 */
#define OFF 17       /* 4 (t mod 16): W[t mod 16]'s offset in the frame */
#define M 18         /* scratch for ANDI; counts */
#define WB 22        /* r22:r23: the frame (W[0]) */

	.section .text.ks_sha256_compress, "ax", @progbits
	.global ks_sha256_compress
	.type ks_sha256_compress, @function

/* X = &W[(t + k/4) mod 16] */
.macro WADDR k
	RING_ADDR 26, OFF, WB, \k
.endm

/* T1 += the word at X (X moves past it) */
.macro ADDW
	.irp i, 0, 1, 2, 3
	ld r0, X+
	ADDC \i, T0+\i, r0
	.endr
.endm

/* T1 += ACC */
.macro ADDACC
	.irp i, 0, 1, 2, 3
	ADDC \i, T0+\i, ACC+\i
	.endr
.endm

/* S = rotr1(S), rotl1(S) */
.macro ROTR1
	ROTR32 S0, S0+1, S0+2, S0+3
.endm
.macro ROTL1
	ROTL32 S0, S0+1, S0+2, S0+3
.endm

/* ACC = rotr(S, 8k), ACC ^= rotr(S, 8k): byte j of the rotation is S's byte j + k */
.macro MOVROT k
	.irp j, 0, 1, 2, 3
	mov ACC + \j, S0 + ((\j + \k) & 3)
	.endr
.endm
.macro XORROT k
	.irp j, 0, 1, 2, 3
	eor ACC + \j, S0 + ((\j + \k) & 3)
	.endr
.endm

/* S = the 4 bytes at X */
.macro LDS
	.irp i, 0, 1, 2, 3
	ld S0 + \i, X+
	.endr
.endm

ks_sha256_compress:
	HASH_ENTER 128          /* Y = the frame */
	movw r26, r22          /* X = the block */
	movw WB, r28
	/* W[t] = the block's big-endian words */
	ldi M, 16
1:	ld S0 + 3, X+
	ld S0 + 2, X+
	ld S0 + 1, X+
	ld S0, X+
	st Y+, S0
	st Y+, S0 + 1
	st Y+, S0 + 2
	st Y+, S0 + 3
	dec M
	brne 1b
	/* a..h = h[0..7], in the window's upper place */
	adiw r28, 32
	movw r30, r24
	ldi M, 32
2:	ld r0, Z+
	st Y+, r0
	dec M
	brne 2b
	sbiw r28, 32
	ldi r30, lo8(sha256_k)
	ldi r31, hi8(sha256_k)
	clr STEP
	clr OFF

step:
	/* T1 = W[t]: as loaded for t < 16, else s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16] */
	cpi STEP, 16
	brsh 1f
	WADDR 0
	.irp i, 0, 1, 2, 3
	ld T0 + \i, X+
	.endr
	rjmp 2f
1:	WADDR 56               /* s1 = rotr17 ^ rotr19 ^ shr10 */
	LDS
	ROTR1
	MOVROT 2
	ROTR1
	ROTR1
	XORROT 2
	ROTL1                  /* S = rotr2(x); shr10 = its bytes 1..3, the top two bits cleared */
	eor ACC, S0 + 1
	eor ACC + 1, S0 + 2
	mov M, S0 + 3
	andi M, 0x3f
	eor ACC + 2, M
	movw T0, ACC
	movw T0 + 2, ACC + 2
	WADDR 36
	ADDW
	WADDR 4                /* s0 = rotr7 ^ rotr18 ^ shr3 */
	LDS
	ROTL1
	MOVROT 1
	ROTR1
	ROTR1
	ROTR1
	XORROT 2
	lsr S0 + 3             /* S = rotr2(x) >> 1: shr3 = its bytes, the top three bits cleared */
	ror S0 + 2
	ror S0 + 1
	ror S0
	eor ACC, S0
	eor ACC + 1, S0 + 1
	eor ACC + 2, S0 + 2
	mov M, S0 + 3
	andi M, 0x1f
	eor ACC + 3, M
	ADDACC
	WADDR 0
	ADDW
	st -X, T0 + 3
	st -X, T0 + 2
	st -X, T0 + 1
	st -X, T0
2:	/* T1 += K[t] + h */
	.irp i, 0, 1, 2, 3
	lpm r0, Z+
	ADDC \i, T0+\i, r0
	.endr
	.irp i, 0, 1, 2, 3
	ldd r0, Y + 28 + \i
	ADDC \i, T0+\i, r0
	.endr
	/* T1 += Ch(e, f, g) = g ^ (e & (f ^ g)) */
	.irp i, 0, 1, 2, 3
	ldd S0 + \i, Y + 16 + \i
	.endr
	.irp i, 0, 1, 2, 3
	ldd r0, Y + 20 + \i
	ldd U, Y + 24 + \i
	eor r0, U
	and r0, S0 + \i
	eor r0, U
	ADDC \i, T0+\i, r0
	.endr
	/* T1 += S1(e) = rotr6 ^ rotr11 ^ rotr25 */
	ROTR1
	MOVROT 3
	ROTR1
	ROTR1
	XORROT 1
	ROTR1
	ROTR1
	ROTR1
	XORROT 0
	ADDACC
	/* d += T1: the next step's e */
	.irp i, 0, 1, 2, 3
	ldd r0, Y + 12 + \i
	ADDC \i, r0, T0+\i
	std Y + 12 + \i, r0
	.endr
	/* T1 += Maj(a, b, c) = (a & b) | (c & (a | b)) */
	.irp i, 0, 1, 2, 3
	ldd S0 + \i, Y + \i
	.endr
	.irp i, 0, 1, 2, 3
	ldd r0, Y + 4 + \i
	ldd U, Y + 8 + \i
	mov U + 1, r0
	and r0, S0 + \i
	or U + 1, S0 + \i
	and U + 1, U
	or r0, U + 1
	ADDC \i, T0+\i, r0
	.endr
	/* T1 += S0(a) = rotr2 ^ rotr13 ^ rotr22 */
	ROTR1
	ROTR1
	movw ACC, S0
	movw ACC + 2, S0 + 2
	ROTR1
	ROTR1
	ROTR1
	XORROT 1
	ROTR1
	XORROT 2
	ADDACC
	/* the new a below the old: the window moves down a word */
	sbiw r28, 4
	.irp i, 0, 1, 2, 3
	std Y + \i, T0 + \i
	.endr
	subi OFF, -4
	andi OFF, 63
	inc STEP
	mov M, STEP
	andi M, 7
	brne 3f
	ldi M, 32              /* every eighth step: the window back up */
4:	ld r0, Y+
	std Y + 31, r0
	dec M
	brne 4b
3:	cpi STEP, 64
	breq 5f
	rjmp step

5:	/* h += a..h */
	movw r30, r24
	ldi M, 8
6:	.irp i, 0, 1, 2, 3
	ld r0, Z
	ld U, Y+
	ADDC \i, r0, U
	st Z+, r0
	.endr
	dec M
	brne 6b
	sbiw r28, 1            /* SP = the frame's top */
	HASH_LEAVE_FRAME
	HASH_LEAVE
	.size ks_sha256_compress, . - ks_sha256_compress

	.section .progmem.ks_sha256_k, "a", @progbits
	.type sha256_k, @object
sha256_k:
	.long KS_SHA256_K
	.size sha256_k, . - sha256_k
#endif
