/* GHASH, table-free and constant time: see ks_ghash.h. Mirrors ksecurity/prim/Ghash.java. */
#include "ks_cipher.h"
#include "ks_ghash.h"
#include "ks_wipe.h"

#if KS_GHASH_CLMUL

/* Reverses the bit order inside each byte (GCM numbers bits from the most significant). */
static uint32_t reflect(uint32_t v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    return ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
}

static uint32_t load_reflected(const uint8_t *p)
{
    return reflect((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
}

/* Carry-less product of two 32-bit words: four parts per operand keeping every fourth bit; a
   part has at most 8 set bits, so an integer product sums at most 8 terms per position, a
   count that fits the kept bit and the three holes above it: masking keeps the XOR (the
   count's low bit) of the terms. */
static uint64_t clmul32(uint32_t a, uint32_t b)
{
    uint64_t x0 = a & 0x11111111u, x1 = a & 0x22222222u, x2 = a & 0x44444444u, x3 = a & 0x88888888u;
    uint64_t y0 = b & 0x11111111u, y1 = b & 0x22222222u, y2 = b & 0x44444444u, y3 = b & 0x88888888u;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & 0x1111111111111111u) | (z1 & 0x2222222222222222u)
         | (z2 & 0x4444444444444444u) | (z3 & 0x8888888888888888u);
}

/* Carry-less 64x64-bit product (a1:a0 times b1:b0) into r[0..3], little-endian words. */
static void mul64(uint32_t a0, uint32_t a1, uint32_t b0, uint32_t b1, uint32_t r[4])
{
    uint64_t l = clmul32(a0, b0), u = clmul32(a1, b1);
    uint64_t m = clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ u;
    r[0] = (uint32_t)l;
    r[1] = (uint32_t)(l >> 32) ^ (uint32_t)m;
    r[2] = (uint32_t)u ^ (uint32_t)(m >> 32);
    r[3] = (uint32_t)(u >> 32);
}

/* y = y * H mod P: Karatsuba on two levels (128 = 2 x 64, 64 = 2 x 32), then the reduction. */
static void mul_h(ks_ghash *g)
{
    uint32_t y[4], lo[4], hi[4], mid[4], z[8], c;
    const uint32_t *h = g->h;
    int k;
    for (k = 0; k < 4; k++) {
        y[k] = load_reflected(g->y + 4 * k);
    }
    mul64(y[0], y[1], h[0], h[1], lo);
    mul64(y[2], y[3], h[2], h[3], hi);
    mul64(y[0] ^ y[2], y[1] ^ y[3], h[0] ^ h[2], h[1] ^ h[3], mid);
    for (k = 0; k < 4; k++) {
        mid[k] ^= lo[k] ^ hi[k];
    }
    z[0] = lo[0];
    z[1] = lo[1];
    z[2] = lo[2] ^ mid[0];
    z[3] = lo[3] ^ mid[1];
    z[4] = hi[0] ^ mid[2];
    z[5] = hi[1] ^ mid[3];
    z[6] = hi[2];
    z[7] = hi[3];
    /* x^128 = x^7 + x^2 + x + 1: fold the high words into the low ones ... */
    for (k = 0; k < 4; k++) {
        uint32_t t = z[4 + k], tp = k == 0 ? 0 : z[3 + k];
        z[k] ^= t ^ (t << 1) ^ (tp >> 31) ^ (t << 2) ^ (tp >> 30) ^ (t << 7) ^ (tp >> 25);
    }
    /* ... and the few bits those shifts pushed past x^127, once more. */
    c = (z[7] >> 31) ^ (z[7] >> 30) ^ (z[7] >> 25);
    z[0] ^= c ^ (c << 1) ^ (c << 2) ^ (c << 7);
    for (k = 0; k < 4; k++) {
        uint32_t v = reflect(z[k]);
        g->y[4 * k] = (uint8_t)v;
        g->y[4 * k + 1] = (uint8_t)(v >> 8);
        g->y[4 * k + 2] = (uint8_t)(v >> 16);
        g->y[4 * k + 3] = (uint8_t)(v >> 24);
    }
    ks_wipe(y, sizeof y);
    ks_wipe(z, sizeof z);
    ks_wipe(lo, sizeof lo);
    ks_wipe(hi, sizeof hi);
    ks_wipe(mid, sizeof mid);
}

void ks_ghash_init(ks_ghash *g, const uint8_t h[16])
{
    int k;
    for (k = 0; k < 4; k++) {
        g->h[k] = load_reflected(h + 4 * k);
    }
    ks_ghash_reset(g);
}

#else

/* v = v x: one place right in GCM's bit order, R = 0xe1 || 0^120 folded in (by a mask) when
   a coefficient falls off the end. */
static void times_x(uint8_t v[16])
{
    uint8_t j, carry = 0, next, drop = v[15] & 1;
    for (j = 0; j < 16; j++) {
        next = (uint8_t)(v[j] << 7);
        v[j] = (uint8_t)((v[j] >> 1) | carry);
        carry = next;
    }
    v[0] ^= 0xe1 & ks_cipher_mask8(drop);
}

/* Byte k of H x^b: interleaved (the eight multiples' byte k side by side) for the C below,
   in rows (H x^0, then H x^1, ...) for the assembly, which streams through them. */
#if KS_GHASH_ASM
#define KS_GHASH_HX(g, k, b) ((g)->hx.bytes[16 * (b) + (k)])

/* avr/ks_ghash_avr.S, msp430/ks_ghash_msp430.S */
void ks_ghash_mul_asm(uint8_t y[16], const uint8_t hx[128]);

static void mul_h(ks_ghash *g)
{
    ks_ghash_mul_asm(g->y, g->hx.bytes);
}
#else
#define KS_GHASH_HX(g, k, b) ((g)->hx.bytes[8 * (k) + (b)])

/* 0xff if bit b (from the most significant) of x is set, else 0; b is a constant. */
#define BIT_MASK(x, b) ks_cipher_mask8(((x) >> (7 - (b))) & 1)

/* y = y * H by bytes, Horner's rule from the last byte: z = z x^8 + (byte j of y) H. z x^8
   moves z's bytes one place; the byte d that falls off comes back as d x^128 = d (1 + x + x^2
   + x^7): bit t of d adds 0xe100 >> t to the first two bytes. (byte j) H is the sum of the
   multiples H x^b that the byte's bits select, by masks. One pass over z does both: byte k of
   the new z is old byte k - 1 plus byte k of the selected multiples, which sit side by side. */
static void mul_h(ks_ghash *g)
{
    uint8_t z[16], j = 16, k, d, x, m0, m1, m2, m3, m4, m5, m6, m7;
    uint16_t r;
    memset(z, 0, 16);
    while (j--) {
        x = g->y[j];
        m0 = BIT_MASK(x, 0), m1 = BIT_MASK(x, 1), m2 = BIT_MASK(x, 2), m3 = BIT_MASK(x, 3);
        m4 = BIT_MASK(x, 4), m5 = BIT_MASK(x, 5), m6 = BIT_MASK(x, 6), m7 = BIT_MASK(x, 7);
        d = z[15];
        for (k = 16; k-- > 0;) {
            const uint8_t *h = &KS_GHASH_HX(g, k, 0);
            z[k] = (h[0] & m0) ^ (h[1] & m1) ^ (h[2] & m2) ^ (h[3] & m3)
                 ^ (h[4] & m4) ^ (h[5] & m5) ^ (h[6] & m6) ^ (h[7] & m7) ^ z[(k - 1) & 15];
        }
        /* z[0] took the new z[15] in: take it out (the index stays branch-free) */
        z[0] ^= z[15];
        r = (0xe100u & ks_cipher_mask16((d >> 7) & 1))
          ^ (0x7080u & ks_cipher_mask16((d >> 6) & 1))
          ^ (0x3840u & ks_cipher_mask16((d >> 5) & 1))
          ^ (0x1c20u & ks_cipher_mask16((d >> 4) & 1))
          ^ (0x0e10u & ks_cipher_mask16((d >> 3) & 1))
          ^ (0x0708u & ks_cipher_mask16((d >> 2) & 1))
          ^ (0x0384u & ks_cipher_mask16((d >> 1) & 1))
          ^ (0x01c2u & ks_cipher_mask16(d & 1));
        z[0] ^= (uint8_t)(r >> 8);
        z[1] ^= (uint8_t)r;
    }
    memcpy(g->y, z, 16);
    ks_wipe(z, sizeof z);
}
#endif

void ks_ghash_init(ks_ghash *g, const uint8_t h[16])
{
    uint8_t v[16], b, k;
    memcpy(v, h, 16);
    for (b = 0; b < 8; b++) {
        for (k = 0; k < 16; k++) {
            KS_GHASH_HX(g, k, b) = v[k];
        }
        times_x(v);
    }
    ks_wipe(v, sizeof v);
    ks_ghash_reset(g);
}

#endif

void ks_ghash_reset(ks_ghash *g)
{
    memset(g->y, 0, 16);
    g->pos = 0;
}

void ks_ghash_update(ks_ghash *g, const uint8_t *in, size_t len)
{
    size_t k = 0, i;
    while (k < len) {
        if (g->pos == 0 && len - k >= 16) { /* a whole block */
            for (i = 0; i < 16; i++) {
                g->y[i] ^= in[k + i];
            }
            mul_h(g);
            k += 16;
            continue;
        }
        g->y[g->pos] ^= in[k++];
        if (++g->pos == 16) {
            mul_h(g);
            g->pos = 0;
        }
    }
}

void ks_ghash_pad(ks_ghash *g)
{
    if (g->pos > 0) { /* the position depends on lengths only */
        mul_h(g);
        g->pos = 0;
    }
}

void ks_ghash_final(ks_ghash *g, uint8_t out[16])
{
    ks_ghash_pad(g);
    memcpy(out, g->y, 16);
}

void ks_ghash_clear(ks_ghash *g)
{
    ks_wipe(g, sizeof *g);
}
