/*
 * What the AVR's hash compressions in assembly share (ks_md5_avr.S, ks_sha1_avr.S,
 * ks_sha256_avr.S): byte i of a 32-bit addition, the one-bit rotations, entry and exit with
 * the call-saved registers and a frame, and the chaining value's update. avr-gcc's calling
 * convention: arguments in r24:r25 (h) and r22:r23 (the block), r2..r17 and Y saved by the
 * callee, r1 zero.
 */
#ifndef KS_HASH_AVR_H
#define KS_HASH_AVR_H

/* byte i of dst += src: ADD for byte 0, then ADC (the carry chain) */
.macro ADDC i, dst, src
	.if \i
	adc \dst, \src
	.else
	add \dst, \src
	.endif
.endm

/* the 32-bit word x0..x3 (low byte first) rotated one bit right, left */
.macro ROTR32 x0, x1, x2, x3
	bst \x0, 0
	lsr \x3
	ror \x2
	ror \x1
	ror \x0
	bld \x3, 7
.endm
.macro ROTL32 x0, x1, x2, x3
	lsl \x0
	rol \x1
	rol \x2
	rol \x3
	adc \x0, r1
.endm

/* r2..r17 and Y saved; with n > 0 a frame of n bytes below them, Y = its first byte */
.macro HASH_ENTER n
	.irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
	push \r
	.endr
	.if \n
	in r28, 0x3d           /* SPL */
	in r29, 0x3e           /* SPH */
	subi r28, \n
	sbci r29, 0
	in r0, 0x3f            /* SREG */
	cli
	out 0x3e, r29
	out 0x3f, r0
	out 0x3d, r28
	adiw r28, 1
	.endif
.endm

/* the frame closed (Y = its last byte: the stack pointer before it), the registers back */
.macro HASH_LEAVE_FRAME
	in r0, 0x3f
	cli
	out 0x3e, r29
	out 0x3f, r0
	out 0x3d, r28
.endm
.macro HASH_LEAVE
	.irp r, 29, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
	pop \r
	.endr
	ret
.endm

/* the pair lo, lo + 1 = base + ((off + k) mod 64): in a ring of 16 words at base (the
   schedule W), with off = 4 (t mod 16), the address of W[(t + k/4) mod 16] */
.macro RING_ADDR lo, off, base, k
	mov \lo, \off
	.if \k
	subi \lo, -\k
	andi \lo, 63
	.endif
	add \lo, \base
	mov \lo + 1, \base + 1
	adc \lo + 1, r1
.endm

/* the chaining value's word at Z += the word in registers w..w+3; Z moves past it */
.macro ADDH w
	.irp i, 0, 1, 2, 3
	ld r0, Z
	ADDC \i, r0, \w + \i
	st Z+, r0
	.endr
.endm

#endif
