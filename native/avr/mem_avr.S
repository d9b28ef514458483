/*
 * memcpy and memset for the ATmega128, in place of avr-libc's (any AVR build that links this
 * file uses these; avr/avr.mk's AVR_HASH_ASM carries it): eight bytes a pass, after the n mod 8
 * odd ones, instead of avr-libc's one (whose loop costs 6 cycles a byte for memset, 8 for
 * memcpy; these 2.5 and 4.5). The hashes' framing and the wipes lean on them: a full legacy
 * handshake sets ~19 KB and copies ~9 KB. The loops' trips depend on n only, which is public
 * at every call (sizes of buffers, blocks and records). avr-gcc's convention: the pointers in
 * r24:r25 (returned) and r22:r23, the byte in r22, n in r20:r21; r18, r20, r21, r26, r27, r30,
 * r31 and r0 are the caller's to lose.
 */
/* After the n mod 8 odd bytes (label 2): r21:r20 = n / 8, the passes, and on to label 4 if none. */
.macro PASSES_OF_EIGHT
2:	lsr r21
	ror r20
	lsr r21
	ror r20
	lsr r21
	ror r20
	cp r20, r1
	cpc r21, r1
	breq 4f
.endm

	.section .text.memset, "ax", @progbits
	.global memset
	.type memset, @function
/* void *memset(void *d, int c, size_t n) */
memset:
	movw r26, r24
	mov r18, r20
	andi r18, 7
	breq 2f
1:	st X+, r22
	dec r18
	brne 1b
	PASSES_OF_EIGHT
3:	.rept 8
	st X+, r22
	.endr
	subi r20, 1
	sbci r21, 0
	brne 3b
4:	ret
	.size memset, . - memset

	.section .text.memcpy, "ax", @progbits
	.global memcpy
	.type memcpy, @function
/* void *memcpy(void *d, const void *s, size_t n) */
memcpy:
	movw r26, r24
	movw r30, r22
	mov r18, r20
	andi r18, 7
	breq 2f
1:	ld r0, Z+
	st X+, r0
	dec r18
	brne 1b
	PASSES_OF_EIGHT
3:	.rept 8
	ld r0, Z+
	st X+, r0
	.endr
	subi r20, 1
	sbci r21, 0
	brne 3b
4:	ret
	.size memcpy, . - memcpy
