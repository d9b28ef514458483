/* The SSL 3.0 and TLS key derivations (ks_tls_prf.h), as ksecurity/prim/TlsPrf.java. */
#include "ks_tls_prf.h"
#include "ks_ssl3_mac.h"
#include "ks_wipe.h"

const uint8_t ks_ssl3_sender_client[4] = {0x43, 0x4c, 0x4e, 0x54};
const uint8_t ks_ssl3_sender_server[4] = {0x53, 0x52, 0x56, 0x52};

/* The hash resumed from the key's chaining value after K ^ ipad (outer = 0) or K ^ opad, one
   block in, then m's len bytes, laid out and padded, hashed. Not inlined, here and below:
   avr-gcc at -O2 copied each into every caller. */
static KS_NOINLINE void hash(ks_phash *p, int outer, const uint8_t *m, size_t len)
{
    ks_hash_resume(&p->md, p->md.id, p->key + (outer ? p->ss : 0), p->bs);
    ks_hash_update(&p->md, m, len);
}

/* out = the outer hash over fin (md.buf: a digest and its padding), the inner digest written
   into it first. */
static void outer(ks_phash *p, uint8_t *out)
{
    ks_hash_value(&p->md, p->md.buf);
    hash(p, 1, p->md.buf, p->bs);
    ks_hash_value(&p->md, out);
}

/* 0x80 at byte `end` of m, then zeros and the length field of a message of `total` bytes after
   the key's block. Returns the bytes the padded message takes. */
static KS_NOINLINE size_t pad(ks_phash *p, uint8_t *m, size_t end, size_t total)
{
    m[end] = 0x80;
    return ks_hash_pad(p->md.id, m, end + 1, p->bs + total);
}

int ks_phash_init(ks_phash *p, int hash_id, const uint8_t *key, const char *label, const uint8_t *s1,
                  size_t l1, const uint8_t *s2, size_t l2)
{
    size_t hl = ks_hash_size(hash_id), n = 0;
    uint8_t *seed = p->msg + hl, ch;
    if (hl == 0) {
        return -1;
    }
    p->md.id = (uint8_t)hash_id;
    p->key = key;
    p->hl = (uint8_t)hl;
    p->bs = (uint8_t)ks_hash_block(hash_id);
    p->ss = (uint8_t)ks_hash_state_size(hash_id);
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
    /* A(1) = HMAC(seed), from the seed's bytes in place; its inner digest in fin, then fin's
       padding, which every outer hash after it keeps */
    hash(p, 0, seed, n);
    ks_hash_digest(&p->md, p->md.buf);
    pad(p, p->md.buf, hl, hl);
    outer(p, p->msg);
    p->size = (uint16_t)pad(p, p->msg, hl + n, hl + n);
    p->used = 0xff; /* no block yet */
    return 0;
}

void ks_phash_next(ks_phash *p, uint8_t *out, size_t n, int xor)
{
    size_t hl = p->hl, i;
    uint8_t *block = p->md.buf;
    while (n > 0) {
        size_t k;
        if (p->used >= hl) {
            if (p->used != 0xff) { /* A(i + 1) = HMAC(A(i)): fin's block, A(i) copied in */
                memcpy(block, p->msg, hl);
                hash(p, 0, block, p->bs);
                outer(p, p->msg);
            }
            hash(p, 0, p->msg, p->size); /* HMAC(A(i) || seed), left at fin's start */
            outer(p, block);
            p->used = 0;
        }
        k = hl - p->used < n ? hl - p->used : n;
        for (i = 0; i < k; i++) {
            uint8_t b = block[p->used + i];
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

/* P_MD5 under the key's first 32 bytes (the secret's first half) xor P_SHA1 under its last 40
   (its second); a seed too long for the one is too long for the other, found before out is
   written. */
int ks_prf_tls10_keyed(const uint8_t key[KS_PRF_TLS10_KEY], const char *label, const uint8_t *s1,
                       size_t l1, const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
    ks_phash p;
    int r = ks_phash_init(&p, KS_HASH_MD5, key, label, s1, l1, s2, l2);
    if (r == 0) {
        ks_phash_next(&p, out, olen, 0);
        ks_phash_init(&p, KS_HASH_SHA1, key + 32, label, s1, l1, s2, l2);
        ks_phash_next(&p, out, olen, 1);
    }
    ks_phash_clear(&p);
    return r;
}

int ks_prf_tls12_keyed(const uint8_t key[KS_PRF_TLS12_KEY], const char *label, const uint8_t *s1,
                       size_t l1, const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
    ks_phash p;
    int r = ks_phash_init(&p, KS_HASH_SHA256, key, label, s1, l1, s2, l2);
    if (r == 0) {
        ks_phash_next(&p, out, olen, 0);
    }
    ks_phash_clear(&p);
    return r;
}

/* The PRFs from the secret: its key made on the stack, then as above. Always inlined with tls12
   a constant: each PRF carries only its own. */
KS_INLINE int from_secret(int tls12, const uint8_t *secret, size_t slen, const char *label,
                          const uint8_t *s1, size_t l1, const uint8_t *s2, size_t l2, uint8_t *out,
                          size_t olen)
{
    uint8_t key[KS_PRF_TLS10_KEY]; /* the longer of the two */
    int r;
    if (tls12) {
        ks_prf_tls12_key(secret, slen, key);
        r = ks_prf_tls12_keyed(key, label, s1, l1, s2, l2, out, olen);
    } else {
        ks_prf_tls10_key(secret, slen, key);
        r = ks_prf_tls10_keyed(key, label, s1, l1, s2, l2, out, olen);
    }
    ks_wipe(key, sizeof key);
    return r;
}

int ks_prf_tls10(const uint8_t *secret, size_t slen, const char *label, const uint8_t *s1, size_t l1,
                 const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
    return from_secret(0, secret, slen, label, s1, l1, s2, l2, out, olen);
}

int ks_prf_tls12(const uint8_t *secret, size_t slen, const char *label, const uint8_t *s1, size_t l1,
                 const uint8_t *s2, size_t l2, uint8_t *out, size_t olen)
{
    return from_secret(1, secret, slen, label, s1, l1, s2, l2, out, olen);
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
