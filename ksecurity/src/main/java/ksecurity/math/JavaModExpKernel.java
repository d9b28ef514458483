package ksecurity.math;

/**
 * The pure-Java RSA kernel: Montgomery multiplication and fixed-window exponentiation
 * (Montgomery.pow), constant time in the exponent's value.
 */
final class JavaModExpKernel implements ModExpKernel {
    /** The contract's limit: moduli of up to 4096 bits. */
    private static final int MAX_LIMBS = 4096 / 32;

    public int modExp(byte[] base, byte[] exp, byte[] mod, byte[] out) {
        if (base == null || exp == null || mod == null || out == null || out.length != mod.length
                || mod.length == 0 || (mod[mod.length - 1] & 1) == 0) {
            return INVALID;
        }
        int start = 0;
        while (mod[start] == 0) {
            start++; // ends: the last byte is odd
        }
        if (Mp.limbsFor(mod.length - start) > MAX_LIMBS) {
            return INVALID;
        }
        Montgomery mont = Montgomery.fromBytes(mod, 0, mod.length);
        int n = mont.limbs();
        if (n == 1 && mont.m[0] == 1) {
            return INVALID;
        }
        if (Mp.fits(base, 0, base.length, n) == 0) {
            return INVALID;
        }
        int[] b = new int[n];
        Mp.fromBytes(base, 0, base.length, b);
        if (Mp.lessThan(b, mont.m, n) == 0) {
            return INVALID;
        }
        int[] t = mont.scratch();
        mont.toMont(b, b, t);
        mont.pow(b, exp, 0, exp.length, b);
        mont.fromMont(b, b, t);
        Mp.toBytes(b, out, 0, out.length);
        Mp.clear(b);
        return OK;
    }

    public String name() {
        return "java";
    }
}
