/*
 * One row of the Montgomery product on the MSP430F1611 (kernels/ks_rsa_mont.c, KS_MONT_ROW, for
 * 16-bit limbs; ks_port_msp430.h): RSA's modular products and ECDSA's products modulo n.
 *
 *   void ks_msp_mont_row(uint16_t *t, const uint16_t *a, const uint16_t *m, uint16_t b,
 *                        uint16_t q, uint16_t n)
 *
 * t (n + 1 limbs, t[n] 0 or 1) = (t + a b + q m) / 2^16, where the caller chose q so that the
 * sum's low limb is 0 (q = (t[0] + a[0] b) (-m^-1) mod 2^16). One pass over the limbs does
 * both the product and the reduction (FIOS, "finely integrated operand scanning": Koc, Acar
 * and Kaliski, "Analyzing and comparing Montgomery multiplication algorithms", IEEE Micro
 * 1996), with the two products of a limb summed in the hardware multiplier: MPY a[j] b, then
 * MAC q m[j], so RESHI:RESLO = a[j] b + q m[j] mod 2^32 and SUMEXT its 33rd bit. To that the
 * limb adds t[j] and the carry c (below 2^17, in two registers): lo(sum) goes to t[j - 1]
 * and c = sum >> 16 (the sum stays below 2^33: 2 (2^16 - 1)^2 + (2^16 - 1) + c, so c's top
 * word is 0 or 1). t, a and m are each read once and t written once per limb: 35 cycles a
 * limb for its two 16 x 16 products (18 of them the four writes to the multiplier), 36.5 with
 * the loop's (one count per pair of limbs), against ~145 for the portable C's two rows (a
 * product row, then a reduction row: each product's halves read out of the multiplier and
 * carried through double-width sums; from the RSA-1024 totals, sim/README.md).
 *
 * Constant time: the same instructions for every value (the multiplier's timing does not
 * depend on the operands); the one loop counts n (public: it and the parity of n - 1 are the
 * only branches), and the carries stay in the status register (ADDC), never a branch.
 * Interrupts: none of these firmwares' handlers uses the multiplier (crt0.S: every interrupt
 * ends the run; mspabi.S and gen_msp430_fp.py assume the same), so it is not guarded.
 * clang's msp430 ABI: t in r12, a r13, m r14, b r15, q and n on the stack (2(r1), 4(r1) at the
 * entry); r4..r10 saved by the callee.
 */

MPY	= 0x0130	/* unsigned multiply: write operand 1 */
MAC	= 0x0134	/* unsigned multiply and accumulate: write operand 1 */
OP2	= 0x0138	/* write operand 2: starts the product */
RESLO	= 0x013a
RESHI	= 0x013c
SUMEXT	= 0x013e	/* after MAC: the accumulation's carry out, 0 or 1 */

#define T r12	/* t[j], read with increment: t[j - 1] is then at -4(T) */
#define A r13
#define M r14
#define B r15
#define Q r11
#define CNT r10
#define CL r9	/* c, the carry into the next limb: after j = 0 its low word, */
#define CH r8	/* and its top (0 or 1); each limb then swaps their roles (LIMB) */

/* mov @rN+, &ADDR: the MSP430 has it (5 cycles), llvm-mc 16 does not take it (a register
   between costs a cycle more a product): written as its word, mov (4) | source rN | As = 3
   (indirect, autoincrement) | Ad = 1 with r2 (absolute), then the address. */
.macro MOV_INC_ABS n, addr
	.word 0x40b2 | (\n << 8), \addr
.endm

/* RESHI:RESLO = a[j] b + q m[j] mod 2^32, SUMEXT its carry out */
.macro PRODUCTS
	mov	B, &MPY
	MOV_INC_ABS 13, OP2	/* a[j] (A: r13) */
	mov	Q, &MAC
	MOV_INC_ABS 14, OP2	/* m[j] (M: r14) */
.endm

/* one limb j >= 1: sum = RESHI:RESLO + 2^32 SUMEXT + t[j] + c, c's low word in \lo and its top
   in \hi; lo(sum) to t[j - 1], and the next c's low word left in \hi, its top in \lo */
.macro LIMB lo, hi
	PRODUCTS
	add	@T+, \lo
	adc	\hi		/* c + t[j]: its top at most 2 */
	add	&RESLO, \lo	/* lo(sum) */
	addc	&RESHI, \hi	/* the next c's low word */
	mov	\lo, -4(T)	/* t[j - 1] (MOV keeps the carry) */
	mov	&SUMEXT, \lo
	adc	\lo		/* the next c's top */
.endm

	.section .text.ks_msp_mont_row,"ax",@progbits
	.global ks_msp_mont_row
	.type ks_msp_mont_row, @function
	.p2align 1
ks_msp_mont_row:
	push	r10
	push	r9
	push	r8
	mov	8(r1), Q	/* q, above the return address and three saved registers */
	mov	10(r1), CNT	/* n */
	/* j = 0: lo(sum) is 0 by the choice of q; c = its high part (t[0] + RESLO carries
	   exactly when it is nonzero) */
	PRODUCTS
	mov	@T+, CL
	add	&RESLO, CL
	mov	&RESHI, CL	/* MOV keeps the status bits: the carry goes on */
	adc	CL
	mov	&SUMEXT, CH
	adc	CH
	/* j = 1 .. n - 1 in pairs of limbs (the pair's two halves swap c's registers: no move
	   between); an odd count enters at the second half with them swapped. Branches on n alone. */
	dec	CNT
	jz	3f		/* n = 1 */
	clrc
	rrc	CNT		/* pairs; C = one limb more */
	jnc	1f
	inc	CNT
	xor	CL, CH
	xor	CH, CL
	xor	CL, CH
	jmp	2f
1:	LIMB CL, CH
2:	LIMB CH, CL
	dec	CNT
	jnz	1b
3:	/* t[n - 1], t[n] = t[n] + c (T is at t[n]); t[n] 0 or 1 again (the result is below 2m) */
	add	@T, CL
	adc	CH
	mov	CL, -2(T)
	mov	CH, 0(T)
	pop	r8
	pop	r9
	pop	r10
	ret
	.size ks_msp_mont_row, .-ks_msp_mont_row
