/*
 * Multi-precision integers as little-endian arrays of limbs (KS_LIMB_BITS = 8, 16, 32 or 64).
 * Everything here is constant time: no branch or index depends on limb values. The loops
 * are inline so that callers with a constant length (one field size) get unrolled code.
 */
#ifndef KS_BN_H
#define KS_BN_H

#include "ks_config.h"

#if KS_LIMB_BITS == 8
typedef uint8_t ks_limb;
typedef uint16_t ks_dlimb;
#define KS_HAVE_DLIMB 1
#elif KS_LIMB_BITS == 16
typedef uint16_t ks_limb;
typedef uint32_t ks_dlimb;
#define KS_HAVE_DLIMB 1
#elif KS_LIMB_BITS == 32
typedef uint32_t ks_limb;
typedef uint64_t ks_dlimb;
#define KS_HAVE_DLIMB 1
#elif KS_LIMB_BITS == 64
typedef uint64_t ks_limb;
#  if defined(__SIZEOF_INT128__) && !defined(KS_NO_INT128)
__extension__ typedef unsigned __int128 ks_dlimb;
#  define KS_HAVE_DLIMB 1
#  else
#  define KS_HAVE_DLIMB 0
#  endif
#else
#error "KS_LIMB_BITS must be 8, 16, 32 or 64"
#endif

/* x86-64 has add-with-carry intrinsics (plain adc/sbb, no ISA extension); compilers do not
   find those chains in the portable carry code. -DKS_X86_CARRY=0 keeps the portable code
   (what other 64-bit hosts run; `make test` builds it on x86-64 too). */
#ifndef KS_X86_CARRY
#if KS_LIMB_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define KS_X86_CARRY 1
#else
#define KS_X86_CARRY 0
#endif
#endif
#if KS_X86_CARRY
#include <x86intrin.h>
#endif

/* Full unrolling of the product loops where the limb count is a small constant (host). */
#if KS_X86_CARRY && defined(__clang__)
#define KS_UNROLL _Pragma("unroll")
#elif KS_X86_CARRY && defined(__GNUC__) && __GNUC__ >= 8
#define KS_UNROLL _Pragma("GCC unroll 16")
#else
#define KS_UNROLL
#endif

#define KS_LIMB_BYTES (KS_LIMB_BITS / 8)
/* Limbs needed for a number of bits / bytes. */
#define KS_LIMBS(bits) (((bits) + KS_LIMB_BITS - 1) / KS_LIMB_BITS)

/* Hides a value from the optimiser: after it the compiler cannot know that a mask is 0 or
   all-ones, so it keeps `x & mask` as an and instead of turning it into a branch (clang-16
   does that on the MSP430, which has no conditional move). An empty asm costs nothing; a
   compiler without GNU asm gets the plain value (and its output must be checked). */
