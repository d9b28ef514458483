/*
 * VARIABLE TIME, PUBLIC INPUTS ONLY: u1 G + u2 Q for signature verification (ks_ec_mul_add_vartime,
 * ks_ec_precompute_vartime, ks_ec_verify_vartime). The scalars come from a signature and a
 * hash and Q is a public key, so this code branches on and indexes by their digits; it must
 * never see a secret scalar (k * P and k * G are ks_ec.c and ks_ec_base.c, constant time; they
 * share only the point formulas with this file).
 *
 * Interleaved wNAF over split bases, as ksecurity.math.PublicMulAdd in Java. A "set" of
 * tables holds, for chunks j < m, the odd multiples 1, 3, ..., 2^(w-1) - 1 of B_j = 2^(s j) P,
 * affine. The width-w NAF digit of a scalar at bit k goes to chunk j = min(k / s, m - 1) at
 * local position k - s j; one loop over the local positions, from the top, doubles once per
 * position for every chunk of both scalars and adds the table point of each nonzero digit
 * (a mixed addition). G's set is the build's fixed-base table (ks_ec_base.h: the odd
 * multiples up to 2^W - 1 of 2^(W i) G, so s = W and width W + 1) or, without one, a one-chunk
 * set made on the stack; Q's is a table made once per key (ks_ec_precompute_vartime) or a
 * one-chunk set made on the stack. Host P-256 with the key's table: 17 doublings and about
 * 37 + 32 mixed additions. Every addition whose inputs have the same x (equal or opposite
 * points, which a crafted signature can arrange) is caught by ks_jac_add's mask and redone:
 * a doubling or infinity, which is tracked. The check of x(R) against r needs no inversion:
 * X = r Z^2, or (r + n) Z^2 when r + n < p.
 */
#include "ks_ec.h"
#include "ks_ec_base.h"
#include "ks_ec_verify.h"

#define FE(v) ks_limb v[KS_FE_MAX]

/* A set of tables: in RAM (limbs in the field's form, after a KS_VT_HEADER header) or the
   flash fixed-base table (bytes, plain little-endian coordinates). */
typedef struct {
    int chunks, spacing, width;
    const uint8_t *ram;
    const uint8_t *flash;
} vt_set;

/* The odd multiples per chunk of a set of this width. */
#define VT_ENTRIES(width) (1 << ((width) - 2))

/* A key's table fits KS_EC_TABLE_MAX (ks_ec.h) whatever the curve. */
typedef char vt_table_fits[KS_VT_HEADER + KS_VERIFY_CHUNKS * VT_ENTRIES(KS_VERIFY_WIDTH) * 2 * KS_FE_MAX
                           * sizeof(ks_limb) <= KS_EC_TABLE_MAX ? 1 : -1];

static size_t vt_size(const ks_curve *c, int chunks, int width)
{
    return KS_VT_HEADER + (size_t)chunks * VT_ENTRIES(width) * 2u * c->fl * sizeof(ks_limb);
}

/* (x, y) = entry idx of chunk ch, y negated if neg. */
static void vt_point(const ks_curve *c, const vt_set *s, int ch, int idx, int neg, ks_limb *x,
                     ks_limb *y)
{
    size_t fl = c->fl;
#if KS_BASE_WINDOW > 0
    if (s->flash != 0) {
        const size_t len = 2 * (size_t)c->fbytes;
        const uint8_t *e = s->flash + ((size_t)ch * VT_ENTRIES(s->width) + (size_t)idx) * len;
        size_t b;
        memset(x, 0, KS_FE_MAX * sizeof(ks_limb));
        memset(y, 0, KS_FE_MAX * sizeof(ks_limb));
        for (b = 0; b < c->fbytes; b++) {
            x[b / KS_LIMB_BYTES] |= (ks_limb)((ks_limb)KS_READ_BYTE(&e[b]) << (8 * (b % KS_LIMB_BYTES)));
            y[b / KS_LIMB_BYTES] |= (ks_limb)((ks_limb)KS_READ_BYTE(&e[c->fbytes + b])
                                              << (8 * (b % KS_LIMB_BYTES)));
        }
        ks_fp_enc(c, x);
        ks_fp_enc(c, y);
    } else
#endif
    {
        const uint8_t *e = s->ram + ((size_t)ch * VT_ENTRIES(s->width) + (size_t)idx) * 2 * fl * sizeof(ks_limb);
        memcpy(x, e, fl * sizeof(ks_limb));
        memcpy(y, e + fl * sizeof(ks_limb), fl * sizeof(ks_limb));
    }
    if (neg) {
        ks_fp_cneg(c, y, y, (ks_limb)~(ks_limb)0);
    }
}

