/*
 * The public scalar multiplications (ks_ec.h).
 * k * P: fixed window of KS_EC_WINDOW = w bits over the odd recoding of k (ks_ec_make_odd,
 * ks_ec_digit): every digit is odd and nonzero, so each window is w doublings and one
 * addition of a point from the table P, 3P, ..., (2^(w-1) - 1)P, looked up by reading every
 * entry under a mask (on the motes, whose loads take the same time at every address, at its
 * index: KS_SECRET_INDEX) and negated by mask. Exceptional additions: before the last window the
 * accumulator is c * P with c = k >> (w i) (up to the digits' signs), nonzero and below n in
 * size, so it is never +-(d P); only the last addition may be a doubling (k' = 2d mod n), and
 * there the doubled point is selected by mask. No branch or index depends on k.
 */
#include "ks_ec.h"
#include "ks_ec_base.h"
#include "ks_wipe.h"

enum { W = KS_EC_WINDOW, ENTRIES = 1 << (KS_EC_WINDOW - 1) };

/* A scalar of one bit more than a whole number of windows (c->obits = W m' + 1: secp160r1's
   161 for w = 4) in m' windows instead of m' + 1, where the port asks for it (KS_EC_SHORT_TOP,
   the AVR: 4 doublings and an addition fewer for one addition more). The odd recoding of m'
   windows takes odd k below 2^(W m'); after ks_ec_make_odd k is odd and below n <
   2^(W m' + 1), so where k has bit W m' (public per curve, secret per scalar; all but never)
   k' = n - k + 1 (odd, small) is recoded instead, and k P = -(k' P - P): the addition of -P
   made for every scalar, its sum selected by mask. With |k'| < 2^(W m') no addition of the
   main loop meets its doubling case (the accumulator c P before a window's d P has
   0 < |2^W c -+ d| < n), so the last window's doubling by mask is not needed; nor does k' P - P
   (k' P = +-P would need k' = +-1 mod n: k' >= 3). KS_EC_SHORT_TOP(c): the port's test of
   the curve, whose order it knows to have W m' + 1 bits (where an image carries one curve, a
   constant: no code for the other path). */
#ifndef KS_EC_SHORT_TOP
#define KS_EC_SHORT_TOP(c) 0
#endif

/* r = 2p for a p whose Z is 1 by the port's form for that (KS_JAC_DBL_Z1, the AVR's secp160r1:
   delta = Z^2 = 1 and Z3 = Y, two squares fewer): 1 where it did, else 0 (the caller then
   doubles by the curve's own). The doublings of a k P that start from an affine point: the
   table's 2P, the main loop's first (from a table entry) and, where the last window may meet
   its doubling case (not with KS_EC_SHORT_TOP), the last window's doubled entry. */
#ifdef KS_JAC_DBL_Z1
#define DBL_Z1(c, r, p) KS_JAC_DBL_Z1(c, r, p)
#else
#define DBL_Z1(c, r, p) 0
#endif

/* The table entry for digit e, Y negated when the digit is negative, into r's Y; its X
   returned: read at its index where loads take the same time at every address
   (KS_SECRET_INDEX, the motes: the entry's own X, not copied; the addition reads it there),
   else by touching every entry under a mask into r's X. r's Z is the table's, set once by
   the caller. */
static const ks_limb *lookup(const ks_curve *c, ks_jac *r, const ks_xy *tab, uint32_t e)
{
    uint32_t neg = ((e >> (W - 1)) & 1) ^ 1;
    uint32_t idx = (e ^ (0u - neg)) & (ENTRIES - 1);
#if KS_SECRET_INDEX
    ks_fp_cneg(c, r->y, tab[idx].y, KS_MASK(neg)); /* Y read from the entry once */
    return tab[idx].x;
#else
    /* all KS_FE_MAX limbs where the table was cleared first (KS_JAC_CMOV_FULL: the host,
       a constant length the compiler unrolls), else the curve's */
    size_t n = KS_JAC_CMOV_FULL ? KS_FE_MAX : c->fl;
    uint32_t j;
    memset(r->x, 0, sizeof r->x);
    memset(r->y, 0, sizeof r->y);
    for (j = 0; j < ENTRIES; j++) {
        uint32_t d = j ^ idx;
        ks_limb mask = KS_MASK(KS_TOP_BIT32(d | (0u - d)) ^ 1);
        ks_bn_cmov(r->x, tab[j].x, n, mask);
        ks_bn_cmov(r->y, tab[j].y, n, mask);
    }
    ks_fp_cneg(c, r->y, r->y, KS_MASK(neg));
    return r->x;
#endif
}

