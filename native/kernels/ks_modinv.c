/*
 * Modular inversion by divsteps (ks_modinv.h), constant time.
 *
 * The divstep of Bernstein and Yang (section 8) maps (delta, f, g), f odd, to
 *   (1 - delta, g, (g - f) / 2)        if delta > 0 and g is odd,
 *   (1 + delta, f, (g + (g mod 2) f) / 2)   otherwise.
 * Started from delta = 1/2 (their hddivsteps), kept as the odd integer eta = 2 delta from 1
 * (eta > 0: swap; eta -> 2 - eta or 2 + eta): from (1/2, m, a) with 0 <= a <= m <= 2^bits, m
 * odd, g reaches 0 and f = +-gcd(m, a) = +-1 within n steps for 9437 bits + 1 <= 4096 n
 * (proved in HOL Light: Divstep/divstep_bounds.ml, IDIVSTEP_ENDTOEND_BITS_SIMPLE; 369 steps
 * for 160 bits, 590 for 256, against 465 and 742 for their Theorem 11.2's bound for delta
 * from 1); once g is 0 further steps change nothing. Alongside, d and e with
 * f = d a and g = e a (mod m), from d = 0, e = 1: at the end a^-1 = +-d.
 *
 * Batches of N steps: the first N steps depend only on the low N bits of f and g, so they run
 * on the low words alone (steps()), giving a matrix T with 2^N (f', g') = T (f, g), whose
 * rows have |t0| + |t1| <= 2^N; T is then applied to the whole numbers (lincomb()): f and g
 * divided by 2^N exactly, d and e by 2^N mod m, adding the multiple K m that makes the sum
 * divisible by 2^N and keeps d and e in (-2m, m) with no further pass: with d~ = d + m when
 * d < 0 (likewise e~), both in (-m, m), K = t0 [d < 0] + t1 [e < 0] - j for the j in
 * [0, 2^N) that clears the low N bits of t0 d~ + t1 e~ - j m, a sum in (-2^(N+1) m, 2^N m)
 * (the method of libsecp256k1's modinv, written afresh).
 *
 * Numbers are L words (W = 16 bits on the motes and with limbs of at most 16 bits, else 32)
 * in two's complement: m's words and one more, so L W >= bits + 2 and m's top word is 0.
 * N = W - 3: matrix entries and K are below 2^(W-2) in size, and every word's sum of
 * products with its carry within a signed 2W-bit number.
 * Products are W x W -> 2W unsigned (straight-line on both motes), the signs made good with
 * masks: no branch or address depends on a, only on the public m, bits and n.
 */
#include "ks_modinv.h"
#include "ks_curve.h"
#include "ks_wipe.h"

#if KS_LIMB_BITS <= 16 || defined(__AVR__) || defined(__MSP430__)
typedef uint16_t ks_dw; /* a word */
typedef uint32_t ks_dd; /* two */
#define DW 16
#else
typedef uint32_t ks_dw;
typedef uint64_t ks_dd;
#define DW 32
#endif
#if defined(KS_MODINV_BATCHES) && DW != 16
#error "the port's batches work on 16-bit words"
#endif
enum {
    N = DW - 3,                              /* steps a batch (see above) */
    MAXW = (KS_MAX_BITS + 1 + DW - 1) / DW + 1 /* m (up to KS_MAX_BITS + 1 bits), a word more */
};

