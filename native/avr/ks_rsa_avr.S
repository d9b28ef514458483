/*
 * One row of the Montgomery product on the ATmega128 (kernels/ks_rsa_mont.c, KS_MONT_ROW, for
 * 16-bit limbs): RSA's modular products and ECDSA's products modulo n.
 *
 *   void ks_avr_mont_row(uint16_t *t, const uint16_t *a, const uint16_t *m, uint16_t b,
 *                        uint16_t q, uint8_t n)
 *
 * t (n + 1 limbs, t[n] 0 or 1) = (t + a b + q m) / 2^16, where the caller chose q so that the
 * sum's low limb is 0 (q = (t[0] + a[0] b) (-m^-1) mod 2^16). One pass over the limbs does
 * both the product and the reduction (FIOS, "finely integrated operand scanning": Koc, Acar
 * and Kaliski, "Analyzing and comparing Montgomery multiplication algorithms", IEEE Micro
 * 1996): for each j, x = t[j] + a[j] b + c1 and y = lo(x) + q m[j] + c2, lo(y) written to
 * t[j - 1], c1 and c2 the high halves (each sum below 2^32: (2^16 - 1)^2 + 2 (2^16 - 1)). So
 * t, a and m are each read once and t written once per limb: 67 cycles a limb for its two
 * 16 x 16 products (eight MULs), against ~150 for the portable C's two rows, whose products
 * avr-gcc makes through libgcc's __umulhisi3.
 *
 * Constant time: the same instructions for every value; the one loop counts n (public), and
 * the carries stay in registers (ADC), never a branch. avr-gcc's ABI: t in r25:r24, a r23:r22,
 * m r21:r20, b r19:r18, q r17:r16, n r14; r2..r17 and Y saved by the callee; r1 zero on return
 * (MUL writes it).
 */

#define ZERO r2
#define C10 r4 /* c1, the high half of x, carried to the next limb */
#define C11 r5
#define C20 r6 /* c2, the high half of y */
#define C21 r7
#define X2 r8  /* x's high half as it is summed */
#define X3 r9
#define Y2 r10 /* y's high half as it is summed */
#define Y3 r11
#define CNT r14
#define Q0 r16
#define Q1 r17
#define B0 r18
#define B1 r19
#define M0 r20
#define M1 r21
#define A0 r22
#define A1 r23
#define T0 r24 /* t[j], then lo(x), then lo(y) */
#define T1 r25

/* x = t[j] + a[j] b + c1 into (X3 X2 T1 T0), then y = lo(x) + q m[j] + c2 into (Y3 Y2 T1 T0);
   lo(y) stored at Y (t[j - 1]) when \store; c1, c2 = the high halves. */
.macro LIMB store
	mul A1, B1
	movw X2, r0
	add T0, C10
	adc T1, C11
	adc X2, ZERO
	adc X3, ZERO
	mul A0, B0
	add T0, r0
	adc T1, r1
	adc X2, ZERO
	adc X3, ZERO
	mul A0, B1
	add T1, r0
	adc X2, r1
	adc X3, ZERO
	mul A1, B0
	add T1, r0
	adc X2, r1
	adc X3, ZERO
	mul M1, Q1
	movw Y2, r0
	add T0, C20
	adc T1, C21
	adc Y2, ZERO
	adc Y3, ZERO
	mul M0, Q0
	add T0, r0
	adc T1, r1
	adc Y2, ZERO
	adc Y3, ZERO
	mul M0, Q1
	add T1, r0
	adc Y2, r1
	adc Y3, ZERO
	mul M1, Q0
	add T1, r0
	adc Y2, r1
	adc Y3, ZERO
	.if \store
	st Y+, T0
	st Y+, T1
	.endif
	movw C10, X2
	movw C20, Y2
.endm

	.section .text.ks_avr_mont_row,"ax",@progbits
	.global ks_avr_mont_row
	.type ks_avr_mont_row, @function
ks_avr_mont_row:
	.irp r, 2, 4, 5, 6, 7, 8, 9, 10, 11, 14, 16, 17, 28, 29
	push \r
	.endr
	movw r28, r24 /* Y = t: t[j - 1], where lo(y) goes */
	movw r26, r22 /* X = a */
	movw r30, r20 /* Z = m */
	clr ZERO
	clr C10
	clr C11
	clr C20
	clr C21
	/* j = 0: lo(y) is 0 by the choice of q; only the carries go on */
	ld A0, X+
	ld A1, X+
	ld M0, Z+
	ld M1, Z+
	ld T0, Y
	ldd T1, Y+1
	LIMB 0
	dec CNT
	breq 2f
1:	ld A0, X+
	ld A1, X+
	ld M0, Z+
	ld M1, Z+
	ldd T0, Y+2 /* t[j] */
	ldd T1, Y+3
	LIMB 1
	dec CNT
	brne 1b
