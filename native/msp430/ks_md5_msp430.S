/*
 * MD5's compression function on the MSP430F1611 (RFC 1321 section 3.4), in place of
 * prim/ks_md5.c's C where KS_HASH_ASM (prim/ks_hash_impl.h); any MSP430 build of ks_md5.c
 * links it:
 *
 *   void ks_md5_compress(uint32_t h[4], const uint8_t block[64]);
 *
 * A 146-byte frame: the block's 16 little-endian words X at 0(r1) (read bytewise: the block
 * may sit at any address), then a window of the working variables in the order b, c, d, a at
 * p+0..p+15 (r4 = p) within 64(r1)..143(r1): a step forms the new b from the four with fixed
 * displacements, writes it below b and moves p down one word, which makes the old b the new
 * c, c the new d and d the new a (RFC 1321's renaming) with no copy; after each round's 16
 * steps the four words are copied back up. Each round is a loop of 4 passes over its four
 * steps written out, so that every rotation amount is a constant of the code
 * (ks_hash_msp430.h's ROTL); the round's function and X's index g = (m i + g0) mod 16 (r6 =
 * 4 g) too. T accumulates in r8:r9, the function in r12:r13; the constants T[i] are read in
 * order (r5). No branch but the loop counts (public): the same path for every block. The frame
 * holds X and the variables, as secret as the block: it is cleared before the return
 * (WIPE_FRAME), so ks_hash_update and ks_hash_final skip their ks_wipe_stack for it
 * (KS_WIPE_STACK_MD5 0, prim/ks_hash_impl.h; this function goes 164 B below its caller: 7
 * registers, the frame, the return addresses).
 */
#if !defined(KS_HASH_ASM) || KS_HASH_ASM /* -DKS_HASH_ASM=0: the C of prim/ instead */
#include "ks_hash_msp430.h"
#include "../prim/ks_hash_k.h"
#define FRAME 146

/* the round functions of b (0(r4)), c (4(r4)), d (8(r4)) into r12:r13 */
.macro FUN_F                           /* F = d ^ (b & (c ^ d)), that is (b & c) | (~b & d) */
	mov	4(r4), r12
	xor	8(r4), r12
	and	@r4, r12
	xor	8(r4), r12
	mov	6(r4), r13
	xor	10(r4), r13
	and	2(r4), r13
	xor	10(r4), r13
.endm
.macro FUN_G                           /* G = c ^ (d & (b ^ c)), that is (b & d) | (c & ~d) */
	mov	@r4, r12
	xor	4(r4), r12
	and	8(r4), r12
	xor	4(r4), r12
	mov	2(r4), r13
	xor	6(r4), r13
	and	10(r4), r13
	xor	6(r4), r13
.endm
.macro FUN_H                           /* H = b ^ c ^ d */
	mov	@r4, r12
	xor	4(r4), r12
	xor	8(r4), r12
	mov	2(r4), r13
	xor	6(r4), r13
	xor	10(r4), r13
.endm
.macro FUN_I                           /* I = c ^ (b | ~d) */
	mov	8(r4), r12
	inv	r12
	bis	@r4, r12
	xor	4(r4), r12
	mov	10(r4), r13
	inv	r13
	bis	2(r4), r13
	xor	6(r4), r13
.endm

/* a round's step up to its rotation (a subroutine per round, FUN_<fun>_STEP, with the round's
   function and m): r8:r9 = a + fun(b, c, d) + T[i] + X[g]; g += m. The entry before it,
   FUN_<fun>_NEXT, first ends the step before (STEP_END). */
.macro STEP_END
	add	@r4, r8                ; the new b = b + the rotated sum, below b
	addc	2(r4), r9
	mov	r8, -4(r4)
	mov	r9, -2(r4)
	sub	#4, r4
.endm
.macro STEP_FUN fun, m
	.p2align 1
.L\fun\()_next:
	STEP_END
.L\fun\()_step:
	mov	12(r4), r8             ; a
	mov	14(r4), r9
	add	@r5+, r8               ; T[i]
	addc	@r5+, r9
	mov	r6, r15                ; X[g], at 2(r1) under the return address
	add	r1, r15
	add	2(r15), r8
	addc	4(r15), r9
	add	#4 * \m, r6
	and	#60, r6
	FUN_\fun
	add	r12, r8
	addc	r13, r9
	ret
.endm

/* a round: 4 passes over its 4 steps (rotations s0..s3, each written out with its constant),
   g from g0; then the window back up */
.macro ROUND fun, s0, s1, s2, s3, g0
	mov	#4 * \g0, r6
	mov	#4, r7
1:	call	#.L\fun\()_step
	ROTL	\s0, r8, r9, r14
	call	#.L\fun\()_next
	ROTL	\s1, r8, r9, r14
	call	#.L\fun\()_next
	ROTL	\s2, r8, r9, r14
	call	#.L\fun\()_next
	ROTL	\s3, r8, r9, r14
	STEP_END
	dec	r7
	jnz	1b
	WINDOW_BACK r4, 8, 64, r14, r15
.endm

	HASH_BEGIN ks_md5_compress, FRAME, 144        ; h kept for the end
	mov	r1, r14                ; X: 32 little-endian halves
	mov	#32, r15
1:	mov.b	@r13+, r10
	mov.b	@r13+, r11
	swpb	r11
	bis	r11, r10
	mov	r10, 0(r14)
	incd	r14
	dec	r15
	jnz	1b
	mov	r1, r4                 ; p: b, c, d, a = h[1], h[2], h[3], h[0] at 128(r1)..143(r1)
	add	#128, r4
	mov	@r12, 12(r4)
	mov	2(r12), 14(r4)
	add	#4, r12
	mov	r4, r14
	mov	#6, r15
1:	mov	@r12, 0(r14)
	incd	r12
	incd	r14
	dec	r15
	jnz	1b
	mov	#T, r5
	ROUND	F, 7, 12, 17, 22, 0
	ROUND	G, 5, 9, 14, 20, 1
	ROUND	H, 4, 11, 16, 23, 5
	ROUND	I, 6, 10, 15, 21, 0
	mov	144(r1), r15           ; h[0] += a, h[1..3] += b, c, d
	add	12(r4), 0(r15)
	addc	14(r4), 2(r15)
	add	#4, r15
	ADDH	r15, r4, 3, r14
	WIPE_FRAME 144, r14, r15
	HASH_LEAVE FRAME
	/* the rounds' steps, called from above; m: 1, 5, 3, 7 */
	STEP_FUN F, 1
	STEP_FUN G, 5
	STEP_FUN H, 3
	STEP_FUN I, 7
	.size ks_md5_compress, . - ks_md5_compress

	.section .rodata.ks_md5_t,"a",@progbits
	.p2align 1
T:                                     /* T[i] = floor(2^32 |sin(i + 1)|) */
	.long KS_MD5_T_ROUND1, KS_MD5_T_ROUND2, KS_MD5_T_ROUND3, KS_MD5_T_ROUND4
#endif
