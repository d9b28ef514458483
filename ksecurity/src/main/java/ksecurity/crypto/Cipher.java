package ksecurity.crypto;

import ksecurity.impl.AeadCipherImpl;
import ksecurity.impl.RsaCipher;
import ksecurity.impl.SymmetricCipher;
import ksecurity.security.CryptoException;
import ksecurity.security.Key;

/**
 * Encryption, as javacardx.crypto.Cipher: AES-128/192/256 in ECB, CBC and CTR; RC4 (legacy
 * profile only); RSA PKCS#1 v1.5 and raw RSA. AEAD modes (GCM, CCM) are in AEADCipher.
 */
public abstract class Cipher {
    public static final byte ALG_DES_CBC_NOPAD = 1;
    public static final byte ALG_DES_CBC_ISO9797_M1 = 2;
    public static final byte ALG_DES_CBC_ISO9797_M2 = 3;
    public static final byte ALG_DES_CBC_PKCS5 = 4;
    public static final byte ALG_DES_ECB_NOPAD = 5;
    public static final byte ALG_DES_ECB_ISO9797_M1 = 6;
    public static final byte ALG_DES_ECB_ISO9797_M2 = 7;
    public static final byte ALG_DES_ECB_PKCS5 = 8;
    public static final byte ALG_RSA_ISO14888 = 9;
    public static final byte ALG_RSA_PKCS1 = 10;
    public static final byte ALG_RSA_ISO9796 = 11;
    public static final byte ALG_RSA_NOPAD = 12;
    public static final byte ALG_AES_BLOCK_128_CBC_NOPAD = 13;
    public static final byte ALG_AES_BLOCK_128_ECB_NOPAD = 14;
    public static final byte ALG_RSA_PKCS1_OAEP = 15;
    public static final byte ALG_KOREAN_SEED_ECB_NOPAD = 16;
    public static final byte ALG_KOREAN_SEED_CBC_NOPAD = 17;
    public static final byte ALG_AES_BLOCK_192_CBC_NOPAD = 18;
    public static final byte ALG_AES_BLOCK_192_ECB_NOPAD = 19;
    public static final byte ALG_AES_BLOCK_256_CBC_NOPAD = 20;
    public static final byte ALG_AES_BLOCK_256_ECB_NOPAD = 21;
    public static final byte ALG_AES_CBC_ISO9797_M1 = 22;
    public static final byte ALG_AES_CBC_ISO9797_M2 = 23;
    public static final byte ALG_AES_CBC_PKCS5 = 24;
    public static final byte ALG_AES_ECB_ISO9797_M1 = 25;
    public static final byte ALG_AES_ECB_ISO9797_M2 = 26;
    public static final byte ALG_AES_ECB_PKCS5 = 27;
    public static final byte CIPHER_AES_CBC = 1;
    public static final byte CIPHER_AES_ECB = 2;
    public static final byte CIPHER_DES_CBC = 3;
    public static final byte CIPHER_DES_ECB = 4;
    public static final byte CIPHER_KOREAN_SEED_CBC = 5;
    public static final byte CIPHER_KOREAN_SEED_ECB = 6;
    public static final byte CIPHER_RSA = 7;
    public static final byte PAD_NULL = 0;
    public static final byte PAD_NOPAD = 1;
    public static final byte PAD_ISO9797_M1 = 2;
    public static final byte PAD_ISO9797_M2 = 3;
    public static final byte PAD_ISO9797_1_M1_ALG3 = 4;
    public static final byte PAD_ISO9797_1_M2_ALG3 = 5;
    public static final byte PAD_PKCS5 = 6;
    public static final byte PAD_PKCS1 = 7;
    public static final byte PAD_PKCS1_PSS = 8;
    public static final byte PAD_PKCS1_OAEP = 9;
    public static final byte PAD_PKCS1_OAEP_SHA224 = 13;
    public static final byte PAD_PKCS1_OAEP_SHA256 = 14;
    public static final byte PAD_PKCS1_OAEP_SHA384 = 15;
    public static final byte PAD_PKCS1_OAEP_SHA512 = 16;
    public static final byte PAD_PKCS1_OAEP_SHA3_224 = 17;
    public static final byte PAD_PKCS1_OAEP_SHA3_256 = 18;
    public static final byte PAD_PKCS1_OAEP_SHA3_384 = 19;
    public static final byte PAD_PKCS1_OAEP_SHA3_512 = 20;
    public static final byte PAD_ISO9796 = 10;
    public static final byte PAD_ISO9796_MR = 11;
    public static final byte PAD_RFC2409 = 12;
    public static final byte MODE_DECRYPT = 1;
    public static final byte MODE_ENCRYPT = 2;
    public static final byte ALG_AES_CTR = -16;

