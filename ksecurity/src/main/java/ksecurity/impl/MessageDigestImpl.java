package ksecurity.impl;

import ksecurity.prim.BlockDigest;
import ksecurity.prim.Md5;
import ksecurity.prim.Sha1;
import ksecurity.prim.Sha224;
import ksecurity.prim.Sha256;
import ksecurity.security.CryptoException;
import ksecurity.security.InitializedMessageDigest;
import ksecurity.security.MessageDigest;

/** MD5, SHA-1, SHA-224 and SHA-256 behind the Java Card MessageDigest API. */
public class MessageDigestImpl extends InitializedMessageDigest {
    private final byte algorithm;
    private final BlockDigest digest;

    public MessageDigestImpl(byte algorithm) {
        switch (algorithm) {
            case MessageDigest.ALG_MD5: digest = new Md5(); break;
            case MessageDigest.ALG_SHA: digest = new Sha1(); break;
            case MessageDigest.ALG_SHA_224: digest = new Sha224(); break;
            case MessageDigest.ALG_SHA_256: digest = new Sha256(); break;
            default:
                throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "digest algorithm not supported");
        }
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
     * SHA-1, 32 for SHA-224 and SHA-256, in the digest's own byte order) and the big-endian
     * count of bytes it covers (1..8 bytes, a multiple of 64).
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
        if (count < 0 || (count & 63) != 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "message length must be a multiple of 64");
        }
        digest.importState(initialDigestBuf, initialDigestOffset, count);
    }
}
