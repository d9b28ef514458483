/*
 * SHA-1's compression function on the MSP430F1611 (FIPS 180-4 section 6.1.2, with a 16-word
 * schedule as prim/ks_sha1.c's), in place of ks_sha1.c's C where KS_HASH_ASM
 * (prim/ks_hash_impl.h); any MSP430 build of ks_sha1.c links it:
 *
 *   void ks_sha1_compress(uint32_t h[5], const uint8_t block[64]);
 *
 * The five working variables in registers, a..e = r4:r5, r6:r7, r8:r9, r10:r11, r12:r13 (low
 * half first); T accumulates in e's pair and the variables move down one pair a step (c
 * rotated as it moves), so one step's code serves every step of a round. A loop per round
 * (its function and K written in), 20 steps each. W[t mod 16] in a 72-byte frame at 0(r1),
 * read through the offset at 64(r1); when that offset wraps (after steps 15, 31, 47, 63) a
 * subroutine computes the next 16 words in place, in order (W[j] from W[j-3], W[j-8],
 * W[j-14], W[j] mod 16: the newer words are those already replaced), in four runs whose
 * displacements do not wrap. Rotations as in ks_hash_msp430.h. Branches and loop counts on
 * the step number only (public): the same path for every block. The frame holds W, as secret
 * as the block, and the schedule pushes a copy of a below it: both are cleared before the
 * return (WIPE_FRAME), so ks_hash_update and ks_hash_final skip their ks_wipe_stack for it
 * (KS_WIPE_STACK_SHA1 0, prim/ks_hash_impl.h; this function goes 94 B below its caller: 7
 * registers, the frame, the return address, and the schedule's return address and 2 registers).
 * r11..r15 are left holding the last state, as the C's would be.
 */
#if !defined(KS_HASH_ASM) || KS_HASH_ASM /* -DKS_HASH_ASM=0: the C of prim/ instead */
#include "ks_hash_msp430.h"
#define FRAME 72       /* W 0..63, the offset of W[t mod 16] 64, steps left in the round 66,
                          schedules left 68, h 70 */

/* e += W[t]; the offset moves on, and on its wrap the next 16 words are computed */
.macro STEP_W
	mov	64(r1), r15
	add	r1, r15
	add	@r15+, r12
	addc	@r15+, r13
	sub	r1, r15
	and	#63, r15
	mov	r15, 64(r1)
	jnz	2f
	call	#.Lschedule
2:
.endm

/* the round functions of b, c, d added into e */
.macro FUN_CH                  /* Ch = d ^ (b & (c ^ d)) */
	mov	r8, r14
	xor	r10, r14
	and	r6, r14
	xor	r10, r14
	mov	r9, r15
	xor	r11, r15
	and	r7, r15
	xor	r11, r15
	add	r14, r12
	addc	r15, r13
.endm
.macro FUN_PARITY              /* Parity = b ^ c ^ d */
	mov	r6, r14
	xor	r8, r14
	xor	r10, r14
	mov	r7, r15
	xor	r9, r15
	xor	r11, r15
	add	r14, r12
	addc	r15, r13
.endm
.macro FUN_MAJ                 /* Maj = (b & c) | (d & (b | c)); the low half's carry goes on */
	mov	r6, r14
	bis	r8, r14
	and	r10, r14
	mov	r6, r15
	and	r8, r15
	bis	r15, r14
	add	r14, r12
	adc	r13
	mov	r7, r14
	bis	r9, r14
	and	r11, r14
	mov	r7, r15
	and	r9, r15
	bis	r15, r14
	add	r14, r13
.endm

/* a round: 20 steps of e += W[t] + ROTL 5 (a) + fun(b, c, d) + K; then
   (a, b, c, d, e) = (e, a, ROTL 30 (b), c, d) */
.macro ROUND fun, klo, khi
	mov	#20, 66(r1)
1:	STEP_W
	mov	r4, r14
	mov	r5, r15
	.rept 5
	ROL1	r14, r15
	.endr
	add	r14, r12
	addc	r15, r13
	FUN_\fun
	add	#\klo, r12
	addc	#\khi, r13
	mov	r12, r14
	mov	r13, r15
	mov	r10, r12
	mov	r11, r13
	mov	r8, r10
	mov	r9, r11
	mov	r6, r8
	mov	r7, r9
	ROR1	r8, r9
	ROR1	r8, r9
	mov	r4, r6
	mov	r5, r7
	mov	r14, r4
	mov	r15, r5
	dec	66(r1)
	jnz	1b
.endm

/* W[j] = ROTL 1 (W[j-3] ^ W[j-8] ^ W[j-14] ^ W[j]) for n words from r14, the three read at
   displacements d1, d2, d3 */
.macro SCHED d1, d2, d3, n
	mov	#\n, r15
1:	mov	@r14, r4
	mov	2(r14), r5
	xor	\d1(r14), r4
	xor	\d1 + 2(r14), r5
	xor	\d2(r14), r4
	xor	\d2 + 2(r14), r5
	xor	\d3(r14), r4
	xor	\d3 + 2(r14), r5
	ROL1	r4, r5
	mov	r4, 0(r14)
	mov	r5, 2(r14)
	add	#4, r14
	dec	r15
	jnz	1b
.endm

	HASH_BEGIN ks_sha1_compress, FRAME, 70        ; h kept for the end
	mov	r1, r14
	LOAD_BE32 r13, r14, r10, r11, r9, r15
	mov	@r12+, r4              ; a..e = h[0..4]
	mov	@r12+, r5
	mov	@r12+, r6
	mov	@r12+, r7
	mov	@r12+, r8
	mov	@r12+, r9
	mov	@r12+, r10
	mov	@r12+, r11
	mov	2(r12), r13
	mov	@r12, r12
	clr	64(r1)
	mov	#4, 68(r1)             ; the schedules before steps 16, 32, 48, 64
	ROUND	CH, 0x7999, 0x5a82
	ROUND	PARITY, 0xeba1, 0x6ed9
	ROUND	MAJ, 0xbcdc, 0x8f1b
	ROUND	PARITY, 0xc1d6, 0xca62
	mov	70(r1), r15            ; h += a..e
	add	r4, 0(r15)
	addc	r5, 2(r15)
	add	r6, 4(r15)
	addc	r7, 6(r15)
	add	r8, 8(r15)
	addc	r9, 10(r15)
	add	r10, 12(r15)
	addc	r11, 14(r15)
	add	r12, 16(r15)
	addc	r13, 18(r15)
	WIPE_FRAME 64, r14, r15
	clr	-4(r1)                 ; and a's copy the schedule pushed below the frame
	clr	-6(r1)
	HASH_LEAVE FRAME

/* the next 16 words of W, in place (none after the last step): a, that is r4:r5, saved */
.Lschedule:
	dec	68 + 2(r1)
	jn	.Lsret
	push	r4
	push	r5
	mov	r1, r14
	add	#6, r14                ; &W[0], above the return address and r4, r5
	SCHED	52, 32, 8, 3
	SCHED	-12, 32, 8, 5
	SCHED	-12, -32, 8, 6
	SCHED	-12, -32, -56, 2
	pop	r5
	pop	r4
.Lsret:	ret
	.size ks_sha1_compress, . - ks_sha1_compress
#endif
