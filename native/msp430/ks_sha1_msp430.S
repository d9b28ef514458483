/*
 * SHA-1's compression function on the MSP430F1611 (FIPS 180-4 section 6.1.2, with the
 * 16-word schedule of section 6.1.3 as prim/ks_sha1.c's), in place of ks_sha1.c's C where
 * KS_HASH_ASM (prim/ks_hash_impl.h); any MSP430 build of ks_sha1.c links it:
 *
 *   void ks_sha1_compress(uint32_t h[5], const uint8_t block[64]);
 *
 * One rolled loop over the 80 steps. A 150-byte frame: W[t mod 16] at 0(r1) (64 B), then a
 * window of the working variables at 64(r1)..147(r1): a..e at p+0..p+19 (r4 = p), so that a
 * step reads each with a fixed displacement, rotates b in place (it becomes c), writes the new
 * a below a and moves p down one word: no other variable is copied; every sixteenth step the
 * five words are copied back up. T accumulates in r8:r9, f in r12:r13, rotations on a copy in
 * r10:r11 (ks_hash_msp430.h). The branches are on the step number t (r5) only (public: which
 * of the four rounds, whether the schedule runs): the same path for every block. The frame
 * holds W and the variables, as secret as the block: ks_hash_update and ks_hash_final clear it
 * with their ks_wipe_stack (KS_WIPE_STACK_SHA1, prim/ks_hash_impl.h; this function goes 166 B
 * below its caller: 7 registers, the frame, the return address).
 */
#if !defined(KS_HASH_ASM) || KS_HASH_ASM /* -DKS_HASH_ASM=0: the C of prim/ instead */
#include "ks_hash_msp430.h"
#define FRAME 150

/* r8:r9 ^= W[(t + k/4) mod 16] (r6 = 4 (t mod 16)) */
.macro WXOR k
	mov	r6, r15
	add	#\k, r15
	and	#63, r15
	add	r1, r15
	xor	@r15+, r8
	xor	@r15, r9
.endm

	.section .text.ks_sha1_compress,"ax",@progbits
	.global ks_sha1_compress
	.type ks_sha1_compress, @function
	.p2align 1
ks_sha1_compress:
	HASH_ENTER FRAME
	mov	r12, 148(r1)           ; h, for the end
	mov	r1, r14
	LOAD_BE32 r13, r14, r10, r11, r9, r15
	mov	r1, r4                 ; p: a..e = h[0..4] at 128(r1)..147(r1)
	add	#128, r4
	mov	r4, r14
	mov	#10, r15
1:	mov	@r12, 0(r14)
	incd	r12
	incd	r14
	dec	r15
	jnz	1b
	clr	r5                     ; t
	clr	r6                     ; 4 (t mod 16)
.Lstep:
	mov	r1, r7                 ; &W[t mod 16]
	add	r6, r7
	mov	@r7, r8
	mov	2(r7), r9
	cmp	#16, r5
	jlo	.Lround
	; W[t] = ROTL 1 (W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16])
	WXOR	52
	WXOR	32
	WXOR	8
	ROL1	r8, r9
	mov	r8, 0(r7)
	mov	r9, 2(r7)
.Lround:
	; T = W[t] + e + ROTL 5 (a) + f(b, c, d) + K
	add	16(r4), r8
	addc	18(r4), r9
	mov	@r4, r10
	mov	2(r4), r11
	ROTL	5, r10, r11, r14
	add	r10, r8
	addc	r11, r9
	cmp	#20, r5
	jhs	1f
	mov	8(r4), r12             ; Ch = ((c ^ d) & b) ^ d
	xor	12(r4), r12
	and	4(r4), r12
	xor	12(r4), r12
	mov	10(r4), r13
	xor	14(r4), r13
	and	6(r4), r13
	xor	14(r4), r13
	add	#0x7999, r8
	addc	#0x5a82, r9
	jmp	.Lf
1:	cmp	#40, r5
	jlo	.Lparity
	cmp	#60, r5
	jhs	.Lparity
	mov	8(r4), r12             ; Maj = (b & (c | d)) | (c & d)
	mov	r12, r14
	bis	12(r4), r12
	and	12(r4), r14
	and	4(r4), r12
	bis	r14, r12
	mov	10(r4), r13
	mov	r13, r15
	bis	14(r4), r13
	and	14(r4), r15
	and	6(r4), r13
	bis	r15, r13
	add	#0xbcdc, r8
	addc	#0x8f1b, r9
	jmp	.Lf
.Lparity:
	mov	4(r4), r12             ; Parity = b ^ c ^ d
	xor	8(r4), r12
	xor	12(r4), r12
	mov	6(r4), r13
	xor	10(r4), r13
	xor	14(r4), r13
	cmp	#40, r5
	jhs	1f
	add	#0xeba1, r8
	addc	#0x6ed9, r9
	jmp	.Lf
1:	add	#0xc1d6, r8
	addc	#0xca62, r9
.Lf:
	add	r12, r8
	addc	r13, r9
	mov	4(r4), r10             ; c = ROTL 30 (b), in b's place
	mov	6(r4), r11
	ROR1	r10, r11
	ROR1	r10, r11
	mov	r10, 4(r4)
	mov	r11, 6(r4)
	mov	r8, -4(r4)             ; the new a
	mov	r9, -2(r4)
	sub	#4, r4
	add	#4, r6
	inc	r5
	mov	r5, r15                ; every sixteenth step: the window back up
	and	#15, r15
	jnz	.Lnext
	WINDOW_BACK r4, 10, 64, r14, r15
	clr	r6
.Lnext:
	cmp	#80, r5
	jne	.Lstep
	mov	148(r1), r15
	ADDH	r15, r4, 5, r14
	HASH_LEAVE FRAME
	.size ks_sha1_compress, . - ks_sha1_compress
#endif
