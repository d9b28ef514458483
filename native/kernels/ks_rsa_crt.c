/*
 * The RSA private operation with a CRT key, blinded and checked (ks_rsa.h).
 * Values modulo n use 2h limbs, where h is the limb count of the halves p and q: then
 * R_n = R_h^2, and a number mod n is taken into Montgomery form mod p by one wide reduction
 * (ks_mont_reduce_wide), with no R^2 mod n and no division anywhere.
 */
#include "ks_rsa.h"
#include "ks_rsa_mont.h"
#include "ks_wipe.h"

enum { HL = KS_RSA_HALF_LIMBS, NL = 2 * KS_RSA_HALF_LIMBS };

/* One prime of the key and its Montgomery constants. */
typedef struct {
    ks_limb m[HL], r2[HL], one[HL];
    ks_mont mc;
} half;

/* Everything secret the private operation and the blinding set-up hold: one workspace,
   wiped once at the end. n and tab are the caller's part (aux, ks_rsa.h): n first, then tab
   (KS_RSA_ENTRIES >= 2 half numbers), which also holds a blinding factor mod n between
   exponentiations. */
typedef struct {
    ks_limb *n, *tab;
    ks_limb x[NL], y[NL], t[2 * HL + 2];
    half p, q;
    ks_limb qinv[HL], c[HL], u[HL], v[HL], w[HL], sel[HL];
    ks_mont mn;
} crt_ws;
enum { AUX_LIMBS = NL + KS_RSA_ENTRIES * HL };
typedef char aux_bytes_ok[AUX_LIMBS * sizeof(ks_limb) == KS_RSA_AUX_BYTES ? 1 : -1];

/* The key's bytes at src (len of them), readable: copied out of flash into bounce (room in
   the workspace that is free at that step) when the key is there (KS_RSA_KEY_FLASH), else
   src itself. The reads go at public positions: constant time. */
static const uint8_t *key_bytes(void *bounce, const uint8_t *src, size_t len)
{
#if KS_RSA_KEY_FLASH
    uint8_t *b = (uint8_t *)bounce;
    size_t i;
    for (i = 0; i < len; i++) {
        b[i] = KS_READ_BYTE(src + i);
    }
    return b;
#else
    (void)bounce;
    (void)len;
    return src;
#endif
}

/* The lengths: public, checked before anything is read. */
static int lengths_ok(const ks_rsa_crt_key *key)
{
    return key->half_len > 0 && key->half_len <= KS_RSA_MAX_BITS / 16 && key->n_len > 0
           && key->n_len <= 2 * key->half_len && key->e_len > 0 && key->e_len <= key->n_len
           && (!KS_RSA_KEY_FLASH || key->e_len <= key->half_len); /* e's bounce: w->w */
}

/* Loads the key; all-ones if n, p and q are odd, p's and q's top limbs not zero (they fill
   half_len bytes, as every key's primes do, FIPS 186-4 B.3.1: ks_mont_r2) and qinv < p.
   The answer is a mask, not a branch: it depends on the secret primes. A key that fails goes
   through the same steps (Montgomery arithmetic with an even modulus is wrong, not unsafe)
   and is refused at the end. */
static ks_limb load_key(crt_ws *w, const ks_rsa_crt_key *key)
{
    const size_t h = KS_LIMBS(key->half_len * 8);
    /* the bounce: y, free until the input is in */
    ks_bn_from_bytes(w->n, 2 * h, key_bytes(w->y, key->n, key->n_len), key->n_len);
    ks_bn_from_bytes(w->p.m, h, key_bytes(w->y, key->p, key->half_len), key->half_len);
    ks_bn_from_bytes(w->q.m, h, key_bytes(w->y, key->q, key->half_len), key->half_len);
    ks_bn_from_bytes(w->qinv, h, key_bytes(w->y, key->qinv, key->half_len), key->half_len);
    ks_mont_init(&w->mn, w->n, 2 * h, w->t);
    ks_mont_init(&w->p.mc, w->p.m, h, w->t);
    ks_mont_init(&w->q.mc, w->q.m, h, w->t);
    ks_mont_r2(&w->p.mc, w->p.r2, 1);
    ks_mont_r2(&w->q.mc, w->q.r2, 1);
    ks_mont_from(&w->p.mc, w->p.one, w->p.r2);
    ks_mont_from(&w->q.mc, w->q.one, w->q.r2);
    return KS_MASK(w->n[0] & w->p.m[0] & w->q.m[0] & 1) & ks_bn_lt_mask(w->qinv, w->p.m, h)
           & ~ks_bn_zero_mask(w->p.m + h - 1, 1) & ~ks_bn_zero_mask(w->q.m + h - 1, 1);
}

