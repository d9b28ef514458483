/*
 * RC4's key schedule and keystream on the MSP430F1611, in place of prim/ks_rc4.c's C where
 * KS_RC4_ASM (prim/ks_rc4.h, the MSP430's default); msp430.mk's msp_link adds this file to any
 * link that compiles ks_rc4.c (ks_rc4_clear stays C there):
 *
 *   int ks_rc4_init(ks_rc4 *c, const uint8_t *key, size_t len);
 *   void ks_rc4_process(ks_rc4 *c, const uint8_t *in, uint8_t *out, size_t len);
 *
 * The EABI: arguments in r12..r15, r4..r10 saved by the callee (here r8..r10), r11..r15 free.
 * c is the 256-byte table S at 0(c), then i at 256(c) and j at 257(c); ks_rc4.h aligns it to
 * a word on the MSP430, which the fill and the clear of i and j below need.
 *
 * The key schedule (RC4's KSA): len out of 1..256 wipes the state and returns
 * KS_CIPHER_INVALID (-1), as the C. S[k] = k by words (2 bytes a pass: 0x0100, +0x0202 a
 * word, until the add carries out of 0xFFFE). Then the 256 steps j += S[k] + key[k mod len],
 * S[k] <-> S[j] in passes over the key: each pass min(len, steps left) steps, with the key's
 * cursor and S[k]'s running through (@Rn+), so that no step has a key wrap to test (the C's
 * k mod len without a division); the passes' count and lengths depend on len only. j is kept
 * as a byte in the register that, with S's address added, points at S[j] (added for the
 * step, taken off after: as cheap as a second register). i = j = 0 after. KS_CIPHER_OK (0).
 * A step: 19 cycles; the fill 4.5 a byte (5 in mspdebug 0.22).
 *
 * The keystream (RC4's PRGA) is XORed into the text in place: out != in is first copied
 * (memcpy, msp430/mem_msp430.S; out may equal in, no other overlap), since xor.b @t, 0(p)
 * reads S[t] and updates the text's byte in one instruction (5 cycles) where reading in,
 * XORing and writing out took three (8, and a second cursor to step). S[x]'s cursor runs
 * through S (@Rn+), in runs up to S's end (each min(len left, bytes to S's end): they depend
 * on len and on i, the count of bytes processed, only), so that x needs no wrap a byte; y as
 * j above. A byte: 26 cycles
 * (28 in mspdebug 0.22, which charges inc's constant #1 as an indexed operand, 3 cycles).
 *
 * Every load of S is at a secret index: constant time only where a load's cycles do not depend
 * on its address, as on these cacheless motes (the kernels' KS_SECRET_INDEX, ks_config.h: the
 * same reasoning). No branch depends on the key, S or the text: only on len, i and whether
 * out == in (public). sim/prim_test.c checks RFC 6229's keystreams (key lengths 5, 7, 16, 32,
 * offsets to 4,096) and equal cycles for different keys and texts of the same lengths.
 */
#if !defined(KS_RC4_ASM) || KS_RC4_ASM /* -DKS_RC4_ASM=0: prim/ks_rc4.c's C instead */

/* a global function; both in one section (a firmware that keys RC4 also runs it), so that
   ks_rc4_init ends in ks_rc4_process's restore of r9 and r10 (4 B less) */
.macro FUNCTION name
	.section .text.ks_rc4,"ax",@progbits
	.global	\name
	.type	\name, @function
	.p2align 1
\name:
.endm

/* int ks_rc4_init(ks_rc4 *c (r12), const uint8_t *key (r13), size_t len (r14)):
   r12 S, r13 the key's cursor, r14 len, r15 S[k]'s cursor, r11 j, r10 the pass's steps, then
   where it ends in S, r9 S[k]. A refused len wipes c as ks_rc4_clear does (ks_wipe: the call
   needs no ks_rc4_clear in the image). */
	FUNCTION ks_rc4_init
	mov	r14, r15
	dec	r15
	cmp	#256, r15              ; len - 1 < 256 (unsigned): 1..256
	jlo	1f
	mov	#258, r13
	call	#ks_wipe               ; ks_rc4_clear's wipe of c (r12), here the one call of it
	mov	#-1, r12               ; KS_CIPHER_INVALID
	ret
