package ksecurity.math;

/** Not written yet. */
final class JavaModExpKernel implements ModExpKernel {
    public int modExp(byte[] base, byte[] exp, byte[] mod, byte[] out) { return INVALID; }
    public String name() { return "java"; }
}
