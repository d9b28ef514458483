package ksecurity.math;

/**
 * The elliptic-curve kernel: scalar multiplication on the four named curves. Two
 * implementations give identical results: the pure-Java one in this package (used on phones and
 * the SPOT) and the native C one (ksecurity.jni.NativeKernels, on the desktop when the library
 * loads). Everything above this interface (ECDSA, ECDH, key generation) is shared.
 *
 * Encodings: a point is x||y, each coordinate big-endian and exactly the field length
 * (Curves.fieldBytes); a scalar is big-endian and exactly the order length (Curves.orderBytes,
 * 21 bytes for secp160r1, whose order has 161 bits).
 */
public interface EcKernel {
    /** The result is a finite point, written to out. */
    int OK = 0;
    /** The result is the point at infinity; out is zeroed. */
    int INFINITY = 1;
    /** verify: the sum is finite but its x coordinate is not r modulo n. */
    int MISMATCH = 2;
    /**
     * An input was malformed: a wrong length, a point not on the curve, a scalar not below the
     * order, or a zero scalar for scalarMult/scalarMultBase (a private scalar is in [1, n-1];
     * mulAddVarTime takes zero, its term is then the point at infinity).
     */
    int INVALID = -1;

    /** out = k * P. Constant time in k. P must be on the curve (checked: INVALID otherwise). */
    int scalarMult(int curve, byte[] k, byte[] point, byte[] out);

    /** out = k * G for the curve's generator G. Constant time in k. */
    int scalarMultBase(int curve, byte[] k, byte[] out);

    /**
     * out = u1 * G + u2 * Q. VARIABLE TIME: for public inputs only (signature verification),
     * never a secret scalar. Q must be on the curve (checked: INVALID otherwise).
     */
    int mulAddVarTime(int curve, byte[] u1, byte[] u2, byte[] q, byte[] out);

    /**
     * Tables of the public point Q (x||y, validated here) that make later verify calls with Q
     * faster; an opaque object that only this kernel's verify reads, or null when Q is not a
     * point of the curve. Public data only.
     */
    Object precompute(int curve, byte[] q);

    /**
     * The last step of ECDSA verification, VARIABLE TIME (public inputs only): OK when
     * x(u1 * G + u2 * Q) mod n equals r, MISMATCH when it does not, INFINITY when the sum is
     * the point at infinity, INVALID for malformed input. u1 and u2 are below n (zero allowed),
     * r in [1, n-1] (all orderBytes long). Q is table, made by this kernel's precompute, or
     * when table is null the x||y q, validated here.
     */
    int verify(int curve, byte[] u1, byte[] u2, byte[] q, Object table, byte[] r);

    /** A short name for reports: "java" or "native". */
    String name();
}
