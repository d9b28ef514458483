package ksecurity.security;

/**
 * An AES key of 128, 192 or 256 bits.
 */
public interface AESKey extends SecretKey {
    void setKey(byte[] keyData, short kOff) throws CryptoException, NullPointerException, ArrayIndexOutOfBoundsException;

    byte getKey(byte[] keyData, short kOff) throws CryptoException;
}
