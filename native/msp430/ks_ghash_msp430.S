/*
 * GHASH's multiplication by H on the MSP430F1611 (prim/ks_ghash.c with KS_GHASH_ASM 1, the
 * MSP430's and AVR's default; avr/ks_ghash_avr.S is the AVR's): the same method as the
 * portable bytewise code, with the 16-byte running product z held in eight registers
 * (r4..r11, little-endian words: z[2w] the low byte of word w).
 *
 *   void ks_ghash_mul_asm(uint8_t y[16], const uint8_t hx[128]);   (both 2-byte aligned)
 *
 * y = y * H in GCM's bit order; hx holds H x^0, H x^1, ..., H x^7, 16 bytes each, one after
 * the other. By Horner's rule from the last byte of y: z = z x^8 (every byte moves one place
 * up; the byte d that falls off comes back as d x^128 = d (1 + x + x^2 + x^7), that is
 * 0xe100 >> t into z[0..1] for each bit t of d), then z ^= H x^b for each bit b of the byte
 * of y, from the most significant. Every selection is a mask: rla.b puts the bit in carry,
 * subc m, m makes 0x0000 (bit set) or 0xffff, and bic clears with it. No branch depends on y
 * or H and every address is fixed, so the cycles are the same for all inputs
 * (sim/cipher_test.c checks them). The two loops count bytes and bits: public.
 * Frame: 0(r1) hx, 2(r1) the next byte of y (read downwards), 4(r1) x, 6(r1) bytes left.
 */
	.section .text.ks_ghash_mul_asm,"ax",@progbits
	.global ks_ghash_mul_asm
	.type ks_ghash_mul_asm, @function
	.p2align 1
ks_ghash_mul_asm:
	push	r4
	push	r5
	push	r6
	push	r7
	push	r8
	push	r9
	push	r10
	sub	#8, r1
	mov	r13, 0(r1)
	mov	r12, r15
	add	#16, r15
	mov	r15, 2(r1)
	mov	#16, 6(r1)
	clr	r4
	clr	r5
	clr	r6
	clr	r7
	clr	r8
	clr	r9
	clr	r10
	clr	r11
.Lbyte:
	mov	2(r1), r12
	dec	r12
	mov	r12, 2(r1)
	mov.b	@r12, 4(r1)
	; d = z[15], the high byte of r11
	mov	r11, r12
	swpb	r12
	; z = z x^8: word w takes the high byte of word w - 1 as its low byte
	swpb	r11
	and	#-256, r11
	mov	r10, r15
	swpb	r15
	and	#255, r15
	bis	r15, r11
	swpb	r10
	and	#-256, r10
	mov	r9, r15
	swpb	r15
	and	#255, r15
	bis	r15, r10
	swpb	r9
	and	#-256, r9
	mov	r8, r15
	swpb	r15
	and	#255, r15
	bis	r15, r9
	swpb	r8
	and	#-256, r8
	mov	r7, r15
	swpb	r15
	and	#255, r15
	bis	r15, r8
	swpb	r7
	and	#-256, r7
	mov	r6, r15
	swpb	r15
	and	#255, r15
	bis	r15, r7
	swpb	r6
	and	#-256, r6
	mov	r5, r15
	swpb	r15
	and	#255, r15
	bis	r15, r6
	swpb	r5
	and	#-256, r5
	mov	r4, r15
	swpb	r15
	and	#255, r15
	bis	r15, r5
	swpb	r4
	and	#-256, r4
	; bit t of d adds 0xe100 >> t to z[0..1] (as a little-endian word)
	rla.b	r12
	subc	r13, r13
	mov	#225, r15
	bic	r13, r15
	xor	r15, r4
	rla.b	r12
	subc	r13, r13
	mov	#32880, r15
	bic	r13, r15
	xor	r15, r4
	rla.b	r12
	subc	r13, r13
	mov	#16440, r15
	bic	r13, r15
	xor	r15, r4
	rla.b	r12
	subc	r13, r13
	mov	#8220, r15
	bic	r13, r15
	xor	r15, r4
	rla.b	r12
	subc	r13, r13
	mov	#4110, r15
	bic	r13, r15
	xor	r15, r4
	rla.b	r12
	subc	r13, r13
	mov	#2055, r15
	bic	r13, r15
	xor	r15, r4
	rla.b	r12
	subc	r13, r13
	mov	#33795, r15
	bic	r13, r15
	xor	r15, r4
	rla.b	r12
	subc	r13, r13
	mov	#49665, r15
	bic	r13, r15
	xor	r15, r4
	; z ^= H x^b for each set bit b of x
	mov	0(r1), r14
	mov	#8, r15
.Lbit:
	rla.b	4(r1)
	subc	r13, r13
	mov	@r14+, r12
	bic	r13, r12
	xor	r12, r4
	mov	@r14+, r12
	bic	r13, r12
	xor	r12, r5
	mov	@r14+, r12
	bic	r13, r12
	xor	r12, r6
	mov	@r14+, r12
	bic	r13, r12
	xor	r12, r7
	mov	@r14+, r12
	bic	r13, r12
	xor	r12, r8
	mov	@r14+, r12
	bic	r13, r12
	xor	r12, r9
	mov	@r14+, r12
	bic	r13, r12
	xor	r12, r10
	mov	@r14+, r12
	bic	r13, r12
	xor	r12, r11
	dec	r15
	jnz	.Lbit
	dec	6(r1)
	jnz	.Lbyte
	; 2(r1) is back at y: store z
	mov	2(r1), r12
	mov	r4, 0(r12)
	mov	r5, 2(r12)
	mov	r6, 4(r12)
	mov	r7, 6(r12)
	mov	r8, 8(r12)
	mov	r9, 10(r12)
	mov	r10, 12(r12)
	mov	r11, 14(r12)
	clr	r13
	clr	r15
	clr	4(r1)
	add	#8, r1
	pop	r10
	pop	r9
	pop	r8
	pop	r7
	pop	r6
	pop	r5
	pop	r4
	ret
	.size ks_ghash_mul_asm, . - ks_ghash_mul_asm
