/*
 * The field operations of the curves the build carries (ks_fp_mul/sqr/add/sub_*, ks_fp_half and ks_fp_cneg, the
 * assembly of gen_avr_fp.py or the portable C) against Python's integers (fp_kat.h,
 * gen_fp_kat.py) on every ordered pair of edge and random inputs; the fused forms of the builds
 * that have them (a - 2b, 3a/2, ab - s, a^2 - s, a^2 - 2s, x -+ a^2, 3ab/2; x + a^2 and 3ab/2
 * as their lazy sums leave them, below 2^160, and the product and square of such values). Also
 * checks that r may alias an input. The inversion ks_fp_inv by a a^-1 = 1 (0 to 0) with the
 * checked product, on the inputs and the products of neighbouring ones (no table: the test
 * image's flash tables are at the 64 KB of near reads), on the AVR and on the MSP430's secp160r1
 * and P-256 images (FP_TEST_INV, from msp430.mk there: its P-192/224 test image has no room for
 * the inversion's code).
 * Prints one "check" line per field and operation, then "N passed, N failed".
 */
#include "ks_curve.h"
#include "ks_ec.h"
#include "mote.h"

#include "fp_kat.h"

#ifndef FP_TEST_INV
#ifdef __AVR__
#define FP_TEST_INV 1
#else
#define FP_TEST_INV 0
#endif
#endif

typedef void (*fp2)(ks_limb *r, const ks_limb *a, const ks_limb *b);
typedef void (*fp1)(ks_limb *r, const ks_limb *a);
typedef void (*fp3)(ks_limb *r, const ks_limb *a, const ks_limb *b, const ks_limb *s);
typedef void (*fp22)(ks_limb *r1, ks_limb *r2, const ks_limb *a, const ks_limb *x);
typedef void (*fp21)(ks_limb *r1, ks_limb *r2, const ks_limb *a);

static uint16_t passed, failed;

static void report(const char *field, const char *op, uint16_t cases, uint16_t bad)
{
	mote_puts("check fp_");
	mote_puts(field);
	mote_puts(" op=");
	mote_puts(op);
	mote_puts(" cases=");
	mote_put_u32(cases);
	mote_puts(" wrong=");
	mote_put_u32(bad);
	mote_puts(bad ? " ok=0\n" : " ok=1\n");
	if (bad)
		failed++;
	else
		passed++;
}

/* r = f(a, b) for every pair, once into a fresh r and once into r = a (aliasing). */
static void check2(const char *field, const char *op, fp2 f, uint8_t n, uint8_t count,
                   const uint8_t *in, const uint8_t *want)
{
	static ks_limb a[KS_FE_MAX], b[KS_FE_MAX], r[KS_FE_MAX];
	static uint8_t w[32];
	uint8_t i, j;
	uint16_t bad = 0;
	for (i = 0; i < count; i++) {
		for (j = 0; j < count; j++) {
			mote_flash_copy(a, in + (uint16_t)i * n, n);
			mote_flash_copy(b, in + (uint16_t)j * n, n);
			mote_flash_copy(w, want + ((uint16_t)i * count + j) * n, n);
			f(r, a, b);
			if (memcmp(r, w, n) != 0)
				bad++;
			f(a, a, b);
			if (memcmp(a, w, n) != 0)
				bad++;
		}
	}
	report(field, op, 2 * (uint16_t)count * count, bad);
}

#if defined(KS_AVR_FP160_FUSED) && KS_WITH_SECP160R1
/* r = f(a, b, s) with s the input (i + j) mod count, into a fresh r, into r = a and into
   r = s (the fused product and subtraction: r may alias any input). */
static void check3(const char *field, const char *op, fp3 f, uint8_t n, uint8_t count,
                   const uint8_t *in, const uint8_t *want)
{
	static ks_limb a[KS_FE_MAX], b[KS_FE_MAX], s[KS_FE_MAX], r[KS_FE_MAX];
	static uint8_t w[32];
	uint8_t i, j, k;
	uint16_t bad = 0;
	for (i = 0; i < count; i++) {
		for (j = 0; j < count; j++) {
			mote_flash_copy(w, want + ((uint16_t)i * count + j) * n, n);
			for (k = 0; k < 3; k++) {
				ks_limb *out = k == 0 ? r : k == 1 ? a : s;
				mote_flash_copy(a, in + (uint16_t)i * n, n);
				mote_flash_copy(b, in + (uint16_t)j * n, n);
				mote_flash_copy(s, in + (uint16_t)((i + j) % count) * n, n);
				f(out, a, b, s);
				if (memcmp(out, w, n) != 0)
					bad++;
			}
		}
	}
	report(field, op, 3 * (uint16_t)count * count, bad);
}

