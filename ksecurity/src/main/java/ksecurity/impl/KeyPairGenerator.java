package ksecurity.impl;

import ksecurity.math.Curves;
import ksecurity.math.EcKeys;
import ksecurity.math.EcPoints;
import ksecurity.math.RsaKeyGen;
import ksecurity.math.RsaKeyMaterial;
import ksecurity.security.CryptoException;
import ksecurity.security.KeyPair;
import ksecurity.security.PrivateKey;
import ksecurity.security.PublicKey;
import ksecurity.security.RSAPrivateCrtKey;
import ksecurity.security.RSAPrivateKey;
import ksecurity.security.RandomData;

/**
 * KeyPair.genKeyPair's work: EC pairs on the keys' named curve (private scalar uniform in
 * [1, n-1]), RSA pairs of the keys' size up to 2048 bits with e = 65537 unless the public key's
 * exponent was set first. Randomness comes from RandomData.ALG_KEYGENERATION.
 */
public final class KeyPairGenerator {
    private KeyPairGenerator() {
    }

    public static void generate(byte algorithm, PublicKey publicKey, PrivateKey privateKey) {
        generate(algorithm, publicKey, privateKey, RandomData.getInstance(RandomData.ALG_KEYGENERATION));
    }

    /** The same with a given random source (tests, or a caller with its own DRBG). */
    public static void generate(byte algorithm, PublicKey publicKey, PrivateKey privateKey, RandomData rng) {
        switch (algorithm) {
            case KeyPair.ALG_EC_FP:
                generateEc(publicKey, privateKey, rng);
                break;
            case KeyPair.ALG_RSA:
            case KeyPair.ALG_RSA_CRT:
                generateRsa(publicKey, privateKey, rng);
                break;
            default:
                throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "key pair algorithm not supported");
        }
    }

    private static void generateEc(PublicKey publicKey, PrivateKey privateKey, RandomData rng) {
        if (!(publicKey instanceof EcPublicKeyImpl) || !(privateKey instanceof EcPrivateKeyImpl)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "EC key pair needs EC keys");
        }
        EcPublicKeyImpl pub = (EcPublicKeyImpl) publicKey;
        EcPrivateKeyImpl priv = (EcPrivateKeyImpl) privateKey;
        int curve = pub.curve();
        if (priv.curve() != curve) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "EC keys on different curves");
        }
        int ob = Curves.orderBytes(curve);
        int fb = Curves.fieldBytes(curve);
        byte[] d = new byte[ob];
        EcKeys.generatePrivate(curve, rng, d, 0);
        byte[] q = new byte[2 * fb];
        EcKeys.publicFromPrivate(curve, d, 0, q, 0);
        byte[] w = new byte[1 + 2 * fb];
        EcPoints.encode(curve, q, 0, false, w, 0);
        priv.setS(d, (short) 0, (short) ob);
        pub.setW(w, (short) 0, (short) w.length);
        for (int i = 0; i < ob; i++) {
            d[i] = 0;
        }
    }

    private static void generateRsa(PublicKey publicKey, PrivateKey privateKey, RandomData rng) {
        if (!(publicKey instanceof RsaPublicKeyImpl)
                || !(privateKey instanceof RSAPrivateKey || privateKey instanceof RSAPrivateCrtKey)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA key pair needs RSA keys");
        }
        RsaPublicKeyImpl pub = (RsaPublicKeyImpl) publicKey;
        int bits = pub.getSize();
        if (privateKey.getSize() != bits) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA keys of different sizes");
        }
        int e = 65537;
        byte[] preset = pub.exponent();
        if (preset != null) {
            if (preset.length > 3 || (preset[preset.length - 1] & 1) == 0) {
                throw new CryptoException(CryptoException.ILLEGAL_VALUE,
                        "preset public exponent must be odd and below 2^24");
            }
            e = 0;
            for (int i = 0; i < preset.length; i++) {
                e = (e << 8) | (preset[i] & 0xFF);
            }
        }
        RsaKeyMaterial k = RsaKeyGen.generate(bits, e, rng);
        pub.setModulus(k.n, (short) 0, (short) k.n.length);
        pub.setExponent(k.e, (short) 0, (short) k.e.length);
        if (privateKey instanceof RsaPrivateCrtKeyImpl) {
            RsaPrivateCrtKeyImpl crt = (RsaPrivateCrtKeyImpl) privateKey;
            crt.setP(k.p, (short) 0, (short) k.p.length);
            crt.setQ(k.q, (short) 0, (short) k.q.length);
            crt.setDP1(k.dp, (short) 0, (short) k.dp.length);
            crt.setDQ1(k.dq, (short) 0, (short) k.dq.length);
            crt.setPQ(k.qinv, (short) 0, (short) k.qinv.length);
            crt.setPublicExponent(k.e, (short) 0, (short) k.e.length);
        } else if (privateKey instanceof RsaPrivateKeyImpl) {
            RsaPrivateKeyImpl plain = (RsaPrivateKeyImpl) privateKey;
            plain.setModulus(k.n, (short) 0, (short) k.n.length);
            plain.setExponent(k.d, (short) 0, (short) k.d.length);
        } else {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA private key not from KSecurity");
        }
    }
}