/* tab[j] = X, Y of (2j + 1) P for j < ENTRIES, affine, from P = (px, py): co-Z additions
   from d = 2P (ks_jac_zaddu: Z_j = Z_(j-1) h_(j-1), the h saved), then, from the top, tab[j]
   scaled by l = 1 / Z_j = h_j ... h_(ENTRIES-2) / Z_(ENTRIES-1) to (l^2 X, l^3 Y), after one
   inversion (Longa and Gebotys's precomputation, taken to Z = 1: with the divsteps inversion
   the table's affine form pays, each window's addition then 8M + 3S instead of 11M + 3S;
   AVR P-256 k.P about -0.8 M cycles). h: ENTRIES - 1 field elements of scratch. A function
   of its own: its frame is gone before the main loop's deepest one (the motes' stack). */
static KS_NOINLINE void odd_multiples(const ks_curve *c, ks_xy *tab, ks_jac *d,
                                      ks_limb *const *h, const ks_limb *px, const ks_limb *py)
{
    ks_limb l[KS_FE_MAX], l2[KS_FE_MAX];
    int j;
    ks_jac_from_affine(c, d, px, py);
    if (!DBL_Z1(c, d, d)) {
        ks_jac_dbl(c, d, d);
    }
    /* P rescaled to d's Z = y: (x Z^2, y Z^3). d = +-tab[j - 1] would need 2 = +-(2j - 1)
       mod n: never, as n > 2 ENTRIES + 1. */
    c->sqr(l2, d->z);
    c->mul(tab[0].x, px, l2);
    c->mul(l2, l2, d->z);
    c->mul(tab[0].y, py, l2);
    for (j = 1; j < ENTRIES; j++) {
        ks_jac_zaddu(c, tab[j].x, tab[j].y, d, tab[j - 1].x, tab[j - 1].y, h[j - 1]);
    }
    ks_fp_inv(c, l, d->z);
    for (j = ENTRIES - 1; j >= 0; j--) {
        if (j < ENTRIES - 1) {
            c->mul(l, l, h[j]);
        }
        c->sqr(l2, l);
        c->mul(tab[j].x, tab[j].x, l2);
        c->mul(l2, l2, l);
        c->mul(tab[j].y, tab[j].y, l2);
    }
    ks_wipe(l, sizeof l);
    ks_wipe(l2, sizeof l2);
}

/* With KS_EC_AUX the table is the caller's (ENTRIES points, wiped at the end: TAB_PARAM,
   TAB_ARG), else on mul_jac's frame; a build without it passes no argument for it (on the
   ATmega128 even an unused pointer costs the callers' frames a register pair). */
#if KS_EC_AUX
#define TAB_PARAM , ks_xy *tab
#define TAB_ARG(t) , (t)
#else
#define TAB_PARAM
#define TAB_ARG(t)
#endif

