/*
 * SHA-1's compression function on the MSP430F1611 (FIPS 180-4 section 6.1.2), in place of
 * prim/ks_sha1.c's C where KS_HASH_ASM (prim/ks_hash_impl.h); any MSP430 build of ks_sha1.c
 * links it:
 *
 *   void ks_sha1_compress(uint32_t h[5], const uint8_t block[64]);
 *
 * The schedule first: all 80 words W[0..79] in a 320-byte frame at 0(r1) (W[t] from W[t-3],
 * W[t-8], W[t-14], W[t-16], three words a loop pass, each pass's W[t-3] the word the pass
 * before left in its registers, the others read through three moving pointers). Then the 80
 * steps read W in order through the stack pointer
 * (add @r1+: 2 cycles a half, with no pointer register and no index to wrap), so that the
 * five variables keep ten registers, a..e = r4:r5, r6:r7, r8:r9, r10:r11, r12:r13 (low half
 * first), r14:r15 the step's temporary; T accumulates in e's pair. What the steps have read
 * lies below the stack pointer: none of it is read again, and an interrupt's frame there only
 * overwrites it. Each round's f and K written in (K as immediates; the two parity rounds run
 * the same code, their K from a static word). Two forms:
 *
 *   - the small one (the default; the object no larger than the older 16-word schedule's):
 *     a round is a loop over one step, after which the variables move down one pair (c
 *     rotated as it moves);
 *   - KS_SHA1_MSP430_FAST 1 (the legacy-ecc firmware's, ../sizzle/firmware/firmware.mk): a
 *     round is a loop of 4 passes over five steps written out, e's pair then the next step's
 *     a, so that the registers' roles turn a pair a step instead of the values moving (back
 *     in place after five steps): 12 moves a step fewer, ~700 B more.
 *
 * rotl 5 (a) five one-bit steps, rotl 30 (b) two one-bit steps right (ks_hash_msp430.h). The
 * loops' counts in a static word (public), since every register holds a variable (so the
 * function is not reentrant: no interrupt handler of these firmwares hashes). No branch
 * but the loop counts: the same path for every block. Before the return the 320 bytes of W
 * (as secret as the block) are pushed over with zeros, 1.5 cycles a byte, so ks_hash_update
 * and ks_hash_final need no ks_wipe_stack for it (KS_WIPE_STACK_SHA1 0, prim/ks_hash_impl.h);
 * the function goes 338 B below its caller (7 registers, the frame with h's address, the
 * return address). r11..r13 are left holding the last state, as the C's would be.
 */
#if !defined(KS_HASH_ASM) || KS_HASH_ASM /* -DKS_HASH_ASM=0: the C of prim/ instead */
#include "ks_hash_msp430.h"
#ifndef KS_SHA1_MSP430_FAST
#define KS_SHA1_MSP430_FAST 0
#endif
#define WBYTES 320     /* W[0..79] at 0(r1); h's address above it, at 320(r1) before the steps */

	.section .bss.ks_sha1_state,"aw",@nobits
	.p2align 1
.Lcount:               /* the loop's passes left */
	.skip	2
.Lk:                   /* the parity rounds' K */
	.skip	4

/* W[t] for the three words from p (r15), W[t-3] in (lo, hi) at entry: one word; d the
   word's byte offset from p. W[t-8], W[t-14] and W[t-16] are read through pointers of their
   own that step on with each read (r13, r11, r14: @Rn+ takes 2 cycles, x(Rn) 3; a block 7,298
   -> 6,921 cycles* with the pointers' set-up, and one word of code a read) */
.macro SCHED1 lo, hi, d
	xor	@r13+, \lo
	xor	@r13+, \hi
	xor	@r11+, \lo
	xor	@r11+, \hi
	xor	@r14+, \lo
	xor	@r14+, \hi
	ROL1	\lo, \hi
	mov	\lo, \d(r15)
	mov	\hi, \d + 2(r15)
.endm

/* e += f(b, c, d) through r14:r15 */
.macro FUN_CH bl, bh, cl, ch, dl, dh, el, eh      /* Ch = d ^ (b & (c ^ d)) */
	mov	\cl, r14
	xor	\dl, r14
	and	\bl, r14
	xor	\dl, r14
	mov	\ch, r15
	xor	\dh, r15
	and	\bh, r15
	xor	\dh, r15
	add	r14, \el
	addc	r15, \eh
.endm
.macro FUN_PARITY bl, bh, cl, ch, dl, dh, el, eh  /* Parity = b ^ c ^ d */
	mov	\bl, r14
	xor	\cl, r14
	xor	\dl, r14
	mov	\bh, r15
	xor	\ch, r15
	xor	\dh, r15
	add	r14, \el
	addc	r15, \eh