KS_INLINE ks_limb ks_ct_hide(ks_limb x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* The same for a 32-bit value (table indices and digits are uint32_t). */
KS_INLINE uint32_t ks_ct_hide32(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* The top bit of a limb / of a 32-bit value, 0 or 1. Shifted in two steps with the value
   hidden in between: clang-16 turns a plain `x >> (bits - 1)` into a sign test and a
   branch on the MSP430. */
#define KS_TOP_BIT(x) \
    (ks_ct_hide((ks_limb)((x) >> (KS_LIMB_BITS / 2))) >> (KS_LIMB_BITS / 2 - 1))
#define KS_TOP_BIT32(x) (ks_ct_hide32((uint32_t)(x) >> 16) >> 15)

/* An all-ones mask when bit is 1, zero when bit is 0. */
#define KS_MASK(bit) ks_ct_hide((ks_limb)((ks_limb)0 - (ks_limb)(bit)))

/* Carries without comparisons: a limb comparison (`s < a`), and any carry out of an add
   wider than the machine word, become a compare and jump on the MSP430 (clang-16 has no
   add-with-carry lowering there) and on the AVR. Limbs of at most 16 bits take the carry from
   the high half of a double-width sum (a word pair: add/addc); 32-bit limbs, wider than the
   motes' registers, and 64-bit limbs without a double-width type take it from the sign bits
   (a carry out of a + b is the majority of the top bits of a, b and not-sum). */
#if KS_HAVE_DLIMB && KS_LIMB_BITS != 32
#define KS_DLIMB_CARRY 1
#else
#define KS_DLIMB_CARRY 0
#endif

/* Returns a + b + *c mod 2^bits and sets *c to the carry out (*c is 0 or 1). */
KS_INLINE ks_limb ks_adc(ks_limb a, ks_limb b, ks_limb *c)
{
#if KS_DLIMB_CARRY
    ks_dlimb t = (ks_dlimb)a + b + *c;
    *c = (ks_limb)(t >> KS_LIMB_BITS);
    return (ks_limb)t;
#else
    ks_limb s = (ks_limb)(a + b + *c);
    *c = KS_TOP_BIT((a & b) | ((a | b) & (ks_limb)~s));
    return s;
#endif
}

/* Returns a - b - *c mod 2^bits and sets *c to the borrow out (*c is 0 or 1). */
KS_INLINE ks_limb ks_sbb(ks_limb a, ks_limb b, ks_limb *c)
{
#if KS_DLIMB_CARRY
    /* the high half is 0 or all-ones: its low bit is the borrow (taking the top bit instead,
       t >> (2 bits - 1), avr-gcc tests it with sbrc, a skip over one instruction) */
    ks_dlimb t = (ks_dlimb)a - b - *c;
    *c = (ks_limb)((ks_limb)(t >> KS_LIMB_BITS) & 1);
    return (ks_limb)t;
#else
    ks_limb d = (ks_limb)(a - b - *c);
    *c = KS_TOP_BIT(((ks_limb)~a & b) | (((ks_limb)~a | b) & d));
    return d;
#endif
}

/* (hi, lo) = a * b. */
KS_INLINE void ks_mul_wide(ks_limb a, ks_limb b, ks_limb *hi, ks_limb *lo)
{
#if KS_LIMB_BITS == 32 && (defined(__AVR__) || defined(__MSP430__))
    /* from four 16 x 16 products: a 64-bit product is a library call there (avr-gcc's
       __muldi3 branches on its carries) */
    uint32_t a0 = (uint16_t)a, a1 = a >> 16, b0 = (uint16_t)b, b1 = b >> 16;
    uint32_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint32_t mid = (p00 >> 16) + (uint16_t)p01 + (uint16_t)p10;
    *lo = (mid << 16) | (uint16_t)p00;
    *hi = p11 + (p01 >> 16) + (p10 >> 16) + (mid >> 16);
#elif KS_HAVE_DLIMB
    ks_dlimb p = (ks_dlimb)a * (ks_dlimb)b;
    *lo = (ks_limb)p;
    *hi = (ks_limb)(p >> KS_LIMB_BITS);
#else
    /* 64 x 64 from four 32 x 32 products (compilers without a 128-bit type). */
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *lo = (mid << 32) | (uint32_t)p00;
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

/* The three-limb accumulator (c2:c1:c0) += f * a * b for f = 1 or 2 (product scanning). */
KS_INLINE void ks_mac(ks_limb *c0, ks_limb *c1, ks_limb *c2, ks_limb a, ks_limb b)
{
    ks_limb hi, lo;
    ks_mul_wide(a, b, &hi, &lo);
#if KS_X86_CARRY
    {
        unsigned long long x0, x1, x2;
        unsigned char c = _addcarry_u64(0, *c0, lo, &x0);
        c = _addcarry_u64(c, *c1, hi, &x1);
        (void)_addcarry_u64(c, *c2, 0, &x2);
        *c0 = x0;
        *c1 = x1;
        *c2 = x2;
        return;
    }
#endif
    {
        ks_limb c = 0; /* hi <= 2^bits - 2: hi + carry cannot wrap */
        *c0 = ks_adc(*c0, lo, &c);
        *c1 = ks_adc(*c1, hi, &c);
        *c2 = (ks_limb)(*c2 + c);
    }
}

KS_INLINE void ks_mac2(ks_limb *c0, ks_limb *c1, ks_limb *c2, ks_limb a, ks_limb b)
{
    ks_limb hi, lo, t;
    ks_mul_wide(a, b, &hi, &lo);
#if KS_X86_CARRY
    {
        unsigned long long x0, x1, x2;
        unsigned char c = _addcarry_u64(0, *c0, lo, &x0);
        c = _addcarry_u64(c, *c1, hi, &x1);
        c = _addcarry_u64(c, *c2, 0, &x2);
        c = _addcarry_u64(0, x0, lo, &x0);
        c = _addcarry_u64(c, x1, hi, &x1);
        (void)_addcarry_u64(c, x2, 0, &x2);
        *c0 = x0;
        *c1 = x1;
        *c2 = x2;
        (void)t;
        return;
    }
#endif
    /* 2 * (hi:lo) needs one more bit: it goes straight to c2. The top bits through KS_TOP_BIT:
       a plain x >> (bits - 1) is a skip (sbrc) on the AVR. */
    *c2 = (ks_limb)(*c2 + KS_TOP_BIT(hi));
    hi = (ks_limb)((hi << 1) | KS_TOP_BIT(lo));
    lo = (ks_limb)(lo << 1);
    t = 0;
    *c0 = ks_adc(*c0, lo, &t);
    *c1 = ks_adc(*c1, hi, &t);
    *c2 = (ks_limb)(*c2 + t);
}

/* r = a + b (n limbs); returns the carry. r may alias a or b. */
KS_INLINE ks_limb ks_bn_add(ks_limb *r, const ks_limb *a, const ks_limb *b, size_t n)
{
#if KS_X86_CARRY
    unsigned char c = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned long long s;
        c = _addcarry_u64(c, a[i], b[i], &s);
        r[i] = s;
    }
    return c;
#else
    ks_limb c = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        r[i] = ks_adc(a[i], b[i], &c);
    }
    return c;
#endif
}

/* r = a - b (n limbs); returns the borrow (0 or 1). r may alias a or b. */
KS_INLINE ks_limb ks_bn_sub(ks_limb *r, const ks_limb *a, const ks_limb *b, size_t n)
{
#if KS_X86_CARRY
    unsigned char c = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned long long s;
        c = _subborrow_u64(c, a[i], b[i], &s);
        r[i] = s;
    }
    return c;
#else
    ks_limb c = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        r[i] = ks_sbb(a[i], b[i], &c);
    }
    return c;
