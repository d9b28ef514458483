/*
 * memcpy and memset for the MSP430F1611, in place of msp430/mem.c's C loops (every MSP430 build
 * links this file: msp430.mk's MSP_RT_SRCS). The hashes' framing leans on them (the padding of
 * each digest, the block buffer's fills, HMAC's pads, the wipes), and there the addresses are
 * often odd (a digest's padding starts after its 0x80; a seed joins the buffer at byte 29):
 * where clang's loops fell back to one byte a pass (12 cycles a byte for memset, 14 for
 * memcpy in mspdebug's count), these set or copy an odd leading byte, then eight bytes a pass
 * (3 and 3.5 cycles a byte), then the words and the byte left; a copy whose two addresses
 * differ in parity goes four bytes a pass (7 a byte). The loops' trips depend on n and on the
 * addresses' low bits only, both public at every call (sizes of buffers, blocks and records).
 * The EABI: d in r12 (returned), c or s in r13, n in r14; r11..r15 are the caller's to lose.
 */

/* mov(.b) @r<s>+, <off>(r<d>): 5 cycles, a valid MSP430 instruction that llvm-mc 16 will not
   assemble (it rejects an auto-increment source with a memory destination), written as its
   two words: MOV (4), s, Ad = 1, B/W, As = 3 (@Rn+), d; then the offset. */
.macro MOVPI s, off, d, b=0
	.short	0x40B0 | (\s << 8) | (\b << 6) | \d
	.short	\off
.endm

/* a pass's end: the cursor (r15) on and the count left (r14) down by k, and again (to `again`)
   while k or more bytes are left */
.macro PASS_END k, again
	add	#\k, r15
	sub	#\k, r14
	cmp	#\k, r14
	jhs	\again
.endm

/* a global function in its own section (for --gc-sections) */
.macro FUNCTION name
	.section .text.\name,"ax",@progbits
	.global	\name
	.type	\name, @function
	.p2align 1
.endm

	FUNCTION memset
/* void *memset(void *d, int c, size_t n) */
memset:
	mov	r12, r15               ; the cursor; r12 stays d
	mov.b	r13, r13
	mov	r13, r11
	swpb	r11
	bis	r13, r11               ; the byte in both halves
	tst	r14
	jz	9f
	bit	#1, r15
	jz	1f
	mov.b	r11, 0(r15)            ; an odd start: one byte, then words
	inc	r15
	dec	r14
1:	cmp	#8, r14
	jlo	3f
2:	mov	r11, 0(r15)
	mov	r11, 2(r15)
	mov	r11, 4(r15)
	mov	r11, 6(r15)
	PASS_END 8, 2b
3:	cmp	#2, r14
	jlo	4f
	mov	r11, 0(r15)
	incd	r15
	decd	r14
	jmp	3b
4:	tst	r14
	jz	9f
	mov.b	r11, 0(r15)
9:	ret
	.size	memset, . - memset

	FUNCTION memcpy
/* void *memcpy(void *d, const void *s, size_t n) */
memcpy:
	mov	r12, r15               ; the cursor; r12 stays d
	tst	r14
	jz	9f
	mov	r12, r11
	xor	r13, r11
	bit	#1, r11
	jnz	5f                     ; d and s of different parity: bytes
	bit	#1, r15
	jz	1f
	MOVPI	13, 0, 15, 1           ; both odd: one byte, then both even
	inc	r15
	dec	r14
1:	cmp	#8, r14
	jlo	3f
2:	MOVPI	13, 0, 15
	MOVPI	13, 2, 15
	MOVPI	13, 4, 15
	MOVPI	13, 6, 15
	PASS_END 8, 2b
3:	cmp	#2, r14
	jlo	4f
	MOVPI	13, 0, 15
	incd	r15
	decd	r14
	jmp	3b
4:	tst	r14
	jz	9f
	MOVPI	13, 0, 15, 1
9:	ret
5:	cmp	#4, r14
	jlo	7f
6:	MOVPI	13, 0, 15, 1
	MOVPI	13, 1, 15, 1
	MOVPI	13, 2, 15, 1
	MOVPI	13, 3, 15, 1
	PASS_END 4, 6b
7:	tst	r14
	jz	9b
8:	MOVPI	13, 0, 15, 1
	inc	r15
	dec	r14
	jnz	8b
	ret
	.size	memcpy, . - memcpy
