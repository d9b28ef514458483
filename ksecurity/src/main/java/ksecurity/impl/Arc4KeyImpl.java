package ksecurity.impl;

import ksecurity.security.ARC4Key;
import ksecurity.security.CryptoException;
import ksecurity.security.KeyBuilder;

/**
 * An RC4 key (legacy profile only) of 8 to 2048 bits in whole bytes: 40 bits for the SSL 3.0
 * export suites, 128 bits for RC4_128. setKey must give exactly getSize()/8 bytes.
 */
public class Arc4KeyImpl implements ARC4Key {
    private final short bits;
    final SecretKeyData key;

    public Arc4KeyImpl(short bits) {
        if (bits < 8 || bits > 2048 || (bits & 7) != 0) {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "RC4 keys are 8..2048 bits in whole bytes");
        }
        this.bits = bits;
        this.key = new SecretKeyData(bits / 8);
    }

    public boolean isInitialized() {
        return key.isInitialized();
    }

    public void clearKey() {
        key.clear();
    }

    public byte getType() {
        return KeyBuilder.TYPE_ARC4;
    }

    public short getSize() {
        return bits;
    }

    public void setKey(byte[] keyData, short kOff, short kLen) {
        if (kLen != bits / 8) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RC4 key length differs from the size it was built with");
        }
        key.set(keyData, kOff, kLen);
    }

    /** Writes the key at keyData[kOff]; returns its length in bytes (256 reads as 0: unsigned byte). */
    public byte getKey(byte[] keyData, short kOff) {
        return (byte) key.get(keyData, kOff);
    }
}
