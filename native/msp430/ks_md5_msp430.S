/*
 * MD5's compression function on the MSP430F1611 (RFC 1321 section 3.4), in place of
 * prim/ks_md5.c's C where KS_HASH_ASM (prim/ks_hash_impl.h); any MSP430 build of ks_md5.c
 * links it:
 *
 *   void ks_md5_compress(uint32_t h[4], const uint8_t block[64]);
 *
 * The four working variables live in eight registers (A r8:r9, B r10:r11, C r12:r13,
 * D r14:r15; low half first). A step adds f(b, c, d), T[i], X[g] into a's pair, rotates it
 * and adds b; RFC 1321's renaming (a, b, c, d <- d, a', b, c) is then a renaming of the
 * registers in the code, so that after four steps they are back in their roles: each round is
 * a loop of 4 passes over its four steps written out, every rotation a constant of the code
 * (ks_hash_msp430.h's ROTL) and the round's function written in. T[i] is read in order (r5);
 * X[g], g = (m i + g0) mod 16, as a constant offset (k m mod 16, k the step in the pass) from
 * r4 = X + 4 ((g0 + 4 m pass) mod 16), which needs X twice in the frame (0..127(r1)): the
 * offset never wraps. The function's value in r6:r7 (r6 is also the rotations' scratch).
 * No branch but the loop counts (public): the same path for every block. A 130-byte frame:
 * X twice, as secret as the block, cleared before the return (WIPE_FRAME), so ks_hash_update
 * and ks_hash_final skip their ks_wipe_stack for it (KS_WIPE_STACK_MD5 0,
 * prim/ks_hash_impl.h; this function goes 146 B below its caller: 7 registers, the frame,
 * the return address); the variables' registers r12..r15 are cleared too (r8..r11 are
 * restored).
 */
#if !defined(KS_HASH_ASM) || KS_HASH_ASM /* -DKS_HASH_ASM=0: the C of prim/ instead */
#include "ks_hash_msp430.h"
#include "../prim/ks_hash_k.h"
#define FRAME 130

/* the round functions of b, c, d (register pairs) into r6:r7 */
.macro FUN_F bl, bh, cl, ch, dl, dh    /* F = d ^ (b & (c ^ d)), that is (b & c) | (~b & d) */
	mov	\cl, r6
	xor	\dl, r6
	and	\bl, r6
	xor	\dl, r6
	mov	\ch, r7
	xor	\dh, r7
	and	\bh, r7
	xor	\dh, r7
.endm
.macro FUN_G bl, bh, cl, ch, dl, dh    /* G = c ^ (d & (b ^ c)), that is (b & d) | (c & ~d) */
	mov	\bl, r6
	xor	\cl, r6
	and	\dl, r6
	xor	\cl, r6
	mov	\bh, r7
	xor	\ch, r7
	and	\dh, r7
	xor	\ch, r7
.endm
.macro FUN_H bl, bh, cl, ch, dl, dh    /* H = b ^ c ^ d */
	mov	\bl, r6
	xor	\cl, r6
	xor	\dl, r6
	mov	\bh, r7
	xor	\ch, r7
	xor	\dh, r7
.endm
.macro FUN_I bl, bh, cl, ch, dl, dh    /* I = c ^ (b | ~d) */
	mov	\dl, r6
	inv	r6
	bis	\bl, r6
	xor	\cl, r6
	mov	\dh, r7
	inv	r7
	bis	\bh, r7
	xor	\ch, r7
.endm

/* one step: a = b + rotl(a + fun(b, c, d) + T[i] + X[g], s), X[g] at xo(r4) */
.macro STEP fun, s, xo, al, ah, bl, bh, cl, ch, dl, dh
	FUN_\fun \bl, \bh, \cl, \ch, \dl, \dh
	add	r6, \al
	addc	r7, \ah
	add	@r5+, \al
	addc	@r5+, \ah
	add	\xo(r4), \al
	addc	\xo + 2(r4), \ah
	ROTL	\s, \al, \ah, r6
	add	\bl, \al
	addc	\bh, \ah
.endm

/* a round: 4 passes over its 4 steps (the registers' roles turning a step; m the step of g,
   g0 its start), r4 moved on 4 m words (mod 16) a pass; the loop ends with the round's T */
.macro ROUND fun, s0, s1, s2, s3, m, g0, tend
	mov	r1, r4
	add	#4 * \g0, r4
1:	STEP	\fun, \s0, 0,                    r8, r9, r10, r11, r12, r13, r14, r15
	STEP	\fun, \s1, 4 * ((1 * \m) & 15),  r14, r15, r8, r9, r10, r11, r12, r13
	STEP	\fun, \s2, 4 * ((2 * \m) & 15),  r12, r13, r14, r15, r8, r9, r10, r11
	STEP	\fun, \s3, 4 * ((3 * \m) & 15),  r10, r11, r12, r13, r14, r15, r8, r9
	sub	r1, r4
	add	#16 * \m, r4
	and	#60, r4
	add	r1, r4
	cmp	#\tend, r5
	jne	1b
.endm

	HASH_BEGIN ks_md5_compress, FRAME, 128        ; h kept for the end
	mov	r1, r14                ; X: 16 little-endian words (two halves a pass), twice
	mov	#16, r15
1:	mov.b	@r13+, r10
	mov.b	@r13+, r11
	swpb	r11
	bis	r11, r10
	mov	r10, 0(r14)
	mov	r10, 64(r14)
	mov.b	@r13+, r10
	mov.b	@r13+, r11
	swpb	r11
	bis	r11, r10
	mov	r10, 2(r14)
	mov	r10, 66(r14)
	add	#4, r14
	dec	r15
	jnz	1b
	mov	@r12+, r8              ; a, b, c, d = h[0..3]
	mov	@r12+, r9
	mov	@r12+, r10
	mov	@r12+, r11
	mov	2(r12), r13
	mov	4(r12), r14
	mov	6(r12), r15
	mov	@r12, r12
	mov	#T, r5
	ROUND	F, 7, 12, 17, 22, 1, 0, T + 64
	ROUND	G, 5, 9, 14, 20, 5, 1, T + 128
	ROUND	H, 4, 11, 16, 23, 3, 5, T + 192
	ROUND	I, 6, 10, 15, 21, 7, 0, T + 256
	mov	128(r1), r7            ; h[0..3] += a, b, c, d
	add	r8, 0(r7)
	addc	r9, 2(r7)
	add	r10, 4(r7)
	addc	r11, 6(r7)
	add	r12, 8(r7)
	addc	r13, 10(r7)
	add	r14, 12(r7)
	addc	r15, 14(r7)
	clr	r12
	clr	r13
	WIPE_FRAME 128, r14, r15
	clr	r14
	clr	r15
	HASH_LEAVE FRAME
	.size ks_md5_compress, . - ks_md5_compress

	.section .rodata.ks_md5_t,"a",@progbits
	.p2align 1
T:                                     /* T[i] = floor(2^32 |sin(i + 1)|) */
	.long KS_MD5_T_ROUND1, KS_MD5_T_ROUND2, KS_MD5_T_ROUND3, KS_MD5_T_ROUND4
#endif
