package ksecurity.impl;

import ksecurity.prim.Digest;
import ksecurity.security.CryptoException;
import ksecurity.security.InitializedMessageDigest;

/** MD5, SHA-1, SHA-224, SHA-256, SHA-384 and SHA-512 behind the Java Card MessageDigest API. */
public class MessageDigestImpl extends InitializedMessageDigest {
    private final byte algorithm;
    private final Digest digest;

    public MessageDigestImpl(byte algorithm) {
        digest = Digests.forAlgorithm(algorithm);
        this.algorithm = algorithm;
    }

    public byte getAlgorithm() {
        return algorithm;
    }

    public byte getLength() {
        return (byte) digest.digestSize();
    }

    public short doFinal(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset) {
        Args.range(inBuff, inOffset, inLength, "input");
        Args.range(outBuff, outOffset, digest.digestSize(), "output");
        digest.update(inBuff, inOffset, inLength);
        return (short) digest.doFinal(outBuff, outOffset);
    }

    public void update(byte[] inBuff, short inOffset, short inLength) {
        Args.range(inBuff, inOffset, inLength, "input");
        digest.update(inBuff, inOffset, inLength);
    }

    public void reset() {
        digest.reset();
    }

    /**
     * Resumes from an intermediate chaining value (the whole state: 16 bytes for MD5, 20 for
     * SHA-1, 32 for SHA-224 and SHA-256, 64 for SHA-384 and SHA-512, in the digest's own byte
     * order) and the big-endian count of bytes it covers (1..8 bytes, a multiple of the block
     * size: 64, or 128 for SHA-384 and SHA-512).
     */
    public void setInitialDigest(byte[] initialDigestBuf, short initialDigestOffset, short initialDigestLength,
            byte[] digestedMsgLenBuf, short digestedMsgLenOffset, short digestedMsgLenLength) {
        if (initialDigestLength != digest.stateSize()) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "intermediate digest has the wrong length");
        }
        Args.range(initialDigestBuf, initialDigestOffset, initialDigestLength, "intermediate digest");
        if (digestedMsgLenLength < 1 || digestedMsgLenLength > 8) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "message length must be 1..8 bytes");
        }
        Args.range(digestedMsgLenBuf, digestedMsgLenOffset, digestedMsgLenLength, "message length");
        long count = 0;
        for (int i = 0; i < digestedMsgLenLength; i++) {
            count = (count << 8) | (digestedMsgLenBuf[digestedMsgLenOffset + i] & 0xff);
        }
        if (count < 0 || count % digest.blockSize() != 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "message length must be a multiple of the block size");
        }
        digest.importState(initialDigestBuf, initialDigestOffset, count);
    }
}