/* The width-w NAF of the big-endian scalar k (len bytes) in digits positions, least
   significant first: odd digits below 2^(w-1) in size, each followed by w - 1 zeros. */
static void vt_wnaf(const uint8_t *k, size_t len, int w, int digits, int8_t *naf)
{
    int bit = 0, carry = 0;
#define VT_BIT(i) ((size_t)(i) / 8 < len ? (k[len - 1 - (size_t)(i) / 8] >> ((i) % 8)) & 1 : 0)
    memset(naf, 0, (size_t)digits);
    while (bit < digits) {
        int now, word, i;
        if (VT_BIT(bit) == carry) {
            bit++;
            continue;
        }
        now = w < digits - bit ? w : digits - bit;
        word = carry;
        for (i = 0; i < now; i++) {
            word += VT_BIT(bit + i) << i;
        }
        carry = (word >> (w - 1)) & 1;
        naf[bit] = (int8_t)(word - (carry << w));
        bit += now;
    }
#undef VT_BIT
}

/* Local positions of a set's loop: the last chunk takes the digits beyond the others'. */
static int vt_positions(const vt_set *s, int digits)
{
    int last = digits - (s->chunks - 1) * s->spacing;
    return last > s->spacing ? last : s->spacing;
}

/* y Z^3 = Y for the Jacobian p and the affine y (p and (x, y) have the same x). */
static int vt_same_y(const ks_curve *c, const ks_jac *p, const ks_limb *y)
{
    FE(t);
    c->sqr(t, p->z);
    c->mul(t, t, p->z);
    c->mul(t, t, y);
    ks_fp_sub(c, t, t, p->y);
    return ks_bn_zero_mask(t, c->fl) != 0;
}

/* Adds the set's table points of the digits at local position l to acc; returns whether acc
   is then infinity (inf: whether it was). */
static int vt_add_digits(const ks_curve *c, const int8_t *naf, int digits, const vt_set *s,
                         int l, ks_jac *acc, int inf)
{
    int ch, last = s->chunks - 1;
    for (ch = 0; ch <= last; ch++) {
        FE(x); FE(y);
        ks_jac prev;
        int k = ch * s->spacing + l, d;
        if ((ch < last && l >= s->spacing) || k >= digits || naf[k] == 0) {
            continue;
        }
        d = naf[k];
        vt_point(c, s, ch, (d < 0 ? -d : d) >> 1, d < 0, x, y);
        if (inf) {
            ks_jac_from_affine(c, acc, x, y);
            inf = 0;
            continue;
        }
        prev = *acc;
        if (ks_jac_add(c, acc, acc, x, y, 0)) {
            /* x(acc) = x: the same point (a doubling) or its opposite (infinity) */
            if (vt_same_y(c, &prev, y)) {
                ks_jac_dbl(c, acc, &prev);
            } else {
                inf = 1;
            }
        }
    }
    return inf;
}

