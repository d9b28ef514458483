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
 * t, a and m are each read once and t written once per limb: 64 cycles a limb in pairs for
 * its two 16 x 16 products (eight MULs). RSA-1024's private operation took 203.3 M cycles with
 * the portable C's two rows (avr-gcc makes their products through libgcc's __umulhisi3), 115.0 M
 * with this row (make -C native avr-test, build/avr/rsa_l16.out).
 *
 * Constant time: the same instructions for every value; the loop counts n (public), and n's
 * parity (public) picks a path; the carries stay in registers (ADC), never a branch.
 * avr-gcc's ABI: t in r25:r24, a r23:r22, m r21:r20, b r19:r18, q r17:r16, n r14; r2..r17
 * and Y saved by the callee; r1 zero on return (MUL writes it).
 */

#define ZERO r2
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

/* One limb: x = t[j] + a[j] b + c1 into (x3 x2 T1 T0), then y = lo(x) + q m[j] + c2 into
   (y3 y2 T1 T0); lo(y) stored at Y (t[j - 1]) when \store. c1 = (c10 c11) and c2 = (c20 c21)
   come in; x's and y's high halves, the next limb's c1 and c2, go out in (x2 x3) and (y2 y3).
   Limbs go in pairs whose two halves swap the carries' registers (r4..r7 and r8..r11): no
   move between them. */
.macro LIMB store, c10, c11, c20, c21, x2, x3, y2, y3
	mul A1, B1
	movw \x2, r0
	add T0, \c10
	adc T1, \c11
	adc \x2, ZERO
	adc \x3, ZERO
	mul A0, B0
	add T0, r0
	adc T1, r1
	adc \x2, ZERO
	adc \x3, ZERO
	mul A0, B1
	add T1, r0
	adc \x2, r1
	adc \x3, ZERO
	mul A1, B0
	add T1, r0
	adc \x2, r1
	adc \x3, ZERO
	mul M1, Q1
	movw \y2, r0
	add T0, \c20
	adc T1, \c21
	adc \y2, ZERO
	adc \y3, ZERO
	mul M0, Q0
	add T0, r0
	adc T1, r1
	adc \y2, ZERO
	adc \y3, ZERO
	mul M0, Q1
	add T1, r0
	adc \y2, r1
	adc \y3, ZERO
	mul M1, Q0
	add T1, r0
	adc \y2, r1
	adc \y3, ZERO
	.if \store
	st Y+, T0
	st Y+, T1
	.endif
.endm
/* the carries in r4..r7 go out in r8..r11, and back */
#define LIMB_AB(store) LIMB store, r4, r5, r6, r7, r8, r9, r10, r11
#define LIMB_BA(store) LIMB store, r8, r9, r10, r11, r4, r5, r6, r7

/* limb j's operands (j >= 1): a[j], m[j], and t[j] above Y */
.macro LOAD
	ld A0, X+
	ld A1, X+
	ld M0, Z+
	ld M1, Z+
	ldd T0, Y+2
	ldd T1, Y+3
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
	clr r4
	clr r5
	clr r6
	clr r7
	/* j = 0: lo(y) is 0 by the choice of q; only the carries go on */
	ld A0, X+
	ld A1, X+
	ld M0, Z+
	ld M1, Z+
	ld T0, Y
	ldd T1, Y+1
	LIMB_AB(0)
	/* the n - 1 limbs left: one alone if that is odd (n is public), then pairs */
	lsr CNT
	brcc 1f
	movw r4, r8
	movw r6, r10
	rjmp 2f
1:	dec CNT
	LOAD
	LIMB_BA(1)
2:	tst CNT
	brne 3f
	rjmp 4f
3:	LOAD
	LIMB_AB(1)
	LOAD
	LIMB_BA(1)
	dec CNT
	breq 4f
	rjmp 3b
