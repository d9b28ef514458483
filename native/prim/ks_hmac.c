/* HMAC over the hash family (ks_hmac.h), as ksecurity/prim/Hmac.java. */
#include "ks_hmac.h"
#include "ks_wipe.h"

/* The padded key block, as bytes and as 16-bit words (xored with the pads a word at a time:
   half the passes of a byte loop on the motes). */
typedef union {
    uint8_t b[KS_HASH_BLOCK_MAX];
    uint16_t w[KS_HASH_BLOCK_MAX / 2];
} key_block;

/* pad ^= x (both bytes of the word), then the chaining value after hashing the padded key
   block into state. */
static void start_from(ks_hmac_ctx *c, key_block *pad, size_t block, uint16_t x, uint8_t *state)
{
    size_t i;
    for (i = 0; i < block / 2; i++) {
        pad->w[i] ^= x;
    }
    ks_hash_init(&c->md, c->md.id);
    ks_hash_update(&c->md, pad->b, block);
    ks_hash_save(&c->md, state);
}

int ks_hmac_init(ks_hmac_ctx *c, int hash, const uint8_t *key, size_t len)
{
    key_block kb;
    uint8_t *pad = kb.b;
    size_t block = ks_hash_block(hash);
    if (ks_hash_init(&c->md, hash) != 0) {
        return -1;
    }
    memset(&kb, 0, sizeof kb);
    if (len > block) {
        ks_hash_update(&c->md, key, len);
        ks_hash_final(&c->md, pad);
    } else if (len > 0) {
        memcpy(pad, key, len);
    }
    start_from(c, &kb, block, 0x3636, c->istate);
    start_from(c, &kb, block, 0x3636 ^ 0x5c5c, c->ostate);
    ks_wipe(&kb, sizeof kb);
    ks_hmac_reset(c);
    return 0;
}

void ks_hmac_reset(ks_hmac_ctx *c)
{
    int id = c->md.id;
    ks_hash_resume(&c->md, id, c->istate, ks_hash_block(id));
}

void ks_hmac_key_save(const ks_hmac_ctx *c, uint8_t *saved)
{
    size_t n = ks_hash_state_size(c->md.id);
    memcpy(saved, c->istate, n);
    memcpy(saved + n, c->ostate, n);
}

void ks_hmac_key_load(ks_hmac_ctx *c, int hash, const uint8_t *saved)
{
    size_t n = ks_hash_state_size(hash);
    memcpy(c->istate, saved, n);
    memcpy(c->ostate, saved + n, n);
    c->md.id = (uint8_t)hash;
    ks_hmac_reset(c);
}

void ks_hmac_key_make(int hash, const uint8_t *key, size_t len, uint8_t *saved)
{
    ks_hmac_ctx h;
    ks_hmac_init(&h, hash, key, len);
    ks_hmac_key_save(&h, saved);
    ks_hmac_clear(&h);
}

void ks_hmac_update(ks_hmac_ctx *c, const uint8_t *in, size_t len)
{
    ks_hash_update(&c->md, in, len);
}

void ks_hmac_final(ks_hmac_ctx *c, uint8_t *out)
{
    int id = c->md.id;
    /* The inner digest written where the outer hash's message starts, the buffer's first
       bytes, and the outer hash resumed from K ^ opad's chaining value as if it had taken
       them: no copy on the stack, no update (nor its wipe); the outer digest wipes them with
       its block's message bytes. ~350 cycles a MAC on the ATmega128. */
    ks_hash_digest(&c->md, c->md.buf);
    ks_hash_resume(&c->md, id, c->ostate, ks_hash_block(id) + ks_hash_size(id));
    ks_hash_digest(&c->md, out); /* ks_hmac_reset resumes it below */
    ks_hmac_reset(c);
}

size_t ks_hmac_size(const ks_hmac_ctx *c)
{
    return ks_hash_size(c->md.id);
}

int ks_hmac(int hash, const uint8_t *key, size_t klen, const uint8_t *in, size_t len, uint8_t *out)
{
    ks_hmac_ctx c;
    if (ks_hmac_init(&c, hash, key, klen) != 0) {
        return -1;
    }
    ks_hmac_update(&c, in, len);
    ks_hmac_final(&c, out);
    ks_hmac_clear(&c);
    return 0;
}

void ks_hmac_clear(ks_hmac_ctx *c)
{
    ks_wipe(c, sizeof *c);
}
