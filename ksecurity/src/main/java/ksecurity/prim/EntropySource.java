package ksecurity.prim;

/**
 * A source of seed material for the DRBG (see {@link Entropy} for how one is chosen). Its
 * strength ({@link #isStrong()}) is part of the contract: a source that cannot vouch for its
 * output says so, and the generators seeded from it report it in turn.
 */
public interface EntropySource extends RandomStrength {
    /** Fills len bytes at buf[off] with fresh entropy (full entropy if {@link #isStrong()}). */
    void getEntropy(byte[] buf, int off, int len);
}
