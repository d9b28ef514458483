/*
 * Cycles of one SHA-256 compression (FIPS 180-4 §6.2.2) on a simulated mote, for the cost of
 * hedged ECDSA nonces in README (issue 7): a plain portable C compression, the same code the
 * motes' firmware would start from (no assembly), checked on "abc" and timed over one block.
 * Prints "sha256.compress.cycles N cycles" and "N passed, N failed". Built and run by
 * native/bench/sha256-cycles.sh. Not a kernel: the firmware's own SHA-256 is a later issue.
 */
#include <stdint.h>
#include <string.h>

#include "mote.h"

static const uint32_t K[64] MOTE_FLASH = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static uint32_t k_at(uint8_t t)
{
    uint32_t k;
    mote_flash_copy(&k, &K[t], sizeof k);
    return k;
}

/* One compression of the 64-byte block into h; the 16-word schedule is rolled in place. */
static void compress(uint32_t h[8], const uint8_t block[64])
{
    uint32_t w[16], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    uint8_t t;
    for (t = 0; t < 16; t++) {
        w[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16
               | (uint32_t)block[4 * t + 2] << 8 | block[4 * t + 3];
    }
    for (t = 0; t < 64; t++) {
        uint32_t t1, t2, wt;
        if (t < 16) {
            wt = w[t];
        } else {
            uint32_t x = w[(t - 2) & 15], y = w[(t - 15) & 15];
            wt = (ROR(x, 17) ^ ROR(x, 19) ^ (x >> 10)) + w[(t - 7) & 15]
                 + (ROR(y, 7) ^ ROR(y, 18) ^ (y >> 3)) + w[t & 15];
            w[t & 15] = wt;
        }
        t1 = hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + k_at(t) + wt;
        t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
}

int main(void)
{
    static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    /* SHA-256("abc"), FIPS 180-4 example */
    static const uint32_t want[8] = {0xba7816bf, 0x8f01cfea, 0x414140de, 0x5dae2223,
                                     0xb00361a3, 0x96177a9c, 0xb410ff61, 0xf20015ad};
    static uint8_t block[64];
    uint32_t h[8], t0, t1, call;
    uint8_t ok;
    mote_init();
    memset(block, 0, sizeof block);
    block[0] = 'a';
    block[1] = 'b';
    block[2] = 'c';
    block[3] = 0x80;
    block[63] = 24;
    memcpy(h, iv, sizeof h);
    t0 = mote_cycles();
    t1 = mote_cycles();
    call = t1 - t0;
    t0 = mote_cycles();
    compress(h, block);
    t1 = mote_cycles();
    ok = memcmp(h, want, sizeof h) == 0;
    mote_puts("sha256.compress.cycles ");
    mote_put_u32(t1 - t0 - call);
    mote_puts(" cycles\n");
    mote_puts(ok ? "1 passed, 0 failed\n" : "0 passed, 1 failed\n");
    mote_exit(ok ? 0 : 1);
}
