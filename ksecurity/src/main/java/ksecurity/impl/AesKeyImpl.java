package ksecurity.impl;

import ksecurity.security.*;
import ksecurity.crypto.*;

/** Not written yet: the algorithm is announced but not implemented, so it refuses. */
public class AesKeyImpl implements AESKey {
    public AesKeyImpl(byte type, short bits) {
        throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "not implemented yet");
    }
    public boolean isInitialized() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void clearKey() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public byte getType() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getSize() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setKey(byte[] keyData, short kOff) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public byte getKey(byte[] keyData, short kOff) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
}
