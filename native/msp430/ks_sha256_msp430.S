/*
 * SHA-256's compression function on the MSP430F1611 (FIPS 180-4 section 6.2.2, with a 16-word
 * schedule as prim/ks_sha256.c's), in place of ks_sha256.c's C where KS_HASH_ASM (the AVR's
 * and the MSP430's default: prim/ks_hash_impl.h); any MSP430 build of ks_sha256.c links it:
 *
 *   void ks_sha256_compress(uint32_t h[8], const uint8_t block[64]);
 *
 * One rolled loop over the 64 steps. A 130-byte frame: W[t mod 16] at 0(r1) (64 B), then a
 * window of the working variables at 64(r1)..127(r1): a..h at p+0..p+31 (r4 = p), so that a
 * step reads each with a fixed displacement, adds T1 into d in place (the next step's e),
 * writes the new a below a and moves p down one word: no variable is copied (b = the old a,
 * ...); every eighth step the eight words are copied back up. The sigmas rotate a copy in
 * r10:r11 (ks_hash_msp430.h: bytes, halves by renaming the pair, one-bit steps) and XOR it
 * into r12:r13; T1 accumulates in r8:r9. The branches are on the step number only (public):
 * the same path for every block. The frame holds W and the variables, as secret as the
 * block: it is cleared before the return (WIPE_FRAME), so ks_hash_update and ks_hash_final
 * skip their ks_wipe_stack for it (KS_WIPE_STACK_SHA256 0, prim/ks_hash_impl.h; this function
 * goes 146 B below its caller: 7 registers, the frame, the return address).
 */
#if !defined(KS_HASH_ASM) || KS_HASH_ASM /* -DKS_HASH_ASM=0: the C of prim/ instead */
#include "ks_hash_msp430.h"
#include "../prim/ks_hash_k.h"
#define FRAME 130

/* r15 = &W[(t + k/4) mod 16] (r6 = 4 (t mod 16)) */
.macro WADDR k
	mov	r6, r15
	add	#\k, r15
	and	#63, r15
	add	r1, r15
.endm

	HASH_BEGIN ks_sha256_compress, FRAME, 128        ; h kept for the end
	mov	r1, r14
	LOAD_BE32 r13, r14, r10, r11, r9, r15
	mov	r1, r4                 ; p: a..h = h[0..7] at 96(r1)..127(r1)
	add	#96, r4
	mov	r4, r14
	mov	#16, r15
1:	mov	@r12, 0(r14)
	incd	r12
	incd	r14
	dec	r15
	jnz	1b
	mov	#K, r5                 ; K[t]
	clr	r6                     ; 4 (t mod 16)
.Lstep:
	mov	r1, r7                 ; &W[t mod 16]
	add	r6, r7
	cmp	#K + 64, r5
	jlo	.Lload
	; W[t] = sigma1(W[t-2]) + W[t-7] + sigma0(W[t-15]) + W[t-16], into r8:r9
	WADDR	56
	mov	@r15+, r10
	mov	@r15, r11
	; sigma1 = ROTR 17 ^ ROTR 19 ^ SHR 10; the pair read as (r11, r10) is x ROTR 16
	ROR1	r11, r10               ; ROTR 17
	mov	r11, r12
	mov	r10, r13
	ROR1	r11, r10
	ROR1	r11, r10               ; ROTR 19
	xor	r11, r12
	xor	r10, r13
	ROR8	r11, r10, r14          ; ROTR 27, that is ROTR 11 as (r10, r11)
	ROL1	r10, r11               ; ROTR 10
	and	#0x003f, r11           ; SHR 10
	xor	r10, r12
	xor	r11, r13
	mov	r12, r8
	mov	r13, r9
	WADDR	36                     ; + W[t-7]
	add	@r15+, r8
	addc	@r15, r9
	WADDR	4
	mov	@r15+, r10
	mov	@r15, r11
	; sigma0 = ROTR 7 ^ ROTR 18 ^ SHR 3
	ROR1	r10, r11
	ROR1	r10, r11               ; ROTR 2, that is ROTR 18 as (r11, r10)
	mov	r11, r12
	mov	r10, r13
	ROR1	r10, r11               ; ROTR 3
	mov	r10, r14
	mov	r11, r15
	and	#0x1fff, r15           ; SHR 3
	xor	r14, r12
	xor	r15, r13
	ROR1	r10, r11
	ROR1	r10, r11
	ROR1	r10, r11
	ROR1	r10, r11               ; ROTR 7
	xor	r10, r12
	xor	r11, r13
	add	r12, r8
	addc	r13, r9
	add	@r7, r8                ; + W[t-16], the word it replaces
	addc	2(r7), r9
	mov	r8, 0(r7)
	mov	r9, 2(r7)
	jmp	.Lround
