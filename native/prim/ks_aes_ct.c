/*
 * AES-128 encryption, bitsliced and table-free (KS_AES_TABLES 0, the host's): the encryption
 * half of ksecurity/prim/Aes.java, in C. No table is indexed by key or data and no branch
 * depends on them: every step is an AND, XOR, NOT, shift or rotation of 32-bit words, so it
 * is constant time on CPUs with caches (tests/cipher/test_cipher_ct.c checks it under
 * valgrind).
 *
 * Layout (as Aes.java): two blocks in eight words q[0..7]; word q[b] holds bit b of all 32
 * bytes; byte (row r, column c) of block k sits at bit 8r + 2c + k. A row is one byte lane:
 * ShiftRows rotates inside each byte lane, MixColumns rotates whole words by 8 and 16. The
 * S-box is Boyar and Peralta's 113-gate circuit (SLP_AES_113). The key schedule runs SubWord
 * through the same circuit. The idea follows BearSSL's aes_ct; the code is our own.
 */
#include "ks_aes.h"
#include "ks_wipe.h"

#if !KS_AES_TABLES

static uint32_t load32le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store32le(uint32_t x, uint8_t *p)
{
    p[0] = (uint8_t)x;
    p[1] = (uint8_t)(x >> 8);
    p[2] = (uint8_t)(x >> 16);
    p[3] = (uint8_t)(x >> 24);
}

/* Exchanges the high halves (under ~lo) of x's bit pairs with the low halves of y's. */
#define SWAP(a, b, lo, s)                                                  \
    do {                                                                   \
        uint32_t x_ = q[a], y_ = q[b];                                     \
        q[a] = (x_ & (lo)) | ((y_ & (lo)) << (s));                         \
        q[b] = ((x_ >> (s)) & (lo)) | (y_ & ~(uint32_t)(lo));              \
    } while (0)

/* The 8x8 bit transposes of each byte lane across the eight words; its own inverse. */
static void transpose(uint32_t q[8])
{
    SWAP(0, 1, 0x55555555u, 1);
    SWAP(2, 3, 0x55555555u, 1);
    SWAP(4, 5, 0x55555555u, 1);
    SWAP(6, 7, 0x55555555u, 1);
    SWAP(0, 2, 0x33333333u, 2);
    SWAP(1, 3, 0x33333333u, 2);
    SWAP(4, 6, 0x33333333u, 2);
    SWAP(5, 7, 0x33333333u, 2);
    SWAP(0, 4, 0x0f0f0f0fu, 4);
    SWAP(1, 5, 0x0f0f0f0fu, 4);
    SWAP(2, 6, 0x0f0f0f0fu, 4);
    SWAP(3, 7, 0x0f0f0f0fu, 4);
}

/* The forward S-box on all 32 bytes (SLP_AES_113: top linear layer, shared non-linear middle,
   bottom linear layer with four XNORs). U0 is bit 7 (q[7]); S0 goes to q[7]. */
