/*
 * The point formulas, written once and compiled twice: generically (ks_ec_point.c, the field
 * operations called through the curve table, one copy for all curves: the motes) and, with
 * KS_EC_SPECIALIZE, once per curve in its field file with that curve's operations called
 * directly and add/sub inlined (the host). The includer defines:
 *   KS_F_DBL, KS_F_ADD   the names of the two functions
 *   FMUL(r, a, b), FSQR(r, a), FADD(r, a, b), FSUB(r, a, b), KS_F_N (limbs)
 * Internal; no include guard on purpose.
 */
#define FE(v) ks_limb v[KS_FE_MAX]

/* r = 2p for a = -3 (dbl-2001-b with Z3 = 2 Y Z: 4M + 4S and 12 additions, fewer
   additions than the (Y + Z)^2 form, which pays here). r may alias p. */
void KS_F_DBL(const ks_curve *c, ks_jac *r, const ks_jac *p)
{
    FE(delta); FE(gamma2); FE(beta2); FE(alpha); FE(t1); FE(t2);
    (void)c;
    FSQR(delta, p->z);
    FSQR(gamma2, p->y);
    FADD(gamma2, gamma2, gamma2); /* 2 gamma = 2 Y^2 */
    FMUL(beta2, p->x, gamma2);    /* 2 beta = 2 X Y^2 */
    /* alpha = 3 (X - delta)(X + delta), which is 3 X^2 + a Z^4 for a = -3 */
    FSUB(t1, p->x, delta);
    FADD(t2, p->x, delta);
    FMUL(t1, t1, t2);
    FADD(alpha, t1, t1);
    FADD(alpha, alpha, t1);
    /* Z3 = 2 Y Z: last read of p */
    FMUL(t2, p->y, p->z);
    FADD(r->z, t2, t2);
    /* X3 = alpha^2 - 8 beta */
    FADD(t1, beta2, beta2); /* 4 beta */
    FADD(t2, t1, t1);       /* 8 beta */
    FSQR(r->x, alpha);
    FSUB(r->x, r->x, t2);
    /* Y3 = alpha (4 beta - X3) - 8 gamma^2, with 8 gamma^2 = 2 (2 gamma)^2 */
    FSUB(t1, t1, r->x);
    FMUL(t1, alpha, t1);
    FSQR(gamma2, gamma2);
    FADD(gamma2, gamma2, gamma2);
    FSUB(r->y, t1, gamma2);
}

/* r = p + q (add-1998-cmo-2, 12M + 4S; with qz = 0, q is affine: 8M + 3S). r may alias p.
   Returns an all-ones mask when x(p) = x(q) (the exceptional case), else zero. */
ks_limb KS_F_ADD(const ks_curve *c, ks_jac *r, const ks_jac *p,
                 const ks_limb *qx, const ks_limb *qy, const ks_limb *qz)
{
    FE(z1z1); FE(u1); FE(u2); FE(s1); FE(s2); FE(h); FE(rr); FE(hh); FE(hhh); FE(v); FE(t);
    ks_limb exceptional;
    const size_t n = KS_F_N;
    (void)c;
    FSQR(z1z1, p->z);
    if (qz != 0) {
        FE(z2z2);
        FSQR(z2z2, qz);
        FMUL(u1, p->x, z2z2);
        FMUL(s1, p->y, qz);
        FMUL(s1, s1, z2z2);
    } else {
        memcpy(u1, p->x, n * sizeof(ks_limb));
        memcpy(s1, p->y, n * sizeof(ks_limb));
    }
    FMUL(u2, qx, z1z1);
    FMUL(s2, qy, p->z);
    FMUL(s2, s2, z1z1);
    FSUB(h, u2, u1);
    FSUB(rr, s2, s1);
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
    FMUL(v, u1, hh);
    /* X3 = R^2 - H^3 - 2V */
    FSQR(t, rr);
    FSUB(t, t, hhh);
    FSUB(t, t, v);
    FSUB(r->x, t, v);
    /* Y3 = R (V - X3) - S1 H^3 */
    FSUB(t, v, r->x);
    FMUL(t, rr, t);
    FMUL(s1, s1, hhh);
    FSUB(r->y, t, s1);
    return exceptional;
}

#undef FE
#undef KS_F_DBL
#undef KS_F_ADD
#undef FMUL
#undef FSQR
#undef FADD
#undef FSUB
#undef KS_F_N
