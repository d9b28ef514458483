/* Counter mode over AES-128, mirroring ksecurity/prim/Ctr.java: see ks_ctr.h. */
#include "ks_ctr.h"
#include "ks_wipe.h"

void ks_ctr_increment(uint8_t block[16], uint8_t n)
{
    uint8_t i = 16;
    while (n--) {
        if (++block[--i] != 0) {
            break;
        }
    }
}

void ks_ctr_start(ks_ctr *c, const uint8_t cb[16], uint8_t counter_bytes)
{
    memcpy(c->ctr, cb, 16);
    c->counter_bytes = counter_bytes;
    c->pos = sizeof c->ks;
}

static void refill(ks_ctr *c, const ks_aes128 *aes)
{
#if KS_AES_LANES == 2
    uint8_t next[16];
    memcpy(next, c->ctr, 16);
    ks_ctr_increment(next, c->counter_bytes);
    ks_aes128_encrypt2(aes, c->ctr, next, c->ks, c->ks + 16);
    memcpy(c->ctr, next, 16);
#else
    ks_aes128_encrypt(aes, c->ctr, c->ks);
#endif
    ks_ctr_increment(c->ctr, c->counter_bytes);
    c->pos = 0;
}

void ks_ctr_process(ks_ctr *c, const ks_aes128 *aes, const uint8_t *in, uint8_t *out, size_t len)
{
    size_t k;
    for (k = 0; k < len; k++) {
        if (c->pos == sizeof c->ks) {
            refill(c, aes);
        }
        out[k] = in[k] ^ c->ks[c->pos++];
    }
}

void ks_ctr_clear(ks_ctr *c)
{
    ks_wipe(c, sizeof *c);
}
