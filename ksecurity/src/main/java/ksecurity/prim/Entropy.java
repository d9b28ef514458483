package ksecurity.prim;

/**
 * Chooses where the DRBG's seed comes from. On a desktop JVM the class
 * ksecurity.jni.DesktopEntropy (module native/, java.security.SecureRandom based) is found by
 * name, since the portable code cannot refer to it; on CLDC, where it is absent, the weak
 * {@link TimingEntropy} fallback is used. A device with a hardware generator installs its own
 * source with {@link #setSource}.
 */
public final class Entropy {
    /** The desktop source, looked up by name (no class literal: CLDC class files lack it). */
    public static final String DESKTOP_CLASS = "ksecurity.jni.DesktopEntropy";

    private static EntropySource source;

    private Entropy() {
    }

    /** The source in use, found on first call. */
    public static synchronized EntropySource source() {
        if (source == null) {
            source = find();
        }
        return source;
    }

    /** Installs a source (a hardware generator, or a fixed one in tests). */
    public static synchronized void setSource(EntropySource s) {
        source = s;
    }

    private static EntropySource find() {
        try {
            Object o = Class.forName(DESKTOP_CLASS).newInstance();
            if (o instanceof EntropySource) {
                return (EntropySource) o;
            }
        } catch (ClassNotFoundException e) {
            // Not on the desktop: fall through to the CLDC fallback.
        } catch (InstantiationException e) {
            // Present but unusable: same.
        } catch (IllegalAccessException e) {
            // Same.
        }
        return new TimingEntropy();
    }
}
