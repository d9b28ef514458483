package ksecurity.security;

/**
 * An HMAC key of any length.
 */
public interface HMACKey extends SecretKey {
    void setKey(byte[] keyData, short kOff, short kLen) throws CryptoException, NullPointerException, ArrayIndexOutOfBoundsException;

    byte getKey(byte[] keyData, short kOff);
}