/* acc = u1 G + u2 Q (the sets g and q); returns 1 when it is infinity. */
static int vt_sum(const ks_curve *c, const uint8_t *u1, const uint8_t *u2, const vt_set *g,
                  const vt_set *q, ks_jac *acc)
{
    int8_t naf1[KS_MAX_BITS + 2], naf2[KS_MAX_BITS + 2];
    const int digits = c->obits + 1;
    int top = vt_positions(g, digits), top2 = vt_positions(q, digits), l, inf = 1;
    vt_wnaf(u1, c->obytes, g->width, digits, naf1);
    vt_wnaf(u2, c->obytes, q->width, digits, naf2);
    if (top2 > top) {
        top = top2;
    }
    memset(acc, 0, sizeof *acc);
    for (l = top - 1; l >= 0; l--) {
        if (!inf) {
            ks_jac_dbl(c, acc, acc);
        }
        inf = vt_add_digits(c, naf1, digits, g, l, acc, inf);
        inf = vt_add_digits(c, naf2, digits, q, l, acc, inf);
    }
    return inf;
}

/* Makes the finite Jacobian points affine in place (Z = 1 in the field's form), one
   inversion for all (Montgomery's trick); prefix: count elements of scratch. */
static void vt_batch_affine(const ks_curve *c, ks_jac *pts, int count, ks_limb (*prefix)[KS_FE_MAX])
{
    FE(inv); FE(zi); FE(t);
    int i;
    memcpy(prefix[0], pts[0].z, sizeof prefix[0]);
    for (i = 1; i < count; i++) {
        c->mul(prefix[i], prefix[i - 1], pts[i].z);
    }
    ks_fp_inv(c, inv, prefix[count - 1]);
    for (i = count - 1; i >= 0; i--) {
        if (i > 0) {
            c->mul(zi, inv, prefix[i - 1]);
            c->mul(inv, inv, pts[i].z);
        } else {
            memcpy(zi, inv, sizeof zi);
        }
        c->sqr(t, zi);
        c->mul(pts[i].x, pts[i].x, t);
        c->mul(t, t, zi);
        c->mul(pts[i].y, pts[i].y, t);
        memset(pts[i].z, 0, sizeof pts[i].z);
        pts[i].z[0] = 1;
        ks_fp_enc(c, pts[i].z);
    }
}

/* Writes the table of the point (x, y) (field form) of this curve with these chunks and
   width to out (vt_size bytes). Each chunk's points are made affine on their own (one
   inversion a chunk rather than one for all: a little slower once per key, but the scratch is
   one chunk's points, not the whole table's, on the stack). */
static void vt_build(const ks_curve *c, int curve, const ks_limb *x, const ks_limb *y, int chunks,
                     int width, uint8_t *out)
{
    enum { MAXC = KS_VERIFY_CHUNKS > 1 ? KS_VERIFY_CHUNKS : 1,
           MAXE = (1 << (KS_VERIFY_WIDTH > KS_VERIFY_ONE_SHOT_WIDTH ? KS_VERIFY_WIDTH - 2
                                                                   : KS_VERIFY_ONE_SHOT_WIDTH - 2)) };
    ks_jac tab[MAXE], base[MAXC], d;
    ks_limb prefix[MAXE > MAXC ? MAXE : MAXC][KS_FE_MAX];
    const int entries = VT_ENTRIES(width);
    const int spacing = (c->obits + 1 + chunks - 1) / chunks;
    const size_t fl = c->fl;
    uint8_t *p = out + KS_VT_HEADER;
    int j, e;
    memset(out, 0, KS_VT_HEADER);
    out[0] = (uint8_t)curve;
    out[1] = (uint8_t)chunks;
    out[2] = (uint8_t)width;
    out[3] = (uint8_t)(spacing & 0xff);
    out[4] = (uint8_t)(spacing >> 8);
    /* B_j = 2^(s j) P, made affine together */
    ks_jac_from_affine(c, &base[0], x, y);
    for (j = 1; j < chunks; j++) {
        base[j] = base[j - 1];
        for (e = 0; e < spacing; e++) {
            ks_jac_dbl(c, &base[j], &base[j]);
        }
    }
    vt_batch_affine(c, base, chunks, prefix);
    for (j = 0; j < chunks; j++) {
        /* the odd multiples of B_j: 2 B_j by a doubling, then co-Z additions */
        tab[0] = base[j];
        ks_jac_dbl(c, &d, &tab[0]);
        ks_jac_odd_multiples(c, tab, entries, &d);
        vt_batch_affine(c, tab, entries, prefix);
        for (e = 0; e < entries; e++) {
            memcpy(p, tab[e].x, fl * sizeof(ks_limb));
            memcpy(p + fl * sizeof(ks_limb), tab[e].y, fl * sizeof(ks_limb));
            p += 2 * fl * sizeof(ks_limb);
        }
    }
}

