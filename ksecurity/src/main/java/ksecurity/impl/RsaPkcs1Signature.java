package ksecurity.impl;

import ksecurity.crypto.Cipher;
import ksecurity.math.Pkcs1;
import ksecurity.security.CryptoException;
import ksecurity.security.Key;
import ksecurity.security.MessageDigest;
import ksecurity.security.RSAPublicKey;

/**
 * RSA PKCS#1 v1.5 signatures (RFC 8017 RSASSA-PKCS1-v1_5) with MD5, SHA-1, SHA-224, SHA-256,
 * SHA-384 or SHA-512.
 * Verification re-encodes the expected block and compares it whole, so no parsing of the
 * recovered block can be fooled (no Bleichenbacher'06 forgery).
 */
public class RsaPkcs1Signature extends HashSignature {
    private RsaOp key;

    public RsaPkcs1Signature(byte algorithm) {
        super(algorithm, digestAlgorithm(algorithm));
    }

    private static byte digestAlgorithm(byte algorithm) {
        switch (algorithm) {
            case ALG_RSA_MD5_PKCS1: return MessageDigest.ALG_MD5;
            case ALG_RSA_SHA_PKCS1: return MessageDigest.ALG_SHA;
            case ALG_RSA_SHA_224_PKCS1: return MessageDigest.ALG_SHA_224;
            case ALG_RSA_SHA_256_PKCS1: return MessageDigest.ALG_SHA_256;
            case ALG_RSA_SHA_384_PKCS1: return MessageDigest.ALG_SHA_384;
            case ALG_RSA_SHA_512_PKCS1: return MessageDigest.ALG_SHA_512;
            default: throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "not an RSA PKCS#1 signature");
        }
    }

    void bind(Key theKey, byte theMode) {
        if (!(theKey instanceof RsaOp)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA signature needs an RSA key");
        }
        if (theMode == MODE_SIGN && theKey instanceof RSAPublicKey) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "signing needs an RSA private key");
        }
        if (theMode == MODE_VERIFY && !(theKey instanceof RSAPublicKey)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "verification needs an RSA public key");
        }
        key = (RsaOp) theKey;
    }

    public byte getCipherAlgorithm() {
        return SIG_CIPHER_RSA;
    }

    public byte getPaddingAlgorithm() {
        return Cipher.PAD_PKCS1;
    }

    public short getLength() {
        mode();
        return (short) key.modulusLength();
    }

    short signHash(byte[] h, byte[] sigBuff, short sigOffset) {
        requireMode(MODE_SIGN);
        int k = key.modulusLength();
        byte[] em = new byte[k];
        Pkcs1.encodeSignature(getMessageDigestAlgorithm(), h, 0, h.length, k, em);
        EcDomain.range(sigBuff, sigOffset, k, "signature buffer");
        byte[] sig = new byte[k];
        key.apply(em, 0, k, sig, 0);
        System.arraycopy(sig, 0, sigBuff, sigOffset, k);
        return (short) k;
    }

    boolean verifyHash(byte[] h, byte[] sigBuff, short sigOffset, short sigLength) {
        requireMode(MODE_VERIFY);
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
        return Pkcs1.isSignatureBlock(recovered, Pkcs1.digestInfoPrefix(getMessageDigestAlgorithm()), h, 0, h.length, k);
    }
}
