/* MD5's compression function (RFC 1321 section 3.4), as ksecurity/prim/Md5.java. Broken for
   collisions: kept for SSL 3.0 / TLS 1.0 key derivation, HMAC-MD5 and the SSL 3.0 MAC. */
#include "ks_hash_impl.h"

#if KS_WITH_MD5 && !KS_HASH_ASM /* else avr/ks_md5_avr.S, msp430/ks_md5_msp430.S */
#include "ks_wipe.h"

/* Per-round left-rotation amounts. */
static const uint8_t KS_FLASH S[16] = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};

/* T[i] = floor(2^32 |sin(i + 1)|). */
static const uint32_t KS_FLASH T[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

void ks_md5_compress(uint32_t *h, const uint8_t *block)
{
    uint32_t x[16], a = h[0], b = h[1], c = h[2], d = h[3];
    unsigned i;
    for (i = 0; i < 16; i++) {
        x[i] = ks_le32(block + 4 * i);
    }
    for (i = 0; i < 64; i++) {
        uint32_t f, sum;
        unsigned g, round = i >> 4;
        if (round == 0) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (round == 1) {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) & 15;
        } else if (round == 2) {
            f = b ^ c ^ d;
            g = (3 * i + 5) & 15;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) & 15;
        }
        sum = a + f + ks_flash_u32(&T[i]) + x[g];
        a = d;
        d = c;
        c = b;
        b = b + ks_rotl32(sum, KS_READ_BYTE(&S[(round << 2) | (i & 3)]));
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    ks_wipe(x, sizeof x);
}
#endif