/* w->y = v mod n from vp R mod p (Montgomery form) and vq mod q (plain), by Garner's formula:
   v = vq + q ((vp - vq) qinv mod p). */
static void combine(crt_ws *w, const ks_limb *vp_mont, const ks_limb *vq)
{
    ks_mont_mul(&w->p.mc, w->c, vq, w->p.r2);          /* vq R mod p */
    ks_mont_sub(&w->p.mc, w->c, vp_mont, w->c);        /* (vp - vq) R */
    ks_mont_mul(&w->p.mc, w->c, w->c, w->qinv);        /* (vp - vq) qinv, plain */
    ks_mul_add_plain(w->y, w->q.m, w->c, vq, w->p.mc.n);
}

/* All-ones if a == b (n limbs). */
static ks_limb eq_mask(const ks_limb *a, const ks_limb *b, size_t n)
{
    ks_limb d[1] = {0};
    size_t i;
    for (i = 0; i < n; i++) {
        d[0] |= (ks_limb)(a[i] ^ b[i]);
    }
    return ks_bn_zero_mask(d, 1);
}

/* Reads a blinding factor (n_len bytes of the state) into tab; all-ones if it is below n. */
static ks_limb load_factor(crt_ws *w, const uint8_t *state, size_t n_len)
{
    ks_bn_from_bytes(w->tab, w->mn.n, state, n_len);
    return ks_bn_lt_mask(w->tab, w->n, w->mn.n);
}

/* The factor in tab squared and stored back (Montgomery form: f R -> f^2 R). */
static void renew_factor(crt_ws *w, uint8_t *state, size_t n_len)
{
    ks_mont_mul(&w->mn, w->tab, w->tab, w->tab);
    ks_bn_to_bytes(state, n_len, w->tab);
}

/* All-ones if (w->y)^e = w->x modulo the prime hf. */
static ks_limb check_half(crt_ws *w, half *hf, const ks_rsa_crt_key *key)
{
    ks_mont_reduce_wide(&hf->mc, w->c, w->y, hf->r2);
    ks_mont_pow_public(&hf->mc, w->u, w->c, key_bytes(w->w, key->e, key->e_len), key->e_len, hf->one);
    ks_mont_reduce_wide(&hf->mc, w->c, w->x, hf->r2);
    return eq_mask(w->u, w->c, hf->mc.n);
}

/* w->y = in^d mod n, good when the returned mask is all-ones. in is read first, before the
   key fills the caller's part of the workspace (aux may lie over in). */
