#include "ks_bn.h"

void ks_bn_from_bytes(ks_limb *r, size_t n, const uint8_t *in, size_t len)
{
    size_t i;
    for (i = 0; i < n; i++) {
        r[i] = 0;
    }
    for (i = 0; i < len; i++) {
        /* byte i from the end goes to limb i / KS_LIMB_BYTES */
        r[i / KS_LIMB_BYTES] |= (ks_limb)((ks_limb)in[len - 1 - i] << (8 * (i % KS_LIMB_BYTES)));
    }
}

void ks_bn_to_bytes(uint8_t *out, size_t len, const ks_limb *a)
{
    size_t i;
    for (i = 0; i < len; i++) {
        out[len - 1 - i] = (uint8_t)(a[i / KS_LIMB_BYTES] >> (8 * (i % KS_LIMB_BYTES)));
    }
}

ks_limb ks_bn_lt_mask(const ks_limb *a, const ks_limb *b, size_t n)
{
    ks_limb c = 0;
    size_t i;
    /* The borrow of a - b, without storing the difference. */
    for (i = 0; i < n; i++) {
        /* the borrow from the sign bits (as in ks_sbb's 32-bit form): with the difference
           unused, clang turns the double-width form into limb comparisons and branches */
        ks_limb ai = a[i], bi = b[i];
        ks_limb d = (ks_limb)(ai - bi - c);
        c = KS_TOP_BIT(((ks_limb)~ai & bi) | (((ks_limb)~ai | bi) & d));
    }
    return KS_MASK(c);
}