#endif
}

/* r[0..2n) = a * b (n limbs each); r must not alias a or b. */
KS_INLINE void ks_bn_mul(ks_limb *r, const ks_limb *a, const ks_limb *b, size_t n)
{
#if KS_DLIMB_CARRY && !KS_X86_CARRY
    /* operand scanning: fixed trip counts, which compilers unroll for a constant n */
    size_t i, j;
    for (i = 0; i < n; i++) {
        r[i] = 0;
    }
    for (i = 0; i < n; i++) {
        ks_dlimb c = 0;
        for (j = 0; j < n; j++) {
            c += (ks_dlimb)a[i] * b[j] + r[i + j];
            r[i + j] = (ks_limb)c;
            c >>= KS_LIMB_BITS;
        }
        r[i + n] = (ks_limb)c;
    }
#else
    ks_limb c0 = 0, c1 = 0, c2 = 0;
    size_t k, i;
    KS_UNROLL for (k = 0; k + 1 < 2 * n; k++) {
        size_t lo = k < n ? 0 : k - n + 1;
        size_t hi = k < n ? k : n - 1;
        KS_UNROLL for (i = lo; i <= hi; i++) {
            ks_mac(&c0, &c1, &c2, a[i], b[k - i]);
        }
        r[k] = c0;
        c0 = c1;
        c1 = c2;
        c2 = 0;
    }
    r[2 * n - 1] = c0;
#endif
}

