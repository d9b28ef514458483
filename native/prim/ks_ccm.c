/* CCM over AES-128, streaming, mirroring ksecurity/prim/Ccm.java: see ks_ccm.h. */
#include "ks_ccm.h"
#include "ks_ctr.h"
#include "ks_wipe.h"

enum { IDLE, AAD, DATA };

void ks_ccm_init(ks_ccm *c, const ks_aes128 *aes)
{
    c->aes = aes;
    c->state = IDLE;
}

/* One byte into the CBC-MAC (B0 and the AAD). */
static void absorb(ks_ccm *c, uint8_t b)
{
    c->mac[c->mac_pos] ^= b;
    if (++c->mac_pos == 16) {
        ks_aes128_encrypt(c->aes, c->mac, c->mac);
        c->mac_pos = 0;
    }
}

/* The AAD ends on a block boundary: zero padding is a no-op on an XOR-accumulated block. */
static void pad(ks_ccm *c)
{
    if (c->mac_pos > 0) {
        ks_aes128_encrypt(c->aes, c->mac, c->mac);
        c->mac_pos = 0;
    }
}

int ks_ccm_start(ks_ccm *c, int encrypt, const uint8_t *nonce, size_t nonce_len,
                 uint32_t aad_len, uint32_t msg_len, size_t tag_len)
{
    uint8_t q = (uint8_t)(15 - nonce_len);
    /* q is 2 to 8: msg_len must fit q bytes (shifts by constants: a variable shift of a 32-bit
       word is a loop or a helper call on the motes) */
    if (nonce_len < 7 || nonce_len > 13 || tag_len < 4 || tag_len > 16 || (tag_len & 1) != 0
        || (q == 2 && msg_len > 0xffffu) || (q == 3 && msg_len > 0xffffffu)) {
        return KS_CIPHER_INVALID;
    }
    c->encrypt = encrypt != 0;
    c->tag_len = (uint8_t)tag_len;
    c->q = q;
    c->aad_left = aad_len;
    c->msg_left = msg_len;
    /* B0 = flags || N || [msg_len]q, then its CBC-MAC step */
    c->mac[0] = (uint8_t)((aad_len > 0 ? 0x40 : 0) | ((tag_len - 2) / 2) << 3 | (q - 1));
    memcpy(c->mac + 1, nonce, nonce_len);
    memset(c->mac + 16 - q, 0, q);
    c->mac[15] = (uint8_t)msg_len;
    c->mac[14] = (uint8_t)(msg_len >> 8);
    if (q > 2) {
        c->mac[13] = (uint8_t)(msg_len >> 16);
    }
    if (q > 3) {
        c->mac[12] = (uint8_t)(msg_len >> 24);
    }
    ks_aes128_encrypt(c->aes, c->mac, c->mac);
    c->mac_pos = 0;
    /* Ctr_1 = (q - 1) || N || 1 for the payload; its keystream is made for the first byte */
    c->ctr[0] = (uint8_t)(q - 1);
    memcpy(c->ctr + 1, nonce, nonce_len);
    memset(c->ctr + 1 + nonce_len, 0, q);
    c->ctr[15] = 1;
    c->ks_pos = 16;
    c->state = AAD;
    if (aad_len > 0) {
        /* the AAD length encoding (§A.2.2) starts the first AAD block */
        if (aad_len < 0xff00) {
            absorb(c, (uint8_t)(aad_len >> 8));
        } else {
            absorb(c, 0xff);
            absorb(c, 0xfe);
            absorb(c, (uint8_t)(aad_len >> 24));
            absorb(c, (uint8_t)(aad_len >> 16));
            absorb(c, (uint8_t)(aad_len >> 8));
        }
        absorb(c, (uint8_t)aad_len);
    }
    return KS_CIPHER_OK;
}

int ks_ccm_aad(ks_ccm *c, const uint8_t *in, size_t len)
{
    size_t k;
    if (c->state != AAD || len > c->aad_left) {
        return KS_CIPHER_INVALID;
    }
    for (k = 0; k < len; k++) {
        absorb(c, in[k]);
    }
    c->aad_left -= (uint32_t)len;
    if (c->aad_left == 0) {
        pad(c);
    }
    return KS_CIPHER_OK;
}

int ks_ccm_update(ks_ccm *c, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t k;
    if (c->state == IDLE || c->aad_left != 0 || len > c->msg_left) {
        return KS_CIPHER_INVALID;
    }
    c->state = DATA;
    /* Payload blocks line up with MAC blocks (the AAD was padded): ks_pos is the position in
       both. */
    for (k = 0; k < len; k++) {
        uint8_t x = in[k], y;
        if (c->ks_pos == 16) {
            ks_aes128_encrypt(c->aes, c->ctr, c->ks);
            ks_ctr_increment(c->ctr, c->q);
            c->ks_pos = 0;
        }
        y = x ^ c->ks[c->ks_pos];
        out[k] = y;
        /* the MAC covers the plaintext: the input when encrypting, the output when decrypting */
        c->mac[c->ks_pos] ^= c->encrypt ? x : y; /* encrypt is public */
        if (++c->ks_pos == 16) {
#if KS_AES_LANES == 2
            if (k + 1 < len || c->msg_left > len) {
                /* the MAC step and the next keystream block in one two-lane pass */
                ks_aes128_encrypt2(c->aes, c->mac, c->ctr, c->mac, c->ks);
                ks_ctr_increment(c->ctr, c->q);
                c->ks_pos = 0;
                continue;
            }
#endif
            ks_aes128_encrypt(c->aes, c->mac, c->mac);
        }
    }
    c->msg_left -= (uint32_t)len;
    return KS_CIPHER_OK;
}

int ks_ccm_finish(ks_ccm *c, uint8_t *tag)
{
    uint8_t i;
    if (c->state == IDLE || c->aad_left != 0 || c->msg_left != 0) {
        return KS_CIPHER_INVALID;
    }
    if (c->ks_pos != 16) { /* a partial last payload block (lengths are public) */
        ks_aes128_encrypt(c->aes, c->mac, c->mac);
    }
    /* S0 = E(Ctr_0): the counter field back to zero */
    memset(c->ctr + 16 - c->q, 0, c->q);
    ks_aes128_encrypt(c->aes, c->ctr, c->ks);
    for (i = 0; i < c->tag_len; i++) {
        tag[i] = c->mac[i] ^ c->ks[i];
    }
    ks_wipe(c->ks, sizeof c->ks);
    ks_wipe(c->mac, sizeof c->mac);
    c->state = IDLE;
    return KS_CIPHER_OK;
}

void ks_ccm_clear(ks_ccm *c)
{
    ks_wipe(c, sizeof *c);
}
