package ksecurity.prim;

/**
 * Timing jitter: the nonce of a {@link StoredSeedEntropy} at each boot, and the last-resort
 * entropy source of a CLDC device that has neither a generator nor a record store. It is
 * WEAK, and honest about it ({@link #isStrong()} is false, so a TLS client or server refuses
 * it unless told otherwise):
 * <ul>
 * <li>System.currentTimeMillis at start-up is guessable to within seconds or minutes: perhaps
 * 10-20 bits against an attacker who knows roughly when the device booted.</li>
 * <li>Runtime.freeMemory/totalMemory and the identity hash codes of new objects are nearly
 * deterministic on a freshly booted device running the same code (often derived from heap
 * addresses): a few bits at best.</li>
 * <li>The jitter samples (how many loop iterations fit before the millisecond clock ticks) are
 * the only real source: they depend on the CPU clock against the timer, interrupts and the
 * scheduler. On a coarse clock (10-15 ms ticks on many phones) each sample may carry only
 * 1-2 bits, and on a quiet deterministic microcontroller much less.</li>
 * </ul>
 * Everything is mixed through SHA-256 and many samples are taken, but no claim of 256 bits of
 * entropy can be made: a device with a hardware generator should install it with
 * {@link Entropy#setSource}; one without keeps a seed ({@link StoredSeedEntropy}).
 */
public final class TimingEntropy implements EntropySource {
    /** Jitter samples per output byte: many, because each may hold well under one bit. */
    private static final int SAMPLES_PER_BYTE = 2;
    /** Upper bound of one jitter sample's spin loop. */
    private static final long MAX_SPINS = 1L << 20;

    private final Sha256 sha = new Sha256();
    private final byte[] sample = new byte[16];
    private final byte[] digest = new byte[32];
    private long counter;

    public boolean isStrong() {
        return false;
    }

    public String name() {
        return "CLDC timing jitter (weak)";
    }

    public synchronized void getEntropy(byte[] buf, int off, int len) {
        int done = 0;
        while (done < len) {
            int n = len - done < 32 ? len - done : 32;
            sha.reset();
            put(counter++);
            put(System.currentTimeMillis());
            Runtime rt = Runtime.getRuntime();
            put(rt.freeMemory());
            put(rt.totalMemory());
            put(System.identityHashCode(new Object()));
            for (int i = 0; i < SAMPLES_PER_BYTE * n; i++) {
                put(jitterSample());
                put(System.identityHashCode(new Object()));
            }
            sha.doFinal(digest, 0);
            System.arraycopy(digest, 0, buf, off + done, n);
            done += n;
        }
    }

    /**
     * Spins until the millisecond clock ticks and returns how many iterations that took. The
     * spin is capped so that a stopped clock (an emulator's, say) cannot hang the caller; a
     * capped sample carries no jitter, only the time.
     */
    private static long jitterSample() {
        long start = System.currentTimeMillis();
        long spins = 0;
        while (System.currentTimeMillis() == start && spins < MAX_SPINS) {
            spins++;
        }
        return (spins << 16) ^ System.currentTimeMillis();
    }

    private void put(long x) {
        for (int i = 0; i < 8; i++) {
            sample[i] = (byte) (x >>> (8 * i));
        }
        sha.update(sample, 0, 8);
    }
}
