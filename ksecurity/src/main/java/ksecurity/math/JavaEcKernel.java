package ksecurity.math;

/** Not written yet. */
final class JavaEcKernel implements EcKernel {
    public int scalarMult(int curve, byte[] k, byte[] point, byte[] out) { return INVALID; }
    public int scalarMultBase(int curve, byte[] k, byte[] out) { return INVALID; }
    public int mulAdd(int curve, byte[] u1, byte[] u2, byte[] q, byte[] out) { return INVALID; }
    public String name() { return "java"; }
}
