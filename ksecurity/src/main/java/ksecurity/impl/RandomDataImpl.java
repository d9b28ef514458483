package ksecurity.impl;

import ksecurity.security.*;
import ksecurity.crypto.*;

/** Not written yet: the algorithm is announced but not implemented, so it refuses. */
public class RandomDataImpl extends RandomData {
    public RandomDataImpl(byte algorithm) {
        throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "not implemented yet");
    }
    public void generateData(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short nextBytes(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setSeed(byte[] buffer, short offset, short length) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public byte getAlgorithm() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
}
