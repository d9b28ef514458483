/* The SSL 3.0 record MAC (ks_ssl3_mac.h), as ksecurity/prim/Ssl3Mac.java. */
#include "ks_ssl3_mac.h"
#include "ks_wipe.h"

/* hash(secret || pad_1 ...: a new inner hash. */
static void start(ks_ssl3_mac_ctx *c)
{
    int id = c->md.id;
    size_t n = ks_hash_size(id);
    ks_hash_init(&c->md, id);
    ks_hash_update(&c->md, c->secret, n);
    ks_hash_fill(&c->md, 0x36, KS_SSL3_PAD_LEN(id));
}

int ks_ssl3_mac_init(ks_ssl3_mac_ctx *c, int hash, const uint8_t *secret, size_t len)
{
    if ((hash != KS_HASH_MD5 && hash != KS_HASH_SHA1) || len != ks_hash_size(hash)) {
        return -1;
    }
    ks_hash_init(&c->md, hash);
    memcpy(c->secret, secret, len);
    start(c);
    return 0;
}

void ks_ssl3_mac_update(ks_ssl3_mac_ctx *c, const uint8_t *in, size_t len)
{
    ks_hash_update(&c->md, in, len);
}

void ks_ssl3_mac_final(ks_ssl3_mac_ctx *c, uint8_t *out)
{
    uint8_t inner[20];
    int id = c->md.id;
    size_t n = ks_hash_size(id);
    ks_hash_final(&c->md, inner);
    ks_hash_update(&c->md, c->secret, n);
    ks_hash_fill(&c->md, 0x5c, KS_SSL3_PAD_LEN(id));
    ks_hash_update(&c->md, inner, n);
    ks_hash_final(&c->md, out);
    ks_wipe(inner, sizeof inner);
    start(c);
}

void ks_ssl3_mac_clear(ks_ssl3_mac_ctx *c)
{
    ks_wipe(c, sizeof *c);
}
