/*
 * AES-128 encryption, compact and byte-oriented, for the cacheless motes (KS_AES_TABLES 1,
 * the default on the AVR and MSP430): the S-box is a 256-byte table in flash (KS_FLASH,
 * read with KS_READ_BYTE), indexed by secret bytes. On the ATmega128 and the MSP430F1611 a
 * flash read takes the same cycles at every address, and the rest has no secret-dependent
 * branch (xtime by masks), so a block takes the same cycles for every key and plaintext
 * (sim/cipher_test.c checks it in both simulators). On a CPU with a cache this leaks: the
 * host's default is ks_aes_ct.c. No Java counterpart (Aes.java is the bitsliced one).
 *
 * KS_AES_EXPANDED 1 keeps the 11 round keys (176 bytes) in the context; 0 keeps only the
 * cipher key (16 bytes) and steps the key schedule forward during each block (a 16-byte
 * round key on the stack), trading cycles for RAM.
 */
#include "ks_aes.h"
#include "ks_cipher.h"
#include "ks_wipe.h"

#if KS_AES_TABLES

/* The S-box (FIPS 197 Figure 7); not static: avr/ks_aes_avr.S reads it too. */
const uint8_t ks_aes_sbox[256] KS_FLASH = {
    0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76,
    0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0,
    0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
    0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75,
    0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84,
    0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
    0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8,
    0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2,
    0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
    0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb,
    0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79,
    0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
    0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a,
    0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e,
    0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
    0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16,
};

#define SBOX(x) KS_READ_BYTE(&ks_aes_sbox[(x)])

/* Times x in GF(2^8) without a branch: the mask is 0xff when bit 7 is set. */
KS_INLINE uint8_t xtime(uint8_t x)
{
    return (uint8_t)((x << 1) ^ (0x1b & ks_cipher_mask8(x >> 7)));
}

/* Four XORs of a word into the next (unrolled: avr-gcc 5.4 does not unroll loops). */
#define XOR4(d, s) ((d)[0] ^= (s)[0], (d)[1] ^= (s)[1], (d)[2] ^= (s)[2], (d)[3] ^= (s)[3])

#if !KS_AES_ASM && !KS_AES_EXPANDED
/* One step of the key schedule: round key k (16 bytes) to the next, with round constant rcon. */

static void next_round_key(uint8_t k[16], uint8_t rcon)
{
    k[0] ^= SBOX(k[13]) ^ rcon;
    k[1] ^= SBOX(k[14]);
    k[2] ^= SBOX(k[15]);
    k[3] ^= SBOX(k[12]);
    XOR4(k + 4, k);
    XOR4(k + 8, k + 4);
    XOR4(k + 12, k + 8);
}

#endif

void ks_aes128_init(ks_aes128 *c, const uint8_t key[16])
{
#if KS_AES_EXPANDED
    /* FIPS 197's KeyExpansion a byte at a time (a loop: the motes want the flash): byte i is
       byte i - 16 XOR byte i - 4, but in the first word of each round key, which takes
       S(RotWord(the word before)): bytes i - 3, i - 3, i - 3, i - 7 for its four bytes, and
       the round constant in its first. i is public; the S-box index is the key's (as in the
       block, KS_AES_TABLES). */
    uint8_t *k = c->rk, rcon = 1, i, t;
    memcpy(k, key, 16);
    for (i = 16; i < 176; i++) {
        t = k[i - 4];
        if ((i & 15) < 4) {
            t = SBOX(k[i - ((i & 15) == 3 ? 7 : 3)]);
            if ((i & 15) == 0) {
                t ^= rcon;
                rcon = xtime(rcon);
            }
        }
        k[i] = k[i - 16] ^ t;
    }
#else
    memcpy(c->rk, key, 16);
#endif
}

#if !KS_AES_ASM
/* AddRoundKey, SubBytes and ShiftRows in one pass: byte (row r, column c) takes
   S(old byte (r, c + r) ^ its round-key byte). The state is column-major, byte r + 4c, as
   FIPS 197 reads the input. */