/* q = k * (px, py) for 0 < k < n and a point on the curve. */
static void mul_jac(const ks_curve *c, ks_jac *q, const ks_limb *k_in, const ks_limb *px,
                    const ks_limb *py TAB_PARAM)
{
    /* the table's scratch (odd_multiples' h) in q and in the place of a, which the main loop
       only needs later: 2^(w-1) X, Y pairs in all, not Jacobian points */
    enum { H = ENTRIES - 1, IN_Q = H < 3 ? H : 3, IN_U = H - IN_Q > 3 ? H - IN_Q : 3 };
    union {
        ks_jac a;
        ks_limb h[IN_U][KS_FE_MAX];
    } u;
    ks_limb *h[H];
#if !KS_EC_AUX
    ks_xy tab[ENTRIES];
#endif
    ks_jac d;
    ks_limb k[KS_FE_MAX], even, hit, top = 0;
    const ks_limb *qx;
    const int short_top = KS_EC_SHORT_TOP(c);
    const int m = (c->obits + W - 1 - short_top) / W;
    int i, j, first;
    for (j = 0; j < H; j++) {
        h[j] = j == 0 ? q->x : j == 1 ? q->y : j == 2 ? q->z : u.h[j - IN_Q];
    }
    memcpy(k, k_in, c->ol * sizeof(ks_limb));
    even = ks_ec_make_odd(c, k);
    if (short_top) { /* k' = n - k + 1 where k has bit W m: k - 1 (even), then n - that */
        top = KS_MASK((k[(c->obits - 1) / KS_LIMB_BITS] >> ((c->obits - 1) % KS_LIMB_BITS)) & 1);
        k[0] &= ~(top & 1);
        top = ks_ec_make_odd(c, k);
    }
    if (KS_JAC_CMOV_FULL) {
        memset(tab, 0, ENTRIES * sizeof *tab); /* lookups then move whole entries, unused limbs included */
    }
    odd_multiples(c, tab, &d, h, px, py); /* affine entries */
    memset(u.a.z, 0, sizeof u.a.z);
    u.a.z[0] = 1;
    ks_fp_enc(c, u.a.z);
    memcpy(q->z, u.a.z, sizeof q->z);
    qx = lookup(c, q, tab, ks_ec_digit(k, c->ol, m - 1, W, m));
    if (KS_SECRET_INDEX) {
        memcpy(q->x, qx, sizeof q->x); /* the entry's own X (KS_SECRET_INDEX; all its limbs) */
    }
    first = DBL_Z1(c, q, q); /* q's Z is 1: the first window's first doubling, where done */
    for (i = m - 2; i >= 0; i--) {
        /* the entry first (it does not read q), then the W doublings and the addition: in
           one call of the port's where it has one (KS_JAC_DBL_ADD_N, the AVR's), or the
           doublings in one (KS_JAC_DBL_N, the MSP430's: the number done); either 0 for another
           curve (the test is on the curve, public) */
        qx = lookup(c, &u.a, tab, ks_ec_digit(k, c->ol, i, W, m));
#ifdef KS_JAC_DBL_ADD_N
        j = KS_JAC_DBL_ADD_N(c, q, W - first, qx, u.a.y, hit);
#else
        j = 0;
#endif
        if (!j) {
            j = first;
#ifdef KS_JAC_DBL_N
            j += KS_JAC_DBL_N(c, q, W - first);
#endif
            for (; j < W; j++) {
                ks_jac_dbl(c, q, q);
            }
            hit = ks_jac_add(c, q, q, qx, u.a.y, 0);
        }
        first = 0;
        if (i == 0 && !short_top) {
            if (KS_SECRET_INDEX) {
                memcpy(u.a.x, qx, sizeof u.a.x);
            }
            if (!DBL_Z1(c, &d, &u.a)) { /* u.a's Z is 1 */
                ks_jac_dbl(c, &d, &u.a);
            }
            ks_jac_cmov(c, q, &d, hit);
        }
    }
    if (short_top) { /* k' P - P, taken where k' was */
        ks_fp_cneg(c, u.a.y, tab[0].y, KS_MASK(1));
        (void)ks_jac_add(c, &d, q, tab[0].x, u.a.y, 0);
        ks_jac_cmov(c, q, &d, top);
        even ^= top;
    }
    ks_fp_cneg(c, q->y, q->y, even);
    ks_wipe(k, sizeof k); /* the recoded scalar, the table and the working points */
    ks_wipe(tab, ENTRIES * sizeof *tab);
    ks_wipe(&u, sizeof u);
    ks_wipe(&d, sizeof d);
}

/* q = k * G from G itself (no base table). With KS_EC_AUX a frame of its own: its table of odd
   multiples is then a local, which k G from a base table must not reserve too (the compiler
   takes a function's locals all at its entry; the ATmega128's modern image crashed so). */
