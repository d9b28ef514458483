package ksecurity.impl;

import ksecurity.crypto.Cipher;
import ksecurity.math.Curves;
import ksecurity.math.Ecdsa;
import ksecurity.security.CryptoException;
import ksecurity.security.Key;
import ksecurity.security.MessageDigest;
import ksecurity.security.RandomData;

/**
 * ECDSA with SHA-1, SHA-224, SHA-256, SHA-384 or SHA-512, as Java Card's ALG_ECDSA_SHA*
 * signatures: DER-encoded SEQUENCE { r, s } output, RFC 6979 nonces hedged with fresh random
 * bytes (Ecdsa.sign) from the caller's source (setRandomData) or else the platform's. verify
 * returns false for any malformed signature (bad DER, r or s outside [1, n-1]).
 */
public class EcdsaSignature extends HashSignature {
    /** The platform's secure source, shared by every signature that was given none. */
    private static RandomData platform;
    private static final Object LOCK = new Object();

    private EcPrivateKeyImpl privateKey;
    private EcPublicKeyImpl publicKey;
    private RandomData random;

    public EcdsaSignature(byte algorithm) {
        super(algorithm, digestAlgorithm(algorithm));
    }

    private static byte digestAlgorithm(byte algorithm) {
        switch (algorithm) {
            case ALG_ECDSA_SHA: return MessageDigest.ALG_SHA;
            case ALG_ECDSA_SHA_224: return MessageDigest.ALG_SHA_224;
            case ALG_ECDSA_SHA_256: return MessageDigest.ALG_SHA_256;
            case ALG_ECDSA_SHA_384: return MessageDigest.ALG_SHA_384;
            case ALG_ECDSA_SHA_512: return MessageDigest.ALG_SHA_512;
            default: throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "not an ECDSA algorithm");
        }
    }

    public void setRandomData(RandomData theRandom) {
        if (theRandom == null) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "no random source");
        }
        random = theRandom;
    }

    /** The caller's source, or the platform's (made on the first signature that needs it). */
    private RandomData random() {
        if (random != null) {
            return random;
        }
        synchronized (LOCK) {
            if (platform == null) {
                platform = RandomData.getInstance(RandomData.ALG_SECURE_RANDOM);
            }
            return platform;
        }
    }

    void bind(Key theKey, byte theMode) {
        if (theMode == MODE_SIGN) {
            if (!(theKey instanceof EcPrivateKeyImpl)) {
                throw new CryptoException(CryptoException.ILLEGAL_VALUE, "ECDSA signing needs an EC private key");
            }
            privateKey = (EcPrivateKeyImpl) theKey;
            publicKey = null;
        } else {
            if (!(theKey instanceof EcPublicKeyImpl)) {
                throw new CryptoException(CryptoException.ILLEGAL_VALUE, "ECDSA verification needs an EC public key");
            }
            publicKey = (EcPublicKeyImpl) theKey;
            privateKey = null;
        }
    }

    public byte getCipherAlgorithm() {
        return SIG_CIPHER_ECDSA;
    }

    public byte getPaddingAlgorithm() {
        return Cipher.PAD_NULL;
    }

    /** The longest DER signature for the key's curve. */
    public short getLength() {
        EcKeyImpl key = mode() == MODE_SIGN ? (EcKeyImpl) privateKey : publicKey;
        return (short) Ecdsa.maxDerLength(key.curve());
    }

    short signHash(byte[] h, byte[] sigBuff, short sigOffset) {
        requireMode(MODE_SIGN);
        int curve = privateKey.curve();
        byte[] raw = new byte[2 * Curves.orderBytes(curve)];
        Ecdsa.sign(curve, privateKey.scalar(), 0, h, 0, h.length, Digests.forAlgorithm(getMessageDigestAlgorithm()),
                random(), raw, 0);
        byte[] der = new byte[Ecdsa.maxDerLength(curve)];
        int len = Ecdsa.derEncode(curve, raw, 0, der, 0);
        EcDomain.range(sigBuff, sigOffset, len, "signature buffer");
        System.arraycopy(der, 0, sigBuff, sigOffset, len);
        return (short) len;
    }

    boolean verifyHash(byte[] h, byte[] sigBuff, short sigOffset, short sigLength) {
        requireMode(MODE_VERIFY);
        EcDomain.range(sigBuff, sigOffset, sigLength, "signature");
        int curve = publicKey.curve();
        byte[] raw = new byte[2 * Curves.orderBytes(curve)];
        try {
            Ecdsa.derDecode(curve, sigBuff, sigOffset, sigLength, raw, 0);
        } catch (CryptoException malformed) {
            return false;
        }
        return Ecdsa.verify(curve, publicKey.point(), h, 0, h.length, raw, 0);
    }
}
