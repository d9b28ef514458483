package ksecurity.security;

import ksecurity.impl.AesKeyImpl;
import ksecurity.impl.Arc4KeyImpl;
import ksecurity.impl.EcPrivateKeyImpl;
import ksecurity.impl.EcPublicKeyImpl;
import ksecurity.impl.HmacKeyImpl;
import ksecurity.impl.RsaPrivateCrtKeyImpl;
import ksecurity.impl.RsaPrivateKeyImpl;
import ksecurity.impl.RsaPublicKeyImpl;

/**
 * The key factory, as javacard.security.KeyBuilder. Keys are built empty and filled with their
 * setters (or by KeyPair.genKeyPair). Elliptic-curve keys of 160, 192, 224 and 256 bits come
 * with the domain parameters of secp160r1, secp192r1, secp224r1 and secp256r1 already set.
 * Transient memory types are accepted and behave as persistent ones (there is no EEPROM here).
 */
public class KeyBuilder {
    public static final byte TYPE_DES_TRANSIENT_RESET = 1;
    public static final byte TYPE_DES_TRANSIENT_DESELECT = 2;
    public static final byte TYPE_DES = 3;
    public static final byte TYPE_RSA_PUBLIC = 4;
    public static final byte TYPE_RSA_PRIVATE = 5;
    public static final byte TYPE_RSA_CRT_PRIVATE = 6;
    public static final byte TYPE_DSA_PUBLIC = 7;
    public static final byte TYPE_DSA_PRIVATE = 8;
    public static final byte TYPE_EC_F2M_PUBLIC = 9;
    public static final byte TYPE_EC_F2M_PRIVATE = 10;
    public static final byte TYPE_EC_FP_PUBLIC = 11;
    public static final byte TYPE_EC_FP_PRIVATE = 12;
    public static final byte TYPE_AES_TRANSIENT_RESET = 13;
    public static final byte TYPE_AES_TRANSIENT_DESELECT = 14;
    public static final byte TYPE_AES = 15;
    public static final byte TYPE_KOREAN_SEED_TRANSIENT_RESET = 16;
    public static final byte TYPE_KOREAN_SEED_TRANSIENT_DESELECT = 17;
    public static final byte TYPE_KOREAN_SEED = 18;
    public static final byte TYPE_HMAC_TRANSIENT_RESET = 19;
    public static final byte TYPE_HMAC_TRANSIENT_DESELECT = 20;
    public static final byte TYPE_HMAC = 21;
    public static final byte TYPE_RSA_PRIVATE_TRANSIENT_RESET = 22;
    public static final byte TYPE_RSA_PRIVATE_TRANSIENT_DESELECT = 23;
    public static final byte TYPE_RSA_CRT_PRIVATE_TRANSIENT_RESET = 24;
    public static final byte TYPE_RSA_CRT_PRIVATE_TRANSIENT_DESELECT = 25;
    public static final byte TYPE_DSA_PRIVATE_TRANSIENT_RESET = 26;
    public static final byte TYPE_DSA_PRIVATE_TRANSIENT_DESELECT = 27;
    public static final byte TYPE_EC_F2M_PRIVATE_TRANSIENT_RESET = 28;
    public static final byte TYPE_EC_F2M_PRIVATE_TRANSIENT_DESELECT = 29;
    public static final byte TYPE_EC_FP_PRIVATE_TRANSIENT_RESET = 30;
    public static final byte TYPE_EC_FP_PRIVATE_TRANSIENT_DESELECT = 31;
    public static final byte TYPE_DH_PUBLIC = 32;
    public static final byte TYPE_DH_PUBLIC_TRANSIENT_DESELECT = 33;
    public static final byte TYPE_DH_PUBLIC_TRANSIENT_RESET = 34;
    public static final byte TYPE_DH_PRIVATE = 35;
    public static final byte TYPE_DH_PRIVATE_TRANSIENT_DESELECT = 36;
    public static final byte TYPE_DH_PRIVATE_TRANSIENT_RESET = 37;
    public static final byte ALG_TYPE_DES = 1;
    public static final byte ALG_TYPE_AES = 2;
    public static final byte ALG_TYPE_DSA_PUBLIC = 3;
    public static final byte ALG_TYPE_DSA_PRIVATE = 4;
    public static final byte ALG_TYPE_EC_F2M_PUBLIC = 5;
    public static final byte ALG_TYPE_EC_F2M_PRIVATE = 6;
    public static final byte ALG_TYPE_EC_FP_PUBLIC = 7;
    public static final byte ALG_TYPE_EC_FP_PRIVATE = 8;
    public static final byte ALG_TYPE_HMAC = 9;
    public static final byte ALG_TYPE_KOREAN_SEED = 10;
    public static final byte ALG_TYPE_RSA_PUBLIC = 11;
    public static final byte ALG_TYPE_RSA_PRIVATE = 12;
    public static final byte ALG_TYPE_RSA_CRT_PRIVATE = 13;
    public static final byte ALG_TYPE_DH_PUBLIC = 14;
    public static final byte ALG_TYPE_DH_PRIVATE = 15;
    public static final byte ALG_TYPE_EC_F2M_PARAMETERS = 16;
    public static final byte ALG_TYPE_EC_FP_PARAMETERS = 17;
    public static final byte ALG_TYPE_DSA_PARAMETERS = 18;
    public static final byte ALG_TYPE_DH_PARAMETERS = 19;
    public static final short LENGTH_DES = 64;
    public static final short LENGTH_DES3_2KEY = 128;
    public static final short LENGTH_DES3_3KEY = 192;
    public static final short LENGTH_RSA_512 = 512;
    public static final short LENGTH_RSA_736 = 736;
    public static final short LENGTH_RSA_768 = 768;
    public static final short LENGTH_RSA_896 = 896;
    public static final short LENGTH_RSA_1024 = 1024;
    public static final short LENGTH_RSA_1280 = 1280;
    public static final short LENGTH_RSA_1536 = 1536;
    public static final short LENGTH_RSA_1984 = 1984;
    public static final short LENGTH_RSA_2048 = 2048;
    public static final short LENGTH_RSA_3072 = 3072;
    public static final short LENGTH_RSA_4096 = 4096;
    public static final short LENGTH_DSA_512 = 512;
    public static final short LENGTH_DSA_768 = 768;
    public static final short LENGTH_DSA_1024 = 1024;
    public static final short LENGTH_EC_FP_112 = 112;
    public static final short LENGTH_EC_F2M_113 = 113;
    public static final short LENGTH_EC_FP_128 = 128;
    public static final short LENGTH_EC_F2M_131 = 131;
    public static final short LENGTH_EC_FP_160 = 160;
    public static final short LENGTH_EC_F2M_163 = 163;
    public static final short LENGTH_EC_FP_192 = 192;
    public static final short LENGTH_EC_F2M_193 = 193;
    public static final short LENGTH_EC_FP_224 = 224;
    public static final short LENGTH_EC_FP_256 = 256;
    public static final short LENGTH_EC_FP_384 = 384;
    public static final short LENGTH_EC_FP_521 = 521;
    public static final short LENGTH_AES_128 = 128;
    public static final short LENGTH_AES_192 = 192;
    public static final short LENGTH_AES_256 = 256;
    public static final short LENGTH_KOREAN_SEED_128 = 128;
    public static final short LENGTH_HMAC_SHA_1_BLOCK_64 = 64;
    public static final short LENGTH_HMAC_SHA_256_BLOCK_64 = 64;
    public static final short LENGTH_HMAC_SHA_384_BLOCK_128 = 128;
    public static final short LENGTH_HMAC_SHA_512_BLOCK_128 = 128;
    public static final short LENGTH_DH_1024 = 1024;
    public static final short LENGTH_DH_2048 = 2048;