static void sub_bytes(uint32_t q[8])
{
    uint32_t u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4], u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
    uint32_t y14 = u3 ^ u5, y13 = u0 ^ u6, y9 = u0 ^ u3, y8 = u0 ^ u5, t0 = u1 ^ u2;
    uint32_t y1 = t0 ^ u7, y4 = y1 ^ u3, y12 = y13 ^ y14, y2 = y1 ^ u0, y5 = y1 ^ u6;
    uint32_t y3 = y5 ^ y8, t1 = u4 ^ y12, y15 = t1 ^ u5, y20 = t1 ^ u1, y6 = y15 ^ u7;
    uint32_t y10 = y15 ^ t0, y11 = y20 ^ y9, y7 = u7 ^ y11, y17 = y10 ^ y11, y19 = y10 ^ y8;
    uint32_t y16 = t0 ^ y11, y21 = y13 ^ y16, y18 = u0 ^ y16;

    uint32_t t2 = y12 & y15, t3 = y3 & y6, t4 = t3 ^ t2, t5 = y4 & u7, t6 = t5 ^ t2;
    uint32_t t7 = y13 & y16, t8 = y5 & y1, t9 = t8 ^ t7, t10 = y2 & y7, t11 = t10 ^ t7;
    uint32_t t12 = y9 & y11, t13 = y14 & y17, t14 = t13 ^ t12, t15 = y8 & y10, t16 = t15 ^ t12;
    uint32_t t17 = t4 ^ y20, t18 = t6 ^ t16, t19 = t9 ^ t14, t20 = t11 ^ t16, t21 = t17 ^ t14;
    uint32_t t22 = t18 ^ y19, t23 = t19 ^ y21, t24 = t20 ^ y18, t25 = t21 ^ t22, t26 = t21 & t23;
    uint32_t t27 = t24 ^ t26, t28 = t25 & t27, t29 = t28 ^ t22, t30 = t23 ^ t24, t31 = t22 ^ t26;
    uint32_t t32 = t31 & t30, t33 = t32 ^ t24, t34 = t23 ^ t33, t35 = t27 ^ t33, t36 = t24 & t35;
    uint32_t t37 = t36 ^ t34, t38 = t27 ^ t36, t39 = t29 & t38, t40 = t25 ^ t39, t41 = t40 ^ t37;
    uint32_t t42 = t29 ^ t33, t43 = t29 ^ t40, t44 = t33 ^ t37, t45 = t42 ^ t41;
    uint32_t z0 = t44 & y15, z1 = t37 & y6, z2 = t33 & u7, z3 = t43 & y16, z4 = t40 & y1;
    uint32_t z5 = t29 & y7, z6 = t42 & y11, z7 = t45 & y17, z8 = t41 & y10, z9 = t44 & y12;
    uint32_t z10 = t37 & y3, z11 = t33 & y4, z12 = t43 & y13, z13 = t40 & y5, z14 = t29 & y2;
    uint32_t z15 = t42 & y9, z16 = t45 & y14, z17 = t41 & y8;

    uint32_t tc1 = z15 ^ z16, tc2 = z10 ^ tc1, tc3 = z9 ^ tc2, tc4 = z0 ^ z2, tc5 = z1 ^ z0;
    uint32_t tc6 = z3 ^ z4, tc7 = z12 ^ tc4, tc8 = z7 ^ tc6, tc9 = z8 ^ tc7, tc10 = tc8 ^ tc9;
    uint32_t tc11 = tc6 ^ tc5, tc12 = z3 ^ z5, tc13 = z13 ^ tc1, tc14 = tc4 ^ tc12;
    uint32_t s3 = tc3 ^ tc11, tc16 = z6 ^ tc8, tc17 = z14 ^ tc10, tc18 = tc13 ^ tc14;
    uint32_t s7 = ~(z12 ^ tc18), tc20 = z15 ^ tc16, tc21 = tc2 ^ z11, s0 = tc3 ^ tc16;
    uint32_t s6 = ~(tc10 ^ tc18), s4 = tc14 ^ s3, s1 = ~(s3 ^ tc16), tc26 = tc17 ^ tc20;
    uint32_t s2 = ~(tc26 ^ z17), s5 = tc21 ^ tc17;

    q[7] = s0;
    q[6] = s1;
    q[5] = s2;
    q[4] = s3;
    q[3] = s4;
    q[2] = s5;
    q[1] = s6;
    q[0] = s7;
}

/* Row r (byte lane r) rotates by r columns: new column c is old column c + r. */
static void shift_rows(uint32_t q[8])
{
    int i;
    for (i = 0; i < 8; i++) {
        uint32_t x = q[i];
        q[i] = (x & 0x000000ffu)
             | ((x & 0x0000fc00u) >> 2) | ((x & 0x00000300u) << 6)
             | ((x & 0x00f00000u) >> 4) | ((x & 0x000f0000u) << 4)
             | ((x & 0xc0000000u) >> 6) | ((x & 0x3f000000u) << 2);
    }
}

static uint32_t rot8(uint32_t x)
{
    return (x >> 8) | (x << 24);
}

static uint32_t rot16(uint32_t x)
{
    return (x >> 16) | (x << 16);
}

/* out[r] = 2(a[r] ^ a[r+1]) ^ a[r+1] ^ a[r+2] ^ a[r+3] per column; times 2 moves plane i to
   i + 1 and folds plane 7 into planes 0, 1, 3 and 4 (x^8 = x^4 + x^3 + x + 1). */
