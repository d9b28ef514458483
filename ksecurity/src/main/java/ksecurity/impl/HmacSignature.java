package ksecurity.impl;

import ksecurity.prim.Hmac;
import ksecurity.security.CryptoException;
import ksecurity.security.HMACKey;
import ksecurity.security.Key;
import ksecurity.security.MessageDigest;

/** HMAC-MD5, HMAC-SHA1, HMAC-SHA-224 (KSecurity extension), HMAC-SHA-256, -384 and -512 (RFC 2104). */
public class HmacSignature extends MacSignature {
    private final byte digestAlgorithm;
    private final Hmac hmac;
    private final byte[] scratch = new byte[HmacKeyImpl.MAX_KEY_BYTES];

    public HmacSignature(byte algorithm) {
        super(algorithm);
        switch (algorithm) {
            case ALG_HMAC_MD5: digestAlgorithm = MessageDigest.ALG_MD5; break;
            case ALG_HMAC_SHA1: digestAlgorithm = MessageDigest.ALG_SHA; break;
            case ALG_HMAC_SHA_224: digestAlgorithm = MessageDigest.ALG_SHA_224; break;
            case ALG_HMAC_SHA_256: digestAlgorithm = MessageDigest.ALG_SHA_256; break;
            case ALG_HMAC_SHA_384: digestAlgorithm = MessageDigest.ALG_SHA_384; break;
            case ALG_HMAC_SHA_512: digestAlgorithm = MessageDigest.ALG_SHA_512; break;
            default:
                throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "HMAC algorithm not supported");
        }
        hmac = new Hmac(Digests.forAlgorithm(digestAlgorithm));
    }

    void setKey(Key theKey) {
        if (theKey == null) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "key is null");
        }
        if (!(theKey instanceof HMACKey)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "not an HMAC key");
        }
        if (!theKey.isInitialized()) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "HMAC key not set");
        }
        if (theKey instanceof HmacKeyImpl) {
            SecretKeyData k = ((HmacKeyImpl) theKey).key;
            hmac.init(k.bytes(), 0, k.length());
        } else {
            int n = ((HMACKey) theKey).getKey(scratch, (short) 0) & 0xff;
            hmac.init(scratch, 0, n);
            for (int i = 0; i < n; i++) {
                scratch[i] = 0;
            }
        }
    }

    void macUpdate(byte[] in, int off, int len) {
        hmac.update(in, off, len);
    }

    void macFinal(byte[] out, int off) {
        hmac.doFinal(out, off);
    }

    public byte getMessageDigestAlgorithm() {
        return digestAlgorithm;
    }

    public byte getCipherAlgorithm() {
        return SIG_CIPHER_HMAC;
    }

    public short getLength() {
        return (short) hmac.macSize();
    }
}
