package ksecurity.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ksecurity.prim.Entropy;
import ksecurity.prim.EntropySource;
import ksecurity.prim.RandomStrength;
import ksecurity.prim.TimingEntropy;
import ksecurity.security.RandomData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The strength of a RandomData generator is the strength of the source it was seeded from. */
class RandomStrengthTest {
    /** A source whose strength the test sets. */
    static final class Switchable implements EntropySource {
        boolean strong;

        @Override
        public void getEntropy(byte[] buf, int off, int len) {
            for (int i = 0; i < len; i++) {
                buf[off + i] = (byte) i;
            }
        }

        @Override
        public boolean isStrong() {
            return strong;
        }

        @Override
        public String name() {
            return strong ? "switch (on)" : "switch (off): weak";
        }
    }

    @AfterEach
    void restore() {
        Entropy.setSource(null);
    }

    private static RandomStrength generator() {
        return (RandomStrength) RandomData.getInstance(RandomData.ALG_SECURE_RANDOM);
    }

    @Test
    void weakSourceGivesAWeakGeneratorThatSaysWhy() {
        Entropy.setSource(new TimingEntropy());
        RandomStrength r = generator();
        assertFalse(r.isStrong());
        assertEquals("HMAC_DRBG (SHA-256) from CLDC timing jitter (weak)", r.name());
    }

    @Test
    void strongSourceGivesAStrongGenerator() {
        Switchable s = new Switchable();
        s.strong = true;
        Entropy.setSource(s);
        assertTrue(generator().isStrong());
    }

    @Test
    void aSourceThatBecomesStrongIsUsedAtOnce() {
        Switchable s = new Switchable();
        Entropy.setSource(s);
        RandomStrength r = generator();
        assertFalse(r.isStrong());
        s.strong = true;
        assertTrue(r.isStrong(), "reseeded from the source now that it is strong");
        assertEquals("HMAC_DRBG (SHA-256) from switch (on)", r.name());
        s.strong = false;
        ((RandomData) r).setSeed(new byte[1], (short) 0, (short) 1);
        assertTrue(r.isStrong(), "a weaker reseed takes nothing away");
        assertEquals("HMAC_DRBG (SHA-256) from switch (on)", r.name());
    }
}
