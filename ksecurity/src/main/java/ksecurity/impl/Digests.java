package ksecurity.impl;

import ksecurity.prim.Digest;
import ksecurity.prim.Md5;
import ksecurity.prim.Sha1;
import ksecurity.prim.Sha224;
import ksecurity.prim.Sha256;
import ksecurity.prim.Sha384;
import ksecurity.prim.Sha512;
import ksecurity.security.CryptoException;
import ksecurity.security.MessageDigest;

/**
 * The one map from a MessageDigest algorithm to a hash engine, for MessageDigest, HMAC, ECDSA
 * and RSA signatures alike.
 */
final class Digests {
    private Digests() {
    }

    /** A fresh engine for the algorithm, or NO_SUCH_ALGORITHM. */
    static Digest forAlgorithm(byte md) {
        switch (md) {
            case MessageDigest.ALG_MD5: return new Md5();
            case MessageDigest.ALG_SHA: return new Sha1();
            case MessageDigest.ALG_SHA_224: return new Sha224();
            case MessageDigest.ALG_SHA_256: return new Sha256();
            case MessageDigest.ALG_SHA_384: return new Sha384();
            case MessageDigest.ALG_SHA_512: return new Sha512();
            default: throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "digest algorithm not supported");
        }
    }
}
