/* The SSL 3.0 and TLS key derivations (ks_tls_prf.h), as ksecurity/prim/TlsPrf.java. */
#include "ks_tls_prf.h"
#include "ks_ssl3_mac.h"
#include "ks_wipe.h"

const uint8_t ks_ssl3_sender_client[4] = {0x43, 0x4c, 0x4e, 0x54};
const uint8_t ks_ssl3_sender_server[4] = {0x53, 0x52, 0x56, 0x52};

/* The hash resumed from the key's chaining value after K ^ ipad (outer = 0) or K ^ opad, one
   block in. Not inlined, here and below: avr-gcc at -O2 copied each into every caller (+0.3 KB
   on the ATmega128). */
static KS_NOINLINE void resume(ks_phash *p, int outer)
{
    ks_hash_resume(&p->md, p->md.id, p->key + (outer ? p->ss : 0), p->bs);
}

/* out = the outer hash over fin, after the inner digest is written into it. */
static void outer(ks_phash *p, uint8_t *out)
{
    ks_hash_value(&p->md, p->fin);
    resume(p, 1);
    ks_hash_update(&p->md, p->fin, p->bs);
    ks_hash_value(&p->md, out);
}

/* out = HMAC(A(i) || ...) over m, len bytes laid out and padded, A(i) written at its start
   first: fin for A(i + 1) = HMAC(A(i)), msg for HMAC(A(i) || seed). */
static void mac(ks_phash *p, uint8_t *m, size_t len, uint8_t *out)
{
    memcpy(m, p->a, p->hl);
    resume(p, 0);
    ks_hash_update(&p->md, m, len);
    outer(p, out);
}

/* 0x80 at byte `end` of m, then zeros and the length field of a message of `total` bytes after
   the key's block. Returns the bytes the padded message takes. */
static KS_NOINLINE size_t pad(ks_phash *p, uint8_t *m, size_t end, size_t total)
{
    m[end] = 0x80;
    return ks_hash_pad(p->md.id, m, end + 1, p->bs + total);
}

/* The sizes kept, the seed (label || s1 || s2, n bytes) laid out after A(i)'s place, fin's
   padding, A(1) = HMAC(seed) from the seed's bytes there, then A(i) || seed's padding. The
   key is in place. */
static int phash_start(ks_phash *p, const char *label, const uint8_t *s1, size_t l1, const uint8_t *s2,
                       size_t l2)
{
    int id = p->md.id;
    size_t hl = ks_hash_size(id), n = 0;
    uint8_t *seed = p->msg + hl, ch;
    p->hl = (uint8_t)hl;
    p->bs = (uint8_t)ks_hash_block(id);
    /* the label copied as it is read, to one byte past the longest seed (msg has the room) */
    while (n <= KS_PRF_SEED_MAX && (ch = (uint8_t)KS_READ_BYTE(label + n)) != 0) {
        seed[n++] = ch;
    }
    l1 = s1 != NULL ? l1 : 0;
    l2 = s2 != NULL ? l2 : 0;
    if (n + l1 + l2 > KS_PRF_SEED_MAX) {
        return -1;
    }
    if (l1 > 0) {
        memcpy(seed + n, s1, l1);
    }
    if (l2 > 0) {
        memcpy(seed + n + l1, s2, l2);
    }
    n += l1 + l2;
    pad(p, p->fin, hl, hl);
    resume(p, 0);
    ks_hash_update(&p->md, seed, n);
    ks_hash_digest(&p->md, p->fin);
    outer(p, p->a);
    p->size = (uint16_t)pad(p, p->msg, hl + n, hl + n);
    p->used = 0xff; /* no block yet */
    return 0;
}

int ks_phash_init(ks_phash *p, int hash, const uint8_t *secret, size_t slen, const char *label,
                  const uint8_t *s1, size_t l1, const uint8_t *s2, size_t l2)
{
    if (ks_hash_init(&p->md, hash) != 0) {
        return -1;
    }
    p->ss = (uint8_t)ks_hash_state_size(hash);
    ks_hmac_key_make(hash, secret, slen, p->key);
    return phash_start(p, label, s1, l1, s2, l2);
}