    /** KSecurity extension: an RC4 key (legacy profile only; RC4 is broken). */
    public static final byte TYPE_ARC4 = 96;
    /** KSecurity extension: the algorithmic key type for RC4 keys. */
    public static final byte ALG_TYPE_ARC4 = 96;
    /** KSecurity extension: 40-bit RC4 keys of the SSL 3.0 export suites. */
    public static final short LENGTH_ARC4_40 = 40;
    /** KSecurity extension: 128-bit RC4 keys. */
    public static final short LENGTH_ARC4_128 = 128;

    KeyBuilder() {
    }

    public static Key buildKey(byte keyType, short keyLength, boolean keyEncryption) throws CryptoException {
        switch (keyType) {
            case TYPE_AES:
            case TYPE_AES_TRANSIENT_RESET:
            case TYPE_AES_TRANSIENT_DESELECT:
                return new AesKeyImpl(keyType, keyLength);
            case TYPE_HMAC:
            case TYPE_HMAC_TRANSIENT_RESET:
            case TYPE_HMAC_TRANSIENT_DESELECT:
                return new HmacKeyImpl(keyType, keyLength);
            case TYPE_ARC4:
                return new Arc4KeyImpl(keyLength);
            case TYPE_EC_FP_PUBLIC:
                return new EcPublicKeyImpl(keyLength);
            case TYPE_EC_FP_PRIVATE:
            case TYPE_EC_FP_PRIVATE_TRANSIENT_RESET:
            case TYPE_EC_FP_PRIVATE_TRANSIENT_DESELECT:
                return new EcPrivateKeyImpl(keyType, keyLength);
            case TYPE_RSA_PUBLIC:
                return new RsaPublicKeyImpl(keyLength);
            case TYPE_RSA_PRIVATE:
            case TYPE_RSA_PRIVATE_TRANSIENT_RESET:
            case TYPE_RSA_PRIVATE_TRANSIENT_DESELECT:
                return new RsaPrivateKeyImpl(keyType, keyLength);
            case TYPE_RSA_CRT_PRIVATE:
            case TYPE_RSA_CRT_PRIVATE_TRANSIENT_RESET:
            case TYPE_RSA_CRT_PRIVATE_TRANSIENT_DESELECT:
                return new RsaPrivateCrtKeyImpl(keyType, keyLength);
            default:
                throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "key type not supported");
        }
    }

    /** Java Card 3.0.5 form: an algorithmic key type (ALG_TYPE_*) and a memory type. */
    public static Key buildKey(byte algorithmicKeyType, byte keyMemoryType, short keyLength, boolean keyEncryption)
            throws CryptoException {
        return buildKey(typeOf(algorithmicKeyType), keyLength, keyEncryption);
    }

    /** Builds an EC key sharing the domain parameters of {@code domainKey}. */
    public static Key buildKeyWithSharedDomain(byte algorithmicKeyType, byte keyMemoryType, Key domainKey,
            boolean keyEncryption) throws CryptoException {
        if (!(domainKey instanceof ECKey)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "domain key is not an EC key");
        }
        Key k = buildKey(typeOf(algorithmicKeyType), domainKey.getSize(), keyEncryption);
        if (!(k instanceof ECKey)) {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "shared domains are for EC keys");
        }
        ((ECKey) k).copyDomainParametersFrom((ECKey) domainKey);
        return k;
    }

    private static byte typeOf(byte algorithmicKeyType) {
        switch (algorithmicKeyType) {
            case ALG_TYPE_AES: return TYPE_AES;
            case ALG_TYPE_HMAC: return TYPE_HMAC;
            case ALG_TYPE_ARC4: return TYPE_ARC4;
            case ALG_TYPE_EC_FP_PUBLIC: return TYPE_EC_FP_PUBLIC;
            case ALG_TYPE_EC_FP_PRIVATE: return TYPE_EC_FP_PRIVATE;
            case ALG_TYPE_RSA_PUBLIC: return TYPE_RSA_PUBLIC;
            case ALG_TYPE_RSA_PRIVATE: return TYPE_RSA_PRIVATE;
            case ALG_TYPE_RSA_CRT_PRIVATE: return TYPE_RSA_CRT_PRIVATE;
            default:
                throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "algorithmic key type not supported");
        }
    }
}