/* (r1, r2) = (x - a^2, x + a^2) for every pair (a, x), once into fresh r1, r2 and once with
   a aliasing r1 (the doubling's form). */
static void check_subadd(const char *field, fp22 f, uint8_t n, uint8_t count, const uint8_t *in,
                         const uint8_t *want1, const uint8_t *want2)
{
	static ks_limb a[KS_FE_MAX], x[KS_FE_MAX], r1[KS_FE_MAX], r2[KS_FE_MAX];
	static uint8_t w1[32], w2[32];
	uint8_t i, j;
	uint16_t bad = 0;
	for (i = 0; i < count; i++) {
		for (j = 0; j < count; j++) {
			mote_flash_copy(a, in + (uint16_t)i * n, n);
			mote_flash_copy(x, in + (uint16_t)j * n, n);
			mote_flash_copy(w1, want1 + ((uint16_t)i * count + j) * n, n);
			mote_flash_copy(w2, want2 + ((uint16_t)i * count + j) * n, n);
			f(r1, r2, a, x);
			if (memcmp(r1, w1, n) != 0 || memcmp(r2, w2, n) != 0)
				bad++;
			f(a, r2, a, x);
			if (memcmp(a, w1, n) != 0 || memcmp(r2, w2, n) != 0)
				bad++;
		}
	}
	report(field, "sqrsubadd", 2 * (uint16_t)count * count, bad);
}

/* The product and the square of inputs in [p, 2^160) (gen_fp_kat.py's lazy_values), as the
   lazy sums of sqrsubadd and mulhalf3 may hand them on: lazy a times every input b both ways
   round, and a^2, against the same with a reduced (whose products check2 and check1 hold to
   the known answers); the results fully reduced. */
static void check_lazy(const char *field, fp2 mul, fp1 sqr, uint8_t n, uint8_t lazy, uint8_t count,
                       const uint8_t *la, const uint8_t *red, const uint8_t *in)
{
	static ks_limb a[KS_FE_MAX], ar[KS_FE_MAX], b[KS_FE_MAX], r[KS_FE_MAX], w[KS_FE_MAX];
	uint8_t i, j;
	uint16_t bad = 0;
	for (i = 0; i < lazy; i++) {
		mote_flash_copy(a, la + (uint16_t)i * n, n);
		mote_flash_copy(ar, red + (uint16_t)i * n, n);
		for (j = 0; j < count; j++) {
			mote_flash_copy(b, in + (uint16_t)j * n, n);
			mul(w, ar, b);
			mul(r, a, b);
			if (memcmp(r, w, n) != 0)
				bad++;
			mul(r, b, a);
			if (memcmp(r, w, n) != 0)
				bad++;
		}
		sqr(w, ar);
		sqr(r, a);
		if (memcmp(r, w, n) != 0)
			bad++;
	}
	report(field, "lazy_in", (uint16_t)lazy * (2 * count + 1), bad);
}

typedef void (*fp31)(ks_limb *r, const ks_limb *a, const ks_limb *s, const ks_limb *t);

/* r = (a^2 - s - t) / 2 (the doubling's Z3 = ((Y + Z)^2 - gamma - delta) / 2) for every pair
   (a, s) with t the input (i + j) mod count, against half(sqr(a) - s - t) (each of those held
   to its known answers above: a table of sqrssh's own would push the test firmware's tables,
   and the curves' constants after them, past the 64 KB that memcpy_P reaches), into a fresh
   r and into r = a, s, t; and for a lazy a (below 2^160, not below p: the doubling's Y + Z)
   against the same a reduced. */