int ks_phash_init_keyed(ks_phash *p, int hash, const uint8_t *key, const char *label,
                        const uint8_t *s1, size_t l1, const uint8_t *s2, size_t l2)
{
    p->md.id = (uint8_t)hash;
    p->ss = (uint8_t)ks_hash_state_size(hash);
    memcpy(p->key, key, 2 * p->ss);
    return phash_start(p, label, s1, l1, s2, l2);
}

void ks_phash_next(ks_phash *p, uint8_t *out, size_t n, int xor)
{
    size_t hl = p->hl, i;
    while (n > 0) {
        size_t k;
        if (p->used >= hl) {
            if (p->used != 0xff) { /* A(i + 1) = HMAC(A(i)): a block of its own, fin's */
                mac(p, p->fin, p->bs, p->a);
            }
            mac(p, p->msg, p->size, p->block);
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
KS_INLINE int phash_start_from(ks_phash *p, int hash, int keyed, const uint8_t *secret, size_t slen,
                               const uint8_t *key, const char *label, const uint8_t *s1, size_t l1,
                               const uint8_t *s2, size_t l2)
{
    if (keyed) {
        return ks_phash_init_keyed(p, hash, key, label, s1, l1, s2, l2);
    }
    return ks_phash_init(p, hash, secret, slen, label, s1, l1, s2, l2);
}

/* P_MD5 over the secret's first half (the key's first 32 bytes) xor P_SHA1 over its second
   (the key's last 40); a seed too long for the one is too long for the other, found before
   out is written. */
KS_INLINE int tls10(int keyed, const uint8_t *secret, size_t slen, const uint8_t *key,
                    const char *label, const uint8_t *s1, size_t l1, const uint8_t *s2, size_t l2,
                    uint8_t *out, size_t olen)
{
    ks_phash p;
    size_t half = (slen + 1) / 2;
    int r = phash_start_from(&p, KS_HASH_MD5, keyed, secret, half, key, label, s1, l1, s2, l2);
    if (r == 0) {
        ks_phash_next(&p, out, olen, 0);
        phash_start_from(&p, KS_HASH_SHA1, keyed, keyed ? NULL : secret + slen - half, half,
                         keyed ? key + 32 : NULL, label, s1, l1, s2, l2);
        ks_phash_next(&p, out, olen, 1);
    }
    ks_phash_clear(&p);
    return r;
}

KS_INLINE int tls12(int keyed, const uint8_t *secret, size_t slen, const uint8_t *key,
                    const char *label, const uint8_t *s1, size_t l1, const uint8_t *s2, size_t l2,
                    uint8_t *out, size_t olen)
{
    ks_phash p;
    int r = phash_start_from(&p, KS_HASH_SHA256, keyed, secret, slen, key, label, s1, l1, s2, l2);
    if (r == 0) {
        ks_phash_next(&p, out, olen, 0);
    }
    ks_phash_clear(&p);
    return r;
}

int ks_prf_tls10(const uint8_t *secret, size_t slen, const char *label, const uint8_t *s1, size_t l1,
                 const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
    return tls10(0, secret, slen, NULL, label, s1, l1, s2, l2, out, olen);
}

int ks_prf_tls10_keyed(const uint8_t key[KS_PRF_TLS10_KEY], const char *label, const uint8_t *s1,
                       size_t l1, const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
    return tls10(1, NULL, 0, key, label, s1, l1, s2, l2, out, olen);
}

int ks_prf_tls12(const uint8_t *secret, size_t slen, const char *label, const uint8_t *s1, size_t l1,
                 const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
    return tls12(0, secret, slen, NULL, label, s1, l1, s2, l2, out, olen);
}

int ks_prf_tls12_keyed(const uint8_t key[KS_PRF_TLS12_KEY], const char *label, const uint8_t *s1,
                       size_t l1, const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
    return tls12(1, NULL, 0, key, label, s1, l1, s2, l2, out, olen);
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
