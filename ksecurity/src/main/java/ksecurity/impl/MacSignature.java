package ksecurity.impl;

import ksecurity.prim.Bytes;
import ksecurity.security.CryptoException;
import ksecurity.security.Key;
import ksecurity.security.Signature;

/**
 * What HMAC and CMAC share behind the Java Card Signature API: modes, the initialised check,
 * sign and verify (verify compares in constant time), and the refusal of the operations a MAC
 * has no meaning for. After sign or verify the object is ready for a new message with the
 * same key, as Java Card specifies.
 */
abstract class MacSignature extends Signature {
    private final byte algorithm;
    private byte mode;
    private final byte[] mac = new byte[64];

    MacSignature(byte algorithm) {
        this.algorithm = algorithm;
    }

    /** Checks the key and starts a MAC with it. */
    abstract void setKey(Key theKey);

    abstract void macUpdate(byte[] in, int off, int len);

    /** Writes getLength() bytes and restarts with the same key. */
    abstract void macFinal(byte[] out, int off);

    public void init(Key theKey, byte theMode) {
        Args.mode(theMode, MODE_SIGN, MODE_VERIFY);
        setKey(theKey);
        mode = theMode;
    }

    public void init(Key theKey, byte theMode, byte[] bArray, short bOff, short bLen) {
        throw new CryptoException(CryptoException.ILLEGAL_VALUE, "this MAC takes no parameters");
    }

    public void setInitialDigest(byte[] initialDigestBuf, short initialDigestOffset, short initialDigestLength,
            byte[] digestedMsgLenBuf, short digestedMsgLenOffset, short digestedMsgLenLength) {
        throw new CryptoException(CryptoException.ILLEGAL_USE, "a MAC cannot resume from an intermediate digest");
    }

    public byte getAlgorithm() {
        return algorithm;
    }

    public byte getPaddingAlgorithm() {
        return 0; // Cipher.PAD_NULL
    }

    public void update(byte[] inBuff, short inOffset, short inLength) {
        checkInit();
        Args.range(inBuff, inOffset, inLength, "input");
        macUpdate(inBuff, inOffset, inLength);
    }

    public short sign(byte[] inBuff, short inOffset, short inLength, byte[] sigBuff, short sigOffset) {
        checkInit();
        if (mode != MODE_SIGN) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "initialised for verify, not sign");
        }
        short n = getLength();
        Args.range(inBuff, inOffset, inLength, "input");
        Args.range(sigBuff, sigOffset, n, "signature output");
        macUpdate(inBuff, inOffset, inLength);
        macFinal(sigBuff, sigOffset);
        return n;
    }

    /** True if sigLength is the MAC length and the bytes match (compared in constant time). */
    public boolean verify(byte[] inBuff, short inOffset, short inLength, byte[] sigBuff, short sigOffset,
            short sigLength) {
        checkInit();
        if (mode != MODE_VERIFY) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "initialised for sign, not verify");
        }
        Args.range(inBuff, inOffset, inLength, "input");
        Args.range(sigBuff, sigOffset, sigLength, "signature");
        short n = getLength();
        macUpdate(inBuff, inOffset, inLength);
        macFinal(mac, 0);
        // The length is public; only the contents are compared in constant time.
        return sigLength == n && Bytes.equalsConstantTime(mac, 0, sigBuff, sigOffset, n);
    }

    public short signPreComputedHash(byte[] hashBuff, short hashOff, short hashLength, byte[] sigBuff,
            short sigOffset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE, "a MAC cannot sign a precomputed hash");
    }

    public boolean verifyPreComputedHash(byte[] hashBuff, short hashOff, short hashLength, byte[] sigBuff,
            short sigOffset, short sigLength) {
        throw new CryptoException(CryptoException.ILLEGAL_USE, "a MAC cannot verify a precomputed hash");
    }

    private void checkInit() {
        if (mode == 0) {
            throw new CryptoException(CryptoException.INVALID_INIT, "signature not initialised");
        }
    }
}
