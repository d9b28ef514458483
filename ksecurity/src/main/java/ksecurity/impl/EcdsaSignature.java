package ksecurity.impl;

import ksecurity.crypto.Cipher;
import ksecurity.math.Curves;
import ksecurity.math.Ecdsa;
import ksecurity.prim.Digest;
import ksecurity.prim.Md5;
import ksecurity.prim.Sha1;
import ksecurity.prim.Sha224;
import ksecurity.prim.Sha256;
import ksecurity.security.CryptoException;
import ksecurity.security.ECPrivateKey;
import ksecurity.security.ECPublicKey;
import ksecurity.security.Key;
import ksecurity.security.MessageDigest;
import ksecurity.security.Signature;

/**
 * ECDSA with SHA-1, SHA-224 or SHA-256, as Java Card's ALG_ECDSA_SHA* signatures: DER-encoded
 * SEQUENCE { r, s } output, RFC 6979 deterministic nonces. verify returns false for any
 * malformed signature (bad DER, r or s outside [1, n-1]).
 */
public class EcdsaSignature extends Signature {
    private final byte algorithm;
    private final byte mdAlgorithm;
    private final Digest digest;
    private byte mode;
    private EcPrivateKeyImpl privateKey;
    private EcPublicKeyImpl publicKey;

    public EcdsaSignature(byte algorithm) {
        switch (algorithm) {
            case ALG_ECDSA_SHA: mdAlgorithm = MessageDigest.ALG_SHA; break;
            case ALG_ECDSA_SHA_224: mdAlgorithm = MessageDigest.ALG_SHA_224; break;
            case ALG_ECDSA_SHA_256: mdAlgorithm = MessageDigest.ALG_SHA_256; break;
            default: throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "not an ECDSA algorithm");
        }
        this.algorithm = algorithm;
        this.digest = digestFor(mdAlgorithm);
    }

    /** A fresh hash engine for a MessageDigest algorithm. */
    static Digest digestFor(byte md) {
        switch (md) {
            case MessageDigest.ALG_MD5: return new Md5();
            case MessageDigest.ALG_SHA: return new Sha1();
            case MessageDigest.ALG_SHA_224: return new Sha224();
            case MessageDigest.ALG_SHA_256: return new Sha256();
            default: throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "hash not supported");
        }
    }

    public void init(Key theKey, byte theMode) {
        if (theMode == MODE_SIGN) {
            if (!(theKey instanceof EcPrivateKeyImpl)) {
                throw new CryptoException(CryptoException.ILLEGAL_VALUE, "ECDSA signing needs an EC private key");
            }
            checkInitialized(theKey);
            privateKey = (EcPrivateKeyImpl) theKey;
            publicKey = null;
        } else if (theMode == MODE_VERIFY) {
            if (!(theKey instanceof EcPublicKeyImpl)) {
                throw new CryptoException(CryptoException.ILLEGAL_VALUE, "ECDSA verification needs an EC public key");
            }
            checkInitialized(theKey);
            publicKey = (EcPublicKeyImpl) theKey;
            privateKey = null;
        } else {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "unknown signature mode");
        }
        mode = theMode;
        digest.reset();
    }

    static void checkInitialized(Key k) {
        if (!k.isInitialized()) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "key not initialized");
        }
    }

    public void init(Key theKey, byte theMode, byte[] bArray, short bOff, short bLen) {
        throw new CryptoException(CryptoException.ILLEGAL_VALUE, "ECDSA takes no initialization parameters");
    }

    public void setInitialDigest(byte[] initialDigestBuf, short initialDigestOffset, short initialDigestLength,
            byte[] digestedMsgLenBuf, short digestedMsgLenOffset, short digestedMsgLenLength) {
        throw new CryptoException(CryptoException.ILLEGAL_USE, "setInitialDigest is not supported for ECDSA");
    }

    public byte getAlgorithm() {
        return algorithm;
    }

    public byte getMessageDigestAlgorithm() {
        return mdAlgorithm;
    }

    public byte getCipherAlgorithm() {
        return SIG_CIPHER_ECDSA;
    }

    public byte getPaddingAlgorithm() {
        return Cipher.PAD_NULL;
    }

    /** The longest DER signature for the key's curve. */
    public short getLength() {
        return (short) Ecdsa.maxDerLength(curve());
    }

    private int curve() {
        if (mode == MODE_SIGN) {
            checkInitialized(privateKey);
            return privateKey.curve();
        }
        if (mode == MODE_VERIFY) {
            checkInitialized(publicKey);
            return publicKey.curve();
        }
        throw new CryptoException(CryptoException.INVALID_INIT, "signature not initialized");
    }

    public void update(byte[] inBuff, short inOffset, short inLength) {
        curve();
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
        curve();
        byte[] h = hashArgument(hashBuff, hashOff, hashLength);
        return signHash(h, sigBuff, sigOffset);
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
        int curve = privateKey.curve();
        byte[] raw = new byte[2 * Curves.orderBytes(curve)];
        Ecdsa.sign(curve, privateKey.scalar(), 0, h, 0, h.length, digestFor(mdAlgorithm), raw, 0);
        byte[] der = new byte[Ecdsa.maxDerLength(curve)];
        int len = Ecdsa.derEncode(curve, raw, 0, der, 0);
        EcDomain.range(sigBuff, sigOffset, len, "signature buffer");
        System.arraycopy(der, 0, sigBuff, sigOffset, len);
        return (short) len;
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
        curve();
        byte[] h = hashArgument(hashBuff, hashOff, hashLength);
        return verifyHash(h, sigBuff, sigOffset, sigLength);
    }

    private boolean verifyHash(byte[] h, byte[] sigBuff, short sigOffset, short sigLength) {
        if (mode != MODE_VERIFY) {
            throw new CryptoException(CryptoException.ILLEGAL_USE, "signature initialized for signing");
        }
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