2:	/* t[n - 1], t[n] = t[n] + c1 + c2 (Y is at t[n - 1]) */
	ldd T0, Y+2
	ldd T1, Y+3
	clr X2
	add T0, C10
	adc T1, C11
	adc X2, ZERO
	add T0, C20
	adc T1, C21
	adc X2, ZERO
	st Y+, T0
	st Y+, T1
	st Y+, X2
	st Y, ZERO
	clr r1
	.irp r, 29, 28, 17, 16, 14, 11, 10, 9, 8, 7, 6, 5, 4, 2
	pop \r
	.endr
	ret
	.size ks_avr_mont_row, .-ks_avr_mont_row

/*
 * The Montgomery square's two passes (kernels/ks_rsa_mont.c, KS_MONT_SQR for 16-bit limbs):
 * a square computes each cross product a_i a_j (i < j) once, so a^2 / R mod m costs 1.5 n^2
 * limb products (n^2 / 2 for the square, n^2 for the reduction) against the product's 2 n^2.
 *
 *   uint16_t ks_avr_mac_row(uint16_t *t, const uint16_t *a, uint16_t b, uint8_t n)
 *     t[j] = lo(t[j] + a[j] b + c) for j < n, c the high half; returns the last c. n >= 1.
 *     39 cycles a limb. avr-gcc's ABI: t r25:r24, a r23:r22, b r21:r20, n r18.
 *   void ks_avr_sqr_diag(uint16_t *t, const uint16_t *a, uint8_t n)
 *     t (2 n limbs, the cross products' sum) = 2 t + sum a[i]^2 2^(32 i): the doubling and the
 *     squares on the diagonal in one pass. t r25:r24, a r23:r22, n r20.
 *
 * Both: the same instructions for every value, one loop counted by n (public).
 */
	.section .text.ks_avr_mac_row,"ax",@progbits
	.global ks_avr_mac_row
	.type ks_avr_mac_row, @function
ks_avr_mac_row:
	push r2
	push r3
	push r4
	push r5
	movw r30, r24 /* Z = t */
	movw r26, r22 /* X = a */
	clr r19       /* zero */
	clr r2        /* c */
	clr r3
1:	ld r22, X+
	ld r23, X+
	ld r24, Z
	ldd r25, Z+1
	mul r23, r21
	movw r4, r0   /* the high half as it is summed */
	add r24, r2
	adc r25, r3
	adc r4, r19
	adc r5, r19
	mul r22, r20
	add r24, r0
	adc r25, r1
	adc r4, r19
	adc r5, r19
	mul r22, r21
	add r25, r0
	adc r4, r1
	adc r5, r19
	mul r23, r20
	add r25, r0
	adc r4, r1
	adc r5, r19
	st Z+, r24
	st Z+, r25
	movw r2, r4
	dec r18
	brne 1b
	movw r24, r2
	clr r1
	pop r5
	pop r4
	pop r3
	pop r2
	ret
	.size ks_avr_mac_row, .-ks_avr_mac_row

	.section .text.ks_avr_sqr_diag,"ax",@progbits
	.global ks_avr_sqr_diag
	.type ks_avr_sqr_diag, @function
ks_avr_sqr_diag:
	push r2
	push r3
	push r4
	push r5
	push r6
	push r7
	movw r30, r24 /* Z = t */
	movw r26, r22 /* X = a */
	clr r19       /* zero */
	clr r18       /* the bit the doubling shifts out, into the next limb pair */
	clr r21       /* the addition's carry, likewise */
1:	ld r22, X+    /* a_i */
	ld r23, X+
	ld r24, Z     /* w = t[2i], t[2i+1] */
	ldd r25, Z+1
	ldd r2, Z+2
	ldd r3, Z+3
	lsr r18       /* w = 2 w + the bit shifted out before */
	rol r24
	rol r25
	rol r2
	rol r3
	clr r18       /* (CLR keeps the carry) */
	rol r18
	mul r22, r22  /* s = a_i^2 */
	movw r4, r0
	mul r23, r23
	movw r6, r0
	mul r22, r23
	add r5, r0
	adc r6, r1
	adc r7, r19
	add r5, r0
	adc r6, r1
	adc r7, r19
	lsr r21       /* w += s + the carry before */
	adc r24, r4
	adc r25, r5
	adc r2, r6
	adc r3, r7
	clr r21
	rol r21
	st Z+, r24
	st Z+, r25
	st Z+, r2
	st Z+, r3
	dec r20
	brne 1b
	clr r1
	pop r7
	pop r6
	pop r5
	pop r4
	pop r3
	pop r2
	ret
	.size ks_avr_sqr_diag, .-ks_avr_sqr_diag