static ks_limb private_op(crt_ws *w, const ks_rsa_crt_key *key, uint8_t *state, const uint8_t *in)
{
    const size_t n_len = key->n_len;
    ks_limb ok;
    ks_bn_from_bytes(w->x, 2 * KS_LIMBS(key->half_len * 8), in, n_len);
    ok = load_key(w, key);
    ok &= ks_bn_lt_mask(w->x, w->n, w->mn.n);
    ok &= load_factor(w, state, n_len);                   /* r^e R */
    ks_mont_mul(&w->mn, w->y, w->x, w->tab);              /* y = x r^e */
    renew_factor(w, state, n_len);
    /* the halves: u = y^dp R mod p, v = y^dq mod q (the exponents' bounce: w, unused here) */
    ks_mont_reduce_wide(&w->p.mc, w->c, w->y, w->p.r2);
    ks_mont_pow(&w->p.mc, w->u, w->c, key_bytes(w->w, key->dp, key->half_len), key->half_len, w->p.one,
                w->tab, w->sel);
    ks_mont_reduce_wide(&w->q.mc, w->c, w->y, w->q.r2);
    ks_mont_pow(&w->q.mc, w->v, w->c, key_bytes(w->w, key->dq, key->half_len), key->half_len, w->q.one,
                w->tab, w->sel);
    ks_mont_from(&w->q.mc, w->v, w->v);
    combine(w, w->u, w->v);                               /* y = x^d r */
    ok &= load_factor(w, state + n_len, n_len);           /* r^-1 R */
    ks_mont_mul(&w->mn, w->y, w->y, w->tab);              /* y = x^d */
    renew_factor(w, state + n_len, n_len);
    ok &= check_half(w, &w->p, key) & check_half(w, &w->q, key);
    return ok;
}

/* The workspace lives in this frame, below the public function's: ks_wipe_stack, called
   from there, then clears it again with everything the steps left further down. The
   caller's part (aux) is wiped before out is written (out may lie in it: ks_rsa.h). */
static KS_NOINLINE int private_run(const ks_rsa_crt_key *key, uint8_t *state, const uint8_t *in,
                                   uint8_t *out, ks_limb *aux)
{
    crt_ws w;
    ks_limb ok;
    w.n = aux;
    w.tab = aux + NL;
    ok = private_op(&w, key, state, in);
    ks_wipe(aux, KS_RSA_AUX_BYTES);
    ks_mont_out(out, key->n_len, w.y, w.mn.n, ok);
    ks_wipe(&w, sizeof w);
    return ks_rsa_result(ok);
}

int ks_rsa_private_aux(const ks_rsa_crt_key *key, uint8_t *state, const uint8_t *in, uint8_t *out,
                       void *aux)
{
    int rc;
    if (!lengths_ok(key)) {
        return KS_RSA_INVALID;
    }
    rc = private_run(key, state, in, out, (ks_limb *)aux);
    ks_wipe_stack(KS_WIPE_STACK_RSA);
    return rc;
}

/* ks_rsa_private's aux: in a frame of its own, below the public function's, whose wipe then
   covers it with the rest (KS_WIPE_STACK_RSA: the whole workspace's depth, as before aux). */
static KS_NOINLINE int private_local(const ks_rsa_crt_key *key, uint8_t *state, const uint8_t *in,
                                     uint8_t *out)
{
    ks_limb aux[AUX_LIMBS];
    return private_run(key, state, in, out, aux);
}

int ks_rsa_private(const ks_rsa_crt_key *key, uint8_t *state, const uint8_t *in, uint8_t *out)
{
    int rc;
    if (!lengths_ok(key)) {
        return KS_RSA_INVALID;
    }
    rc = private_local(key, state, in, out);
    ks_wipe_stack(KS_WIPE_STACK_RSA);
    return rc;
}

/* v (a value mod the prime hf, times R) times R, or times R^2 when mont: the Montgomery form
   mod n (R_n = R^2) reduced mod the prime, plain or in the form combine() takes for vp. */
static void to_crt_form(half *hf, ks_limb *v, int mont)
{
    ks_mont_mul(&hf->mc, v, v, hf->r2);
    if (mont) {
        ks_mont_mul(&hf->mc, v, v, hf->r2);
    }
}

/* out = r^e mod the prime hf, in the CRT form of to_crt_form. */
static void blind_pub(crt_ws *w, half *hf, const ks_rsa_crt_key *key, ks_limb *out, int mont)
{
    ks_mont_reduce_wide(&hf->mc, w->c, w->x, hf->r2);     /* r R */
    ks_mont_pow_public(&hf->mc, out, w->c, key_bytes(w->w, key->e, key->e_len), key->e_len, hf->one);
    to_crt_form(hf, out, mont);
}

