; Startup for the MSP430F1611: stop the watchdog, set the stack, copy .data from flash, clear
; .bss, call main, then stop at __stop (where the simulator run ends).

	.section .init, "ax", @progbits
	.global _start
	.type	_start, @function
_start:
	mov	#__stack_top, r1
	mov	#0x5a80, &0x0120	; WDTCTL = WDTPW | WDTHOLD
	mov	#__data_load_start, r12
	mov	#__data_start, r13
1:	cmp	#__data_end, r13
	jhs	2f
	mov	@r12+, r14		; llvm-mc takes no @rN+ to memory: two moves
	mov	r14, 0(r13)
	incd	r13
	jmp	1b
2:	mov	#__bss_start, r13
3:	cmp	#__bss_end, r13
	jhs	4f
	clr	0(r13)
	incd	r13
	jmp	3b
4:	call	#main
	.global __stop
	.type	__stop, @function	; typed, or mspdebug ignores the symbol
__stop:
	dint
	jmp	__stop

	; Any interrupt nobody asked for ends the run too.
	.global __unexpected_interrupt
	.type	__unexpected_interrupt, @function
__unexpected_interrupt:
	jmp	__stop

	.section .vectors, "ax", @progbits
	.rept 15
	.word	__unexpected_interrupt
	.endr
	.word	_start
