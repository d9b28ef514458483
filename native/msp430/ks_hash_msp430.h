/*
 * What the MSP430's hash compressions in assembly share (ks_md5_msp430.S, ks_sha1_msp430.S,
 * ks_sha256_msp430.S): the 32-bit rotations of a word held in a pair of registers (lo, hi),
 * entry and exit with the callee-saved registers, and the chaining value's update. The
 * MSP430 EABI: arguments in r12 (h) and r13 (the block), r4..r10 saved by the callee, r11..r15
 * free. No barrel shifter: a rotation is whole halves (an exchange), whole bytes (a byte swap
 * of each half and an exchange of one byte between them) and at most four one-bit steps
 * through the carry. Every count is a constant of the code: no branch depends on the data.
 */
#ifndef KS_HASH_MSP430_H
#define KS_HASH_MSP430_H

/* (hi:lo) rotated one bit right: C = lo's low bit, then both halves through it */
.macro ROR1 lo, hi
	bit	#1, \lo
	rrc	\hi
	rrc	\lo
.endm
/* (hi:lo) rotated one bit left: lo's top bit into hi, hi's back into lo */
.macro ROL1 lo, hi
	rla	\lo
	rlc	\hi
	adc	\lo
.endm
/* the halves' low bytes exchanged (t is scratch) */
.macro XLOW lo, hi, t
	mov.b	\lo, \t
	xor.b	\hi, \t
	xor	\t, \lo
	xor	\t, \hi
.endm
/* (hi:lo) rotated 8 bits right: [h1 h0 l1 l0] -> [l0 h1 h0 l1] */
.macro ROR8 lo, hi, t
	XLOW	\lo, \hi, \t
	swpb	\lo
	swpb	\hi
.endm
/* (hi:lo) rotated 8 bits left: [h1 h0 l1 l0] -> [h0 l1 l0 h1] */
.macro ROL8 lo, hi, t
	swpb	\lo
	swpb	\hi
	XLOW	\lo, \hi, \t
.endm
/* the halves exchanged: a rotation by 16 */
.macro SWAP16 lo, hi
	xor	\lo, \hi
	xor	\hi, \lo
	xor	\lo, \hi
.endm
/* (hi:lo) rotated left by the constant n (0..31): from the nearest multiple of 8 (by bytes
   or halves), then at most four one-bit steps either way */
.macro ROTL n, lo, hi, t
	.if ((\n + 4) >> 3) == 1
	ROL8	\lo, \hi, \t
	.elseif ((\n + 4) >> 3) == 2
	SWAP16	\lo, \hi
	.elseif ((\n + 4) >> 3) == 3
	ROR8	\lo, \hi, \t
	.endif
	.if (\n - 8 * ((\n + 4) >> 3)) > 0
	.rept (\n - 8 * ((\n + 4) >> 3))
	ROL1	\lo, \hi
	.endr
	.elseif (\n - 8 * ((\n + 4) >> 3)) < 0
	.rept (8 * ((\n + 4) >> 3) - \n)
	ROR1	\lo, \hi
	.endr
	.endif
.endm
.macro ROTR n, lo, hi, t
	ROTL	(32 - (\n)) & 31, \lo, \hi, \t
.endm

/* the function name's start, in its own section: r4..r10 saved, a frame of n bytes at r1,
   the chaining value's address (r12) kept at hslot(r1) for the end */
.macro HASH_BEGIN name, n, hslot
	.section .text.\name,"ax",@progbits
	.global \name
	.type \name, @function
	.p2align 1
\name:
	HASH_ENTER \n
	mov	r12, \hslot(r1)
.endm

/* r4..r10 saved, then a frame of n bytes at r1 */
.macro HASH_ENTER n
	.irp r, r4, r5, r6, r7, r8, r9, r10
	push	\r
	.endr
	sub	#\n, r1
.endm
.macro HASH_LEAVE n
	add	#\n, r1
	.irp r, r10, r9, r8, r7, r6, r5, r4
	pop	\r
	.endr
	ret
.endm

/* the frame's first n bytes (n a multiple of 16, the working variables and the schedule: as
   secret as the block) cleared before the return by pushing zeros down over them from the
   frame's top, 8 words a pass (1.5 cycles a byte, a store to x(Rn) 2; the portable
   ks_wipe_stack after the call took ~12). While r1 is up there the bytes below it are free
   stack: an interrupt's frame there is pushed over in turn. z (left 0) and cnt scratch */
.macro WIPE_FRAME n, z, cnt
	clr	\z
	add	#\n, r1
	mov	#\n / 16, \cnt
1:	.rept 8
	push	\z
	.endr
	dec	\cnt
	jnz	1b
.endm

/* the chaining value's n words at hp += the n words at vp (both move past them; cnt counts) */
.macro ADDH hp, vp, n, cnt
	mov	#\n, \cnt
1:	add	@\vp+, 0(\hp)
	addc	@\vp+, 2(\hp)
	add	#4, \hp
	dec	\cnt
	jnz	1b
.endm

/* the working variables' window of n halfwords at p copied k bytes up (the window slid k
   bytes down since the last copy), p moved back up with it; t, cnt scratch */
.macro WINDOW_BACK p, n, k, t, cnt
	mov	\p, \t
	mov	#\n, \cnt
1:	mov	@\t, \k(\t)
	incd	\t
	dec	\cnt
	jnz	1b
	add	#\k, \p
.endm

/* the 16 big-endian words of the block at src (any alignment: read bytewise) into the frame
   at dst as words (low half first); a, b, c scratch, src and dst move past them */
.macro LOAD_BE32 src, dst, a, b, c, cnt
	mov	#16, \cnt
1:	mov.b	@\src+, \a
	swpb	\a
	mov.b	@\src+, \b
	bis	\b, \a
	mov.b	@\src+, \b
	swpb	\b
	mov.b	@\src+, \c
	bis	\c, \b
	mov	\b, 0(\dst)
	mov	\a, 2(\dst)
	add	#4, \dst
	dec	\cnt
	jnz	1b
.endm

#endif
