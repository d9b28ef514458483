package ksecurity.security;

import ksecurity.impl.RandomDataImpl;

/**
 * Random numbers, as javacard.security.RandomData. Every algorithm is served by HMAC-DRBG
 * (SP 800-90A, SHA-256) seeded from the platform; ALG_PSEUDO_RANDOM/ALG_FAST are no weaker.
 */
public abstract class RandomData {
    public static final byte ALG_PSEUDO_RANDOM = 1;
    public static final byte ALG_SECURE_RANDOM = 2;
    public static final byte ALG_TRNG = 3;
    public static final byte ALG_PRESEEDED_DRBG = 4;
    public static final byte ALG_FAST = 5;
    public static final byte ALG_KEYGENERATION = 6;

    protected RandomData() {
    }

    public static final RandomData getInstance(byte algorithm) throws CryptoException {
        return new RandomDataImpl(algorithm);
    }

    public abstract void generateData(byte[] buffer, short offset, short length) throws CryptoException;

    public abstract short nextBytes(byte[] buffer, short offset, short length) throws CryptoException;

    public abstract void setSeed(byte[] buffer, short offset, short length);

    public abstract byte getAlgorithm();
}
