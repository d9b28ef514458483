/* Points in Jacobian coordinates (ks_jac, ks_curve.h) on a curve with a = -3. Internal. */
#ifndef KS_EC_POINT_H
#define KS_EC_POINT_H

#include "ks_curve.h"

/* r = 2p (dbl-2001-b rescaled by 1/2, 4M + 4S; ks_ec_formulas.h). r may alias p. */
#define ks_jac_dbl(c, r, p) ((c)->dbl((c), (r), (p)))
/* r = p + q (add-1998-cmo-2; with qz = 0, q is affine: 8M + 3S; else qz points to q's Z, Z^2
   and Z^3, KS_FE_MAX limbs each one after the other, as ks_jac's x, y, z: 11M + 3S). r may
   alias p.
   Correct when p != +-q and neither is infinity; returns an all-ones mask when x(p) = x(q)
   (the exceptional case: the result is then meaningless), else zero. Constant time. */
#define ks_jac_add(c, r, p, qx, qy, qz) ((c)->add_pt((c), (r), (p), (qx), (qy), (qz)))
/* r = mask ? a : r on the curve's c->fl limbs of each coordinate, or on all KS_FE_MAX limbs
   (the unused top ones included) with KS_JAC_CMOV_FULL or where the curve fills them. */
#define KS_JAC_CMOV_FULL KS_EC_SPECIALIZE
void ks_jac_cmov(const ks_curve *c, ks_jac *r, const ks_jac *a, ks_limb mask);
/* Sets r to the affine point (x, y) (Z = 1), x and y in the field's form; they must not lie
   inside r. */
void ks_jac_from_affine(const ks_curve *c, ks_jac *r, const ks_limb *x, const ks_limb *y);
/* A k * P table entry: X and Y of a point whose Z the whole table shares (ks_ec.c). */
typedef struct {
    ks_limb x[KS_FE_MAX], y[KS_FE_MAX];
} ks_xy;
/* Co-Z addition with update, ZADDU: for p and q = (qx, qy) of the same Z, p != +-q,
   (rx, ry) <- X, Y of p + q, whose Z is p's new Z, and p <- p with that Z (5M + 2S).
   X1 - X2, the factor Z grew by, goes to h unless h is 0. r must not alias p or q. */
void ks_jac_zaddu(const ks_curve *c, ks_limb *rx, ks_limb *ry, ks_jac *p, const ks_limb *qx,
                  const ks_limb *qy, ks_limb *h);
/* tab[j] = (2j + 1) P for j < entries, from tab[0] = P with Z = 1 (ks_jac_from_affine) and
   d = 2P = ks_jac_dbl(tab[0]) (its Z is y), by co-Z additions (5M + 2S each, d rescaled on
   the way); the entries' Z differ. A function of its own, not inlined into the caller, and the
   doubling left to the caller: the motes' stack. */
void ks_jac_odd_multiples(const ks_curve *c, ks_jac *tab, int entries, ks_jac *d);
/* Writes x||y big-endian; KS_INFINITY (out zeroed) if Z = 0, else KS_OK. */
int ks_jac_to_bytes(const ks_curve *c, uint8_t *out, const ks_jac *p);
/* Reads x||y and checks it is on the curve; KS_OK or KS_INVALID. x and y are left in the
   field's form (ks_fp_enc). */
int ks_ec_load(const ks_curve *c, ks_limb *x, ks_limb *y, const uint8_t *in);
/* Reads a scalar; KS_OK if 0 < k < n (or 0 <= k < n with allow_zero), else KS_INVALID. */
int ks_ec_load_scalar(const ks_curve *c, ks_limb *k, const uint8_t *in, int allow_zero);
/* k' = k if k is odd, else n - k (both in [1, n-1]); returns all-ones if k was even, so that
   k * P = -(k' * P). Every recoding below needs an odd scalar. Constant time. */
ks_limb ks_ec_make_odd(const ks_curve *c, ks_limb *k);
/* Digit e_i (w bits) of E = (k >> 1) + 2^(w m - 1), for the odd k of nl limbs and
   m = ceil(bits(n) / w): k is then the sum of d_i 2^(w i) with odd (nonzero) digits
   d_i = 2 e_i - (2^w - 1). */
uint32_t ks_ec_digit(const ks_limb *k, size_t nl, int i, int w, int m);

#endif
