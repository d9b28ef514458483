package ksecurity.prim;

/** A source of seed material for the DRBG (see {@link Entropy} for how one is chosen). */
public interface EntropySource {
    /** Fills len bytes at buf[off] with fresh entropy (full entropy if {@link #isStrong()}). */
    void getEntropy(byte[] buf, int off, int len);

    /** True if the source is the platform's cryptographic generator, false for a fallback. */
    boolean isStrong();

    /** A short name for logs and reports, e.g. "SecureRandom" or "CLDC timing jitter". */
    String name();
}
