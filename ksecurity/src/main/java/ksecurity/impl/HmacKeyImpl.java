package ksecurity.impl;

import ksecurity.security.CryptoException;
import ksecurity.security.HMACKey;

/**
 * An HMAC key. Java Card builds HMAC keys with a nominal length (LENGTH_HMAC_SHA_1_BLOCK_64,
 * ...) and takes the actual length at setKey: 1 to 255 bytes are accepted (keys longer than a
 * hash block are hashed by HMAC itself). getSize() is the length set, in bits, once set.
 */
public class HmacKeyImpl implements HMACKey {
    /** Longest key accepted; getKey returns the length as a byte, read it unsigned. */
    public static final int MAX_KEY_BYTES = 255;

    private final byte type;
    private final short bits;
    final SecretKeyData key = new SecretKeyData(MAX_KEY_BYTES);

    public HmacKeyImpl(byte type, short bits) {
        if (bits <= 0) {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "HMAC key length must be positive");
        }
        this.type = type;
        this.bits = bits;
    }

    public boolean isInitialized() {
        return key.isInitialized();
    }

    public void clearKey() {
        key.clear();
    }

    public byte getType() {
        return type;
    }

    public short getSize() {
        return key.isInitialized() ? (short) (key.length() * 8) : bits;
    }

    public void setKey(byte[] keyData, short kOff, short kLen) {
        if (kLen < 1 || kLen > MAX_KEY_BYTES) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "HMAC key must be 1..255 bytes");
        }
        key.set(keyData, kOff, kLen);
    }

    /** Writes the key at keyData[kOff]; returns its length in bytes (as an unsigned byte). */
    public byte getKey(byte[] keyData, short kOff) {
        return (byte) key.get(keyData, kOff);
    }
}
