/*
 * ECDSA signing with hedged RFC 6979 nonces (ks_ecdsa.h), as ksecurity/math/Ecdsa.java
 * (sign, its Rfc6979 class, derEncode) over ScalarModN.java's arithmetic modulo n.
 */
#include "ks_ecdsa.h"
#include "ks_curve.h"
#include "ks_hmac.h"
#include "ks_hmac_drbg.h"
#include "ks_modinv.h"
#include "ks_rsa_mont.h"
#include "ks_wipe.h"

#define OB_MAX (KS_MAX_BITS / 8 + 1) /* 33: room for any order length here */
#define NL KS_FE_MAX                 /* limbs of the longest order */

/* Bytes of stack ks_ecdsa_sign clears below its frame (k G's, the nonce's HMAC, the
   inversion's): the kernels' for k P unless a mote build sets its own measure (firmware.mk). */
#ifndef KS_WIPE_STACK_ECDSA
#define KS_WIPE_STACK_ECDSA KS_WIPE_STACK_EC
#endif

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

/* RFC 6979's state, live through the whole signature: K, V, int2octets(e) and the candidate k.
   Everything else lives in the frame of one phase (noinline: their frames are siblings, not
   nested), so that k G, the deepest part, runs below this state alone (a mote's stack is
   small): the HMAC while candidates are made (keyed again from K after a rejected one), the
   arithmetic modulo n once k G is known. */
typedef struct {
    uint8_t k[KS_HASH_SIZE_MAX], v[KS_HASH_SIZE_MAX]; /* RFC 6979's K and V */
    uint8_t eb[OB_MAX]; /* int2octets(e) */
    uint8_t kb[OB_MAX]; /* the candidate k */
} nonce;

/* 1 <= a < n for a big-endian a of the order's length: all-ones, else zero. */
static KS_NOINLINE ks_limb scalar_in_range(const ks_curve *c, const uint8_t *a)
{
    ks_limb n[NL], x[NL], ok;
    ks_bn_from_flash(n, c->n, c->ol);
    ks_bn_from_bytes(x, c->ol, a, c->obytes);
    ok = in_range(x, n, c->ol);
    ks_wipe(x, sizeof x);
    return ok;
}

/* The next candidate k of RFC 6979 section 3.2 in range into w->kb: first (h: the message's
   hash, hlen bytes), e = bits2int(h) mod n as int2octets into w->eb, V = 0x01 0x01 ..., K =
   0x00 0x00 ... and steps b-g seeded with d, h1 (and k'): the DRBG's update; then step h, the
   DRBG's output (V = HMAC_K(V) until T has qlen bits, k = bits2int(T)) with its update after
   it (K = HMAC_K(V || 0x00), V = HMAC_K(V): step h.3, done ahead for the next candidate),
   again while k is out of range. */
static KS_NOINLINE void next_candidate(nonce *w, const ks_curve *c, int hash, size_t hl, const uint8_t *d,
                                       const uint8_t *extra, const uint8_t *h, size_t hlen)
{
    ks_hmac_ctx mac;
    uint8_t t[OB_MAX];
    size_t ob = c->obytes;
    ks_drbg_kv kv;
    int keyed = 0;
    kv.k = w->k;
    kv.v = w->v;
    kv.hash = hash;
    kv.hl = hl;
    if (h != NULL) {
        ks_limb n[NL], e[NL], r[NL];
        ks_bn_from_flash(n, c->n, c->ol);
        bits2int(w->eb, ob, c->obits, h, hlen);
        ks_bn_from_bytes(e, c->ol, w->eb, ob);
        reduce_once(e, n, c->ol, r);
        ks_bn_to_bytes(w->eb, ob, e);
        ks_wipe(e, sizeof e);
        ks_wipe(r, sizeof r);
        memset(w->v, 1, hl);
        memset(w->k, 0, hl);
        ks_drbg_update(&kv, &mac, 0, d, ob, w->eb, ob, extra, extra != NULL ? ob : 0);
        keyed = 1;
    }
    for (;;) {
        ks_drbg_output(&kv, &mac, keyed, t, ob, NULL, 0);
        /* T is at least ob bytes: bits2int takes its leftmost qlen bits (ob bytes are enough) */
        bits2int(w->kb, ob, c->obits, t, ob + 1);
        if (scalar_in_range(c, w->kb) & 1) {
            break;
        }
        keyed = 1;
    }
    ks_wipe(t, sizeof t);
    ks_wipe(&mac, sizeof mac);
}

