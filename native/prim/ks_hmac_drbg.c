/* HMAC_DRBG with SHA-256 (ks_hmac_drbg.h), as ksecurity/prim/HmacDrbg.java. */
#include "ks_hmac_drbg.h"
#include "ks_hmac.h"
#include "ks_wipe.h"

/* HMAC_DRBG_Update (section 10.1.2.2) with provided_data = a || b || c (any part may be empty).
   keyed: h already holds the key K (generate's last MAC used it); the second round's K is
   always the one the first round's V step keyed h with. Each key set is two compressions:
   the Java keys again every time, with the same bytes out. */
static void update(ks_hmac_drbg *d, ks_hmac_ctx *h, int keyed, const uint8_t *a, size_t al, const uint8_t *b,
                   size_t bl, const uint8_t *c, size_t cl)
{
    uint8_t round;
    int empty = (a == NULL || al == 0) && (b == NULL || bl == 0) && (c == NULL || cl == 0);
    for (round = 0; round < 2; round++) {
        if (round == 0 && !keyed) {
            ks_hmac_init(h, KS_HASH_SHA256, d->k, 32);
        }
        ks_hmac_update(h, d->v, 32);
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
        ks_hmac_final(h, d->k);
        ks_hmac_init(h, KS_HASH_SHA256, d->k, 32);
        ks_hmac_update(h, d->v, 32);
        ks_hmac_final(h, d->v);
        if (empty) {
            return;
        }
    }
}

int ks_hmac_drbg_instantiate(ks_hmac_drbg *d, uint32_t interval, const uint8_t *entropy, size_t elen,
                             const uint8_t *nonce, size_t nlen, const uint8_t *pers, size_t plen)
{
    ks_hmac_ctx h;
    if (elen < KS_DRBG_MIN_ENTROPY || interval == 0 || interval > KS_DRBG_MAX_INTERVAL) {
        return -1;
    }
    memset(d->k, 0, 32);
    memset(d->v, 1, 32);
    update(d, &h, 0, entropy, elen, nonce, nlen, pers, plen);
    ks_hmac_clear(&h);
    d->reseed_interval = interval;
    d->reseed_counter = 1;
    return 0;
}

int ks_hmac_drbg_reseed(ks_hmac_drbg *d, const uint8_t *entropy, size_t elen, const uint8_t *add, size_t alen)
{
    ks_hmac_ctx h;
    if (d->reseed_counter == 0 || elen < KS_DRBG_MIN_ENTROPY) {
        return -1;
    }
    update(d, &h, 0, entropy, elen, add, alen, NULL, 0);
    ks_hmac_clear(&h);
    d->reseed_counter = 1;
    return 0;
}

int ks_hmac_drbg_generate(ks_hmac_drbg *d, uint8_t *out, size_t len, const uint8_t *add, size_t alen)
{
    ks_hmac_ctx h;
    size_t done = 0;
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
        update(d, &h, 0, add, alen, NULL, 0, NULL, 0);
    }
    ks_hmac_init(&h, KS_HASH_SHA256, d->k, 32);
    while (done < len) {
        size_t n = len - done < 32 ? len - done : 32;
        ks_hmac_update(&h, d->v, 32);
        ks_hmac_final(&h, d->v);
        memcpy(out + done, d->v, n);
        done += n;
    }
    update(d, &h, 1, add, alen, NULL, 0, NULL, 0); /* h is keyed with K still */
    ks_hmac_clear(&h);
    d->reseed_counter++;
    return 0;
}

void ks_hmac_drbg_clear(ks_hmac_drbg *d)
{
    ks_wipe(d, sizeof *d);
}