    /** KSecurity extension: RC4 (legacy profile only; RC4 is broken). */
    public static final byte ALG_ARC4 = 96;
    /** KSecurity extension: the cipher-algorithm code for RC4. */
    public static final byte CIPHER_ARC4 = 96;
    /** KSecurity extension: the cipher-algorithm code for AES in counter mode. */
    public static final byte CIPHER_AES_CTR = 95;

    protected Cipher() {
    }

    public static final Cipher getInstance(byte algorithm, boolean externalAccess) throws CryptoException {
        switch (algorithm) {
            case ALG_AES_BLOCK_128_ECB_NOPAD:
            case ALG_AES_BLOCK_192_ECB_NOPAD:
            case ALG_AES_BLOCK_256_ECB_NOPAD:
            case ALG_AES_BLOCK_128_CBC_NOPAD:
            case ALG_AES_BLOCK_192_CBC_NOPAD:
            case ALG_AES_BLOCK_256_CBC_NOPAD:
            case ALG_AES_CTR:
            case ALG_ARC4:
                return new SymmetricCipher(algorithm);
            case AEADCipher.ALG_AES_GCM:
            case AEADCipher.ALG_AES_CCM:
                return new AeadCipherImpl(algorithm);
            case ALG_RSA_PKCS1:
            case ALG_RSA_NOPAD:
                return new RsaCipher(algorithm);
            default:
                throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "cipher algorithm not supported");
        }
    }

    /** Java Card 3.0.5 form: cipher and padding named separately. */
    public static final Cipher getInstance(byte cipherAlgorithm, byte paddingAlgorithm, boolean externalAccess)
            throws CryptoException {
        byte alg;
        if (cipherAlgorithm == CIPHER_AES_ECB && paddingAlgorithm == PAD_NOPAD) {
            alg = ALG_AES_BLOCK_128_ECB_NOPAD;
        } else if (cipherAlgorithm == CIPHER_AES_CBC && paddingAlgorithm == PAD_NOPAD) {
            alg = ALG_AES_BLOCK_128_CBC_NOPAD;
        } else if (cipherAlgorithm == CIPHER_AES_CTR && paddingAlgorithm == PAD_NULL) {
            alg = ALG_AES_CTR;
        } else if (cipherAlgorithm == CIPHER_ARC4 && paddingAlgorithm == PAD_NULL) {
            alg = ALG_ARC4;
        } else if (cipherAlgorithm == AEADCipher.CIPHER_AES_GCM && paddingAlgorithm == PAD_NULL) {
            alg = AEADCipher.ALG_AES_GCM;
        } else if (cipherAlgorithm == AEADCipher.CIPHER_AES_CCM && paddingAlgorithm == PAD_NULL) {
            alg = AEADCipher.ALG_AES_CCM;
        } else if (cipherAlgorithm == CIPHER_RSA && paddingAlgorithm == PAD_PKCS1) {
            alg = ALG_RSA_PKCS1;
        } else if (cipherAlgorithm == CIPHER_RSA && paddingAlgorithm == PAD_NOPAD) {
            alg = ALG_RSA_NOPAD;
        } else {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "cipher algorithm not supported");
        }
        return getInstance(alg, externalAccess);
    }

    public abstract void init(Key theKey, byte theMode) throws CryptoException;

    public abstract void init(Key theKey, byte theMode, byte[] bArray, short bOff, short bLen) throws CryptoException;

    public abstract byte getAlgorithm();

    public abstract byte getCipherAlgorithm();

    public abstract byte getPaddingAlgorithm();

    public abstract short doFinal(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset)
            throws CryptoException;

    public abstract short update(byte[] inBuff, short inOffset, short inLength, byte[] outBuff, short outOffset)
            throws CryptoException;
}
