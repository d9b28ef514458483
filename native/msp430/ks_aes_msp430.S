/*
 * AES-128's block on the MSP430F1611 (prim/ks_aes_tab.c with KS_AES_ASM 1, the MSP430's default
 * with the expanded key; avr/ks_aes_avr.S is the AVR's, with the key schedule per block): the
 * C's method, written for size (the modern thermostat image with the link has to fit 48 KB).
 *
 *   void ks_aes128_encrypt(const ks_aes128 *c, const uint8_t in[16], uint8_t out[16]);
 *
 * c is the 11 round keys (176 bytes, ks_aes128_init); out may equal in; no alignment needed
 * (bytes only). The state s lives in out (column-major, byte r + 4c, as FIPS 197 reads the
 * input). Each round: AddRoundKey, SubBytes and ShiftRows in one loop over a 16-byte table of
 * where each byte comes from (t[i] = S(s[shift[i]] ^ k[shift[i]]), t on the stack), then
 * MixColumns from t back into s (a[r] ^ x ^ 2(a[r] ^ a[r+1]), x the XOR of the column); the
 * last round adds the last round key instead. xtime by a mask: rla.b puts bit 7 in carry,
 * subc m, m gives 0 (carry) or 0xffff, inv and and #0x1b make the reduction. The S-box is read
 * at a secret index from flash, whose reads take the same cycles at every address on this
 * cacheless CPU; no branch depends on the key or the data (the loops count public bytes and
 * rounds), so every block takes the same cycles (sim/cipher_test.c checks it). t is wiped.
 * Frame: 0..15(r1) t, 16(r1) the rounds left, 18(r1) the columns left.
 */
/* A build that runs the key schedule during each block (-DKS_AES_EXPANDED=0: sim/cipher.mk's
 * "o" build) keeps prim/ks_aes_tab.c's C block: this file is then empty. */
#if !defined(KS_AES_EXPANDED) || KS_AES_EXPANDED

/* One byte of MixColumns: *r13++ = a ^ xtime(a ^ b), a and b (the next byte of the column)
 * already XORed with the column's XOR x in registers (x cancels in a ^ b); r11 and r15 (the
 * mask) scratch. */
.macro MIX a, b
	mov	\a, r11
	xor	\b, r11
	rla.b	r11
	subc	r15, r15
	inv	r15
	and	#0x1b, r15
	xor	r15, r11
	xor	\a, r11
	mov.b	r11, 0(r13)
	inc	r13
.endm

	.section .text.ks_aes128_encrypt,"ax",@progbits
	.global ks_aes128_encrypt
	.type ks_aes128_encrypt, @function
	.p2align 1
ks_aes128_encrypt:
	push	r4
	push	r5
	push	r6
	push	r7
	push	r8
	push	r9
	push	r10
	sub	#20, r1
	; s = in
	mov	r14, r15
	mov	#16, r11
.Lcopy:
	mov.b	@r13+, r9
	mov.b	r9, 0(r15)
	inc	r15
	dec	r11
	jnz	.Lcopy
	mov	#10, 16(r1)
.Lround:
	; t[i] = S(s[j] ^ k[j]), j = shift[i]: AddRoundKey, SubBytes, ShiftRows
	mov	#.Lshift, r13
	mov	r1, r10
	mov	#16, r11
.Lsub:
	mov.b	@r13+, r9
	mov	r9, r8
	add	r14, r9
	add	r12, r8
	mov.b	@r9, r9
	xor.b	@r8, r9
	mov.b	ks_aes_sbox(r9), 0(r10)
	inc	r10
	dec	r11
	jnz	.Lsub
	add	#16, r12
	dec	16(r1)
	jz	.Llast
	; MixColumns, t -> s, a column a time: s[r] = a[r] ^ x ^ xtime(a[r] ^ a[r + 1])
	mov	r1, r10
	mov	r14, r13
	mov	#4, 18(r1)
.Lcolumn:
	mov.b	@r10+, r4
	mov.b	@r10+, r5
	mov.b	@r10+, r6
	mov.b	@r10+, r7
	mov	r4, r8
	xor	r5, r8
	xor	r6, r8
	xor	r7, r8
	xor	r8, r4
	xor	r8, r5
	xor	r8, r6
	xor	r8, r7
	MIX	r4, r5
	MIX	r5, r6
	MIX	r6, r7
	MIX	r7, r4
	dec	18(r1)
	jnz	.Lcolumn
	jmp	.Lround
.Llast:
	; s = t ^ k10
	mov	r1, r10
	mov	r14, r13
	mov	#16, r11
.Lxor:
	mov.b	@r10+, r9
	xor.b	@r12+, r9
	mov.b	r9, 0(r13)
	inc	r13
	dec	r11
	jnz	.Lxor
	; wipe t
	mov	r1, r10
	mov	#8, r11
.Lwipe:
	clr	0(r10)
	incd	r10
	dec	r11
	jnz	.Lwipe
	add	#20, r1
	pop	r10
	pop	r9
	pop	r8
	pop	r7
	pop	r6
	pop	r5
	pop	r4
	ret

	.size ks_aes128_encrypt, .-ks_aes128_encrypt

	.section .rodata.ks_aes_shift,"a",@progbits
/* ShiftRows: byte i of the output row r, column c (i = r + 4c) takes byte r + 4(c + r mod 4). */
.Lshift:
	.byte	0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11

#endif
