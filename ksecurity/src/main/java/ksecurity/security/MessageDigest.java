package ksecurity.security;

import ksecurity.impl.MessageDigestImpl;

/** A hash function, as javacard.security.MessageDigest: MD5, SHA-1, SHA-224, SHA-256, SHA-384 and SHA-512. */
public abstract class MessageDigest {
    public static final byte ALG_NULL = 0;
    public static final byte ALG_SHA = 1;
    public static final byte ALG_MD5 = 2;
    public static final byte ALG_RIPEMD160 = 3;
    public static final byte ALG_SHA_256 = 4;
    public static final byte ALG_SHA_384 = 5;
    public static final byte ALG_SHA_512 = 6;
    public static final byte ALG_SHA_224 = 7;
    public static final byte ALG_SHA3_224 = 8;
    public static final byte ALG_SHA3_256 = 9;
    public static final byte ALG_SHA3_384 = 10;
    public static final byte ALG_SHA3_512 = 11;
    public static final byte LENGTH_MD5 = 16;
    public static final byte LENGTH_RIPEMD160 = 20;
    public static final byte LENGTH_SHA = 20;
    public static final byte LENGTH_SHA_224 = 28;
    public static final byte LENGTH_SHA_256 = 32;
    public static final byte LENGTH_SHA_384 = 48;
    public static final byte LENGTH_SHA_512 = 64;
    public static final byte LENGTH_SHA3_224 = 28;
    public static final byte LENGTH_SHA3_256 = 32;
    public static final byte LENGTH_SHA3_384 = 48;
    public static final byte LENGTH_SHA3_512 = 64;

    protected MessageDigest() {
    }

    public static final MessageDigest getInstance(byte algorithm, boolean externalAccess) throws CryptoException {
        return new MessageDigestImpl(algorithm);
    }

    public static final InitializedMessageDigest getInitializedMessageDigestInstance(byte algorithm,
            boolean externalAccess) throws CryptoException {
        return new MessageDigestImpl(algorithm);
    }

    public abstract byte getAlgorithm();

    public abstract byte getLength();

    public abstract short doFinal(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset)
            throws CryptoException;

    public abstract void update(byte[] inBuff, short inOffset, short inLength) throws CryptoException;

    public abstract void reset();
}
