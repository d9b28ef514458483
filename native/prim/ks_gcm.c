/* GCM over AES-128, streaming, mirroring ksecurity/prim/Gcm.java: see ks_gcm.h. */
#include "ks_gcm.h"
#include "ks_wipe.h"

enum { IDLE, AAD, DATA };

void ks_gcm_init(ks_gcm *g, const ks_aes128 *aes)
{
    uint8_t h[16];
    memset(h, 0, 16);
    g->aes = aes;
    ks_aes128_encrypt(aes, h, h);
    ks_ghash_init(&g->gh, h);
    ks_wipe(h, sizeof h);
    g->state = IDLE;
}

int ks_gcm_valid_tag_length(size_t t)
{
    return t == 4 || t == 8 || (t >= 12 && t <= 16);
}

/* [n]64 of a length n given in bytes, big-endian into p[3..8) (p[0..3) stay zero): n's bits
   three places up, taken a byte a time (a variable shift of a 32-bit word is a loop or a
   helper call on the motes). */
static void bit_length(uint8_t *p, uint32_t n)
{
    uint8_t i;
    p[7] = (uint8_t)(n << 3);
    n >>= 5;
    for (i = 6; i >= 3; i--) {
        p[i] = (uint8_t)n;
        n >>= 8;
    }
}

/* The block [a]64 || [b]64 of bit lengths, a and b given in bytes. */
static void length_block(uint8_t out[16], uint32_t a, uint32_t b)
{
    memset(out, 0, 16);
    bit_length(out, a);
    bit_length(out + 8, b);
}

int ks_gcm_start(ks_gcm *g, int encrypt, const uint8_t *iv, size_t iv_len, size_t tag_len)
{
    uint8_t j0[16];
    if (iv_len < 1 || !ks_gcm_valid_tag_length(tag_len)) {
        return KS_CIPHER_INVALID;
    }
    ks_ghash_reset(&g->gh);
    if (iv_len == 12) {
        memcpy(j0, iv, 12);
        j0[12] = 0;
        j0[13] = 0;
        j0[14] = 0;
        j0[15] = 1;
    } else {
        /* J0 = GHASH(IV || 0^s || 0^64 || [len(IV)]64); IVs longer than 2^29 bytes are not
           representable here (and never used). */
        ks_ghash_update(&g->gh, iv, iv_len);
        ks_ghash_pad(&g->gh);
        length_block(j0, 0, (uint32_t)iv_len);
        ks_ghash_update(&g->gh, j0, 16);
        ks_ghash_final(&g->gh, j0);
        ks_ghash_reset(&g->gh);
    }
    ks_aes128_encrypt(g->aes, j0, g->ej0);
    ks_ctr_increment(j0, 4);
    ks_ctr_start(&g->ctr, j0, 4);
    g->encrypt = encrypt != 0;
    g->tag_len = (uint8_t)tag_len;
    g->aad_len = 0;
    g->msg_len = 0;
    g->state = AAD;
    return KS_CIPHER_OK;
}

int ks_gcm_aad(ks_gcm *g, const uint8_t *in, size_t len)
{
    if (g->state != AAD || len > (size_t)(0xffffffffu - g->aad_len)) { /* 2^32 - 1 bytes at most */
        return KS_CIPHER_INVALID;
    }
    ks_ghash_update(&g->gh, in, len);
    g->aad_len += (uint32_t)len;
    return KS_CIPHER_OK;
}

int ks_gcm_update(ks_gcm *g, const uint8_t *in, uint8_t *out, size_t len)
{
    if (g->state == IDLE || len > (size_t)(0xffffffffu - g->msg_len)) {
        return KS_CIPHER_INVALID;
    }
    if (g->state == AAD) {
        ks_ghash_pad(&g->gh);
        g->state = DATA;
    }
    if (g->encrypt) {
        ks_ctr_process(&g->ctr, g->aes, in, out, len);
        ks_ghash_update(&g->gh, out, len);
    } else {
        /* hash the ciphertext before it may be overwritten in place */
        ks_ghash_update(&g->gh, in, len);
        ks_ctr_process(&g->ctr, g->aes, in, out, len);
    }
    g->msg_len += (uint32_t)len;
    return KS_CIPHER_OK;
}

int ks_gcm_finish(ks_gcm *g, uint8_t *tag)
{
    uint8_t s[16], i;
    if (g->state == IDLE) {
        return KS_CIPHER_INVALID;
    }
    ks_ghash_pad(&g->gh);
    length_block(s, g->aad_len, g->msg_len);
    ks_ghash_update(&g->gh, s, 16);
    ks_ghash_final(&g->gh, s);
    for (i = 0; i < g->tag_len; i++) {
        tag[i] = s[i] ^ g->ej0[i];
    }
    ks_wipe(s, sizeof s);
    g->state = IDLE;
    return KS_CIPHER_OK;
}

void ks_gcm_clear(ks_gcm *g)
{
    ks_wipe(g, sizeof *g);
}
