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
    /**
     * An input was malformed: a wrong length, a point not on the curve, a scalar not below the
     * order, or a zero scalar for scalarMult/scalarMultBase (a private scalar is in [1, n-1];
     * mulAdd takes zero, its term is then the point at infinity).
     */
    int INVALID = -1;

    /** out = k * P. Constant time in k. P must be on the curve (checked: INVALID otherwise). */
    int scalarMult(int curve, byte[] k, byte[] point, byte[] out);

    /** out = k * G for the curve's generator G. Constant time in k. */
    int scalarMultBase(int curve, byte[] k, byte[] out);

    /**
     * out = u1 * G + u2 * Q, for signature verification: all inputs are public, so this may
     * run in variable time. Q must be on the curve (checked: INVALID otherwise).
     */
    int mulAdd(int curve, byte[] u1, byte[] u2, byte[] q, byte[] out);

    /** A short name for reports: "java" or "native". */
    String name();
}
