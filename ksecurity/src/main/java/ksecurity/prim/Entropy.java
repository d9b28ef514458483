package ksecurity.prim;

/**
 * Chooses where the DRBG's seed comes from, in this order:
 * <ol>
 * <li>on a desktop JVM, ksecurity.jni.DesktopEntropy (module native/, SecureRandom), found by
 * name since the portable code cannot refer to it: strong;</li>
 * <li>on a MIDP device (a phone, the SPOT), a {@link StoredSeedEntropy} whose seed lives in
 * the record store ({@link RmsSeedStore}), stirred with timing jitter: strong once the device
 * has been seeded from a strong source, weak before;</li>
 * <li>elsewhere, {@link TimingEntropy} alone: weak.</li>
 * </ol>
 * A device with a hardware generator installs its own source with {@link #setSource}. Whether
 * the source is strong is part of the contract ({@link RandomStrength}): a TLS client or
 * server refuses a weak one unless its caller allows it explicitly.
 */
public final class Entropy {
    /** The desktop source, looked up by name (no class literal: CLDC class files lack it). */
    public static final String DESKTOP_CLASS = "ksecurity.jni.DesktopEntropy";
    /** The record store, looked up by name so that a CLDC device without MIDP never links it. */
    public static final String RMS_STORE_CLASS = "ksecurity.prim.RmsSeedStore";

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

    /**
     * Something happened (a connection, a handshake, a key press): its time is stirred into a
     * stored-seed source (StoredSeedEntropy.stir), crediting nothing; other sources ignore it.
     * Cheap enough for every connection.
     */
    public static void event(int what) {
        EntropySource s = current();
        if (s instanceof StoredSeedEntropy) {
            ((StoredSeedEntropy) s).stir(what);
        }
    }

    /**
     * The source found so far, or null; a synchronized method rather than a block on
     * Entropy.class, a class literal that CLDC class files (major 47) cannot hold.
     */
    private static synchronized EntropySource current() {
        return source;
    }

    /** Installs a source (a hardware generator, or a fixed one in tests); null: find again. */
    public static synchronized void setSource(EntropySource s) {
        source = s;
    }

    private static EntropySource find() {
        Object desktop = instance(DESKTOP_CLASS);
        if (desktop instanceof EntropySource) {
            return (EntropySource) desktop;
        }
        Object store = instance(RMS_STORE_CLASS);
        if (store instanceof SeedStore) {
            try {
                return new StoredSeedEntropy((SeedStore) store, new TimingEntropy());
            } catch (Error e) {
                // No working record store here (the API stubs of a desktop build throw Errors).
            } catch (RuntimeException e) {
                // A record store that fails (MicroEmulator's, used outside a running MIDlet).
            }
        }
        return new TimingEntropy();
    }

    /** A new instance of the named class, or null where it is absent or cannot be made. */
    private static Object instance(String name) {
        try {
            return Class.forName(name).newInstance();
        } catch (ClassNotFoundException e) {
            return null;
        } catch (InstantiationException e) {
            return null;
        } catch (IllegalAccessException e) {
            return null;
        } catch (Error e) {
            return null; // a class that links against an API this device lacks
        }
    }
}
