/* RC4, mirroring ksecurity/prim/Rc4.java. Legacy only: see ks_rc4.h. */
#include "ks_rc4.h"
#include "ks_wipe.h"

#if !KS_RC4_ASM /* else msp430/ks_rc4_msp430.S */
int ks_rc4_init(ks_rc4 *c, const uint8_t *key, size_t len)
{
    uint8_t j = 0, t;
    size_t k, m = 0;
    if (len < 1 || len > 256) {
        ks_rc4_clear(c);
        return KS_CIPHER_INVALID;
    }
    for (k = 0; k < 256; k++) {
        c->s[k] = (uint8_t)k;
    }
    for (k = 0; k < 256; k++) {
        j = (uint8_t)(j + c->s[k] + key[m]);
        t = c->s[k];
        c->s[k] = c->s[j];
        c->s[j] = t;
        if (++m == len) {
            m = 0; /* key[k mod len] without a division (the motes have none) */
        }
    }
    c->i = 0;
    c->j = 0;
    return KS_CIPHER_OK;
}

void ks_rc4_process(ks_rc4 *c, const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t x = c->i, y = c->j, sx, sy;
    size_t k;
    for (k = 0; k < len; k++) {
        x = (uint8_t)(x + 1);
        sx = c->s[x];
        y = (uint8_t)(y + sx);
        sy = c->s[y];
        c->s[x] = sy;
        c->s[y] = sx;
        out[k] = in[k] ^ c->s[(uint8_t)(sx + sy)];
    }
    c->i = x;
    c->j = y;
}
#endif

void ks_rc4_clear(ks_rc4 *c)
{
    ks_wipe(c, sizeof *c);
}