/* r[0..2n) = a^2; r must not alias a. Cross products are computed once and doubled. */
KS_INLINE void ks_bn_sqr(ks_limb *r, const ks_limb *a, size_t n)
{
#if KS_DLIMB_CARRY && !KS_X86_CARRY
    size_t i, j;
    ks_limb top = 0;
    for (i = 0; i < 2 * n; i++) {
        r[i] = 0;
    }
    /* sum of a[i] a[j] 2^(i+j) for i < j */
    for (i = 0; i + 1 < n; i++) {
        ks_dlimb c = 0;
        for (j = i + 1; j < n; j++) {
            c += (ks_dlimb)a[i] * a[j] + r[i + j];
            r[i + j] = (ks_limb)c;
            c >>= KS_LIMB_BITS;
        }
        r[i + n] = (ks_limb)c;
    }
    /* double it and add the squares a[i]^2 2^(2i) */
    for (i = 0; i < n; i++) {
        ks_dlimb sq = (ks_dlimb)a[i] * a[i];
        ks_dlimb lo = (ks_dlimb)((ks_dlimb)r[2 * i] << 1) + (ks_limb)sq + top;
        ks_dlimb hi = (ks_dlimb)((ks_dlimb)r[2 * i + 1] << 1) + (ks_limb)(sq >> KS_LIMB_BITS)
                      + (ks_limb)(lo >> KS_LIMB_BITS);
        r[2 * i] = (ks_limb)lo;
        r[2 * i + 1] = (ks_limb)hi;
        top = (ks_limb)(hi >> KS_LIMB_BITS);
    }
#else
    ks_limb c0 = 0, c1 = 0, c2 = 0;
    size_t k, i;
    KS_UNROLL for (k = 0; k + 1 < 2 * n; k++) {
        size_t lo = k < n ? 0 : k - n + 1;
        KS_UNROLL for (i = lo; 2 * i < k; i++) {
            ks_mac2(&c0, &c1, &c2, a[i], a[k - i]);
        }
        if ((k & 1) == 0) {
            ks_mac(&c0, &c1, &c2, a[k / 2], a[k / 2]);
        }
        r[k] = c0;
        c0 = c1;
        c1 = c2;
        c2 = 0;
    }
    r[2 * n - 1] = c0;
#endif
}

/* r = mask ? a : r, for mask all-ones or zero. */
KS_INLINE void ks_bn_cmov(ks_limb *r, const ks_limb *a, size_t n, ks_limb mask)
{
    size_t i;
    for (i = 0; i < n; i++) {
        r[i] = (ks_limb)(r[i] ^ (mask & (r[i] ^ a[i])));
    }
}

/* All-ones if a == 0, else zero. */
KS_INLINE ks_limb ks_bn_zero_mask(const ks_limb *a, size_t n)
{
    ks_limb x = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        x |= a[i];
    }
    /* The top bit of x | -x is set iff x != 0. */
    x = (ks_limb)(x | (ks_limb)(0 - x));
    return KS_MASK(KS_TOP_BIT(x) ^ 1);
}

/* Big-endian bytes <-> limbs. from_bytes fills all n limbs (len <= n * KS_LIMB_BYTES);
   to_bytes writes exactly len bytes from the low end of a. */
void ks_bn_from_bytes(ks_limb *r, size_t n, const uint8_t *in, size_t len);
void ks_bn_to_bytes(uint8_t *out, size_t len, const ks_limb *a);
/* Copies n limbs from a KS_FLASH array. */
KS_INLINE void ks_bn_from_flash(ks_limb *r, const ks_limb *flash, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        r[i] = KS_READ_LIMB(&flash[i]);
    }
}
/* All-ones if a < b (n limbs), else zero. */
ks_limb ks_bn_lt_mask(const ks_limb *a, const ks_limb *b, size_t n);

#endif