#if KS_EC_AUX
#define G_FRAME KS_NOINLINE
#else
#define G_FRAME
#endif
static G_FRAME void mul_g(const ks_curve *c, ks_jac *q, const ks_limb *k)
{
    ks_limb gx[KS_FE_MAX], gy[KS_FE_MAX];
#if KS_EC_AUX
    ks_xy tab[ENTRIES];
#endif
    ks_bn_from_flash(gx, c->gx, c->fl);
    ks_bn_from_flash(gy, c->gy, c->fl);
    ks_fp_enc(c, gx);
    ks_fp_enc(c, gy);
    mul_jac(c, q, k, gx, gy TAB_ARG(tab));
}

/* q = k * G, 0 < k < n. */
static void mul_base_jac(const ks_curve *c, ks_jac *q, const ks_limb *k)
{
#if KS_BASE_WINDOW > 0
    if (c->base != 0) {
        ks_ec_base_mul(c, q, k);
        return;
    }
#endif
    mul_g(c, q, k);
}

int ks_ec_field_bytes(int curve)
{
    const ks_curve *c = ks_curve_get(curve);
    return c ? c->fbytes : KS_INVALID;
}

int ks_ec_order_bytes(int curve)
{
    const ks_curve *c = ks_curve_get(curve);
    return c ? c->obytes : KS_INVALID;
}

int ks_ec_validate(int curve, const uint8_t *point)
{
    ks_limb x[KS_FE_MAX], y[KS_FE_MAX];
    const ks_curve *c = ks_curve_get(curve);
    if (c == 0) {
        return KS_INVALID;
    }
    return ks_ec_load(c, x, y, point);
}

/* ks_ec_mul (with KS_EC_AUX, the table at tab) */
static int mul_point(int curve, const uint8_t *k, const uint8_t *point, uint8_t *out TAB_PARAM)
{
    ks_limb x[KS_FE_MAX], y[KS_FE_MAX], kl[KS_FE_MAX];
    ks_jac q;
    int rc;
    const ks_curve *c = ks_curve_get(curve);
    if (c == 0) {
        return KS_INVALID;
    }
    if (ks_ec_load(c, x, y, point) != KS_OK || ks_ec_load_scalar(c, kl, k, 0) != KS_OK) {
        memset(out, 0, 2 * (size_t)c->fbytes);
        return KS_INVALID;
    }
    mul_jac(c, &q, kl, x, y TAB_ARG(tab));
    rc = ks_jac_to_bytes(c, out, &q);
    ks_wipe(kl, sizeof kl);
    ks_wipe(&q, sizeof q);
    ks_wipe_stack(KS_WIPE_STACK_EC);
    return rc;
}

int ks_ec_mul(int curve, const uint8_t *k, const uint8_t *point, uint8_t *out)
{
#if KS_EC_AUX
    ks_xy tab[ENTRIES];
#endif
    return mul_point(curve, k, point, out TAB_ARG(tab));
}

#if KS_EC_AUX
typedef char ks_ec_aux_size[KS_EC_AUX_BYTES == sizeof(ks_xy[ENTRIES]) ? 1 : -1];

int ks_ec_mul_aux(int curve, const uint8_t *k, const uint8_t *point, uint8_t *out, void *aux)
{
    return mul_point(curve, k, point, out, (ks_xy *)aux);
}
#endif

int ks_ec_mul_base(int curve, const uint8_t *k, uint8_t *out)
{
    ks_limb kl[KS_FE_MAX];
    ks_jac q;
    int rc;
    const ks_curve *c = ks_curve_get(curve);
    if (c == 0) {
        return KS_INVALID;
    }
    if (ks_ec_load_scalar(c, kl, k, 0) != KS_OK) {
        memset(out, 0, 2 * (size_t)c->fbytes);
        return KS_INVALID;
    }
    mul_base_jac(c, &q, kl);
    rc = ks_jac_to_bytes(c, out, &q);
    ks_wipe(kl, sizeof kl);
    ks_wipe(&q, sizeof q);
    ks_wipe_stack(KS_WIPE_STACK_EC);
    return rc;
}
