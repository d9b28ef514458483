/*
 * The point formulas, written once and compiled twice: generically (ks_ec_point.c, the field
 * operations called through the curve table, one copy for all curves: the motes) and, with
 * KS_EC_SPECIALIZE, once per curve in its field file with that curve's operations called
 * directly and add/sub inlined (the host). The includer defines:
 *   KS_F_DBL, KS_F_ADD   the names of the two functions
 *   FMUL(r, a, b), FSQR(r, a), FADD(r, a, b), FSUB(r, a, b), KS_F_N (limbs)
 * and may define FSUB2(r, a, b, t) (r = a - 2b, r not b) and FHALF3(r, a, t) (r = 3a/2),
 * t a scratch element (a port's fused assembly: ks_ec_point.c); without them the formulas
 * take two operations for each. Below, the steps that a product or square and the operation
 * after it make: FMULSUB(r, a, b, s) (r = ab - s), FSQRSUB(r, a, s) (r = a^2 - s) and
 * FSQRSUB2(r, a, s, t) (r = a^2 - 2s), r may alias any input, FSQRSUBADD(r1, r2, a, x, d)
 * (r1 = x - a^2, r2 = x + a^2; r1, r2 apart from each other and from x; d a scratch element)
 * and FMULHALF3(r, a, b) (r = 3ab/2; a and b may be overwritten): the ATmega128's secp160r1
 * has them fused in assembly, but in its whole point operations (../avr/gen_avr_fp.py).
 * Internal; no include guard on purpose.
 */
#define FE(v) ks_limb v[KS_FE_MAX]
#define FMULSUB(r, a, b, s)     \
    do {                        \
        FMUL((r), (a), (b));    \
        FSUB((r), (r), (s));    \
    } while (0)
#define FSQRSUB(r, a, s)        \
    do {                        \
        FSQR((r), (a));         \
        FSUB((r), (r), (s));    \
    } while (0)
#ifdef FHALF3
#define FMULHALF3(r, a, b)              \
    do {                                \
        FMUL((a), (a), (b));            \
        FHALF3((r), (a), (b));          \
    } while (0)
#else
#define FMULHALF3(r, a, b)              \
    do {                                \
        FMUL((a), (a), (b));            \
        ks_fp_half(c, (b), (a));        \
        FADD((r), (a), (b));            \
    } while (0)
#endif
#define FSQRSUBADD(r1, r2, a, x, d)     \
    do {                                \
        FSQR((d), (a));                 \
        FSUB((r1), (x), (d));           \
        FADD((r2), (x), (d));           \
    } while (0)
#ifdef FSUB2
#define FSQRSUB2(r, a, s, t)            \
    do {                                \
        FSQR((r), (a));                 \
        FSUB2((r), (r), (s), (t));      \
    } while (0)
#else
#define FSQRSUB2(r, a, s, t)            \
    do {                                \
        FADD((t), (s), (s));            \
        FSQR((r), (a));                 \
        FSUB((r), (r), (t));            \
    } while (0)
#endif

/* r = 2p for a = -3: dbl-2001-b (4M + 4S, Z3 = 2 Y Z) with its result rescaled by 1/2, the
   same point as (X3 / 4, Y3 / 8, Z3 / 2) (Jacobian coordinates are defined up to
   (l^2 X, l^3 Y, l Z)):  A = alpha / 2 = 3 (X - delta)(X + delta) / 2,  X3' = A^2 - 2 beta,
   Y3' = A (beta - X3') - gamma^2,  Z3' = Y Z.  One halving and 7 additions instead of
   12 additions: on the motes a halving costs about one addition (MSP430 secp160r1 k.P:
   -74 k cycles). r may alias p. */
void KS_F_DBL(const ks_curve *c, ks_jac *r, const ks_jac *p)
{
    FE(delta); FE(gamma); FE(beta); FE(alpha); FE(t1); FE(t2);
    FSQR(gamma, p->y);
    FMUL(beta, p->x, gamma);
    /* 3 (X - delta)(X + delta) is 3 X^2 + a Z^4 for a = -3; A = t + t / 2 */
    FSQRSUBADD(t1, t2, p->z, p->x, delta);
    FMULHALF3(alpha, t1, t2);
    /* Z3' = Y Z: last read of p */
    FMUL(r->z, p->y, p->z);
    /* X3' = A^2 - 2 beta */
    FSQRSUB2(r->x, alpha, beta, t1);
    /* Y3' = A (beta - X3') - gamma^2 */
    FSUB(t1, beta, r->x);
    FSQR(gamma, gamma);
    FMULSUB(r->y, alpha, t1, gamma);
}

/* r = p + q (add-1998-cmo-2). q is affine with qz = 0 (8M + 3S), else qz points to q's Z,
   Z^2 and Z^3, KS_FE_MAX limbs each one after the other (the k * P table's common Z and its
   powers, made once: 11M + 3S). r may alias p. Returns an all-ones mask when x(p) = x(q)
   (the exceptional case), else zero. */
ks_limb KS_F_ADD(const ks_curve *c, ks_jac *r, const ks_jac *p,
                 const ks_limb *qx, const ks_limb *qy, const ks_limb *qz)
{
    FE(z1z1); FE(u1); FE(s1); FE(s2); FE(h); FE(rr); FE(hh); FE(hhh); FE(v); FE(t);
    ks_limb exceptional;
    const size_t n = KS_F_N;
    /* U1 and S1: X1 and Y1 themselves for an affine q (no copies): read before r->x and
       r->y are written, so r may still alias p */
    const ks_limb *x1 = p->x, *y1 = p->y;
    (void)c;
    FSQR(z1z1, p->z);
    if (qz != 0) {
        FMUL(u1, p->x, qz + KS_FE_MAX);     /* X1 Z2^2 */
        FMUL(s1, p->y, qz + 2 * KS_FE_MAX); /* Y1 Z2^3 */
        x1 = u1;
        y1 = s1;
    }
    /* H = U2 - U1 = X2 Z1^2 - U1, R = S2 - S1 = Y2 Z1^3 - S1 */
    FMULSUB(h, qx, z1z1, x1);
    FMUL(s2, qy, p->z);
    FMULSUB(rr, s2, z1z1, y1);
    exceptional = ks_bn_zero_mask(h, n);
    /* Z3 = Z1 Z2 H: last read of p->z */
    if (qz != 0) {
        FMUL(t, p->z, qz);
        FMUL(r->z, t, h);
    } else {
        FMUL(r->z, p->z, h);
    }
    FSQR(hh, h);
    FMUL(hhh, h, hh);
    FMUL(v, x1, hh);
    /* X3 = R^2 - H^3 - 2V */
    FSQRSUB(t, rr, hhh);
#ifdef FSUB2
    FSUB2(r->x, t, v, hh);
#else
    FSUB(t, t, v);
    FSUB(r->x, t, v);
#endif
    /* Y3 = R (V - X3) - S1 H^3 */
    FSUB(t, v, r->x);
    FMUL(s1, y1, hhh);
    FMULSUB(r->y, rr, t, s1);
    return exceptional;
}

#undef FE
#undef FSUB2
#undef FHALF3
#undef FMULSUB
#undef FSQRSUB
#undef FSQRSUB2
#undef FSQRSUBADD
#undef FMULHALF3
#undef KS_F_DBL
#undef KS_F_ADD
#undef FMUL
#undef FSQR
#undef FADD
#undef FSUB
#undef KS_F_N