static void mix_columns(uint32_t q[8])
{
    uint32_t q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3], q4 = q[4], q5 = q[5], q6 = q[6], q7 = q[7];
    uint32_t r0 = rot8(q0), r1 = rot8(q1), r2 = rot8(q2), r3 = rot8(q3);
    uint32_t r4 = rot8(q4), r5 = rot8(q5), r6 = rot8(q6), r7 = rot8(q7);
    uint32_t y0 = q0 ^ r0, y1 = q1 ^ r1, y2 = q2 ^ r2, y3 = q3 ^ r3;
    uint32_t y4 = q4 ^ r4, y5 = q5 ^ r5, y6 = q6 ^ r6, y7 = q7 ^ r7;
    q[0] = y7 ^ r0 ^ rot16(y0);
    q[1] = y0 ^ y7 ^ r1 ^ rot16(y1);
    q[2] = y1 ^ r2 ^ rot16(y2);
    q[3] = y2 ^ y7 ^ r3 ^ rot16(y3);
    q[4] = y3 ^ y7 ^ r4 ^ rot16(y4);
    q[5] = y4 ^ r5 ^ rot16(y5);
    q[6] = y5 ^ r6 ^ rot16(y6);
    q[7] = y6 ^ r7 ^ rot16(y7);
}

static void add_round_key(uint32_t q[8], const uint32_t *rk)
{
    int i;
    for (i = 0; i < 8; i++) {
        q[i] ^= rk[i];
    }
}

/* SubWord through the circuit (q is scratch). */
static uint32_t sub_word(uint32_t x, uint32_t q[8])
{
    int i;
    q[0] = x;
    for (i = 1; i < 8; i++) {
        q[i] = 0;
    }
    transpose(q);
    sub_bytes(q);
    transpose(q);
    return q[0];
}

void ks_aes128_init(ks_aes128 *c, const uint8_t key[16])
{
    uint32_t w[44], q[8];
    uint32_t rcon = 1;
    int i, r;
    for (i = 0; i < 4; i++) {
        w[i] = load32le(key + 4 * i);
    }
    for (i = 4; i < 44; i++) {
        uint32_t t = w[i - 1];
        if ((i & 3) == 0) { /* i depends on the position only */
            t = sub_word((t >> 8) | (t << 24), q) ^ rcon;
            rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
        }
        w[i] = w[i - 4] ^ t;
    }
    for (r = 0; r < 11; r++) {
        for (i = 0; i < 4; i++) {
            q[2 * i] = w[4 * r + i];
            q[2 * i + 1] = w[4 * r + i];
        }
        transpose(q);
        for (i = 0; i < 8; i++) {
            c->rk[8 * r + i] = q[i];
        }
    }
    ks_wipe(w, sizeof w);
    ks_wipe(q, sizeof q);
}

void ks_aes128_encrypt2(const ks_aes128 *c, const uint8_t in0[16], const uint8_t in1[16],
                        uint8_t out0[16], uint8_t out1[16])
{
    uint32_t q[8];
    int i, r;
    for (i = 0; i < 4; i++) {
        q[2 * i] = load32le(in0 + 4 * i);
        q[2 * i + 1] = load32le(in1 + 4 * i);
    }
    transpose(q);
    add_round_key(q, c->rk);
    for (r = 1; r < 10; r++) {
        sub_bytes(q);
        shift_rows(q);
        mix_columns(q);
        add_round_key(q, c->rk + 8 * r);
    }
    sub_bytes(q);
    shift_rows(q);
    add_round_key(q, c->rk + 80);
    transpose(q);
    for (i = 0; i < 4; i++) {
        store32le(q[2 * i], out0 + 4 * i);
        store32le(q[2 * i + 1], out1 + 4 * i);
    }
    ks_wipe(q, sizeof q);
}

void ks_aes128_encrypt(const ks_aes128 *c, const uint8_t in[16], uint8_t out[16])
{
    uint8_t spare[16];
    ks_aes128_encrypt2(c, in, in, out, spare);
    ks_wipe(spare, sizeof spare);
}

void ks_aes128_clear(ks_aes128 *c)
{
    ks_wipe(c, sizeof *c);
}

#endif
