package ksecurity.security;

import ksecurity.impl.CmacSignature;
import ksecurity.impl.EcdsaSignature;
import ksecurity.impl.HmacSignature;
import ksecurity.impl.RsaPkcs1Signature;

/**
 * Signatures and MACs, as javacard.security.Signature: ECDSA (SHA-1, SHA-224, SHA-256, SHA-384,
 * SHA-512; DER output; RFC 6979 nonces hedged with fresh randomness, see setRandomData), RSA
 * PKCS#1 v1.5 and HMAC (MD5, SHA-1, SHA-224, SHA-256, SHA-384, SHA-512) and AES-CMAC.
 */
public abstract class Signature {
    public static final byte ALG_DES_MAC4_NOPAD = 1;
    public static final byte ALG_DES_MAC8_NOPAD = 2;
    public static final byte ALG_DES_MAC4_ISO9797_M1 = 3;
    public static final byte ALG_DES_MAC8_ISO9797_M1 = 4;
    public static final byte ALG_DES_MAC4_ISO9797_M2 = 5;
    public static final byte ALG_DES_MAC8_ISO9797_M2 = 6;
    public static final byte ALG_DES_MAC4_PKCS5 = 7;
    public static final byte ALG_DES_MAC8_PKCS5 = 8;
    public static final byte ALG_RSA_SHA_ISO9796 = 9;
    public static final byte ALG_RSA_SHA_PKCS1 = 10;
    public static final byte ALG_RSA_MD5_PKCS1 = 11;
    public static final byte ALG_RSA_RIPEMD160_ISO9796 = 12;
    public static final byte ALG_RSA_RIPEMD160_PKCS1 = 13;
    public static final byte ALG_DSA_SHA = 14;
    public static final byte ALG_RSA_SHA_RFC2409 = 15;
    public static final byte ALG_RSA_MD5_RFC2409 = 16;
    public static final byte ALG_ECDSA_SHA = 17;
    public static final byte ALG_AES_MAC_128_NOPAD = 18;
    public static final byte ALG_AES_CMAC_128 = 49;
    public static final byte ALG_DES_MAC4_ISO9797_1_M2_ALG3 = 19;
    public static final byte ALG_DES_MAC8_ISO9797_1_M2_ALG3 = 20;
    public static final byte ALG_RSA_SHA_PKCS1_PSS = 21;
    public static final byte ALG_RSA_MD5_PKCS1_PSS = 22;
    public static final byte ALG_RSA_RIPEMD160_PKCS1_PSS = 23;
    public static final byte ALG_HMAC_SHA1 = 24;
    public static final byte ALG_HMAC_SHA_256 = 25;
    public static final byte ALG_HMAC_SHA_384 = 26;
    public static final byte ALG_HMAC_SHA_512 = 27;
    public static final byte ALG_HMAC_MD5 = 28;
    public static final byte ALG_HMAC_RIPEMD160 = 29;
    public static final byte ALG_RSA_SHA_ISO9796_MR = 30;
    public static final byte ALG_RSA_RIPEMD160_ISO9796_MR = 31;
    public static final byte ALG_KOREAN_SEED_MAC_NOPAD = 32;
    public static final byte ALG_ECDSA_SHA_256 = 33;
    public static final byte ALG_ECDSA_SHA_384 = 34;
    public static final byte ALG_AES_MAC_192_NOPAD = 35;
    public static final byte ALG_AES_MAC_256_NOPAD = 36;
    public static final byte ALG_ECDSA_SHA_224 = 37;
    public static final byte ALG_ECDSA_SHA_512 = 38;
    public static final byte ALG_RSA_SHA_224_PKCS1 = 39;
    public static final byte ALG_RSA_SHA_256_PKCS1 = 40;
    public static final byte ALG_RSA_SHA_384_PKCS1 = 41;
    public static final byte ALG_RSA_SHA_512_PKCS1 = 42;
    public static final byte ALG_RSA_SHA_224_PKCS1_PSS = 43;
    public static final byte ALG_RSA_SHA_256_PKCS1_PSS = 44;
    public static final byte ALG_RSA_SHA_384_PKCS1_PSS = 45;
    public static final byte ALG_RSA_SHA_512_PKCS1_PSS = 46;
    public static final byte ALG_DES_MAC4_ISO9797_1_M1_ALG3 = 47;
    public static final byte ALG_DES_MAC8_ISO9797_1_M1_ALG3 = 48;
    public static final byte SIG_CIPHER_DES_MAC4 = 1;
    public static final byte SIG_CIPHER_DES_MAC8 = 2;
    public static final byte SIG_CIPHER_RSA = 3;
    public static final byte SIG_CIPHER_DSA = 4;
    public static final byte SIG_CIPHER_ECDSA = 5;
    public static final byte SIG_CIPHER_ECDSA_PLAIN = 9;
    public static final byte SIG_CIPHER_AES_MAC128 = 6;
    public static final byte SIG_CIPHER_AES_CMAC128 = 10;
    public static final byte SIG_CIPHER_HMAC = 7;
    public static final byte SIG_CIPHER_KOREAN_SEED_MAC = 8;
    public static final byte MODE_SIGN = 1;
    public static final byte MODE_VERIFY = 2;

