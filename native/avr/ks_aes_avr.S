/*
 * AES-128 encryption of one block on the ATmega128, with the key schedule run during the
 * block (prim/ks_aes_tab.c with KS_AES_ASM 1: the AVR's default, KS_AES_TABLES 1 and
 * KS_AES_EXPANDED 0). The same method as ks_aes_tab.c's C, with the state in r2..r17:
 *
 *   void ks_aes128_encrypt_asm(uint8_t k[16], const uint8_t in[16], uint8_t out[16]);
 *
 * k is the cipher key on entry and the last round key on return (the caller's copy: it
 * wipes it); out may equal in. Each round: AddRoundKey, then SubBytes through the S-box in
 * flash (ks_aes_sbox, LPM: the same 3 cycles at every address on this cacheless CPU), then
 * ShiftRows as register moves, the next round key (in RAM through Y), and MixColumns with
 * xtime by a mask (lsl, sbc, andi: no branch). The round counter is the only branch: public.
 */
#define S(i) (2 + (i))

	.section .text.ks_aes128_encrypt_asm, "ax", @progbits
	.global ks_aes128_encrypt_asm
	.type ks_aes128_encrypt_asm, @function

/* t = S(t): r24:r25 hold the S-box's address */
.macro SBOX t
	movw r30, r24
	add r30, \t
	adc r31, r1
	lpm \t, Z
.endm

/* x = 2x in GF(2^8), r21 scratch */
.macro XTIME x
	lsl \x
	sbc r21, r21
	andi r21, 0x1b
	eor \x, r21
.endm

/* one column a0..a3 (registers): a_i ^= t ^ 2(a_i ^ a_i+1), t the XOR of the column */
.macro MIXCOL a0, a1, a2, a3
	mov r18, \a0
	eor r18, \a1
	eor r18, \a2
	eor r18, \a3
	mov r19, \a0
	mov r20, \a0
	eor r20, \a1
	XTIME r20
	eor r20, r18
	eor \a0, r20
	mov r20, \a1
	eor r20, \a2
	XTIME r20
	eor r20, r18
	eor \a1, r20
	mov r20, \a2
	eor r20, \a3
	XTIME r20
	eor r20, r18
	eor \a2, r20
	mov r20, \a3
	eor r20, r19
	XTIME r20
	eor r20, r18
	eor \a3, r20
.endm

ks_aes128_encrypt_asm:
	.irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
	push \r
	.endr
	push r20               /* out */
	push r21
	movw r28, r24          /* Y = k */
	movw r26, r22          /* X = in */
	.irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
	ld \r, X+
	.endr
	ldi r24, lo8(ks_aes_sbox)
	ldi r25, hi8(ks_aes_sbox)
	ldi r23, 1             /* rcon */
	ldi r22, 10            /* rounds left */
1:
	/* AddRoundKey */
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	ldd r18, Y+\i
	eor S(\i), r18
	.endr
	/* SubBytes */
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	SBOX S(\i)
	.endr
	/* ShiftRows: row r moves left by r columns */
	mov r18, S(1)
	mov S(1), S(5)
	mov S(5), S(9)
	mov S(9), S(13)
	mov S(13), r18
	mov r18, S(2)
	mov S(2), S(10)
	mov S(10), r18
	mov r18, S(6)
	mov S(6), S(14)
	mov S(14), r18
	mov r18, S(15)
	mov S(15), S(11)
	mov S(11), S(7)
	mov S(7), S(3)
	mov S(3), r18
	/* the next round key: word 0 ^= SubWord(RotWord(word 3)) ^ rcon, then each word ^= the
	   one before */
	ldd r18, Y+13
	SBOX r18
	ldd r19, Y+14
	SBOX r19
	ldd r20, Y+15
	SBOX r20
	ldd r0, Y+12
	SBOX r0
	eor r18, r23
	ldd r21, Y+0
	eor r18, r21
	ldd r21, Y+1
	eor r19, r21
	ldd r21, Y+2
	eor r20, r21
	ldd r21, Y+3
	eor r0, r21
	std Y+0, r18
	std Y+1, r19
	std Y+2, r20
	std Y+3, r0
	.irp w, 4, 8, 12
	ldd r21, Y+\w
	eor r18, r21
	std Y+\w, r18
	ldd r21, Y+\w+1
	eor r19, r21
	std Y+\w+1, r19
	ldd r21, Y+\w+2
	eor r20, r21
	std Y+\w+2, r20
	ldd r21, Y+\w+3
	eor r0, r21
	std Y+\w+3, r0
	.endr
	XTIME r23              /* rcon = 2 rcon */
	dec r22
	brne 3f
	rjmp 2f                /* the last round has no MixColumns (past breq's reach) */
3:
	MIXCOL S(0), S(1), S(2), S(3)
	MIXCOL S(4), S(5), S(6), S(7)
	MIXCOL S(8), S(9), S(10), S(11)
	MIXCOL S(12), S(13), S(14), S(15)
	rjmp 1b                /* the round is longer than brne reaches */
2:
	/* the last AddRoundKey, and out */
	pop r27
	pop r26
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	ldd r18, Y+\i
	eor S(\i), r18
	st X+, S(\i)
	.endr
	clr r0                 /* no key or state bytes left in the scratch registers */
	clr r18
	clr r19
	clr r20
	clr r21
	.irp r, 29, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
	pop \r
	.endr
	ret
	.size ks_aes128_encrypt_asm, . - ks_aes128_encrypt_asm
