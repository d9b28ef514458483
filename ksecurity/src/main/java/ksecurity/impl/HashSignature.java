package ksecurity.impl;

import ksecurity.prim.Digest;
import ksecurity.security.CryptoException;
import ksecurity.security.Key;
import ksecurity.security.Signature;

/**
 * What ECDSA and RSA PKCS#1 signatures share: hash the message (or take a precomputed hash of
 * the right length), then sign or verify the hash with the key the subclass binds.
 */
abstract class HashSignature extends Signature {
    private final byte algorithm;
    private final byte mdAlgorithm;
    private final Digest digest;
    private byte mode;

    HashSignature(byte algorithm, byte mdAlgorithm) {
        this.algorithm = algorithm;
        this.mdAlgorithm = mdAlgorithm;
        this.digest = Digests.forAlgorithm(mdAlgorithm);
    }

    static void checkInitialized(Key k) {
        if (!k.isInitialized()) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "key not initialized");
        }
    }

    /** Takes the key for the mode (MODE_SIGN or MODE_VERIFY), or ILLEGAL_VALUE if it does not fit. */
    abstract void bind(Key key, byte mode);

    /** Signs the hash h into sigBuff; returns the signature's length. */
    abstract short signHash(byte[] h, byte[] sigBuff, short sigOffset);

    /** Whether the signature is valid for the hash h (false for any malformed signature). */
    abstract boolean verifyHash(byte[] h, byte[] sigBuff, short sigOffset, short sigLength);

    public void init(Key theKey, byte theMode) {
        if (theMode != MODE_SIGN && theMode != MODE_VERIFY) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "unknown signature mode");
        }
        if (theKey == null) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "no key");
        }
        bind(theKey, theMode);
        checkInitialized(theKey);
        mode = theMode;
        digest.reset();
    }

    public void init(Key theKey, byte theMode, byte[] bArray, short bOff, short bLen) {
        throw new CryptoException(CryptoException.ILLEGAL_VALUE, "this signature takes no initialization parameters");
    }

    public void setInitialDigest(byte[] initialDigestBuf, short initialDigestOffset, short initialDigestLength,
            byte[] digestedMsgLenBuf, short digestedMsgLenOffset, short digestedMsgLenLength) {
        throw new CryptoException(CryptoException.ILLEGAL_USE, "setInitialDigest is not supported here");
    }

    public byte getAlgorithm() {
        return algorithm;
    }

    public byte getMessageDigestAlgorithm() {
        return mdAlgorithm;
    }

    /** The mode init set; INVALID_INIT before init. */
    byte mode() {
        if (mode == 0) {
            throw new CryptoException(CryptoException.INVALID_INIT, "signature not initialized");
        }
        return mode;
    }

    public void update(byte[] inBuff, short inOffset, short inLength) {
        mode();
        EcDomain.range(inBuff, inOffset, inLength, "input");
        digest.update(inBuff, inOffset, inLength);
    }

    public short sign(byte[] inBuff, short inOffset, short inLength, byte[] sigBuff, short sigOffset) {
        update(inBuff, inOffset, inLength);
        return signHash(finishHash(), sigBuff, sigOffset);
    }

    public short signPreComputedHash(byte[] hashBuff, short hashOff, short hashLength, byte[] sigBuff,
            short sigOffset) {
        return signHash(hashArgument(hashBuff, hashOff, hashLength), sigBuff, sigOffset);
    }

    public boolean verify(byte[] inBuff, short inOffset, short inLength, byte[] sigBuff, short sigOffset,
            short sigLength) {
        update(inBuff, inOffset, inLength);
        return verifyHash(finishHash(), sigBuff, sigOffset, sigLength);
    }

    public boolean verifyPreComputedHash(byte[] hashBuff, short hashOff, short hashLength, byte[] sigBuff,
            short sigOffset, short sigLength) {
        return verifyHash(hashArgument(hashBuff, hashOff, hashLength), sigBuff, sigOffset, sigLength);
    }

    /** ILLEGAL_USE unless init chose the given mode. */
    void requireMode(byte wanted) {
        if (mode() != wanted) {
            throw new CryptoException(CryptoException.ILLEGAL_USE,
                    wanted == MODE_SIGN ? "signature initialized for verification" : "signature initialized for signing");
        }
    }

    private byte[] finishHash() {
        byte[] h = new byte[digest.digestSize()];
        digest.doFinal(h, 0);
        return h;
    }

    private byte[] hashArgument(byte[] hashBuff, short hashOff, short hashLength) {
        mode();
        EcDomain.range(hashBuff, hashOff, hashLength, "hash");
        if (hashLength != digest.digestSize()) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "hash length does not match the algorithm");
        }
        byte[] h = new byte[hashLength];
        System.arraycopy(hashBuff, hashOff, h, 0, hashLength);
        return h;
    }
}