    /** KSecurity extension: HMAC with SHA-224 (Java Card has no constant for it). */
    public static final byte ALG_HMAC_SHA_224 = 96;

    protected Signature() {
    }

    public static final Signature getInstance(byte algorithm, boolean externalAccess) throws CryptoException {
        switch (algorithm) {
            case ALG_HMAC_MD5:
            case ALG_HMAC_SHA1:
            case ALG_HMAC_SHA_224:
            case ALG_HMAC_SHA_256:
            case ALG_HMAC_SHA_384:
            case ALG_HMAC_SHA_512:
                return new HmacSignature(algorithm);
            case ALG_AES_CMAC_128:
                return new CmacSignature(algorithm);
            case ALG_ECDSA_SHA:
            case ALG_ECDSA_SHA_224:
            case ALG_ECDSA_SHA_256:
            case ALG_ECDSA_SHA_384:
            case ALG_ECDSA_SHA_512:
                return new EcdsaSignature(algorithm);
            case ALG_RSA_MD5_PKCS1:
            case ALG_RSA_SHA_PKCS1:
            case ALG_RSA_SHA_224_PKCS1:
            case ALG_RSA_SHA_256_PKCS1:
            case ALG_RSA_SHA_384_PKCS1:
            case ALG_RSA_SHA_512_PKCS1:
                return new RsaPkcs1Signature(algorithm);
            default:
                throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "signature algorithm not supported");
        }
    }

    /** Java Card 3.0.5 form: digest, cipher and padding named separately. */
    public static final Signature getInstance(byte messageDigestAlgorithm, byte cipherAlgorithm,
            byte paddingAlgorithm, boolean externalAccess) throws CryptoException {
        return getInstance(combine(messageDigestAlgorithm, cipherAlgorithm, paddingAlgorithm), externalAccess);
    }

    private static byte combine(byte md, byte cipher, byte pad) {
        if (cipher == SIG_CIPHER_ECDSA && pad == 0 /* Cipher.PAD_NULL */) {
            switch (md) {
                case MessageDigest.ALG_SHA: return ALG_ECDSA_SHA;
                case MessageDigest.ALG_SHA_224: return ALG_ECDSA_SHA_224;
                case MessageDigest.ALG_SHA_256: return ALG_ECDSA_SHA_256;
                case MessageDigest.ALG_SHA_384: return ALG_ECDSA_SHA_384;
                case MessageDigest.ALG_SHA_512: return ALG_ECDSA_SHA_512;
                default: break;
            }
        } else if (cipher == SIG_CIPHER_RSA && pad == 7 /* Cipher.PAD_PKCS1 */) {
            switch (md) {
                case MessageDigest.ALG_MD5: return ALG_RSA_MD5_PKCS1;
                case MessageDigest.ALG_SHA: return ALG_RSA_SHA_PKCS1;
                case MessageDigest.ALG_SHA_224: return ALG_RSA_SHA_224_PKCS1;
                case MessageDigest.ALG_SHA_256: return ALG_RSA_SHA_256_PKCS1;
                case MessageDigest.ALG_SHA_384: return ALG_RSA_SHA_384_PKCS1;
                case MessageDigest.ALG_SHA_512: return ALG_RSA_SHA_512_PKCS1;
                default: break;
            }
        } else if (cipher == SIG_CIPHER_HMAC && pad == 0) {
            switch (md) {
                case MessageDigest.ALG_MD5: return ALG_HMAC_MD5;
                case MessageDigest.ALG_SHA: return ALG_HMAC_SHA1;
                case MessageDigest.ALG_SHA_224: return ALG_HMAC_SHA_224;
                case MessageDigest.ALG_SHA_256: return ALG_HMAC_SHA_256;
                case MessageDigest.ALG_SHA_384: return ALG_HMAC_SHA_384;
                case MessageDigest.ALG_SHA_512: return ALG_HMAC_SHA_512;
                default: break;
            }
        } else if (cipher == SIG_CIPHER_AES_CMAC128 && pad == 0 && md == MessageDigest.ALG_NULL) {
            return ALG_AES_CMAC_128;
        }
        throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "signature algorithm not supported");
    }

    /**
     * KSecurity extension, not in Java Card: the source of the fresh random input of this
     * signature's nonces. ECDSA's nonces are hedged (RFC 6979 §3.6: fresh bytes join the key
     * and the hash in the nonce's HMAC-DRBG), so that a fault induced while signing does not
     * give the key away; until this is called they draw from the platform's secure source
     * (RandomData.ALG_SECURE_RANDOM). A TLS engine hands its own source here, so that a
     * seeded source in the tests gives the same bytes on every run. May be called before or
     * after init; it stays set. ILLEGAL_VALUE for null; ILLEGAL_USE for a signature that draws
     * no nonce (HMAC, CMAC, RSA PKCS#1 v1.5).
     */
    public void setRandomData(RandomData random) throws CryptoException {
        throw new CryptoException(CryptoException.ILLEGAL_USE, "this signature draws no random nonce");
    }

    public abstract void init(Key theKey, byte theMode) throws CryptoException;

    public abstract void init(Key theKey, byte theMode, byte[] bArray, short bOff, short bLen) throws CryptoException;

    public abstract void setInitialDigest(byte[] initialDigestBuf, short initialDigestOffset,
            short initialDigestLength, byte[] digestedMsgLenBuf, short digestedMsgLenOffset,
            short digestedMsgLenLength) throws CryptoException;

    public abstract byte getAlgorithm();

    public abstract byte getMessageDigestAlgorithm();

    public abstract byte getCipherAlgorithm();

    public abstract byte getPaddingAlgorithm();

    public abstract short getLength() throws CryptoException;

    public abstract void update(byte[] inBuff, short inOffset, short inLength) throws CryptoException;

    public abstract short sign(byte[] inBuff, short inOffset, short inLength, byte[] sigBuff, short sigOffset)
            throws CryptoException;

    public abstract short signPreComputedHash(byte[] hashBuff, short hashOff, short hashLength, byte[] sigBuff,
            short sigOffset) throws CryptoException;

    public abstract boolean verify(byte[] inBuff, short inOffset, short inLength, byte[] sigBuff, short sigOffset,
            short sigLength) throws CryptoException;

    public abstract boolean verifyPreComputedHash(byte[] hashBuff, short hashOff, short hashLength, byte[] sigBuff,
            short sigOffset, short sigLength) throws CryptoException;
}
