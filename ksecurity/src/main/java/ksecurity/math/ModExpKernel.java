package ksecurity.math;

/**
 * The RSA kernel: modular exponentiation for an odd modulus of up to 4096 bits, constant time
 * in the exponent (fixed-window Montgomery ladder of equal-cost steps, no secret-dependent
 * branches or table indices). Pure Java here, native C in ksecurity.jni.NativeKernels.
 */
public interface ModExpKernel {
    int OK = 0;
    int INVALID = -1;

    /**
     * out = base^exp mod mod. All values big-endian; out has the modulus's length; base must be
     * below the modulus and the modulus odd (INVALID otherwise). The exponent's length (not its
     * value) may show in the running time.
     */
    int modExp(byte[] base, byte[] exp, byte[] mod, byte[] out);

    /** A short name for reports: "java" or "native". */
    String name();
}
