/* Modular exponentiation (ks_modexp, ks_rsa.h) on the Montgomery core (ks_rsa_mont.h). */
#include "ks_rsa.h"
#include "ks_rsa_mont.h"
#include "ks_wipe.h"

enum { NL = KS_RSA_LIMBS };

/* Everything secret ks_modexp holds: one workspace, wiped once at the end. */
typedef struct {
    ks_limb m[NL], r2[NL], one[NL], acc[NL], sel[NL], t[2 * NL + 2];
    ks_limb tab[KS_RSA_ENTRIES * NL];
} modexp_ws;

/* The workspace lives in this frame, below ks_modexp's (see ks_rsa_crt.c's private_run). */
static KS_NOINLINE int modexp_run(const uint8_t *base, const uint8_t *exp, size_t exp_len,
                                  const uint8_t *mod, size_t mod_len, uint8_t *out)
{
    modexp_ws w;
    ks_mont mc;
    const size_t n = KS_LIMBS(mod_len * 8);
    ks_limb ok;
    ks_bn_from_bytes(w.m, n, mod, mod_len);
    ks_bn_from_bytes(w.acc, n, base, mod_len);
    /* a mask, not a branch: the modulus may be a secret prime. An even one goes through the
       same steps (wrong, not unsafe) and the result is refused. */
    ok = KS_MASK(w.m[0] & 1) & ks_bn_lt_mask(w.acc, w.m, n);
    ks_mont_init(&mc, w.m, n, w.t);
    ks_mont_r2(&mc, w.r2, 0);               /* the modulus may come with leading zero bytes */
    ks_mont_from(&mc, w.one, w.r2);         /* R mod m */
    ks_mont_mul(&mc, w.sel, w.acc, w.r2);   /* base R */
    ks_mont_pow(&mc, w.acc, w.sel, exp, exp_len, w.one, w.tab, w.sel);
    ks_mont_from(&mc, w.acc, w.acc);
    ks_mont_out(out, mod_len, w.acc, n, ok);
    ks_wipe(&w, sizeof w);
    return ks_rsa_result(ok);
}

int ks_modexp(const uint8_t *base, const uint8_t *exp, size_t exp_len,
              const uint8_t *mod, size_t mod_len, uint8_t *out)
{
    int rc;
    if (mod_len == 0 || mod_len > KS_RSA_MAX_BITS / 8) {
        return KS_RSA_INVALID;
    }
    rc = modexp_run(base, exp, exp_len, mod, mod_len, out);
    ks_wipe_stack(KS_WIPE_STACK_RSA);
    return rc;
}
