package ksecurity.impl;

import ksecurity.security.*;
import ksecurity.crypto.*;

/** Not written yet: the algorithm is announced but not implemented, so it refuses. */
public class EcPublicKeyImpl implements ECPublicKey {
    public EcPublicKeyImpl(short bits) {
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
    public void setFieldFP(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setFieldF2M(short e) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setFieldF2M(short e1, short e2, short e3) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setA(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setB(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setG(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setR(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setK(short k) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getField(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getA(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getB(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getG(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getR(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getK() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void copyDomainParametersFrom(ECKey other) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setW(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getW(byte[] buffer, short offset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
}
