/* HMAC_DRBG with SHA-256 (ks_hmac_drbg.h), as ksecurity/prim/HmacDrbg.java. */
#include "ks_hmac_drbg.h"
#include "ks_hmac.h"
#include "ks_wipe.h"

void ks_drbg_update(const ks_drbg_kv *s, ks_hmac_ctx *h, int keyed, const uint8_t *a, size_t al,
                    const uint8_t *b, size_t bl, const uint8_t *c, size_t cl)
{
    uint8_t round;
    int empty = (a == NULL || al == 0) && (b == NULL || bl == 0) && (c == NULL || cl == 0);
    for (round = 0; round < 2; round++) {
        /* the second round's K is always the one the first round's V step keyed h with */
        if (round == 0 && !keyed) {
            ks_hmac_init(h, s->hash, s->k, s->hl);
        }
        ks_hmac_update(h, s->v, s->hl);
        ks_hmac_update(h, &round, 1);
        if (a != NULL) {
            ks_hmac_update(h, a, al);
        }
        if (b != NULL) {
            ks_hmac_update(h, b, bl);
        }
        if (c != NULL) {
            ks_hmac_update(h, c, cl);
        }
        ks_hmac_final(h, s->k);
        ks_hmac_init(h, s->hash, s->k, s->hl);
        ks_hmac_update(h, s->v, s->hl);
        ks_hmac_final(h, s->v);
        if (empty) {
            return;
        }
    }
}

void ks_drbg_output(const ks_drbg_kv *s, ks_hmac_ctx *h, int keyed, uint8_t *out, size_t len, const uint8_t *add,
                    size_t alen)
{
    size_t done = 0;
    if (!keyed) {
        ks_hmac_init(h, s->hash, s->k, s->hl);
    }
    while (done < len) {
        size_t n = len - done < s->hl ? len - done : s->hl;
        ks_hmac_update(h, s->v, s->hl);
        ks_hmac_final(h, s->v);
        memcpy(out + done, s->v, n);
        done += n;
    }
    ks_drbg_update(s, h, 1, add, alen, NULL, 0, NULL, 0); /* h is keyed with K still */
}

/* The SHA-256 DRBG's K and V as the steps take them. */
#define KV(d) {(d)->k, (d)->v, KS_HASH_SHA256, 32}

int ks_hmac_drbg_instantiate(ks_hmac_drbg *d, uint32_t interval, const uint8_t *entropy, size_t elen,
                             const uint8_t *nonce, size_t nlen, const uint8_t *pers, size_t plen)
{
    ks_hmac_ctx h;
    ks_drbg_kv kv = KV(d);
    if (elen < KS_DRBG_MIN_ENTROPY || interval == 0 || interval > KS_DRBG_MAX_INTERVAL) {
        return -1;
    }
    memset(d->k, 0, 32);
    memset(d->v, 1, 32);
    ks_drbg_update(&kv, &h, 0, entropy, elen, nonce, nlen, pers, plen);
    ks_hmac_clear(&h);
    d->reseed_interval = interval;
    d->reseed_counter = 1;
    return 0;
}

int ks_hmac_drbg_reseed(ks_hmac_drbg *d, const uint8_t *entropy, size_t elen, const uint8_t *add, size_t alen)
{
    ks_hmac_ctx h;
    ks_drbg_kv kv = KV(d);
    if (d->reseed_counter == 0 || elen < KS_DRBG_MIN_ENTROPY) {
        return -1;
    }
    ks_drbg_update(&kv, &h, 0, entropy, elen, add, alen, NULL, 0);
    ks_hmac_clear(&h);
    d->reseed_counter = 1;
    return 0;
}

int ks_hmac_drbg_generate(ks_hmac_drbg *d, uint8_t *out, size_t len, const uint8_t *add, size_t alen)
{
    ks_hmac_ctx h;
    ks_drbg_kv kv = KV(d);
    if (d->reseed_counter == 0 || (uint32_t)len > KS_DRBG_MAX_REQUEST) {
        return -1;
    }
    /* due after reseed_interval generate calls: the counter then exceeds the interval (it
       stops at 2^32 - 1, one past the largest interval) */
    if (d->reseed_counter > d->reseed_interval) {
        return KS_DRBG_RESEED;
    }
    if (add == NULL) {
        alen = 0;
    }
    if (alen > 0) {
        ks_drbg_update(&kv, &h, 0, add, alen, NULL, 0, NULL, 0);
    }
    ks_drbg_output(&kv, &h, 0, out, len, add, alen);
    ks_hmac_clear(&h);
    d->reseed_counter++;
    return 0;
}

void ks_hmac_drbg_clear(ks_hmac_drbg *d)
{
    ks_wipe(d, sizeof *d);
}
