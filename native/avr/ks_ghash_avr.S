/*
 * GHASH's multiplication by H on the ATmega128 (prim/ks_ghash.c with KS_GHASH_ASM 1, the
 * motes' default; msp430/ks_ghash_msp430.S is the MSP430's): the same method as the portable bytewise code, with the 16-byte running
 * product z held in r2..r17 instead of RAM.
 *
 *   void ks_ghash_mul_asm(uint8_t y[16], const uint8_t hx[128]);
 *
 * y = y * H in GCM's bit order; hx holds H x^0, H x^1, ..., H x^7, 16 bytes each, one after
 * the other. By Horner's rule from the last byte of y: z = z x^8 (the bytes move one
 * register up; the byte d that falls off comes back as d x^128 = d (1 + x + x^2 + x^7), that
 * is 0xe100 >> t into z[0..1] for each bit t of d), then z ^= H x^b for each bit b of the byte
 * of y, from the most significant. Every selection is a mask (lsl puts the bit in carry,
 * sbc m, m makes 0x00 or 0xff): no branch depends on y or H, and every address is fixed, so
 * the cycles are the same for all inputs (sim/cipher_test.c checks them, and the same path
 * through the code with ct_same_path.py). The two loops count bytes and bits: public.
 */
#define Z0 2
#define ZL 30
#define ZH 31

	.section .text.ks_ghash_mul_asm, "ax", @progbits
	.global ks_ghash_mul_asm
	.type ks_ghash_mul_asm, @function
ks_ghash_mul_asm:
	push r2
	push r3
	push r4
	push r5
	push r6
	push r7
	push r8
	push r9
	push r10
	push r11
	push r12
	push r13
	push r14
	push r15
	push r16
	push r17
	push r28
	push r29
	movw r28, r24          /* Y = y + 16: read downwards */
	adiw r28, 16
	movw r26, r22          /* X = hx */
	.irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
	clr \r
	.endr
	ldi r21, 16            /* bytes of y */
1:
	ld r18, -Y             /* x = the next byte of y, from the last */
	/* z = z x^8 */
	mov r22, r17           /* d */
	.irp r, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3
	mov \r, \r-1
	.endr
	clr r2
	/* bit t of d (from the most significant) adds 0xe100 >> t to z[0..1] */
	.irp hl, 0xe100, 0x7080, 0x3840, 0x1c20, 0x0e10, 0x0708, 0x0384, 0x01c2
	lsl r22
	sbc r19, r19
	ldi r20, (\hl >> 8)
	and r20, r19
	eor r2, r20
	ldi r20, (\hl & 0xff)
	and r20, r19
	eor r3, r20
	.endr
	/* z ^= H x^b for each set bit b of x */
	movw r30, r26
	ldi r23, 8
2:
	lsl r18
	sbc r19, r19
	.irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
	ld r20, Z+
	and r20, r19
	eor \r, r20
	.endr
	dec r23
	brne 2b
	dec r21
	breq 3f
	rjmp 1b                /* the byte loop is longer than brne reaches */
3:
	/* Y is back at y: store z */
	.irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
	st Y+, \r
	.endr
	clr r18                /* leave no byte of the product in the scratch registers */
	clr r19
	clr r20
	clr r22
	pop r29
	pop r28
	pop r17
	pop r16
	pop r15
	pop r14
	pop r13
	pop r12
	pop r11
	pop r10
	pop r9
	pop r8
	pop r7
	pop r6
	pop r5
	pop r4
	pop r3
	pop r2
	ret
	.size ks_ghash_mul_asm, . - ks_ghash_mul_asm