#define SK(i) SBOX(s[i] ^ k[i])
static void key_sub_shift(uint8_t s[16], const uint8_t *k)
{
    uint8_t t;
    s[0] = SK(0);
    s[4] = SK(4);
    s[8] = SK(8);
    s[12] = SK(12);
    t = SK(1);
    s[1] = SK(5);
    s[5] = SK(9);
    s[9] = SK(13);
    s[13] = t;
    t = SK(2);
    s[2] = SK(10);
    s[10] = t;
    t = SK(6);
    s[6] = SK(14);
    s[14] = t;
    t = SK(15);
    s[15] = SK(11);
    s[11] = SK(7);
    s[7] = SK(3);
    s[3] = t;
}

/* Each column a: a[r] ^= t ^ 2(a[r] ^ a[r+1]) with t the XOR of the column. */
static void mix_columns(uint8_t s[16])
{
    uint8_t c;
    for (c = 0; c < 16; c += 4) {
        uint8_t a0 = s[c], a1 = s[c + 1], a2 = s[c + 2], a3 = s[c + 3];
        uint8_t t = a0 ^ a1 ^ a2 ^ a3;
        s[c] = a0 ^ t ^ xtime(a0 ^ a1);
        s[c + 1] = a1 ^ t ^ xtime(a1 ^ a2);
        s[c + 2] = a2 ^ t ^ xtime(a2 ^ a3);
        s[c + 3] = a3 ^ t ^ xtime(a3 ^ a0);
    }
}

static void add_round_key(uint8_t s[16], const uint8_t *k)
{
    XOR4(s, k);
    XOR4(s + 4, k + 4);
    XOR4(s + 8, k + 8);
    XOR4(s + 12, k + 12);
}
#endif

#if KS_AES_ASM && KS_AES_EXPANDED
/* ks_aes128_encrypt is msp430/ks_aes_msp430.S */
#elif KS_AES_ASM
/* avr/ks_aes_avr.S: k is the cipher key on entry, the last round key on return */
void ks_aes128_encrypt_asm(uint8_t k[16], const uint8_t in[16], uint8_t out[16]);

void ks_aes128_encrypt(const ks_aes128 *c, const uint8_t in[16], uint8_t out[16])
{
    uint8_t k[16];
    memcpy(k, c->rk, 16);
    ks_aes128_encrypt_asm(k, in, out);
    ks_wipe(k, sizeof k);
}
#else
void ks_aes128_encrypt(const ks_aes128 *c, const uint8_t in[16], uint8_t out[16])
{
    uint8_t s[16], r;
#if KS_AES_EXPANDED
    const uint8_t *k = c->rk;
#else
    uint8_t k[16], rcon = 1;
    memcpy(k, c->rk, 16);
#endif
    memcpy(s, in, 16);
    /* round r applies round key r - 1 on its way into the S-box; the last key comes after */
    for (r = 1; r <= 10; r++) {
        key_sub_shift(s, k);
#if KS_AES_EXPANDED
        k += 16;
#else
        next_round_key(k, rcon);
        rcon = xtime(rcon);
#endif
        if (r != 10) { /* the round number is public */
            mix_columns(s);
        }
    }
    add_round_key(s, k);
    memcpy(out, s, 16);
    ks_wipe(s, sizeof s);
#if !KS_AES_EXPANDED
    ks_wipe(k, sizeof k);
#endif
}
#endif

void ks_aes128_encrypt2(const ks_aes128 *c, const uint8_t in0[16], const uint8_t in1[16],
                        uint8_t out0[16], uint8_t out1[16])
{
    uint8_t b1[16];
    memcpy(b1, in1, 16); /* out0 may be in1 */
    ks_aes128_encrypt(c, in0, out0);
    ks_aes128_encrypt(c, b1, out1);
    ks_wipe(b1, sizeof b1);
}

void ks_aes128_clear(ks_aes128 *c)
{
    ks_wipe(c, sizeof *c);
}

#endif
