package ksecurity.math;

/**
 * Chooses the kernels: the native C library when it is present and loads (desktop), otherwise
 * the pure-Java kernels (phones, the SPOT, or when the system property ksecurity.native is
 * "false"). Found by name, so the portable code has no link to the desktop-only class.
 */
public final class Kernels {
    private static final String NATIVE_CLASS = "ksecurity.jni.NativeKernels";

    private static EcKernel ec;
    private static ModExpKernel modExp;

    private Kernels() {
    }

    public static synchronized EcKernel ec() {
        if (ec == null) {
            Object n = loadNative();
            ec = n instanceof EcKernel ? (EcKernel) n : javaEc();
        }
        return ec;
    }

    public static synchronized ModExpKernel modExp() {
        if (modExp == null) {
            Object n = loadNative();
            modExp = n instanceof ModExpKernel ? (ModExpKernel) n : javaModExp();
        }
        return modExp;
    }

    /** Replaces the kernels (tests run both paths on the same inputs). */
    public static synchronized void use(EcKernel ecKernel, ModExpKernel modExpKernel) {
        ec = ecKernel;
        modExp = modExpKernel;
    }

    /** The pure-Java EC kernel, whatever is installed. */
    public static EcKernel javaEc() {
        return new JavaEcKernel();
    }

    /** The pure-Java modular exponentiation kernel, whatever is installed. */
    public static ModExpKernel javaModExp() {
        return new JavaModExpKernel();
    }

    private static Object loadNative() {
        String flag = System.getProperty("ksecurity.native");
        if ("false".equals(flag)) {
            return null;
        }
        try {
            return Class.forName(NATIVE_CLASS).newInstance();
        } catch (Throwable t) {
            // Absent (phone, SPOT) or the library would not load: the Java kernels serve.
            return null;
        }
    }
}
