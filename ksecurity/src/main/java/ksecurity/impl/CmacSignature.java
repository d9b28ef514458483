package ksecurity.impl;

import ksecurity.security.*;
import ksecurity.crypto.*;

/** Not written yet: the algorithm is announced but not implemented, so it refuses. */
public class CmacSignature extends Signature {
    public CmacSignature(byte algorithm) {
        throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "not implemented yet");
    }
    public void init(Key theKey, byte theMode) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void init(Key theKey, byte theMode, byte[] bArray, short bOff, short bLen) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setInitialDigest(byte[] initialDigestBuf, short initialDigestOffset, short initialDigestLength, byte[] digestedMsgLenBuf, short digestedMsgLenOffset, short digestedMsgLenLength) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public byte getAlgorithm() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public byte getMessageDigestAlgorithm() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public byte getCipherAlgorithm() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public byte getPaddingAlgorithm() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short getLength() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void update(byte[] inBuff, short inOffset, short inLength) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short sign(byte[] inBuff, short inOffset, short inLength, byte[] sigBuff, short sigOffset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short signPreComputedHash(byte[] hashBuff, short hashOff, short hashLength, byte[] sigBuff, short sigOffset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public boolean verify(byte[] inBuff, short inOffset, short inLength, byte[] sigBuff, short sigOffset, short sigLength) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public boolean verifyPreComputedHash(byte[] hashBuff, short hashOff, short hashLength, byte[] sigBuff, short sigOffset, short sigLength) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
}
