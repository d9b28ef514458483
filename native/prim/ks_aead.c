/* The AEAD interface over GCM and CCM, mirroring ksecurity/prim/Aead.java: see ks_aead.h. */
#include "ks_aead.h"
#include "ks_wipe.h"

int ks_aead_init(ks_aead *a, uint8_t mode, const uint8_t key[16])
{
    if (mode != KS_AEAD_GCM && mode != KS_AEAD_CCM) {
        return KS_CIPHER_INVALID;
    }
    a->mode = mode;
    a->tag_len = 0;
    ks_aes128_init(&a->aes, key);
    if (mode == KS_AEAD_GCM) {
        ks_gcm_init(&a->m.gcm, &a->aes);
    } else {
        ks_ccm_init(&a->m.ccm, &a->aes);
    }
    return KS_CIPHER_OK;
}

int ks_aead_start(ks_aead *a, int encrypt, const uint8_t *nonce, size_t nonce_len,
                  uint32_t aad_len, uint32_t msg_len, size_t tag_len)
{
    int rc = a->mode == KS_AEAD_GCM ? ks_gcm_start(&a->m.gcm, encrypt, nonce, nonce_len, tag_len)
                                    : ks_ccm_start(&a->m.ccm, encrypt, nonce, nonce_len, aad_len,
                                                   msg_len, tag_len);
    a->tag_len = rc == KS_CIPHER_OK ? (uint8_t)tag_len : 0;
    return rc;
}

int ks_aead_aad(ks_aead *a, const uint8_t *in, size_t len)
{
    return a->mode == KS_AEAD_GCM ? ks_gcm_aad(&a->m.gcm, in, len) : ks_ccm_aad(&a->m.ccm, in, len);
}

int ks_aead_update(ks_aead *a, const uint8_t *in, uint8_t *out, size_t len)
{
    return a->mode == KS_AEAD_GCM ? ks_gcm_update(&a->m.gcm, in, out, len)
                                  : ks_ccm_update(&a->m.ccm, in, out, len);
}

int ks_aead_finish(ks_aead *a, uint8_t *tag)
{
    return a->mode == KS_AEAD_GCM ? ks_gcm_finish(&a->m.gcm, tag) : ks_ccm_finish(&a->m.ccm, tag);
}

/* 0xff if the tags are equal, else 0; no branch or index on their bytes. */
static uint8_t equal_mask(const uint8_t *x, const uint8_t *y, uint8_t n)
{
    uint8_t d = 0, i;
    for (i = 0; i < n; i++) {
        d |= x[i] ^ y[i];
    }
    /* d = 0: 0xffff >> 8; d = 1..255: 0 */
    return (uint8_t)((uint16_t)(ks_ct_hide(d) - 1) >> 8);
}

/* The tag check as a mask (0xff: it verifies); 0 also if the message cannot be finished. */
static uint8_t verify_mask(ks_aead *a, const uint8_t *tag)
{
    uint8_t want[16], n = a->tag_len, m;
    int rc = ks_aead_finish(a, want); /* fails only on public grounds (call order) */
    m = equal_mask(want, tag, n) & ks_cipher_mask8(rc == KS_CIPHER_OK);
    ks_wipe(want, sizeof want);
    return m;
}

/* KS_CIPHER_OK for the mask 0xff, KS_CIPHER_BAD_TAG for 0, without a branch. */
static int rc_of(uint8_t mask)
{
    return ((int)ks_ct_hide(mask & 1) - 1) & KS_CIPHER_BAD_TAG;
}

int ks_aead_verify(ks_aead *a, const uint8_t *tag)
{
    return rc_of(verify_mask(a, tag));
}

int ks_aead_seal(ks_aead *a, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                 size_t aad_len, uint8_t *buf, size_t len, uint8_t *tag, size_t tag_len)
{
    int rc = ks_aead_start(a, 1, nonce, nonce_len, (uint32_t)aad_len, (uint32_t)len, tag_len);
    if (rc == KS_CIPHER_OK) {
        rc = ks_aead_aad(a, aad, aad_len);
    }
    if (rc == KS_CIPHER_OK) {
        rc = ks_aead_update(a, buf, buf, len);
    }
    if (rc == KS_CIPHER_OK) {
        rc = ks_aead_finish(a, tag);
    }
    return rc;
}

int ks_aead_open(ks_aead *a, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                 size_t aad_len, uint8_t *buf, size_t len, const uint8_t *tag, size_t tag_len)
{
    uint8_t m;
    size_t k;
    int rc = ks_aead_start(a, 0, nonce, nonce_len, (uint32_t)aad_len, (uint32_t)len, tag_len);
    if (rc == KS_CIPHER_OK) {
        rc = ks_aead_aad(a, aad, aad_len);
    }
    if (rc != KS_CIPHER_OK) {
        return rc;
    }
    ks_aead_update(a, buf, buf, len);
    m = verify_mask(a, tag);
    for (k = 0; k < len; k++) { /* a forged record's plaintext is wiped before return */
        buf[k] &= m;
    }
    return rc_of(m);
}

void ks_aead_clear(ks_aead *a)
{
    ks_wipe(a, sizeof *a);
}
