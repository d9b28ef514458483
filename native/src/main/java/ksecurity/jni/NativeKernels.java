package ksecurity.jni;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import ksecurity.math.EcKernel;
import ksecurity.math.ModExpKernel;

/**
 * The C kernels (native/kernels) through JNI, on the desktop. Same encodings and return codes
 * as the C API and the pure-Java kernels: points x||y and scalars big-endian of fixed length
 * (see {@link EcKernel}); any malformed input, including a null array, a wrong length or an
 * unknown curve, gives {@code INVALID}.
 *
 * <p>The library is the resource {@code ksecurity/jni/<os>-<arch>/libksecurity.so} of this jar,
 * extracted to a temporary file and loaded; the system property {@code ksecurity.native.lib}
 * may name a library file to load instead. The constructor throws {@link UnsatisfiedLinkError}
 * when neither works, so that {@code ksecurity.math.Kernels} falls back to the Java kernels.
 */
public final class NativeKernels implements EcKernel, ModExpKernel {
    /** System property naming a library file to load instead of the bundled one. */
    public static final String LIBRARY_PROPERTY = "ksecurity.native.lib";

    private static final Object LOCK = new Object();
    private static boolean loaded;
    private static UnsatisfiedLinkError failure;

    /** Loads the library (once per JVM). */
    public NativeKernels() {
        synchronized (LOCK) {
            if (!loaded && failure == null) {
                try {
                    load();
                    loaded = true;
                } catch (UnsatisfiedLinkError e) {
                    failure = e;
                } catch (IOException | RuntimeException e) {
                    UnsatisfiedLinkError u = new UnsatisfiedLinkError("ksecurity native library: " + e);
                    u.initCause(e);
                    failure = u;
                }
            }
            if (failure != null) {
                throw failure;
            }
        }
    }

    private static void load() throws IOException {
        String file = System.getProperty(LIBRARY_PROPERTY);
        if (file != null && !file.isEmpty()) {
            System.load(Path.of(file).toAbsolutePath().toString());
            return;
        }
        String resource = "/ksecurity/jni/" + platform() + "/libksecurity.so";
        try (InputStream in = NativeKernels.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UnsatisfiedLinkError("no native kernels for " + platform() + " (resource "
                        + resource + " absent)");
            }
            Path tmp = Files.createTempFile("libksecurity", ".so");
            tmp.toFile().deleteOnExit();
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            System.load(tmp.toAbsolutePath().toString());
        }
    }

    /** "linux-x86_64" style name of this platform, as in the resource path. */
    static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(java.util.Locale.ROOT);
        if (os.startsWith("linux")) {
            os = "linux";
        }
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            arch = "x86_64";
        }
        return os + "-" + arch;
    }

    @Override
    public int scalarMult(int curve, byte[] k, byte[] point, byte[] out) {
        return nativeEcMul(curve, k, point, out);
    }

    @Override
    public int scalarMultBase(int curve, byte[] k, byte[] out) {
        return nativeEcMulBase(curve, k, out);
    }

    @Override
    public int mulAddVarTime(int curve, byte[] u1, byte[] u2, byte[] q, byte[] out) {
        return nativeEcMulAdd(curve, u1, u2, q, out);
    }

    /**
     * The C table of q (ks_ec_precompute_vartime), in a byte[] of the C library's own form;
     * null when q is not a point of the curve.
     */
    @Override
    public Object precompute(int curve, byte[] q) {
        int size = nativeEcTableSize(curve);
        if (size <= 0) {
            return null;
        }
        byte[] table = new byte[size];
        return nativeEcPrecompute(curve, q, table) == EcKernel.OK ? new Table(curve, table) : null;
    }

    @Override
    public int verify(int curve, byte[] u1, byte[] u2, byte[] q, Object table, byte[] r) {
        if (table == null) {
            return nativeEcVerify(curve, u1, u2, q, null, r);
        }
        if (!(table instanceof Table) || ((Table) table).curve != curve) {
            return EcKernel.INVALID;
        }
        return nativeEcVerify(curve, u1, u2, null, ((Table) table).bytes, r);
    }

    /** A key's table as the C library made it (opaque to Java, public data). */
    private static final class Table {
        final int curve;
        final byte[] bytes;

        Table(int curve, byte[] bytes) {
            this.curve = curve;
            this.bytes = bytes;
        }
    }

    @Override
    public int modExp(byte[] base, byte[] exp, byte[] mod, byte[] out) {
        return nativeModExp(base, exp, mod, out);
    }

    @Override
    public String name() {
        return "native";
    }

    private static native int nativeEcMul(int curve, byte[] k, byte[] point, byte[] out);

    private static native int nativeEcMulBase(int curve, byte[] k, byte[] out);

    private static native int nativeEcMulAdd(int curve, byte[] u1, byte[] u2, byte[] q, byte[] out);

    private static native int nativeEcTableSize(int curve);

    private static native int nativeEcPrecompute(int curve, byte[] q, byte[] table);

    private static native int nativeEcVerify(int curve, byte[] u1, byte[] u2, byte[] q, byte[] table, byte[] r);

    private static native int nativeModExp(byte[] base, byte[] exp, byte[] mod, byte[] out);
}