/* out = r^-1 mod the prime hf (Fermat: r^(p-2)), in the CRT form of to_crt_form; all-ones
   if r r^-1 = 1, that is r is not a multiple of the prime. */
static ks_limb blind_inv(crt_ws *w, half *hf, const ks_rsa_crt_key *key, ks_limb *out, int mont)
{
    const size_t h = hf->mc.n;
    uint8_t *pm2 = (uint8_t *)w->y; /* the exponent p - 2 (y is free until combine) */
    ks_limb ok;
    memset(w->w, 0, h * sizeof(ks_limb));
    w->w[0] = 2;
    ks_bn_sub(w->w, hf->m, w->w, h);
    ks_bn_to_bytes(pm2, key->half_len, w->w);
    ks_mont_reduce_wide(&hf->mc, w->c, w->x, hf->r2);     /* r R */
    ks_mont_pow(&hf->mc, out, w->c, pm2, key->half_len, hf->one, w->tab, w->sel);
    ks_mont_mul(&hf->mc, w->w, w->c, out);                /* r r^-1 R */
    ok = eq_mask(w->w, hf->one, h);
    to_crt_form(hf, out, mont);
    return ok;
}

/* The state from r when the returned mask is all-ones, else zeroes. */
static ks_limb blind_init(crt_ws *w, const ks_rsa_crt_key *key, const uint8_t *r, uint8_t *state)
{
    const size_t n_len = key->n_len;
    ks_limb ok;
    size_t i;
    ks_bn_from_bytes(w->x, 2 * KS_LIMBS(key->half_len * 8), r, n_len); /* first: aux may lie over r */
    ok = load_key(w, key);
    ok &= ks_bn_lt_mask(w->x, w->n, w->mn.n) & (ks_limb)~ks_bn_zero_mask(w->x, w->mn.n);
    blind_pub(w, &w->q, key, w->v, 0);
    blind_pub(w, &w->p, key, w->u, 1);
    combine(w, w->u, w->v);
    ks_bn_to_bytes(state, n_len, w->y);                   /* r^e R_n mod n */
    ok &= blind_inv(w, &w->q, key, w->v, 0);
    ok &= blind_inv(w, &w->p, key, w->u, 1);
    combine(w, w->u, w->v);
    ks_bn_to_bytes(state + n_len, n_len, w->y);           /* r^-1 R_n mod n */
    for (i = 0; i < 2 * n_len; i++) {
        state[i] &= (uint8_t)ok;
    }
    return ok;
}

static KS_NOINLINE int blind_run(const ks_rsa_crt_key *key, const uint8_t *r, uint8_t *state, ks_limb *aux)
{
    crt_ws w;
    ks_limb ok;
    w.n = aux;
    w.tab = aux + NL;
    ok = blind_init(&w, key, r, state);
    ks_wipe(&w, sizeof w);
    ks_wipe(aux, KS_RSA_AUX_BYTES);
    return ks_rsa_result(ok);
}

int ks_rsa_blind_init_aux(const ks_rsa_crt_key *key, const uint8_t *r, uint8_t *state, void *aux)
{
    int rc;
    if (!lengths_ok(key)) {
        return KS_RSA_INVALID;
    }
    rc = blind_run(key, r, state, (ks_limb *)aux);
    ks_wipe_stack(KS_WIPE_STACK_RSA);
    return rc;
}

static KS_NOINLINE int blind_local(const ks_rsa_crt_key *key, const uint8_t *r, uint8_t *state)
{
    ks_limb aux[AUX_LIMBS];
    return blind_run(key, r, state, aux);
}

int ks_rsa_blind_init(const ks_rsa_crt_key *key, const uint8_t *r, uint8_t *state)
{
    int rc;
    if (!lengths_ok(key)) {
        return KS_RSA_INVALID;
    }
    rc = blind_local(key, r, state);
    ks_wipe_stack(KS_WIPE_STACK_RSA);
    return rc;
}
