package ksecurity.impl;

import ksecurity.security.*;
import ksecurity.crypto.*;

/** Not written yet: the algorithm is announced but not implemented, so it refuses. */
public class MessageDigestImpl extends InitializedMessageDigest {
    public MessageDigestImpl(byte algorithm) {
        throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "not implemented yet");
    }
    public byte getAlgorithm() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public byte getLength() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public short doFinal(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void update(byte[] inBuff, short inOffset, short inLength) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void reset() {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
    public void setInitialDigest(byte[] initialDigestBuf, short initialDigestOffset, short initialDigestLength, byte[] digestedMsgLenBuf, short digestedMsgLenOffset, short digestedMsgLenLength) {
        throw new CryptoException(CryptoException.ILLEGAL_USE);
    }
}