.Lload:
	mov	@r7, r8
	mov	2(r7), r9
.Lround:
	; T1 = W[t] + K[t] + h + Sigma1(e) + Ch(e, f, g)
	add	@r5+, r8
	addc	@r5+, r9
	add	28(r4), r8
	addc	30(r4), r9
	mov	16(r4), r10            ; e
	mov	18(r4), r11
	mov	20(r4), r12            ; Ch = ((f ^ g) & e) ^ g
	xor	24(r4), r12
	and	r10, r12
	xor	24(r4), r12
	mov	22(r4), r13
	xor	26(r4), r13
	and	r11, r13
	xor	26(r4), r13
	add	r12, r8
	addc	r13, r9
	; Sigma1 = ROTR 6 ^ ROTR 11 ^ ROTR 25
	ROR8	r10, r11, r14          ; ROTR 8
	mov	r10, r12
	mov	r11, r13
	ROL1	r12, r13
	ROL1	r12, r13               ; ROTR 6
	ROR1	r10, r11
	ROR1	r10, r11
	ROR1	r10, r11               ; ROTR 11
	xor	r10, r12
	xor	r11, r13
	ROL1	r10, r11
	ROL1	r10, r11               ; ROTR 9, that is ROTR 25 as (r11, r10)
	xor	r11, r12
	xor	r10, r13
	add	r12, r8
	addc	r13, r9
	add	r8, 12(r4)             ; d += T1: the next step's e
	addc	r9, 14(r4)
	; the new a = T1 + Maj(a, b, c) + Sigma0(a)
	mov	@r4, r10               ; a
	mov	2(r4), r11
	mov	4(r4), r12             ; Maj = (a & (b | c)) | (b & c)
	mov	r12, r14
	bis	8(r4), r12
	and	8(r4), r14
	and	r10, r12
	bis	r14, r12
	mov	6(r4), r13
	mov	r13, r15
	bis	10(r4), r13
	and	10(r4), r15
	and	r11, r13
	bis	r15, r13
	add	r12, r8
	addc	r13, r9
	; Sigma0 = ROTR 2 ^ ROTR 13 ^ ROTR 22
	ROR1	r10, r11
	ROR1	r10, r11               ; ROTR 2
	mov	r10, r12
	mov	r11, r13
	ROR8	r10, r11, r14
	ROR1	r10, r11
	ROR1	r10, r11
	ROR1	r10, r11               ; ROTR 13
	xor	r10, r12
	xor	r11, r13
	ROR8	r10, r11, r14
	ROR1	r10, r11               ; ROTR 22
	xor	r10, r12
	xor	r11, r13
	add	r12, r8
	addc	r13, r9
	mov	r8, -4(r4)
	mov	r9, -2(r4)
	sub	#4, r4
	add	#4, r6
	mov	r6, r15                ; every eighth step: the window back up
	and	#28, r15
	jnz	.Lnext
	WINDOW_BACK r4, 16, 32, r14, r15
	and	#63, r6
.Lnext:
	cmp	#K + 256, r5
	jne	.Lstep
	mov	128(r1), r15
	ADDH	r15, r4, 8, r14
	WIPE_FRAME 128, r14, r15
	HASH_LEAVE FRAME
	.size ks_sha256_compress, . - ks_sha256_compress

	.section .rodata.ks_sha256_k,"a",@progbits
	.p2align 1
K:
	.long KS_SHA256_K
#endif
