package ksecurity.impl;

import ksecurity.security.*;
import ksecurity.crypto.*;

/** Not written yet: the algorithm is announced but not implemented, so it refuses. */
public class RsaPrivateKeyImpl implements RSAPrivateKey {
    public RsaPrivateKeyImpl(byte type, short bits) {
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
    public void setModulus(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setExponent(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getModulus(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getExponent(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
}
