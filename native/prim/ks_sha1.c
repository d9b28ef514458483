/* SHA-1's compression function (FIPS 180-4 section 6.1), as ksecurity/prim/Sha1.java, with
   the 16-word message schedule of section 6.1.3. Still needed by TLS 1.0/1.1, HMAC-SHA1
   suites and ECDSA-SHA1. */
#include "ks_hash_impl.h"

#if KS_WITH_SHA1 && !KS_HASH_ASM /* else avr/ks_sha1_avr.S, msp430/ks_sha1_msp430.S */
#include "ks_wipe.h"

void ks_sha1_compress(uint32_t *h, const uint8_t *block)
{
    uint32_t w[16], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    unsigned t;
    for (t = 0; t < 16; t++) {
        w[t] = ks_be32(block + 4 * t);
    }
    for (t = 0; t < 80; t++) {
        uint32_t f, k, tmp;
        if (t >= 16) {
            tmp = w[(t + 13) & 15] ^ w[(t + 8) & 15] ^ w[(t + 2) & 15] ^ w[t & 15];
            w[t & 15] = ks_rotl32(tmp, 1);
        }
        if (t < 20) {
            f = (b & c) | (~b & d);
            k = 0x5a827999;
        } else if (t < 40) {
            f = b ^ c ^ d;
            k = 0x6ed9eba1;
        } else if (t < 60) {
            f = (b & c) | (b & d) | (c & d);
            k = 0x8f1bbcdc;
        } else {
            f = b ^ c ^ d;
            k = 0xca62c1d6;
        }
        tmp = ks_rotl32(a, 5) + f + e + k + w[t & 15];
        e = d;
        d = c;
        c = ks_rotl32(b, 30);
        b = a;
        a = tmp;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    ks_wipe(w, sizeof w);
}
#endif
