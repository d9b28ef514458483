package ksecurity.impl;

import ksecurity.security.*;
import ksecurity.crypto.*;

/** Not written yet: the algorithm is announced but not implemented, so it refuses. */
public class RsaPrivateCrtKeyImpl implements RSAPrivateCrtKey {
    public RsaPrivateCrtKeyImpl(byte type, short bits) {
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
    public void setP(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setQ(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setDP1(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setDQ1(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setPQ(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getP(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getQ(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getDP1(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getDQ1(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getPQ(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
}
