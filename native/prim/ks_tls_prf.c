/* The SSL 3.0 and TLS key derivations (ks_tls_prf.h), as ksecurity/prim/TlsPrf.java. */
#include "ks_tls_prf.h"
#include "ks_ssl3_mac.h"
#include "ks_wipe.h"

const uint8_t ks_ssl3_sender_client[4] = {0x43, 0x4c, 0x4e, 0x54};
const uint8_t ks_ssl3_sender_server[4] = {0x53, 0x52, 0x56, 0x52};

/* label || s1 || s2 into the MAC; the label from flash, a few bytes at a time. */
static void seed(ks_phash *p)
{
    uint8_t b[16];
    const char *l = p->label;
    size_t n;
    do {
        for (n = 0; n < sizeof b && (b[n] = KS_READ_BYTE(l + n)) != 0; n++) {
        }
        ks_hmac_update(&p->mac, b, n);
        l += n;
    } while (n == sizeof b);
    ks_hmac_update(&p->mac, p->s1, p->l1);
    ks_hmac_update(&p->mac, p->s2, p->l2);
}

/* The seed parts kept and A(1) = HMAC(seed), the MAC keyed (inlined into both starts: a build
   calls one of them). */
KS_INLINE void phash_start(ks_phash *p, const char *label, const uint8_t *s1, size_t l1,
                        const uint8_t *s2, size_t l2)
{
    p->label = label;
    p->s1 = s1;
    p->l1 = s1 != NULL ? l1 : 0;
    p->s2 = s2;
    p->l2 = s2 != NULL ? l2 : 0;
    seed(p);
    ks_hmac_final(&p->mac, p->a); /* A(1) = HMAC(seed) */
    p->used = 0xff;               /* no block yet */
}

int ks_phash_init(ks_phash *p, int hash, const uint8_t *secret, size_t slen, const char *label,
                  const uint8_t *s1, size_t l1, const uint8_t *s2, size_t l2)
{
    if (ks_hmac_init(&p->mac, hash, secret, slen) != 0) {
        return -1;
    }
    phash_start(p, label, s1, l1, s2, l2);
    return 0;
}

void ks_phash_init_keyed(ks_phash *p, int hash, const uint8_t *key, const char *label,
                         const uint8_t *s1, size_t l1, const uint8_t *s2, size_t l2)
{
    ks_hmac_key_load(&p->mac, hash, key);
    phash_start(p, label, s1, l1, s2, l2);
}

void ks_phash_next(ks_phash *p, uint8_t *out, size_t n, int xor)
{
    size_t hl = ks_hmac_size(&p->mac), i;
    while (n > 0) {
        size_t k;
        if (p->used >= hl) {
            if (p->used != 0xff) { /* A(i + 1) = HMAC(A(i)) */
                ks_hmac_update(&p->mac, p->a, hl);
                ks_hmac_final(&p->mac, p->a);
            }
            ks_hmac_update(&p->mac, p->a, hl);
            seed(p);
            ks_hmac_final(&p->mac, p->block);
            p->used = 0;
        }
        k = hl - p->used < n ? hl - p->used : n;
        for (i = 0; i < k; i++) {
            uint8_t b = p->block[p->used + i];
            out[i] = xor ? (uint8_t)(out[i] ^ b) : b;
        }
        p->used = (uint8_t)(p->used + k);
        out += k;
        n -= k;
    }
}

void ks_phash_clear(ks_phash *p)
{
    ks_wipe(p, sizeof *p);
}

void ks_prf_tls10_key(const uint8_t *secret, size_t slen, uint8_t key[KS_PRF_TLS10_KEY])
{
    size_t half = (slen + 1) / 2;
    ks_hmac_key_make(KS_HASH_MD5, secret, half, key);
    ks_hmac_key_make(KS_HASH_SHA1, secret + slen - half, half, key + 32);
}

void ks_prf_tls12_key(const uint8_t *secret, size_t slen, uint8_t key[KS_PRF_TLS12_KEY])
{
    ks_hmac_key_make(KS_HASH_SHA256, secret, slen, key);
}

/* P_hash of `hash` started from the secret (keyed = 0) or from its prepared key (keyed = 1,
   key). Always inlined with keyed a constant: each PRF below carries only its own keying, so a
   build that never calls the keyed forms pays nothing for them (the motes' flash). */
KS_INLINE void phash_start_from(ks_phash *p, int hash, int keyed, const uint8_t *secret, size_t slen,
                                const uint8_t *key, const char *label, const uint8_t *s1, size_t l1,
                                const uint8_t *s2, size_t l2)
{
    if (keyed) {
        ks_phash_init_keyed(p, hash, key, label, s1, l1, s2, l2);
    } else {
        ks_phash_init(p, hash, secret, slen, label, s1, l1, s2, l2);
    }
}