static void check_sqrssh(const char *field, fp31 f, fp1 sqr, fp2 sub, fp1 half, uint8_t n,
                         uint8_t count, const uint8_t *in, uint8_t lazy, const uint8_t *la,
                         const uint8_t *red)
{
	static ks_limb a[KS_FE_MAX], s[KS_FE_MAX], t[KS_FE_MAX], r[KS_FE_MAX], w[KS_FE_MAX];
	uint8_t i, j, k;
	uint16_t bad = 0;
	for (i = 0; i < count; i++) {
		for (j = 0; j < count; j++) {
			for (k = 0; k < 4; k++) {
				ks_limb *out = k == 0 ? r : k == 1 ? a : k == 2 ? s : t;
				mote_flash_copy(a, in + (uint16_t)i * n, n);
				mote_flash_copy(s, in + (uint16_t)j * n, n);
				mote_flash_copy(t, in + (uint16_t)((i + j) % count) * n, n);
				sqr(w, a);
				sub(w, w, s);
				sub(w, w, t);
				half(w, w);
				f(out, a, s, t);
				if (memcmp(out, w, n) != 0)
					bad++;
			}
		}
	}
	for (i = 0; i < lazy; i++) {
		for (j = 0; j < count; j++) {
			mote_flash_copy(s, in + (uint16_t)j * n, n);
			mote_flash_copy(t, in + (uint16_t)((i + j) % count) * n, n);
			mote_flash_copy(a, red + (uint16_t)i * n, n);
			f(w, a, s, t);
			mote_flash_copy(a, la + (uint16_t)i * n, n);
			f(r, a, s, t);
			if (memcmp(r, w, n) != 0)
				bad++;
		}
	}
	report(field, "sqrssh", 4 * (uint16_t)count * count + (uint16_t)lazy * count, bad);
}

/* (r1, r2) = (a^2, a^4) for every a, once into fresh r1, r2 and once with a aliasing r1 (the
   doubling's gamma and gamma^2: r2 is written after a is read). */
static void check_sqrsqr(const char *field, fp21 f, uint8_t n, uint8_t count, const uint8_t *in,
                         const uint8_t *want1, const uint8_t *want2)
{
	static ks_limb a[KS_FE_MAX], r1[KS_FE_MAX], r2[KS_FE_MAX];
	static uint8_t w1[32], w2[32];
	uint8_t i;
	uint16_t bad = 0;
	for (i = 0; i < count; i++) {
		mote_flash_copy(w1, want1 + (uint16_t)i * n, n);
		mote_flash_copy(w2, want2 + (uint16_t)i * n, n);
		mote_flash_copy(a, in + (uint16_t)i * n, n);
		f(r1, r2, a);
		if (memcmp(r1, w1, n) != 0 || memcmp(r2, w2, n) != 0)
			bad++;
		f(a, r2, a);
		if (memcmp(a, w1, n) != 0 || memcmp(r2, w2, n) != 0)
			bad++;
	}
	report(field, "sqrsqr", 2 * (uint16_t)count, bad);
}
#endif

#if FP_TEST_INV
/* r = a^-1 for each input a and each product a b of neighbouring inputs (in the input list):
   r a = 1 by the product (checked above), r = 0 for a = 0; the inputs also in place. */