.endm
/* Maj = (b & c) | (d & (b ^ c)), the two disjoint (b & c and b ^ c have no bit in common):
   their sum */
.macro FUN_MAJ bl, bh, cl, ch, dl, dh, el, eh
	mov	\bl, r14
	and	\cl, r14
	mov	\bh, r15
	and	\ch, r15
	add	r14, \el
	addc	r15, \eh
	mov	\bl, r14
	xor	\cl, r14
	and	\dl, r14
	mov	\bh, r15
	xor	\ch, r15
	and	\dh, r15
	add	r14, \el
	addc	r15, \eh
.endm

/* one step: e += W[t] + K + rotl 5 (a) + f(b, c, d); b = rotl 30 (b) */
.macro STEP fun, klo, khi, al, ah, bl, bh, cl, ch, dl, dh, el, eh
	add	@r1+, \el
	addc	@r1+, \eh
	add	\klo, \el
	addc	\khi, \eh
	mov	\al, r14
	mov	\ah, r15
	.rept 5
	ROL1	r14, r15
	.endr
	add	r14, \el
	addc	r15, \eh
	FUN_\fun \bl, \bh, \cl, \ch, \dl, \dh, \el, \eh
	ROR1	\bl, \bh
	ROR1	\bl, \bh
.endm

#if KS_SHA1_MSP430_FAST
/* a round: 4 passes over five steps, the registers' roles turning a pair a step */
.macro ROUND fun, klo, khi
	mov	#4, &.Lcount
1:	STEP	\fun, \klo, \khi, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13
	STEP	\fun, \klo, \khi, r12, r13, r4, r5, r6, r7, r8, r9, r10, r11
	STEP	\fun, \klo, \khi, r10, r11, r12, r13, r4, r5, r6, r7, r8, r9
	STEP	\fun, \klo, \khi, r8, r9, r10, r11, r12, r13, r4, r5, r6, r7
	STEP	\fun, \klo, \khi, r6, r7, r8, r9, r10, r11, r12, r13, r4, r5
	dec	&.Lcount
	jnz	1b
.endm
#else
/* a round: 20 passes over one step, then (a, b, c, d, e) = (T, a, b, c, d), b already
   rotated */
.macro ROUND fun, klo, khi
	mov	#20, &.Lcount
1:	STEP	\fun, \klo, \khi, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13
	mov	r12, r14
	mov	r13, r15
	mov	r10, r12
	mov	r11, r13
	mov	r8, r10
	mov	r9, r11
	mov	r6, r8
	mov	r7, r9
	mov	r4, r6
	mov	r5, r7
	mov	r14, r4
	mov	r15, r5
	dec	&.Lcount
	jnz	1b
.endm
#endif

	HASH_BEGIN ks_sha1_compress, WBYTES + 2, WBYTES   ; h kept for the end
	mov	r1, r14
	LOAD_BE32 r13, r14, r10, r11, r9, r15
	mov	52(r1), r4             ; W[13..15], the first pass's W[t-3]
	mov	54(r1), r5
	mov	56(r1), r6
	mov	58(r1), r7
	mov	60(r1), r8
	mov	62(r1), r9
	mov	r1, r15
	add	#64, r15               ; W[16]
	mov	r1, r14                ; W[t-16], W[t-14] and W[t-8] for t = 16
	mov	r1, r11
	add	#8, r11
	mov	r1, r13
	add	#32, r13
	mov	#21, r10               ; W[16..78], three a pass
1:	SCHED1	r4, r5, 0
	SCHED1	r6, r7, 4
	SCHED1	r8, r9, 8
	add	#12, r15
	dec	r10
	jnz	1b
	SCHED1	r4, r5, 0              ; W[79]
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
	ROUND	CH, #0x7999, #0x5a82
	mov	#0xeba1, &.Lk          ; the parity rounds' code serves both: their K here
	mov	#0x6ed9, &.Lk + 2
.Lparity:
	ROUND	PARITY, &.Lk, &.Lk + 2
	cmp	#0xc1d6, &.Lk          ; after the second (steps 60..79) the end
	jeq	.Lend
	ROUND	MAJ, #0xbcdc, #0x8f1b
	mov	#0xc1d6, &.Lk
	mov	#0xca62, &.Lk + 2
	jmp	.Lparity
.Lend:
	mov	@r1, r15               ; h += a..e (the steps have read W: h's address at 0(r1))
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
	clr	r14                    ; W's 320 bytes below, pushed over with zeros
	mov	#WBYTES / 16, r15
1:	.rept 8
	push	r14
	.endr
	dec	r15
	jnz	1b
	HASH_LEAVE WBYTES + 2
	.size ks_sha1_compress, . - ks_sha1_compress
#endif
