package ksecurity.impl;

import ksecurity.crypto.Cipher;
import ksecurity.math.Pkcs1;
import ksecurity.security.CryptoException;
import ksecurity.security.Key;
import ksecurity.security.RandomData;

/**
 * RSA encryption as Java Card's ALG_RSA_PKCS1 (RFC 8017 RSAES-PKCS1-v1_5) and ALG_RSA_NOPAD
 * (raw RSA on exactly k bytes). Either key kind may be used in either mode, as on Java Card:
 * the key decides the exponent. Decryption checks the padding in constant time and then fails
 * with ILLEGAL_VALUE; TLS servers should decrypt with NOPAD and use
 * Pkcs1.decodeEncryptionOrFallback instead (no padding oracle at all).
 */
public class RsaCipher extends Cipher {
    private final byte algorithm;
    private RsaOp key;
    private byte mode;

    public RsaCipher(byte algorithm) {
        if (algorithm != ALG_RSA_PKCS1 && algorithm != ALG_RSA_NOPAD) {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "not an RSA cipher algorithm");
        }
        this.algorithm = algorithm;
    }

    public void init(Key theKey, byte theMode) {
        if (!(theKey instanceof RsaOp)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA cipher needs an RSA key");
        }
        if (theMode != MODE_ENCRYPT && theMode != MODE_DECRYPT) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "unknown cipher mode");
        }
        HashSignature.checkInitialized(theKey);
        key = (RsaOp) theKey;
        mode = theMode;
    }

    public void init(Key theKey, byte theMode, byte[] bArray, short bOff, short bLen) {
        throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA takes no initialization parameters");
    }

    public byte getAlgorithm() {
        return algorithm;
    }

    public byte getCipherAlgorithm() {
        return CIPHER_RSA;
    }

    public byte getPaddingAlgorithm() {
        return algorithm == ALG_RSA_PKCS1 ? PAD_PKCS1 : PAD_NOPAD;
    }

    public short doFinal(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset) {
        if (key == null) {
            throw new CryptoException(CryptoException.INVALID_INIT, "cipher not initialized");
        }
        EcDomain.range(inBuff, inOffset, inLength, "input");
        int k = key.modulusLength();
        byte[] result = new byte[k];
        if (algorithm == ALG_RSA_NOPAD) {
            key.apply(inBuff, inOffset, inLength, result, 0);
            return output(result, 0, k, outBuff, outOffset);
        }
        if (mode == MODE_ENCRYPT) {
            byte[] em = new byte[k];
            Pkcs1.encodeEncryption(inBuff, inOffset, inLength, k,
                    RandomData.getInstance(RandomData.ALG_SECURE_RANDOM), em);
            key.apply(em, 0, k, result, 0);
            return output(result, 0, k, outBuff, outOffset);
        }
        key.apply(inBuff, inOffset, inLength, result, 0);
        int start = Pkcs1.decodeEncryption(result, k);
        if (start < 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "bad PKCS#1 v1.5 encryption padding");
        }
        return output(result, start, k - start, outBuff, outOffset);
    }

    private static short output(byte[] v, int off, int len, byte[] outBuff, short outOffset) {
        EcDomain.range(outBuff, outOffset, len, "output buffer");
        System.arraycopy(v, off, outBuff, outOffset, len);
        for (int i = 0; i < v.length; i++) {
            v[i] = 0;
        }
        return (short) len;
    }

    public short update(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset) {
        throw new CryptoException(CryptoException.ILLEGAL_USE, "RSA takes its whole input in doFinal");
    }
}