/* The set a table describes (header already checked). */
static void vt_set_of(const uint8_t *table, vt_set *s)
{
    s->chunks = table[1];
    s->width = table[2];
    s->spacing = table[3] | (table[4] << 8);
    s->ram = table + KS_VT_HEADER;
    s->flash = 0;
}

/* Room for a one-chunk table on the stack. */
#define VT_ONE_SHOT_BYTES \
    (KS_VT_HEADER + VT_ENTRIES(KS_VERIFY_ONE_SHOT_WIDTH) * 2 * KS_FE_MAX * sizeof(ks_limb))

/* G's set: the fixed-base table if the build has one, else a one-chunk table in buf. */
static void vt_base_set(const ks_curve *c, int curve, vt_set *g, uint8_t *buf)
{
#if KS_BASE_WINDOW > 0
    if (c->base != 0) {
        g->chunks = (c->obits + KS_BASE_WINDOW - 1) / KS_BASE_WINDOW;
        g->spacing = KS_BASE_WINDOW;
        g->width = KS_BASE_WINDOW + 1;
        g->ram = 0;
        g->flash = c->base;
        return;
    }
#endif
    {
        FE(gx); FE(gy);
        ks_bn_from_flash(gx, c->gx, c->fl);
        ks_bn_from_flash(gy, c->gy, c->fl);
        ks_fp_enc(c, gx);
        ks_fp_enc(c, gy);
        vt_build(c, curve, gx, gy, 1, KS_VERIFY_ONE_SHOT_WIDTH, buf);
        vt_set_of(buf, g);
    }
}

int ks_ec_table_size(int curve)
{
    const ks_curve *c = ks_curve_get(curve);
    return c ? (int)vt_size(c, KS_VERIFY_CHUNKS, KS_VERIFY_WIDTH) : KS_INVALID;
}

int ks_ec_precompute_vartime(int curve, const uint8_t *q, uint8_t *table, size_t len)
{
    FE(x); FE(y);
    const ks_curve *c = ks_curve_get(curve);
    if (c == 0 || len != vt_size(c, KS_VERIFY_CHUNKS, KS_VERIFY_WIDTH) || ks_ec_load(c, x, y, q) != KS_OK) {
        return KS_INVALID;
    }
    vt_build(c, curve, x, y, KS_VERIFY_CHUNKS, KS_VERIFY_WIDTH, table);
    return KS_OK;
}

/* Q's set: the caller's table (checked against the curve and its own size) or a one-chunk
   table of q made in buf. KS_OK or KS_INVALID. */
static int vt_key_set(const ks_curve *c, int curve, const uint8_t *q, const uint8_t *table,
                      size_t len, vt_set *s, uint8_t *buf)
{
    if (table != 0) {
        if (len != vt_size(c, KS_VERIFY_CHUNKS, KS_VERIFY_WIDTH) || table[0] != curve
            || table[1] != KS_VERIFY_CHUNKS || table[2] != KS_VERIFY_WIDTH) {
            return KS_INVALID;
        }
        vt_set_of(table, s);
    } else {
        FE(x); FE(y);
        if (q == 0 || ks_ec_load(c, x, y, q) != KS_OK) {
            return KS_INVALID;
        }
        vt_build(c, curve, x, y, 1, KS_VERIFY_ONE_SHOT_WIDTH, buf);
        vt_set_of(buf, s);
    }
    return KS_OK;
}

