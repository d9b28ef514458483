package ksecurity.impl;

import ksecurity.crypto.Cipher;
import ksecurity.math.Pkcs1;
import ksecurity.prim.Digest;
import ksecurity.security.CryptoException;
import ksecurity.security.Key;
import ksecurity.security.MessageDigest;
import ksecurity.security.RSAPublicKey;
import ksecurity.security.Signature;

/**
 * RSA PKCS#1 v1.5 signatures (RFC 8017 RSASSA-PKCS1-v1_5) with MD5, SHA-1, SHA-224 or SHA-256.
 * Verification re-encodes the expected block and compares it whole, so no parsing of the
 * recovered block can be fooled (no Bleichenbacher'06 forgery).
 */
public class RsaPkcs1Signature extends Signature {
    private final byte algorithm;
    private final byte mdAlgorithm;
    private final Digest digest;
    private RsaOp key;
    private byte mode;

    public RsaPkcs1Signature(byte algorithm) {
        switch (algorithm) {
            case ALG_RSA_MD5_PKCS1: mdAlgorithm = MessageDigest.ALG_MD5; break;
            case ALG_RSA_SHA_PKCS1: mdAlgorithm = MessageDigest.ALG_SHA; break;
            case ALG_RSA_SHA_224_PKCS1: mdAlgorithm = MessageDigest.ALG_SHA_224; break;
            case ALG_RSA_SHA_256_PKCS1: mdAlgorithm = MessageDigest.ALG_SHA_256; break;
            default: throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "not an RSA PKCS#1 signature");
        }
        this.algorithm = algorithm;
        this.digest = EcdsaSignature.digestFor(mdAlgorithm);
    }

    public void init(Key theKey, byte theMode) {
        if (!(theKey instanceof RsaOp)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA signature needs an RSA key");
        }
        if (theMode == MODE_SIGN && theKey instanceof RSAPublicKey) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "signing needs an RSA private key");
        }
        if (theMode == MODE_VERIFY && !(theKey instanceof RSAPublicKey)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "verification needs an RSA public key");
        }
        if (theMode != MODE_SIGN && theMode != MODE_VERIFY) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "unknown signature mode");
        }
        EcdsaSignature.checkInitialized(theKey);
        key = (RsaOp) theKey;
        mode = theMode;
        digest.reset();
    }

    public void init(Key theKey, byte theMode, byte[] bArray, short bOff, short bLen) {
        throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA PKCS#1 takes no initialization parameters");
    }

    public void setInitialDigest(byte[] initialDigestBuf, short initialDigestOffset, short initialDigestLength,
            byte[] digestedMsgLenBuf, short digestedMsgLenOffset, short digestedMsgLenLength) {
        throw new CryptoException(CryptoException.ILLEGAL_USE, "setInitialDigest is not supported for RSA");
    }

    public byte getAlgorithm() {
        return algorithm;
    }

    public byte getMessageDigestAlgorithm() {
        return mdAlgorithm;
    }

    public byte getCipherAlgorithm() {
        return SIG_CIPHER_RSA;
    }

    public byte getPaddingAlgorithm() {
        return Cipher.PAD_PKCS1;
    }

    public short getLength() {
        return (short) ready().modulusLength();
    }

    private RsaOp ready() {
        if (key == null) {
            throw new CryptoException(CryptoException.INVALID_INIT, "signature not initialized");
        }
        return key;
    }

    public void update(byte[] inBuff, short inOffset, short inLength) {
        ready();
        EcDomain.range(inBuff, inOffset, inLength, "input");
        digest.update(inBuff, inOffset, inLength);
    }

    public short sign(byte[] inBuff, short inOffset, short inLength, byte[] sigBuff, short sigOffset) {
        update(inBuff, inOffset, inLength);
        byte[] h = new byte[digest.digestSize()];
        digest.doFinal(h, 0);
        return signHash(h, sigBuff, sigOffset);
    }

    public short signPreComputedHash(byte[] hashBuff, short hashOff, short hashLength, byte[] sigBuff,
            short sigOffset) {
        ready();
        return signHash(hashArgument(hashBuff, hashOff, hashLength), sigBuff, sigOffset);
    }

    private byte[] hashArgument(byte[] hashBuff, short hashOff, short hashLength) {
        EcDomain.range(hashBuff, hashOff, hashLength, "hash");
        if (hashLength != digest.digestSize()) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "hash length does not match the algorithm");
        }
        byte[] h = new byte[hashLength];
        System.arraycopy(hashBuff, hashOff, h, 0, hashLength);
        return h;
    }

    private short signHash(byte[] h, byte[] sigBuff, short sigOffset) {
        if (mode != MODE_SIGN) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "signature initialized for verification");
        }
        int k = key.modulusLength();
        byte[] em = new byte[k];
        Pkcs1.encodeSignature(mdAlgorithm, h, 0, h.length, k, em);
        EcDomain.range(sigBuff, sigOffset, k, "signature buffer");
        byte[] sig = new byte[k];
        key.apply(em, 0, k, sig, 0);
        System.arraycopy(sig, 0, sigBuff, sigOffset, k);
        return (short) k;
    }

    public boolean verify(byte[] inBuff, short inOffset, short inLength, byte[] sigBuff, short sigOffset,
            short sigLength) {
        update(inBuff, inOffset, inLength);
        byte[] h = new byte[digest.digestSize()];
        digest.doFinal(h, 0);
        return verifyHash(h, sigBuff, sigOffset, sigLength);
    }

    public boolean verifyPreComputedHash(byte[] hashBuff, short hashOff, short hashLength, byte[] sigBuff,
            short sigOffset, short sigLength) {
        ready();
        return verifyHash(hashArgument(hashBuff, hashOff, hashLength), sigBuff, sigOffset, sigLength);
    }

    private boolean verifyHash(byte[] h, byte[] sigBuff, short sigOffset, short sigLength) {
        if (mode != MODE_VERIFY) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "signature initialized for signing");
        }
        EcDomain.range(sigBuff, sigOffset, sigLength, "signature");
        int k = key.modulusLength();
        if (sigLength != k) {
            return false;
        }
        byte[] recovered = new byte[k];
        try {
            key.apply(sigBuff, sigOffset, sigLength, recovered, 0);
        } catch (CryptoException notBelowModulus) {
            return false;
        }
        byte[] expected = new byte[k];
        Pkcs1.encodeSignature(mdAlgorithm, h, 0, h.length, k, expected);
        int diff = 0;
        for (int i = 0; i < k; i++) {
            diff |= recovered[i] ^ expected[i];
        }
        return diff == 0;
    }
}