/* The signature from the candidate k (w->kb, in range) and k G's x (point): r || s into sig, or
   0 when r or s is zero (another candidate is needed). */
static KS_NOINLINE int sign_with(const nonce *w, const ks_curve *c, const uint8_t *d, const uint8_t *point,
                                 uint8_t *sig)
{
    size_t ol = c->ol, ob = c->obytes;
    struct {
        ks_limb n[NL], x[NL], e[NL], kk[NL], r[NL], s[NL], sum[NL], r2[NL], t[2 * NL + 2];
        ks_mont mc;
    } a; /* wiped once */
    ks_limb ok;
    ks_bn_from_flash(a.n, c->n, ol);
    ks_bn_from_bytes(a.x, ol, d, ob);
    ks_bn_from_bytes(a.e, ol, w->eb, ob);
    ks_bn_from_bytes(a.kk, ol, w->kb, ob);
    /* r = x(kG) mod n: x < p < 2n on every curve here */
    ks_bn_from_bytes(a.r, ol, point, c->fbytes);
    reduce_once(a.r, a.n, ol, a.t);
    /* arithmetic modulo n, R = 2^(limb bits * ol): R^2 */
    ks_mont_init(&a.mc, a.n, ol, a.t);
    ks_mont_r2(&a.mc, a.r2, 1);                  /* n fills its top limb on every curve here */
    /* s = k^-1 (e + r x) mod n */
    ks_mont_mul(&a.mc, a.s, a.r, a.r2);          /* r R */
    ks_mont_mul(&a.mc, a.s, a.s, a.x);           /* r x */
    ks_mont_add(&a.mc, a.sum, a.e, a.s);         /* e + r x */
    ks_modinv(a.s, a.kk, c->n, ol, c->obits);    /* k^-1 (divsteps, constant time) */
    ks_mont_mul(&a.mc, a.kk, a.s, a.r2);         /* k^-1 R */
    ks_mont_mul(&a.mc, a.s, a.kk, a.sum);        /* k^-1 (e + r x) */
    ok = (ks_limb)~(ks_bn_zero_mask(a.r, ol) | ks_bn_zero_mask(a.s, ol));
    if (ok & 1) {
        ks_bn_to_bytes(sig, ob, a.r);
        ks_bn_to_bytes(sig + ob, ob, a.s);
    }
    ks_wipe(&a, sizeof a);
    return (int)(ok & 1);
}

int ks_ecdsa_sign(int curve, const uint8_t *d, const uint8_t *hash, size_t hlen, int nonce_hash,
                  const uint8_t *extra, uint8_t *sig)
{
    nonce w;
    uint8_t point[2 * OB_MAX];
    const ks_curve *c = ks_curve_get(curve);
    size_t hl = ks_hash_size(nonce_hash);
    int done = 0;
    if (c == NULL || hl == 0) {
        return KS_INVALID;
    }
    if (!(scalar_in_range(c, d) & 1)) {
        return KS_INVALID;
    }
    /* e = bits2int(h) mod n; int2octets(e) for the nonce's HMAC_DRBG (int2octets(x) is d as
       given: d < n, orderBytes long); then RFC 6979 3.2 b-g, h */
    next_candidate(&w, c, nonce_hash, hl, d, extra, hash, hlen);
    while (!done) {
        /* k G cannot fail for 0 < k < n */
        done = ks_ec_mul_base(curve, w.kb, point) == KS_OK && sign_with(&w, c, d, point, sig);
        if (!done) {
            next_candidate(&w, c, nonce_hash, hl, d, extra, NULL, 0);
        }
    }
    ks_wipe(&w, sizeof w);
    ks_wipe(point, sizeof point);
    ks_wipe_stack(KS_WIPE_STACK_ECDSA);
    return KS_OK;
}

int ks_ecdsa_sign_drbg(int curve, const uint8_t *d, const uint8_t *hash, size_t hlen, int nonce_hash,
                       ks_hmac_drbg *drbg, uint8_t *sig)
{
    uint8_t extra[OB_MAX];
    const ks_curve *c = ks_curve_get(curve);
    int rc;
    if (c == NULL || ks_hash_size(nonce_hash) == 0) {
        return KS_INVALID;
    }
    if (!(scalar_in_range(c, d) & 1)) {
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
