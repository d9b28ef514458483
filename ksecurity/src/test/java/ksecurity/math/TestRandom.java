package ksecurity.math;

import java.util.Random;
import ksecurity.security.RandomData;

/** A seeded RandomData for tests: reproducible key generation and padding. */
public final class TestRandom extends RandomData {
    private final Random random;

    public TestRandom(long seed) {
        random = new Random(seed);
    }

    public void generateData(byte[] buffer, short offset, short length) {
        byte[] b = new byte[length];
        random.nextBytes(b);
        System.arraycopy(b, 0, buffer, offset, length);
    }

    public short nextBytes(byte[] buffer, short offset, short length) {
        generateData(buffer, offset, length);
        return (short) (offset + length);
    }

    public void setSeed(byte[] buffer, short offset, short length) {
        random.setSeed(new java.math.BigInteger(1, java.util.Arrays.copyOfRange(buffer, offset, offset + length)).longValue());
    }

    public byte getAlgorithm() {
        return ALG_PSEUDO_RANDOM;
    }
}