/* X = v Z^2 for the plain v < p (fl limbs). */
static int vt_x_is(const ks_curve *c, const ks_jac *r, const ks_limb *v)
{
    FE(t); FE(z2);
    memcpy(t, v, sizeof t);
    ks_fp_enc(c, t);
    c->sqr(z2, r->z);
    c->mul(t, t, z2);
    ks_fp_sub(c, t, t, r->x);
    return ks_bn_zero_mask(t, c->fl) != 0;
}

/* x(R) mod n = r (orderBytes, in [1, n-1]) for the finite R. */
static int vt_x_equals(const ks_curve *c, const ks_jac *r, const uint8_t *rb)
{
    ks_limb rl[KS_FE_MAX + 1], pl[KS_FE_MAX + 1], nl[KS_FE_MAX + 1];
    size_t w = (c->ol > c->fl ? c->ol : c->fl) + 1;
    memset(pl, 0, sizeof pl);
    memset(nl, 0, sizeof nl);
    ks_bn_from_bytes(rl, w, rb, c->obytes);
    ks_bn_from_flash(pl, c->p, c->fl);
    ks_bn_from_flash(nl, c->n, c->ol);
    if (!ks_bn_lt_mask(rl, pl, w)) {
        return 0; /* r >= p (secp160r1, whose n exceeds p): x < p cannot reach it */
    }
    if (vt_x_is(c, r, rl)) {
        return 1;
    }
    ks_bn_add(rl, rl, nl, w);
    return ks_bn_lt_mask(rl, pl, w) && vt_x_is(c, r, rl);
}

int ks_ec_verify_vartime(int curve, const uint8_t *u1, const uint8_t *u2, const uint8_t *q,
                         const uint8_t *table, size_t len, const uint8_t *r)
{
    FE(k);
    uint8_t gbuf[VT_ONE_SHOT_BYTES], qbuf[VT_ONE_SHOT_BYTES];
    vt_set g, s;
    ks_jac sum;
    const ks_curve *c = ks_curve_get(curve);
    if (c == 0 || ks_ec_load_scalar(c, k, u1, 1) != KS_OK || ks_ec_load_scalar(c, k, u2, 1) != KS_OK
        || ks_ec_load_scalar(c, k, r, 0) != KS_OK
        || vt_key_set(c, curve, q, table, len, &s, qbuf) != KS_OK) {
        return KS_INVALID;
    }
    vt_base_set(c, curve, &g, gbuf);
    if (vt_sum(c, u1, u2, &g, &s, &sum)) {
        return KS_INFINITY;
    }
    return vt_x_equals(c, &sum, r) ? KS_OK : KS_MISMATCH;
}

int ks_ec_mul_add_vartime(int curve, const uint8_t *u1, const uint8_t *u2, const uint8_t *q,
                  uint8_t *out)
{
    FE(k);
    uint8_t gbuf[VT_ONE_SHOT_BYTES], qbuf[VT_ONE_SHOT_BYTES];
    vt_set g, s;
    ks_jac sum;
    const ks_curve *c = ks_curve_get(curve);
    if (c == 0) {
        return KS_INVALID;
    }
    if (ks_ec_load_scalar(c, k, u1, 1) != KS_OK || ks_ec_load_scalar(c, k, u2, 1) != KS_OK
        || vt_key_set(c, curve, q, 0, 0, &s, qbuf) != KS_OK) {
        memset(out, 0, 2 * (size_t)c->fbytes);
        return KS_INVALID;
    }
    vt_base_set(c, curve, &g, gbuf);
    if (vt_sum(c, u1, u2, &g, &s, &sum)) {
        memset(out, 0, 2 * (size_t)c->fbytes);
        return KS_INFINITY;
    }
    return ks_jac_to_bytes(c, out, &sum);
}