1:	push	r10
	push	r9
	mov	r12, r15
	mov	#0x0100, r11           ; S[0], S[1]
2:	mov	r11, 0(r15)
	incd	r15
	add	#0x0202, r11           ; carries after the last word, 0xFFFE
	jnc	2b
	clr	r11                    ; j
	mov	r12, r15               ; k = 0
3:	mov	r12, r10
	add	#256, r10
	sub	r15, r10               ; the steps left
	jz	5f
	cmp	r14, r10
	jlo	6f                     ; fewer left than len: the last pass
	mov	r14, r10               ; a whole pass over the key
6:	add	r15, r10               ; where the pass ends in S
4:	mov.b	@r15+, r9              ; S[k], k++
	add.b	@r13+, r11             ; j += key[m]
	add.b	r9, r11                ; j += S[k] (mod 256: a byte operation)
	add	r12, r11               ; &S[j]
	mov.b	@r11, -1(r15)          ; S[k] = S[j]
	mov.b	r9, 0(r11)             ; S[j] = the old S[k]
	sub	r12, r11               ; j
	cmp	r10, r15
	jne	4b
	sub	r14, r13               ; the key from its start again
	jmp	3b
5:	clr	256(r12)               ; i = j = 0 (one word: c is even)
	clr	r12                    ; KS_CIPHER_OK
	jmp	.Lrestore              ; r9 and r10 back, return
	.size	ks_rc4_init, . - ks_rc4_init

/* void ks_rc4_process(ks_rc4 *c (r12), const uint8_t *in (r13), uint8_t *out (r14),
   size_t len (r15)): r12 S, r13 S[x]'s cursor in a run (x between runs), r14 the text's,
   r15 the bytes left after this run, r11 y, r10 the run's bytes, then where it ends in S,
   r9 S[x], r8 S[y], then S[x] + S[y] and its address */
	FUNCTION ks_rc4_process
	cmp	r13, r14
	jeq	1f
	push	r12
	push	r15
	mov	r14, r12
	mov	r15, r14
	call	#memcpy                ; out = in (r13); returns out in r12
	mov	r12, r14
	pop	r15
	pop	r12
1:	push	r10
	push	r9
	push	r8
	mov.b	256(r12), r13
	inc	r13                    ; x = i + 1 (mod 256 below)
	mov.b	257(r12), r11          ; y = j
2:	tst	r15
	jz	5f
	mov.b	r13, r13               ; x mod 256: past S's end the run starts over at S[0]
	mov	#256, r10
	sub	r13, r10               ; the bytes to S's end
	add	r12, r13
	cmp	r15, r10
	jlo	3f
	mov	r15, r10               ; the text ends first
3:	sub	r10, r15
	add	r13, r10               ; where the run ends in S
4:	mov.b	@r13+, r9              ; S[x], x++
	add.b	r9, r11                ; y += S[x] (mod 256)
	add	r12, r11               ; &S[y]
	mov.b	@r11, r8               ; S[y]
	mov.b	r8, -1(r13)            ; S[x] = S[y]
	mov.b	r9, 0(r11)             ; S[y] = the old S[x]
	sub	r12, r11               ; y
	add.b	r9, r8                 ; S[x] + S[y] (mod 256)
	add	r12, r8
	xor.b	@r8, 0(r14)            ; the text's byte ^= S[S[x] + S[y]]
	inc	r14
	cmp	r10, r13
	jne	4b
	sub	r12, r13               ; x again
	jmp	2b
5:	dec	r13                    ; i = x - 1 (its low byte)
	mov.b	r13, 256(r12)
	mov.b	r11, 257(r12)
	pop	r8
.Lrestore:
	pop	r9
	pop	r10
	ret
	.size	ks_rc4_process, . - ks_rc4_process

#endif
