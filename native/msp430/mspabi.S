; The MSP430 EABI run-time helpers clang calls (no msp430 libgcc on Debian), multiplications on
; the F1611's 16x16 hardware multiplier (MPY16). Interrupts never use the multiplier in these
; firmwares, so the helpers need not disable them around it.
; clang's convention: 16/32-bit operands in r12, r13, r14, r15 in order; a 64-bit operand in
; r12-r15 if free, otherwise on the stack; results in r12 (r12:r13, r12-r15); r4-r10 are
; callee-saved.

MPY	= 0x0130	; unsigned multiply: write operand 1
OP2	= 0x0138	; write operand 2: starts the multiplication
RESLO	= 0x013a
RESHI	= 0x013c

; Each helper in its own section: --gc-sections then keeps only those a firmware calls (the
; 64-bit product alone is 210 B).

	.section .text.__mspabi_mpyi_hw, "ax", @progbits
; r12 = r12 * r13 (low 16 bits)
	.global __mspabi_mpyi_hw
	.type	__mspabi_mpyi_hw, @function
__mspabi_mpyi_hw:
	mov	r12, &MPY
	mov	r13, &OP2
	mov	&RESLO, r12
	ret

	.section .text.__mspabi_mpyl_hw, "ax", @progbits
; r13:r12 = (r13:r12 * r15:r14) mod 2^32 = lo*lo + ((lo1*hi2 + hi1*lo2) << 16)
	.global __mspabi_mpyl_hw
	.type	__mspabi_mpyl_hw, @function
__mspabi_mpyl_hw:
	mov	r12, &MPY
	mov	r15, &OP2
	mov	&RESLO, r11		; cross product a_lo*b_hi, low half
	mov	r13, &MPY
	mov	r14, &OP2
	add	&RESLO, r11		; + a_hi*b_lo, low half
	mov	r12, &MPY
	mov	r14, &OP2
	mov	&RESLO, r12
	mov	&RESHI, r13
	add	r11, r13
	ret

	.section .text.__mspabi_mpyll_hw, "ax", @progbits
; r15:r12 = (r15:r12 * [sp+2..sp+8]) mod 2^64: the ten 16x16 products a_i*b_j with i+j <= 3,
; each added at word i+j with its carry carried up to word 3. No data-dependent branch.
	.global __mspabi_mpyll_hw
	.type	__mspabi_mpyll_hw, @function
__mspabi_mpyll_hw:
	push	r10
	push	r9
	push	r8
	; b0..b3 now at 8(r1)..14(r1); the product builds in r8 (word 0) .. r11 (word 3).
	mov	r12, &MPY		; a0*b0
	mov	8(r1), &OP2
	mov	&RESLO, r8
	mov	&RESHI, r9
	clr	r10
	clr	r11
	mov	r12, &MPY		; a0*b1
	mov	10(r1), &OP2
	add	&RESLO, r9
	addc	&RESHI, r10
	adc	r11
	mov	r13, &MPY		; a1*b0
	mov	8(r1), &OP2
	add	&RESLO, r9
	addc	&RESHI, r10
	adc	r11
	mov	r12, &MPY		; a0*b2
	mov	12(r1), &OP2
	add	&RESLO, r10
	addc	&RESHI, r11
	mov	r13, &MPY		; a1*b1
	mov	10(r1), &OP2
	add	&RESLO, r10
	addc	&RESHI, r11
	mov	r14, &MPY		; a2*b0
	mov	8(r1), &OP2
	add	&RESLO, r10
	addc	&RESHI, r11
	mov	r12, &MPY		; word 3 only needs the low halves of a0*b3 .. a3*b0
	mov	14(r1), &OP2
	add	&RESLO, r11
	mov	r13, &MPY
	mov	12(r1), &OP2
	add	&RESLO, r11
	mov	r14, &MPY
	mov	10(r1), &OP2
	add	&RESLO, r11
	mov	r15, &MPY
	mov	8(r1), &OP2
	add	&RESLO, r11
	mov	r8, r12
	mov	r9, r13
	mov	r10, r14
	mov	r11, r15
	pop	r8
	pop	r9
	pop	r10
	ret

	.section .text.__mspabi_srll, "ax", @progbits
; 32-bit shifts by a variable count in r14 (clang inlines 16-bit ones): the counts are loop
; indices and bit positions, public in the code that calls them.
	.global __mspabi_srll
	.type	__mspabi_srll, @function
__mspabi_srll:
	tst	r14
	jz	2f
1:	clrc
	rrc	r13
	rrc	r12
	dec	r14
	jnz	1b
2:	ret

	.section .text.__mspabi_slll, "ax", @progbits
	.global __mspabi_slll
	.type	__mspabi_slll, @function
__mspabi_slll:
	tst	r14
	jz	2f
1:	add	r12, r12
	addc	r13, r13
	dec	r14
	jnz	1b
2:	ret
