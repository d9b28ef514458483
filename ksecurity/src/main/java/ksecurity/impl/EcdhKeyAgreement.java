package ksecurity.impl;

import ksecurity.security.*;
import ksecurity.crypto.*;

/** Not written yet: the algorithm is announced but not implemented, so it refuses. */
public class EcdhKeyAgreement extends KeyAgreement {
    public EcdhKeyAgreement(byte algorithm) {
        throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "not implemented yet");
    }
    public void init(PrivateKey privKey) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public byte getAlgorithm() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short generateSecret(byte[] publicData, short publicOffset, short publicLength, byte[] secret, short secretOffset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
}
