/* MD5's compression function (RFC 1321 section 3.4), as ksecurity/prim/Md5.java. Broken for
   collisions: kept for SSL 3.0 / TLS 1.0 key derivation, HMAC-MD5 and the SSL 3.0 MAC. */
#include "ks_hash_impl.h"

#if KS_WITH_MD5 && !KS_HASH_ASM /* else avr/ks_md5_avr.S, msp430/ks_md5_msp430.S */
#include "ks_hash_k.h"
#include "ks_wipe.h"

/* Per-round left-rotation amounts. */
static const uint8_t KS_FLASH S[16] = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};

/* T[i] = floor(2^32 |sin(i + 1)|). */
static const uint32_t KS_FLASH T[64] = {KS_MD5_T_ROUND1, KS_MD5_T_ROUND2, KS_MD5_T_ROUND3, KS_MD5_T_ROUND4};

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