/* Hides a word from the optimiser (ks_ct_hide for this file's words). */
KS_INLINE ks_dw hide(ks_dw x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* All-ones if the word's top bit (its sign) is set, else zero; shifted in two steps with
   the value hidden between (clang-16 makes a branch of a sign test on the MSP430). */
KS_INLINE ks_dw sign_mask(ks_dw x)
{
    return (ks_dw)(0 - (ks_dw)(hide((ks_dw)(x >> (DW / 2))) >> (DW / 2 - 1)));
}

/* x * y as a 2W-bit two's complement number, x signed, y signed if ys is all-ones. */
KS_INLINE ks_dd mul_s(ks_dw x, ks_dw xs, ks_dw y, ks_dw ys)
{
    ks_dd p = (ks_dd)x * y;
    return p - ((ks_dd)((ks_dd)(y & xs) + (ks_dd)(x & ys)) << DW);
}

/* The 2W-bit two's complement acc shifted right by W (arithmetically). */
KS_INLINE ks_dd sar_w(ks_dd acc)
{
    ks_dw hi = (ks_dw)(acc >> DW);
    return (ks_dd)hi | ((ks_dd)sign_mask(hi) << DW);
}

/* N divsteps on the low words f, g of (eta, f, g), eta = 2 delta: eta updated, t = the matrix
   (t[0] t[1]; t[2] t[3]) with 2^N (f', g') = t (f, g). */
#ifndef KS_MODINV_BATCHES
static void steps(ks_dw *eta, ks_dw f, ks_dw g, ks_dw t[4])
{
    ks_dw u = 1, v = 0, q = 0, r = 1, d = *eta, odd, sw, x;
    int i;
    for (i = 0; i < N; i++) {
        odd = (ks_dw)(0 - (ks_dw)(hide(g) & 1));
        sw = odd & sign_mask((ks_dw)(0 - d)); /* eta > 0 and g odd */
        /* swapped: (eta, f, g) = (-eta, g, -f), the rows likewise */
        x = (ks_dw)((f ^ g) & sw);
        f ^= x;
        g = (ks_dw)(((g ^ x) ^ sw) - sw);
        x = (ks_dw)((u ^ q) & sw);
        u ^= x;
        q = (ks_dw)(((q ^ x) ^ sw) - sw);
        x = (ks_dw)((v ^ r) & sw);
        v ^= x;
        r = (ks_dw)(((r ^ x) ^ sw) - sw);
        d = (ks_dw)((d ^ sw) - sw);
        /* g odd: g + f (even), its row plus f's */
        g = (ks_dw)(g + (f & odd));
        q = (ks_dw)(q + (u & odd));
        r = (ks_dw)(r + (v & odd));
        /* g / 2: f's row doubles instead (the matrix is 2^(i+1) times the step's) */
        g = (ks_dw)(g >> 1);
        u = (ks_dw)(u << 1);
        v = (ks_dw)(v << 1);
        d = (ks_dw)(d + 2); /* delta + 1 */
    }
    *eta = d;
    t[0] = u;
    t[1] = v;
    t[2] = q;
    t[3] = r;
}
#endif

#ifndef KS_MODINV_BATCHES
/* r = (a x + b y + k z) / 2^N on L-word two's complement numbers (r apart from x and y);
   without z (0) the division is exact; with z (the modulus: odd, positive, zinv = z^-1 mod
   2^W) k = a [x < 0] + b [y < 0] - j, j in [0, 2^N) clearing the low N bits (see above). One
   output a pass: few registers live. The motes' assembly has its own passes inside its
   batches (KS_MODINV_BATCHES). */
static void lincomb(ks_dw *r, const ks_dw *x, const ks_dw *y, const ks_dw *z, ks_dw zinv,
                    size_t L, ks_dw a, ks_dw b)
{
    const ks_dw xs = sign_mask(x[L - 1]), ys = sign_mask(y[L - 1]);
    ks_dw k = 0;
    if (z != 0) {
        ks_dw low;
        k = (ks_dw)((a & xs) + (b & ys));
        low = (ks_dw)((ks_dd)a * x[0] + (ks_dd)b * y[0] + (ks_dd)k * z[0]); /* mod 2^W */
        k = (ks_dw)(k - (ks_dw)((ks_dw)((ks_dd)low * zinv) & ((1u << N) - 1)));
    }
    {
        const ks_dw as = sign_mask(a), bs = sign_mask(b), ks = sign_mask(k);
        ks_dd acc;
        ks_dw prev, w;
        size_t i;
        acc = mul_s(a, as, x[0], 0) + mul_s(b, bs, y[0], 0);
        if (z != 0) {
            acc += mul_s(k, ks, z[0], 0);
        }
        prev = (ks_dw)acc;
        for (i = 1; i < L - 1; i++) { /* the words below the top are unsigned */
            acc = sar_w(acc) + mul_s(a, as, x[i], 0) + mul_s(b, bs, y[i], 0);
            if (z != 0) {
                acc += mul_s(k, ks, z[i], 0);
            }
            w = (ks_dw)acc;
            r[i - 1] = (ks_dw)((prev >> N) | (ks_dw)(w << (DW - N)));
            prev = w;
        }
        /* the top words: signed (z > 0 has a top word of 0) */
        acc = sar_w(acc) + mul_s(a, as, x[L - 1], xs) + mul_s(b, bs, y[L - 1], ys);
        w = (ks_dw)acc;
        r[L - 2] = (ks_dw)((prev >> N) | (ks_dw)(w << (DW - N)));
        r[L - 1] = (ks_dw)((w >> N) | (ks_dw)((ks_dw)sar_w(acc) << (DW - N)));
    }
}

#endif

/* x = x + m if x < 0, else x. */
static void add_if_negative(ks_dw *x, const ks_dw *m, size_t L)
{
    const ks_dw mask = sign_mask(x[L - 1]);
    ks_dd c = 0;
    size_t i;
    for (i = 0; i < L; i++) {
        c += (ks_dd)x[i] + (m[i] & mask);
        x[i] = (ks_dw)c;
        c >>= DW;
    }
}

#if defined(__MSP430__) || defined(__AVR__)
/* Words from limbs and back on the motes (little-endian, so limbs of any size hold the words'
   bytes in order): a copy, in place of the byte loop below, whose shifts by a count both
   motes make loops (the MSP430 ~2,300 cycles* each way for secp160r1, a copy ~450; the AVR
   ~3.4 k cycles an inversion of secp160r1 with 16-bit limbs). m comes from flash: read like
   RAM on the MSP430, by bytes on the AVR (ks_flash_read; `flash` a public choice). Bytes beyond
   either side's length are left out or zero, as below. */
static void to_words(ks_dw *w, size_t L, const ks_limb *a, size_t n, int flash)
{
    const size_t b = n * KS_LIMB_BYTES, c = b < L * sizeof *w ? b : L * sizeof *w;
    memset(w, 0, L * sizeof *w);
    if (flash) {
        ks_flash_read(w, a, c);
    } else {
        memcpy(w, a, c);
    }
}

static void from_words(ks_limb *a, size_t n, const ks_dw *w, size_t L)
{
    const size_t b = n * KS_LIMB_BYTES;
    memset(a, 0, b);
    memcpy(a, w, b < L * sizeof *w ? b : L * sizeof *w);
}
#else
/* Words from limbs (in flash if `flash`, a public choice) and back (little-endian, bytes
   between: any limb and word sizes). */
static void to_words(ks_dw *w, size_t L, const ks_limb *a, size_t n, int flash)
{
    size_t i;
    memset(w, 0, L * sizeof *w);
    for (i = 0; i < n * KS_LIMB_BYTES && i / (DW / 8) < L; i++) {
        const ks_limb *p = &a[i / KS_LIMB_BYTES];
        ks_limb x = flash ? (ks_limb)KS_READ_LIMB(p) : *p;
        ks_dw b = (ks_dw)((x >> (8 * (i % KS_LIMB_BYTES))) & 0xFF);
        w[i / (DW / 8)] |= (ks_dw)(b << (8 * (i % (DW / 8))));
    }
}

static void from_words(ks_limb *a, size_t n, const ks_dw *w, size_t L)
{
    size_t i;
    memset(a, 0, n * sizeof *a);
    for (i = 0; i < n * KS_LIMB_BYTES && i / (DW / 8) < L; i++) {
        ks_limb b = (ks_limb)((w[i / (DW / 8)] >> (8 * (i % (DW / 8)))) & 0xFF);
        a[i / KS_LIMB_BYTES] |= (ks_limb)(b << (8 * (i % KS_LIMB_BYTES)));
    }
}
#endif

void ks_modinv(ks_limb *r, const ks_limb *a, const ks_limb *m, size_t n, int bits)
{
    /* batches of N steps, at least the n with 9437 bits + 1 <= 4096 n (above): the least B
       with 4096 B N >= 9437 bits + 1 */
    const unsigned long need = 9437ul * (unsigned long)bits + 1;
    int batches = 0;
    /* m's words and one more: room for 2m and the sign, and m's top word is 0 (lincomb) */
    const size_t L = (size_t)(bits + DW - 1) / DW + 1;
    /* f, g, d, e and two more places: a pair's new values go to the two free ones, which
       then trade names with the old (no copies); L words apart, so that the wipe at the end
       clears the 6 L words used and no more */
#ifdef KS_MODINV_BATCHES
    ks_dw v[6 * MAXW], mw[MAXW], neg;
#else
    ks_dw v[6 * MAXW], mw[MAXW], eta = 1, neg; /* eta = 2 delta */
#endif
    ks_dw *f = v, *g = v + L, *d = v + 2 * L, *e = v + 3 * L, *n0 = v + 4 * L, *n1 = v + 5 * L, *x;
#ifndef KS_MODINV_BATCHES
    ks_dw t[4], minv; /* a batch's matrix; m^-1 mod 2^W */
#endif
    int i;
#ifdef KS_MODINV_BATCHES
    /* B = ceil(need / (4096 N)) = floor(z / 13), z = (need + 4096 N - 1) >> 12, without a
       loop: floor(z / 13) = (z 5042) >> 16 for z < 5,500 (z 5042 / 2^16 - z / 13 =
       10 z / 851,968 < 1/13 <= 1 - frac(z / 13) then; bits <= 256 makes z <= 602) */
    {
        const uint16_t z = (uint16_t)((need + 4096ul * N - 1) >> 12);
        batches = (int)(((uint32_t)z * 5042u) >> 16);
    }
#else
    {
        unsigned long reach; /* 4096 times the steps of the batches so far */
        for (reach = 0; reach < need; batches++) { /* a loop: the MSP430 has no divide */
            reach = ks_ct_hide32((uint32_t)(reach + 4096ul * N)); /* opaque: no closed form */
        }
    }
#endif
    to_words(mw, L, m, n, 1);
    to_words(g, L, a, n, 0);
    memcpy(f, mw, L * sizeof *f);
    memset(d, 0, L * sizeof *d);
    memset(e, 0, L * sizeof *e);
    e[0] = 1;
#ifndef KS_MODINV_BATCHES /* (the port's batches find it themselves) */
    /* m^-1 mod 2^W by Newton's x(2 - m x), from m^-1 = m mod 8: 3 -> 6 -> 12 -> 24 -> 48 bits */
    minv = mw[0];
    for (i = 0; i < 4; i++) {
        minv = (ks_dw)((ks_dd)minv * (ks_dw)(2 - (ks_dw)((ks_dd)mw[0] * minv)));
    }
#endif
#ifdef KS_MODINV_BATCHES
    /* the port's batches in one call (the motes' assembly), from eta = 1 with f, g, d, e, n0,
       n1 in v as above: each batch's f' and g' into n0 and n1, d' and e' into f's and g's
       places, the names turned round as below; it returns the batches it ran (as many, or
       for a modulus it has a form of its own, longer batches enough for the bound above),
       which the names follow here */
    batches = KS_MODINV_BATCHES(v, mw, L, batches);
    /* three turns bring the names back: batches mod 3 of them, by subtraction (the count is
       public; hidden, or the compiler makes the loop a division, which the MSP430's runtime
       lacks) */
    for (i = batches; i >= 3; i = (int)hide((ks_dw)(i - 3))) {
    }
    for (; i > 0; i--) {
        x = d, d = f, f = n0, n0 = x;
        x = e, e = g, g = n1, n1 = x;
    }
#else
    for (i = 0; i < batches; i++) {
        steps(&eta, f[0], g[0], t);
        lincomb(n0, f, g, 0, 0, L, t[0], t[1]);
        lincomb(n1, f, g, 0, 0, L, t[2], t[3]);
        x = f, f = n0, n0 = x;
        x = g, g = n1, n1 = x;
        lincomb(n0, d, e, mw, minv, L, t[0], t[1]);
        lincomb(n1, d, e, mw, minv, L, t[2], t[3]);
        x = d, d = n0, n0 = x;
        x = e, e = n1, n1 = x;
    }
#endif
    /* d in (-2m, m) to [0, m); f = +-1: a^-1 = +-d (m - d: d is not 0 then) */
    add_if_negative(d, mw, L);
    add_if_negative(d, mw, L);
    neg = sign_mask(f[L - 1]);
    {
        ks_dd c = 0;
        size_t j;
        for (j = 0; j < L; j++) {
            c = (ks_dd)mw[j] - d[j] - c;
            d[j] = (ks_dw)(d[j] ^ ((d[j] ^ (ks_dw)c) & neg));
            c = (ks_dd)((ks_dw)(c >> DW) & 1);
        }
    }
    from_words(r, n, d, L);
    ks_wipe(v, 6 * L * sizeof *v);
#ifndef KS_MODINV_BATCHES
    ks_wipe(t, sizeof t);
#endif
}
