package ksecurity.impl;

import ksecurity.security.*;
import ksecurity.crypto.*;

/** Not written yet: the algorithm is announced but not implemented, so it refuses. */
public class SymmetricCipher extends Cipher {
    public SymmetricCipher(byte algorithm) {
        throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "not implemented yet");
    }
    public void init(Key theKey, byte theMode) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void init(Key theKey, byte theMode, byte[] bArray, short bOff, short bLen) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public byte getAlgorithm() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public byte getCipherAlgorithm() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public byte getPaddingAlgorithm() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short doFinal(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short update(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
}