static void check_inv(const char *field, fp1 inv, fp2 mul, uint8_t n, uint8_t count,
                      const uint8_t *in)
{
	static ks_limb a[KS_FE_MAX], b[KS_FE_MAX], r[KS_FE_MAX];
	static uint8_t one[32];
	uint8_t i, k, z;
	uint16_t bad = 0;
	memset(one, 0, sizeof one);
	one[0] = 1;
	for (i = 0; i < count; i++) {
		for (k = 0; k < 3; k++) {
			mote_flash_copy(a, in + (uint16_t)i * n, n);
			if (k == 2) {
				mote_flash_copy(b, in + (uint16_t)((i + 1) % count) * n, n);
				mul(a, a, b);
			}
			if (k == 1) {
				inv(a, a); /* in place: r a = 1 below needs a again */
				memcpy(r, a, n);
				mote_flash_copy(a, in + (uint16_t)i * n, n);
			} else {
				inv(r, a);
			}
			for (z = 0; z < n && ((const uint8_t *)a)[z] == 0; z++)
				;
			if (z == n) { /* a = 0: r = 0 */
				if (memcmp(r, a, n) != 0)
					bad++;
				continue;
			}
			mul(b, r, a);
			if (memcmp(b, one, n) != 0)
				bad++;
		}
	}
	report(field, "inv", 3 * (uint16_t)count, bad);
}
#define CHECK_INV(name, N, UP)                                                                \
	check_inv(#name, inv_##name, ks_fp_mul_##name, N, FP_##UP##_COUNT, fp_##name##_in[0])
#else
#define CHECK_INV(name, N, UP) ((void)0)
#endif

static void check1(const char *field, const char *op, fp1 f, uint8_t n, uint8_t count, const uint8_t *in,
                   const uint8_t *want)
{
	static ks_limb a[KS_FE_MAX], r[KS_FE_MAX];
	static uint8_t w[32];
	uint8_t i;
	uint16_t bad = 0;
	for (i = 0; i < count; i++) {
		mote_flash_copy(a, in + (uint16_t)i * n, n);
		mote_flash_copy(w, want + (uint16_t)i * n, n);
		f(r, a);
		if (memcmp(r, w, n) != 0)
			bad++;
		f(a, a);
		if (memcmp(a, w, n) != 0)
			bad++;
	}
	report(field, op, 2 * (uint16_t)count, bad);
}

#define CHECK_FIELD(name, N, UP)                                                              \
	do {                                                                                  \
		check2(#name, "mul", ks_fp_mul_##name, N, FP_##UP##_COUNT, fp_##name##_in[0], \
		       fp_##name##_mul[0]);                                                  \
		check1(#name, "sqr", ks_fp_sqr_##name, N, FP_##UP##_COUNT, fp_##name##_in[0],       \
		       fp_##name##_sqr[0]);                                                  \
		check2(#name, "add", ks_fp_add_##name, N, FP_##UP##_COUNT, fp_##name##_in[0], \
		       fp_##name##_add[0]);                                                  \
		check2(#name, "sub", ks_fp_sub_##name, N, FP_##UP##_COUNT, fp_##name##_in[0], \
		       fp_##name##_sub[0]);                                                  \
		check1(#name, "half", half_##name, N, FP_##UP##_COUNT, fp_##name##_in[0],    \
		       fp_##name##_half[0]);                                                 \
		check1(#name, "neg", neg_##name, N, FP_##UP##_COUNT, fp_##name##_in[0],      \
		       fp_##name##_neg[0]);                                                  \
		check1(#name, "cneg0", keep_##name, N, FP_##UP##_COUNT, fp_##name##_in[0],    \
		       fp_##name##_in[0]);                                                   \
		CHECK_INV(name, N, UP);                                                       \
	} while (0)

/* The port's fused r = a - 2b and r = 3a/2 (the point doubling's), where it has them: the
   AVR's assembly for secp160r1 and P-256 (P-256's through KS_FP_SUB2_OF, ks_port_avr.h). */
#ifdef KS_FP_SUB2_OF
#define CHECK_FUSED(name, N, UP)                                                              \
	do {                                                                                  \
		check2(#name, "sub2", ks_fp_sub2_##name, N, FP_##UP##_COUNT,                  \
		       fp_##name##_in[0], fp_##name##_sub2[0]);                              \
		check1(#name, "half3", ks_fp_half3_##name, N, FP_##UP##_COUNT,                \
		       fp_##name##_in[0], fp_##name##_half3[0]);                             \
	} while (0)
#else
#define CHECK_FUSED(name, N, UP) ((void)0)
#endif

/* The port's product and square fused with the operations after them, ab - s, a^2 - s,
   a^2 - 2s, 3ab/2, x -+ a^2, (a^2, a^4) and (a^2 - s - t) / 2, where it has them: the AVR's
   assembly for secp160r1, the subroutines of its point doubling and addition
   (KS_AVR_FP160_FUSED). */
#ifdef KS_AVR_FP160_FUSED
#define CHECK_FUSED_PRODUCT(name, N, UP)                                                      \
	do {                                                                                  \
		check3(#name, "mulsub", ks_fp_mulsub_##name, N, FP_##UP##_COUNT,              \
		       fp_##name##_in[0], fp_##name##_mulsub[0]);                            \
		check2(#name, "sqrsub", ks_fp_sqrsub_##name, N, FP_##UP##_COUNT,              \
		       fp_##name##_in[0], fp_##name##_sqrsub[0]);                            \
		check2(#name, "sqrsub2", ks_fp_sqrsub2_##name, N, FP_##UP##_COUNT,            \
		       fp_##name##_in[0], fp_##name##_sqrsub2[0]);                           \
		check2(#name, "mulhalf3", ks_fp_mulhalf3_##name, N, FP_##UP##_COUNT,          \
		       fp_##name##_in[0], fp_##name##_mulhalf3[0]);                          \
		check_subadd(#name, ks_fp_sqrsubadd_##name, N, FP_##UP##_COUNT,               \
			     fp_##name##_in[0], fp_##name##_sqrsubadd1[0],                    \
			     fp_##name##_sqrsubadd2[0]);                                      \
		check_sqrsqr(#name, ks_fp_sqrsqr_##name, N, FP_##UP##_COUNT,                  \
			     fp_##name##_in[0], fp_##name##_sqr[0], fp_##name##_sqrsqr[0]);    \
		check_lazy(#name, ks_fp_mul_##name, ks_fp_sqr_##name, N, FP_##UP##_LAZY_COUNT, \
			   FP_##UP##_COUNT, fp_##name##_lazy[0], fp_##name##_lazyred[0],      \
			   fp_##name##_in[0]);                                                \
		check_sqrssh(#name, ks_fp_sqrssh_##name, ks_fp_sqr_##name, ks_fp_sub_##name,  \
			     half_##name, N, FP_##UP##_COUNT, fp_##name##_in[0],              \
			     FP_##UP##_LAZY_COUNT, fp_##name##_lazy[0], fp_##name##_lazyred[0]); \
	} while (0)
#else
#define CHECK_FUSED_PRODUCT(name, N, UP) ((void)0)
#endif

/* r = a / 2 through the curve table (the port's assembly where it has one); -a and a by ks_fp_cneg */
#define HALF(name, id)                                                                        \
	static void half_##name(ks_limb *r, const ks_limb *a)                                 \
	{                                                                                     \
		ks_fp_half(ks_curve_get(id), r, a);                                           \
	}                                                                                     \
	/* r = -a mod p and r = a through ks_fp_cneg (the port's assembly where it has one) */ \
	static void neg_##name(ks_limb *r, const ks_limb *a)                                  \
	{                                                                                     \
		ks_fp_cneg(ks_curve_get(id), r, a, (ks_limb)~(ks_limb)0);                     \
	}                                                                                     \
	static void keep_##name(ks_limb *r, const ks_limb *a)                                 \
	{                                                                                     \
		ks_fp_cneg(ks_curve_get(id), r, a, 0);                                        \
	}                                                                                     \
	INV(name, id)
/* r = a^-1 (0 to 0) through ks_fp_inv (divsteps: the port's batches where it has them) */
#if FP_TEST_INV
#define INV(name, id)                                                                         \
	static void inv_##name(ks_limb *r, const ks_limb *a)                                  \
	{                                                                                     \
		ks_fp_inv(ks_curve_get(id), r, a);                                            \
	}
#else
#define INV(name, id)
#endif
#if KS_WITH_SECP160R1
HALF(secp160r1, KS_SECP160R1)
#endif
#if KS_WITH_SECP192R1
HALF(secp192r1, KS_SECP192R1)
#endif
#if KS_WITH_SECP224R1
HALF(secp224r1, KS_SECP224R1)
#endif
#if KS_WITH_SECP256R1
HALF(secp256r1, KS_SECP256R1)
#endif

int main(void)
{
	mote_init();
#if KS_WITH_SECP160R1
	CHECK_FIELD(secp160r1, 20, SECP160R1);
	CHECK_FUSED(secp160r1, 20, SECP160R1);
	CHECK_FUSED_PRODUCT(secp160r1, 20, SECP160R1);
#endif
#if KS_WITH_SECP192R1
	CHECK_FIELD(secp192r1, 24, SECP192R1);
#endif
#if KS_WITH_SECP224R1
	CHECK_FIELD(secp224r1, 28, SECP224R1);
#endif
#if KS_WITH_SECP256R1
	CHECK_FIELD(secp256r1, 32, SECP256R1);
	CHECK_FUSED(secp256r1, 32, SECP256R1);
#endif
	mote_put_u32(passed);
	mote_puts(" passed, ");
	mote_put_u32(failed);
	mote_puts(" failed\n");
	mote_exit(failed ? 1 : 0);
}
