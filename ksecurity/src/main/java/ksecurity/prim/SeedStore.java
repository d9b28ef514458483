package ksecurity.prim;

import java.io.IOException;

/**
 * Where a device keeps its random seed between boots: the MIDP record store on a phone or a
 * SPOT ({@link RmsSeedStore}), flash on a mote, memory in a test. One small record.
 */
public interface SeedStore {
    /** Reads the record into buf; returns its length, or -1 if there is none (first boot). */
    int read(byte[] buf) throws IOException;

    /** Replaces the record with buf[off..off+len); returns only once it is stored. */
    void write(byte[] buf, int off, int len) throws IOException;

    /** Where the seed is kept, for {@link EntropySource#name()}. */
    String name();
}
