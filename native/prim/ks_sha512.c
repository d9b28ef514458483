/* The SHA-512 compression function (FIPS 180-4 section 6.4), shared by SHA-384, as
   ksecurity/prim/Sha512.java: 64-bit words, 128-byte blocks, 80 rounds, with a 16-word
   rolling message schedule. Compiled when KS_WITH_SHA512 (hosts by default). */
#include "ks_hash_impl.h"

#if KS_WITH_SHA512
#include "ks_wipe.h"

static const uint64_t KS_FLASH K[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};

KS_INLINE uint64_t rotr64(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64 - n));
}

void ks_sha512_compress(uint64_t *h, const uint8_t *block)
{
    uint64_t w[16], s[8];
    unsigned t, i;
    for (t = 0; t < 16; t++) {
        w[t] = ((uint64_t)ks_be32(block + 8 * t) << 32) | ks_be32(block + 8 * t + 4);
    }
    memcpy(s, h, sizeof s);
    for (t = 0; t < 80; t++) {
        uint64_t t1, t2, e = s[4], a = s[0];
        if (t >= 16) {
            uint64_t x = w[(t + 14) & 15], y = w[(t + 1) & 15];
            w[t & 15] += (rotr64(x, 19) ^ rotr64(x, 61) ^ (x >> 6)) + w[(t + 9) & 15]
                         + (rotr64(y, 1) ^ rotr64(y, 8) ^ (y >> 7));
        }
        t1 = s[7] + (rotr64(e, 14) ^ rotr64(e, 18) ^ rotr64(e, 41)) + ((e & s[5]) ^ (~e & s[6]))
             + ks_flash_u64(&K[t]) + w[t & 15];
        t2 = (rotr64(a, 28) ^ rotr64(a, 34) ^ rotr64(a, 39)) + ((a & s[1]) ^ (a & s[2]) ^ (s[1] & s[2]));
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
