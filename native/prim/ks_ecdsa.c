/*
 * ECDSA signing with hedged RFC 6979 nonces (ks_ecdsa.h), as ksecurity/math/Ecdsa.java
 * (sign, its Rfc6979 class, derEncode) over ScalarModN.java's arithmetic modulo n.
 */
#include "ks_ecdsa.h"
#include "ks_curve.h"
#include "ks_hmac.h"
#include "ks_modinv.h"
#include "ks_rsa_mont.h"
#include "ks_wipe.h"

#define OB_MAX (KS_MAX_BITS / 8 + 1) /* 33: room for any order length here */
#define NL KS_FE_MAX                 /* limbs of the longest order */

/* bits2int (RFC 6979 section 2.3.2) of in (len bytes) as ob big-endian bytes: the leftmost
   qlen bits; in at least ob bytes long, or shorter and then taken whole. */
static void bits2int(uint8_t *out, size_t ob, unsigned qlen, const uint8_t *in, size_t len)
{
    size_t i;
    if (len * 8 > qlen) {
        unsigned shift = (unsigned)(8 * ob - qlen); /* 0..7 */
        for (i = ob; i-- > 0;) {
            unsigned hi = i > 0 ? in[i - 1] : 0;
            out[i] = (uint8_t)(((hi << 8) | in[i]) >> shift);
        }
        return;
    }
    memset(out, 0, ob - len);
    memcpy(out + ob - len, in, len);
}

/* All-ones if 0 < a < n (n limbs), else zero. */
static ks_limb in_range(const ks_limb *a, const ks_limb *n, size_t nl)
{
    return ks_bn_lt_mask(a, n, nl) & (ks_limb)~ks_bn_zero_mask(a, nl);
}

/* a = a mod n for a < 2n: one masked subtraction. t: nl limbs of scratch. */
static void reduce_once(ks_limb *a, const ks_limb *n, size_t nl, ks_limb *t)
{
    ks_limb borrow = ks_bn_sub(t, a, n, nl);
    ks_bn_cmov(a, t, nl, KS_MASK(borrow ^ 1));
}

/* The signer's working state, one struct wiped once. The HMAC of the nonces and the
   signature's arithmetic are never needed at once (the MAC is keyed again from K after a
   rejected candidate): they share their bytes, a mote's stack is small. */
typedef struct {
    uint8_t k[KS_HASH_SIZE_MAX], v[KS_HASH_SIZE_MAX]; /* RFC 6979's K and V */
    uint8_t eb[OB_MAX]; /* int2octets(e) */
    uint8_t kb[OB_MAX]; /* the candidate k; after k G, the exponent n - 2 */
    ks_limb n[NL], x[NL], e[NL], kk[NL], r[NL], s[NL], sum[NL];
    union {
        ks_hmac_ctx mac; /* while candidates are made */
        struct {         /* while one is used */
            uint8_t point[2 * OB_MAX];
            ks_limb r2[NL], t[2 * NL + 2];
            ks_mont mc;
        } m;
    } u;
} signer;

/* K = HMAC_K(V || sep || x || h1 [|| k']); V = HMAC_K(V) (x, h1 and k' when seeded). keyed:
   the MAC holds K already (after the first step: the Java keys it again, with the same bytes
   out; two compressions saved). */
static void step(signer *w, int hash, size_t hl, size_t ob, uint8_t sep, const uint8_t *x, const uint8_t *extra,
                 int keyed)
{
    if (!keyed) {
        ks_hmac_init(&w->u.mac, hash, w->k, hl);
    }
    ks_hmac_update(&w->u.mac, w->v, hl);
    ks_hmac_update(&w->u.mac, &sep, 1);
    if (x != NULL) {
        ks_hmac_update(&w->u.mac, x, ob);
        ks_hmac_update(&w->u.mac, w->eb, ob);
        if (extra != NULL) {
            ks_hmac_update(&w->u.mac, extra, ob);
        }
    }
    ks_hmac_final(&w->u.mac, w->k);
    ks_hmac_init(&w->u.mac, hash, w->k, hl);
    ks_hmac_update(&w->u.mac, w->v, hl);
    ks_hmac_final(&w->u.mac, w->v);
}

