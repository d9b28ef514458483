package ksecurity.security;

import ksecurity.impl.KeyPairGenerator;

/**
 * A public/private key pair, as javacard.security.KeyPair. genKeyPair() draws a fresh pair
 * (RSA: e = 65537 unless the public exponent was set first; EC: the key's curve).
 */
public final class KeyPair {
    public static final byte ALG_RSA = 1;
    public static final byte ALG_RSA_CRT = 2;
    public static final byte ALG_DSA = 3;
    public static final byte ALG_EC_F2M = 4;
    public static final byte ALG_EC_FP = 5;
    public static final byte ALG_DH = 6;

    private final byte algorithm;
    private final PublicKey publicKey;
    private final PrivateKey privateKey;

    public KeyPair(byte algorithm, short keyLength) throws CryptoException {
        this.algorithm = algorithm;
        switch (algorithm) {
            case ALG_RSA:
                publicKey = (PublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_PUBLIC, keyLength, false);
                privateKey = (PrivateKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_PRIVATE, keyLength, false);
                break;
            case ALG_RSA_CRT:
                publicKey = (PublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_PUBLIC, keyLength, false);
                privateKey = (PrivateKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_CRT_PRIVATE, keyLength, false);
                break;
            case ALG_EC_FP:
                publicKey = (PublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PUBLIC, keyLength, false);
                privateKey = (PrivateKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PRIVATE, keyLength, false);
                break;
            default:
                throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "key pair algorithm not supported");
        }
    }

    public KeyPair(PublicKey publicKey, PrivateKey privateKey) throws CryptoException {
        if (publicKey == null || privateKey == null) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "null key");
        }
        if (publicKey instanceof ECPublicKey && privateKey instanceof ECPrivateKey) {
            algorithm = ALG_EC_FP;
        } else if (publicKey instanceof RSAPublicKey && privateKey instanceof RSAPrivateCrtKey) {
            algorithm = ALG_RSA_CRT;
        } else if (publicKey instanceof RSAPublicKey && privateKey instanceof RSAPrivateKey) {
            algorithm = ALG_RSA;
        } else {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "keys of different kinds");
        }
        if (publicKey.getSize() != privateKey.getSize()) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "keys of different sizes");
        }
        this.publicKey = publicKey;
        this.privateKey = privateKey;
    }

    public final void genKeyPair() throws CryptoException {
        KeyPairGenerator.generate(algorithm, publicKey, privateKey);
    }

    public PublicKey getPublic() {
        return publicKey;
    }

    public PrivateKey getPrivate() {
        return privateKey;
    }
}