/* P_MD5 over the secret's first half (the key's first 32 bytes) xor P_SHA1 over its second
   (the key's last 40). */
KS_INLINE void tls10(int keyed, const uint8_t *secret, size_t slen, const uint8_t *key,
                     const char *label, const uint8_t *s1, size_t l1, const uint8_t *s2, size_t l2,
                     uint8_t *out, size_t olen)
{
    ks_phash p;
    size_t half = (slen + 1) / 2;
    phash_start_from(&p, KS_HASH_MD5, keyed, secret, half, key, label, s1, l1, s2, l2);
    ks_phash_next(&p, out, olen, 0);
    phash_start_from(&p, KS_HASH_SHA1, keyed, keyed ? NULL : secret + slen - half, half, keyed ? key + 32 : NULL,
                     label, s1, l1, s2, l2);
    ks_phash_next(&p, out, olen, 1);
    ks_phash_clear(&p);
}

KS_INLINE void tls12(int keyed, const uint8_t *secret, size_t slen, const uint8_t *key,
                     const char *label, const uint8_t *s1, size_t l1, const uint8_t *s2, size_t l2,
                     uint8_t *out, size_t olen)
{
    ks_phash p;
    phash_start_from(&p, KS_HASH_SHA256, keyed, secret, slen, key, label, s1, l1, s2, l2);
    ks_phash_next(&p, out, olen, 0);
    ks_phash_clear(&p);
}

void ks_prf_tls10(const uint8_t *secret, size_t slen, const char *label, const uint8_t *s1, size_t l1,
                  const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
    tls10(0, secret, slen, NULL, label, s1, l1, s2, l2, out, olen);
}

void ks_prf_tls10_keyed(const uint8_t key[KS_PRF_TLS10_KEY], const char *label, const uint8_t *s1,
                        size_t l1, const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
    tls10(1, NULL, 0, key, label, s1, l1, s2, l2, out, olen);
}

void ks_prf_tls12(const uint8_t *secret, size_t slen, const char *label, const uint8_t *s1, size_t l1,
                  const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
    tls12(0, secret, slen, NULL, label, s1, l1, s2, l2, out, olen);
}

void ks_prf_tls12_keyed(const uint8_t key[KS_PRF_TLS12_KEY], const char *label, const uint8_t *s1,
                        size_t l1, const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
    tls12(1, NULL, 0, key, label, s1, l1, s2, l2, out, olen);
}

int ks_prf_ssl3(const uint8_t *secret, size_t slen, const uint8_t *s1, size_t l1, const uint8_t *s2,
                size_t l2, uint8_t *out, size_t olen)
{
    ks_hash_ctx h;
    uint8_t block[20];
    size_t i, done = 0;
    if (olen > KS_PRF_SSL3_MAX) {
        return -1;
    }
    for (i = 0; done < olen; i++) {
        size_t n = olen - done < 16 ? olen - done : 16;
        ks_hash_init(&h, KS_HASH_SHA1);
        ks_hash_fill(&h, (uint8_t)('A' + i), i + 1);
        ks_hash_update(&h, secret, slen);
        ks_hash_update(&h, s1, s1 != NULL ? l1 : 0);
        ks_hash_update(&h, s2, s2 != NULL ? l2 : 0);
        ks_hash_digest(&h, block); /* started again below: no ks_hash_final's start */
        ks_hash_init(&h, KS_HASH_MD5);
        ks_hash_update(&h, secret, slen);
        ks_hash_update(&h, block, 20);
        ks_hash_digest(&h, block);
        memcpy(out + done, block, n);
        done += n;
    }
    ks_wipe(block, sizeof block);
    ks_hash_clear(&h);
    return 0;
}

size_t ks_prf_ssl3_hash(ks_hash_ctx *handshake, const uint8_t *sender, const uint8_t *master, size_t mlen,
                        uint8_t *out)
{
    uint8_t inner[20];
    int id = handshake->id;
    size_t n = ks_hash_size(id), pad = KS_SSL3_PAD_LEN(id);
    if (sender != NULL) {
        ks_hash_update(handshake, sender, 4);
    }
    ks_hash_update(handshake, master, mlen);
    ks_hash_fill(handshake, 0x36, pad);
    ks_hash_final(handshake, inner);
    ks_hash_update(handshake, master, mlen);
    ks_hash_fill(handshake, 0x5c, pad);
    ks_hash_update(handshake, inner, n);
    ks_hash_final(handshake, out);
    ks_wipe(inner, sizeof inner);
    ks_hash_clear(handshake);
    return n;
}