/* The next nonce candidate of RFC 6979 section 3.2 step h into w->kb / w->kk: V = HMAC_K(V)
   until T has qlen bits, k = bits2int(T). The MAC is still keyed with K (ks_hmac_final
   restarts under the same key). */
static void candidate(signer *w, const ks_curve *c, size_t hl)
{
    size_t ob = c->obytes, off;
    uint8_t t[OB_MAX];
    for (off = 0; off < ob; off += hl) {
        ks_hmac_update(&w->u.mac, w->v, hl);
        ks_hmac_final(&w->u.mac, w->v);
        memcpy(t + off, w->v, ob - off < hl ? ob - off : hl);
    }
    /* T is at least ob bytes: bits2int takes its leftmost qlen bits (ob bytes are enough) */
    bits2int(w->kb, ob, c->obits, t, ob + 1);
    ks_wipe(t, sizeof t);
    ks_bn_from_bytes(w->kk, c->ol, w->kb, ob);
}

/* 1 <= d < n read into w->x (and n into w->n): 1, or 0 when d is out of range. */
static int read_private(signer *w, const ks_curve *c, const uint8_t *d)
{
    ks_bn_from_flash(w->n, c->n, c->ol);
    ks_bn_from_bytes(w->x, c->ol, d, c->obytes);
    return (int)(in_range(w->x, w->n, c->ol) & 1);
}

/* The signature from a candidate k (w->kb, w->kk in range): r || s into sig, or 0 when r or
   s is zero (another candidate is needed). */
static int sign_with(signer *w, const ks_curve *c, int curve, uint8_t *sig)
{
    size_t ol = c->ol, ob = c->obytes;
    ks_limb ok;
    if (ks_ec_mul_base(curve, w->kb, w->u.m.point) != KS_OK) {
        return 0; /* cannot happen for 0 < k < n */
    }
    /* r = x(kG) mod n: x < p < 2n on every curve here */
    ks_bn_from_bytes(w->r, ol, w->u.m.point, c->fbytes);
    reduce_once(w->r, w->n, ol, w->u.m.t);
    /* arithmetic modulo n, R = 2^(limb bits * ol): R^2 */
    ks_mont_init(&w->u.m.mc, w->n, ol, w->u.m.t, w->u.m.r2);
    /* s = k^-1 (e + r x) mod n */
    ks_mont_mul(&w->u.m.mc, w->s, w->r, w->u.m.r2);  /* r R */
    ks_mont_mul(&w->u.m.mc, w->s, w->s, w->x);       /* r x */
    ks_mont_add(&w->u.m.mc, w->sum, w->e, w->s);     /* e + r x */
    ks_modinv(w->s, w->kk, c->n, ol, c->obits);      /* k^-1 (divsteps, constant time) */
    ks_mont_mul(&w->u.m.mc, w->kk, w->s, w->u.m.r2); /* k^-1 R */
    ks_mont_mul(&w->u.m.mc, w->s, w->kk, w->sum);    /* k^-1 (e + r x) */
    ok = (ks_limb)~(ks_bn_zero_mask(w->r, ol) | ks_bn_zero_mask(w->s, ol));
    if (!(ok & 1)) {
        return 0;
    }
    ks_bn_to_bytes(sig, ob, w->r);
    ks_bn_to_bytes(sig + ob, ob, w->s);
    return 1;
}

