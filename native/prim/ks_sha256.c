/* The SHA-256 compression function (FIPS 180-4 section 6.2), shared by SHA-224, as
   ksecurity/prim/Sha256.java, with a 16-word rolling message schedule. */
#include "ks_hash_impl.h"

#if !KS_HASH_ASM /* else avr/ks_sha256_avr.S, msp430/ks_sha256_msp430.S */
#include "ks_hash_k.h"
#include "ks_wipe.h"

static const uint32_t KS_FLASH K[64] = {KS_SHA256_K};

#if defined(__MSP430__)
/* On the MSP430 (its modern server image is at the 48 KB flash's edge) one copy of the
   rotations serves the four sigmas: written out at each of their 12 rotations (ks_rotr32, n
   constant, as the other builds have them) the steps cost ~600 B more, for 23% fewer cycles
   a block (56,054 against 73,272 cycles, mspdebug, which reads ~10% high). x rotated right by n (0..31; public, a constant
   of the caller): no barrel shifter, so whole halves and bytes first, then 4, 2, 1 one-bit
   steps by n's bits. */
KS_INLINE uint32_t rotr(uint32_t x, unsigned n)
{
    uint16_t hi = (uint16_t)(x >> 16), lo = (uint16_t)x, t;
    if (n & 16) {
        t = hi, hi = lo, lo = t;
    }
    if (n & 8) { /* each half's bytes swapped, then their high bytes exchanged */
        hi = (uint16_t)(hi << 8 | hi >> 8);
        lo = (uint16_t)(lo << 8 | lo >> 8);
        t = (uint16_t)((hi ^ lo) & 0xff00u);
        hi ^= t;
        lo ^= t;
    }
    /* one-bit steps through the carry: C = lo's low bit, then hi and lo rotated right through
       it (clang writes hi << 15 out as a byte swap and seven additions); 4, 2, 1 of them by
       n's bits, no loop */
#define KS_ROTR1 "bit #1, %0\n\trrc %1\n\trrc %0\n\t"
    if (n & 4)
        __asm__(KS_ROTR1 KS_ROTR1 KS_ROTR1 KS_ROTR1 : "+r"(lo), "+r"(hi));
    if (n & 2)
        __asm__(KS_ROTR1 KS_ROTR1 : "+r"(lo), "+r"(hi));
    if (n & 1)
        __asm__(KS_ROTR1 : "+r"(lo), "+r"(hi));
#undef KS_ROTR1
    return (uint32_t)hi << 16 | lo;
}

/* The four sigmas of FIPS 180-4 (4.4)-(4.7) as one: x rotated right by a, then by b more,
   then by c more (mod 32; abc = a | b << 5 | c << 10), the first term's high half ANDed with
   hi (a shift right by a < 16 when hi is 2^(16-a) - 1). The order of each sigma's rotations
   is the one with the fewest one-bit steps: 6, 6, 10 and 9 for the four. All in registers:
   x, abc and hi. */
static KS_NOINLINE uint32_t sigma(uint32_t x, unsigned abc, uint16_t hi)
{
    uint32_t r = 0, mask = (uint32_t)hi << 16 | 0xffffu;
    unsigned k;
    for (k = 0; k < 3; k++, abc >>= 5) { /* one copy of the rotation, no call */
        x = rotr(x, abc & 31);
        r ^= x & mask;
        mask = 0xffffffffu;
    }
    return r;
}

#define ROTS(a, b, c) ((a) | (b) << 5 | (c) << 10)
#define SIGMA0(x) sigma(x, ROTS(2, 11, 9), 0xffff)         /* ROTR 2 ^ ROTR 13 ^ ROTR 22 */
#define SIGMA1(x) sigma(x, ROTS(25, 18, 27), 0xffff)       /* ROTR 25 ^ ROTR 11 ^ ROTR 6 */
#define SMALL_SIGMA0(x) sigma(x, ROTS(3, 4, 11), 0x1fff)   /* SHR 3 ^ ROTR 7 ^ ROTR 18 */
#define SMALL_SIGMA1(x) sigma(x, ROTS(10, 9, 30), 0x003f)  /* SHR 10 ^ ROTR 19 ^ ROTR 17 */
#else
#define SIGMA0(x) (ks_rotr32(x, 2) ^ ks_rotr32(x, 13) ^ ks_rotr32(x, 22))
#define SIGMA1(x) (ks_rotr32(x, 6) ^ ks_rotr32(x, 11) ^ ks_rotr32(x, 25))
#define SMALL_SIGMA0(x) (ks_rotr32(x, 7) ^ ks_rotr32(x, 18) ^ ((x) >> 3))
#define SMALL_SIGMA1(x) (ks_rotr32(x, 17) ^ ks_rotr32(x, 19) ^ ((x) >> 10))
#endif

void ks_sha256_compress(uint32_t *h, const uint8_t *block)
{
    uint32_t w[16], s[8];
    unsigned t, i;
    for (t = 0; t < 16; t++) {
        w[t] = ks_be32(block + 4 * t);
    }
    memcpy(s, h, sizeof s);
    for (t = 0; t < 64; t++) {
        uint32_t t1, t2, e = s[4], a = s[0];
        if (t >= 16) {
            uint32_t x = w[(t + 14) & 15], y = w[(t + 1) & 15];
            w[t & 15] += SMALL_SIGMA1(x) + w[(t + 9) & 15] + SMALL_SIGMA0(y);
        }
        t1 = s[7] + SIGMA1(e) + ((e & s[5]) ^ (~e & s[6])) + ks_flash_u32(&K[t]) + w[t & 15];
        t2 = SIGMA0(a) + ((a & s[1]) ^ (a & s[2]) ^ (s[1] & s[2]));
        for (i = 7; i > 0; i--) {
            s[i] = s[i - 1];
        }
        s[4] += t1;
        s[0] = t1 + t2;
    }
    for (i = 0; i < 8; i++) {
        h[i] += s[i];
    }
    ks_wipe(w, sizeof w);
    ks_wipe(s, sizeof s);
}
#endif
