/* The link's clock (sz_link_time.h): mirrors the long arithmetic of sizzle/link/
 * LinkEndpoint.java and DeviceLink.java on a wrapping u32 of milliseconds. */
#include "sz_link_time.h"

#if defined(__MSP430__)
/* clang-16 makes each 32-bit addition or subtraction on the MSP430 a sum of 16-bit halves with
 * the carry taken out of the status register (no addc/subc): these three came to 200 B of the
 * firmware; as written here, with the carry, 96 B. The same functions as the C below (the
 * MSP430's replays of the Java's transcripts, link-mote-test, run them): arguments in r12:r13,
 * r14:r15 and (earlier's b) on the stack, the result in r12(:r13), r9 and r10 saved. */
__asm__(
	"	.section .text.sz_link_after,\"ax\",@progbits\n"
	"	.global sz_link_after\n"
	"	.p2align 1\n"
	"sz_link_after:\n"                 /* now + ms, moved off SZ_LINK_NEVER */
	"	add	r14, r12\n"
	"	addc	r15, r13\n"
	"	cmp	#-1, r12\n"
	"	jne	1f\n"
	"	cmp	#-1, r13\n"
	"	jne	1f\n"
	"	dec	r12\n"
	"1:	ret\n"
	"	.section .text.sz_link_reached,\"ax\",@progbits\n"
	"	.global sz_link_reached\n"
	"	.p2align 1\n"
	"sz_link_reached:\n"               /* t != NEVER && (int32_t)(now - t) >= 0 */
	"	cmp	#-1, r14\n"
	"	jne	1f\n"
	"	cmp	#-1, r15\n"
	"	jeq	2f\n"
	"1:	sub	r14, r12\n"
	"	subc	r15, r13\n"
	"	tst	r13\n"
	"	jl	2f\n"
	"	mov	#1, r12\n"
	"	ret\n"
	"2:	clr	r12\n"
	"	ret\n"
	"	.section .text.sz_link_earlier,\"ax\",@progbits\n"
	"	.global sz_link_earlier\n"
	"	.p2align 1\n"
	"sz_link_earlier:\n"               /* a NEVER: b; b NEVER: a; else by signed distance */
	"	cmp	#-1, r14\n"
	"	jne	1f\n"
	"	cmp	#-1, r15\n"
	"	jeq	4f\n"
	"1:	cmp	#-1, 2(r1)\n"
	"	jne	2f\n"
	"	cmp	#-1, 4(r1)\n"
	"	jeq	5f\n"
	"2:	push	r10\n"
	"	push	r9\n"
	"	mov	r14, r11\n"                /* a - now in r10:r11 */
	"	mov	r15, r10\n"
	"	sub	r12, r11\n"
	"	subc	r13, r10\n"
	"	mov	6(r1), r9\n"               /* b - now in r12:r9 */
	"	sub	r12, r9\n"
	"	mov	8(r1), r12\n"
	"	subc	r13, r12\n"
	"	cmp	r12, r10\n"
	"	jl	3f\n"
	"	jne	6f\n"
	"	cmp	r9, r11\n"
	"	jlo	3f\n"
	"	jeq	3f\n"
	"6:	pop	r9\n"                      /* b */
	"	pop	r10\n"
	"4:	mov	2(r1), r12\n"
	"	mov	4(r1), r13\n"
	"	ret\n"
	"3:	pop	r9\n"                      /* a */
	"	pop	r10\n"
	"5:	mov	r14, r12\n"
	"	mov	r15, r13\n"
	"	ret\n"
	"	.text\n");
#else
uint32_t sz_link_after(uint32_t now, uint32_t ms)
{
	uint32_t t = now + ms;
	return t == SZ_LINK_NEVER ? t - 1 : t;
}

uint8_t sz_link_reached(uint32_t now, uint32_t t)
{
	return t != SZ_LINK_NEVER && (int32_t)(now - t) >= 0;
}

uint32_t sz_link_earlier(uint32_t now, uint32_t a, uint32_t b)
{
	if (a == SZ_LINK_NEVER)
		return b;
	if (b == SZ_LINK_NEVER)
		return a;
	return (int32_t)(a - now) <= (int32_t)(b - now) ? a : b;
}
#endif