int ks_ecdsa_sign(int curve, const uint8_t *d, const uint8_t *hash, size_t hlen, int nonce_hash,
                  const uint8_t *extra, uint8_t *sig)
{
    signer w;
    const ks_curve *c = ks_curve_get(curve);
    size_t hl = ks_hash_size(nonce_hash), ob, ol;
    int done = 0;
    if (c == NULL || hl == 0) {
        return KS_INVALID;
    }
    ob = c->obytes;
    ol = c->ol;
    if (!read_private(&w, c, d)) {
        ks_wipe(&w, sizeof w);
        return KS_INVALID;
    }
    /* e = bits2int(h) mod n; int2octets(e) for the nonce's HMAC_DRBG (int2octets(x) is d as
       given: d < n, orderBytes long) */
    bits2int(w.eb, ob, c->obits, hash, hlen);
    ks_bn_from_bytes(w.e, ol, w.eb, ob);
    reduce_once(w.e, w.n, ol, w.s);
    ks_bn_to_bytes(w.eb, ob, w.e);
    /* RFC 6979 3.2 b-g: V = 0x01 0x01 ..., K = 0x00 0x00 ..., two seeded steps */
    memset(w.v, 1, hl);
    memset(w.k, 0, hl);
    step(&w, nonce_hash, hl, ob, 0x00, d, extra, 0);
    step(&w, nonce_hash, hl, ob, 0x01, d, extra, 1);
    while (!done) {
        candidate(&w, c, hl);
        if (in_range(w.kk, w.n, ol) & 1) {
            done = sign_with(&w, c, curve, sig);
        }
        if (!done) {
            /* 3.2 h.3: K = HMAC_K(V || 0x00), V = HMAC_K(V) */
            step(&w, nonce_hash, hl, ob, 0x00, NULL, NULL, 0);
        }
    }
    ks_wipe(&w, sizeof w);
    ks_wipe_stack(KS_WIPE_STACK_EC);
    return KS_OK;
}

int ks_ecdsa_sign_drbg(int curve, const uint8_t *d, const uint8_t *hash, size_t hlen, int nonce_hash,
                       ks_hmac_drbg *drbg, uint8_t *sig)
{
    signer w;
    uint8_t extra[OB_MAX];
    const ks_curve *c = ks_curve_get(curve);
    int rc;
    if (c == NULL || ks_hash_size(nonce_hash) == 0) {
        return KS_INVALID;
    }
    rc = read_private(&w, c, d);
    ks_wipe(&w, sizeof w);
    if (!rc) {
        return KS_INVALID;
    }
    rc = ks_hmac_drbg_generate(drbg, extra, c->obytes, NULL, 0);
    if (rc == KS_OK) {
        rc = ks_ecdsa_sign(curve, d, hash, hlen, nonce_hash, extra, sig);
    }
    ks_wipe(extra, sizeof extra);
    return rc;
}

/* Content length of the minimal DER INTEGER for the unsigned value v (len bytes). */
static size_t int_length(const uint8_t *v, size_t len)
{
    size_t i = 0;
    while (i < len - 1 && v[i] == 0) {
        i++;
    }
    return len - i + ((v[i] & 0x80) != 0);
}

static uint8_t *write_int(uint8_t *p, const uint8_t *v, size_t len)
{
    size_t i, n = int_length(v, len);
    *p++ = 0x02;
    *p++ = (uint8_t)n;
    for (i = n; i > 0; i--) {
        *p++ = i > len ? 0 : v[len - i];
    }
    return p;
}

int ks_ecdsa_der_max(int curve)
{
    const ks_curve *c = ks_curve_get(curve);
    if (c == NULL) {
        return KS_INVALID;
    }
    /* an INTEGER of up to obytes, one more when the order's top byte has its high bit */
    return 2 + 2 * (2 + c->obytes + ((c->obits & 7) == 0));
}

int ks_ecdsa_der(int curve, const uint8_t *raw, uint8_t *out)
{
    const ks_curve *c = ks_curve_get(curve);
    uint8_t *p = out;
    size_t ob;
    if (c == NULL) {
        return KS_INVALID;
    }
    ob = c->obytes;
    *p++ = 0x30;
    *p++ = (uint8_t)(4 + int_length(raw, ob) + int_length(raw + ob, ob));
    p = write_int(p, raw, ob);
    p = write_int(p, raw + ob, ob);
    return (int)(p - out);
}
