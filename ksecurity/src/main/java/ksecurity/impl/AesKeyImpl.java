package ksecurity.impl;

import ksecurity.security.AESKey;
import ksecurity.security.CryptoException;

/** An AES key of 128, 192 or 256 bits (transient types behave as persistent ones here). */
public class AesKeyImpl implements AESKey {
    private final byte type;
    private final short bits;
    final SecretKeyData key;

    public AesKeyImpl(byte type, short bits) {
        if (bits != 128 && bits != 192 && bits != 256) {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "AES keys are 128, 192 or 256 bits");
        }
        this.type = type;
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
        return type;
    }

    public short getSize() {
        return bits;
    }

    /** Reads getSize()/8 bytes at keyData[kOff]. */
    public void setKey(byte[] keyData, short kOff) {
        key.set(keyData, kOff, bits / 8);
    }

    /** Writes the key at keyData[kOff]; returns its length in bytes. */
    public byte getKey(byte[] keyData, short kOff) {
        return (byte) key.get(keyData, kOff);
    }
}