4:	/* t[n - 1], t[n] = t[n] + c1 + c2 (Y is at t[n - 1]) */
	ldd T0, Y+2
	ldd T1, Y+3
	clr r8
	add T0, r4
	adc T1, r5
	adc r8, ZERO
	add T0, r6
	adc T1, r7
	adc r8, ZERO
	st Y+, T0
	st Y+, T1
	st Y+, r8
	st Y, ZERO
	clr r1
	.irp r, 29, 28, 17, 16, 14, 11, 10, 9, 8, 7, 6, 5, 4, 2
	pop \r
	.endr
	ret
	.size ks_avr_mont_row, .-ks_avr_mont_row

/*
 * The Montgomery square's two passes (kernels/ks_rsa_mont.c, KS_MONT_MAC_ROW and
 * KS_MONT_SQR_DIAG, for 16-bit limbs): a square computes each cross product a_i a_j (i < j)
 * once, so a^2 / R mod m costs 1.5 n^2 limb products (n^2 / 2 for the square, n^2 for the
 * reduction) against the product's 2 n^2.
 *
 *   uint16_t ks_avr_mac_row(uint16_t *t, const uint16_t *a, uint16_t b, uint8_t n)
 *     t[j] = lo(t[j] + a[j] b + c) for j < n, c the high half; returns the last c. n >= 1.
 *     Limbs in pairs, as the product's row. avr-gcc's ABI: t r25:r24, a r23:r22, b r21:r20, n r18.
 *   void ks_avr_sqr_diag(uint16_t *t, const uint16_t *a, uint8_t n)
 *     t (2 n limbs, the cross products' sum) = 2 t + sum a[i]^2 2^(32 i): the doubling and the
 *     squares on the diagonal in one pass. t r25:r24, a r23:r22, n r20.
 *
 * Both: the same instructions for every value, one loop counted by n (public).
 */
/* t[j] = lo(t[j] + a[j] b + c), the high half into (h0 h1): the next limb's c */
.macro MAC_LIMB c0, c1, h0, h1
	ld r22, X+
	ld r23, X+
	ld r24, Z
	ldd r25, Z+1
	mul r23, r21
	movw \h0, r0
	add r24, \c0
	adc r25, \c1
	adc \h0, r19
	adc \h1, r19
	mul r22, r20
	add r24, r0
	adc r25, r1
	adc \h0, r19
	adc \h1, r19
	mul r22, r21
	add r25, r0
	adc \h0, r1
	adc \h1, r19
	mul r23, r20
	add r25, r0
	adc \h0, r1
	adc \h1, r19
	st Z+, r24
	st Z+, r25
.endm

	.section .text.ks_avr_mac_row,"ax",@progbits
	.global ks_avr_mac_row
	.type ks_avr_mac_row, @function
ks_avr_mac_row:
	.irp r, 2, 3, 4, 5
	push \r
	.endr
	movw r30, r24 /* Z = t */
	movw r26, r22 /* X = a */
	clr r19       /* zero */
	clr r2        /* c, in r2:r3 and r4:r5 by turns (MAC_LIMB) */
	clr r3
	lsr r18       /* n: one limb alone if odd (public), then pairs */
	brcc 1f
	MAC_LIMB r2, r3, r4, r5
	movw r2, r4
1:	tst r18
	breq 3f
2:	MAC_LIMB r2, r3, r4, r5
	MAC_LIMB r4, r5, r2, r3
	dec r18
	brne 2b
3:	movw r24, r2
	clr r1
	.irp r, 5, 4, 3, 2
	pop \r
	.endr
	ret
	.size ks_avr_mac_row, .-ks_avr_mac_row

	.section .text.ks_avr_sqr_diag,"ax",@progbits
	.global ks_avr_sqr_diag
	.type ks_avr_sqr_diag, @function
ks_avr_sqr_diag:
	.irp r, 2, 3, 4, 5, 6, 7
	push \r
	.endr
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
	.irp r, 7, 6, 5, 4, 3, 2
	pop \r
	.endr
	ret
	.size ks_avr_sqr_diag, .-ks_avr_sqr_diag
