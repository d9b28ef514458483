package kssl.tls;

import ksecurity.prim.Bytes;
import ksecurity.cert.Oid;
import ksecurity.cert.PublicKeyInfo;
import ksecurity.cert.X509Certificate;
import ksecurity.math.Curves;
import ksecurity.security.ECPrivateKey;
import ksecurity.security.PrivateKey;
import ksecurity.security.RSAPrivateCrtKey;

/**
 * A server's certificate chain (leaf first) and the leaf's private key: an EC key (ECDSA
 * signatures for ECDHE_ECDSA, or the static ECDH key of ECDH_ECDSA) or an RSA key (RSA key
 * transport).
 */
public final class ServerIdentity {
    final X509Certificate[] chain;
    final PrivateKey key;
    /** The leaf key's NamedGroup, or -1 for RSA. */
    final int group;
    /** RSA modulus length in bytes, or 0 for EC. */
    final int rsaBytes;
    /** The static ECDH key (EC identities), for ECDH_ECDSA. */
    final EcdhKey ecdh;
    /** The chain's DER, encoded once: the Certificate message is written from it on every full handshake. */
    final byte[][] encoded;
    /**
     * The (hash, signature) pairs the chain's certificates are signed with (Extensions.schemeBit):
     * a TLS 1.2 client that sends signature_algorithms must list them all (RFC 5246 §7.4.2).
     */
    final int chainSchemes;

    public ServerIdentity(X509Certificate[] chain, PrivateKey key) {
        if (chain == null || chain.length == 0) {
            throw new IllegalArgumentException("empty certificate chain");
        }
        this.chain = chain;
        this.key = key;
        encoded = new byte[chain.length][];
        int schemes = 0;
        for (int i = 0; i < chain.length; i++) {
            encoded[i] = chain[i].getEncoded();
            int bit = Extensions.schemeBit(scheme(chain[i].getSigAlgOID()));
            schemes |= bit != 0 ? bit : Extensions.UNKNOWN_SCHEME;
        }
        chainSchemes = schemes;
        PublicKeyInfo info = chain[0].getPublicKeyInfo();
        if (key instanceof ECPrivateKey) {
            int curve = Curves.byBits(info.getKeySize());
            group = EcdhKey.groupOf(curve);
            if (group < 0 || info.getCurveName() == null) {
                throw new IllegalArgumentException("certificate key is not on secp160r1 or secp256r1");
            }
            byte[] s = new byte[Curves.orderBytes(curve)];
            ((ECPrivateKey) key).getS(s, (short) 0);
            ecdh = EcdhKey.fromPrivate(group, s);
            Bytes.wipe(s);
            rsaBytes = 0;
        } else if (key instanceof RSAPrivateCrtKey) {
            if (info.getModulus() == null) {
                throw new IllegalArgumentException("certificate key is not RSA");
            }
            group = -1;
            ecdh = null;
            rsaBytes = (info.getKeySize() + 7) / 8;
        } else {
            throw new IllegalArgumentException("private key must be an ECPrivateKey or RSAPrivateCrtKey");
        }
    }

    /** The TLS 1.2 (hash, signature) pair of a certificate signature algorithm, or 0. */
    static int scheme(String oid) {
        if (Oid.ECDSA_WITH_SHA256.equals(oid)) {
            return Extensions.ECDSA_SECP256R1_SHA256;
        } else if (Oid.ECDSA_WITH_SHA384.equals(oid)) {
            return Extensions.ECDSA_SECP384R1_SHA384;
        } else if (Oid.ECDSA_WITH_SHA512.equals(oid)) {
            return Extensions.ECDSA_SECP521R1_SHA512;
        } else if (Oid.SHA384_WITH_RSA.equals(oid)) {
            return Extensions.RSA_PKCS1_SHA384;
        } else if (Oid.SHA512_WITH_RSA.equals(oid)) {
            return Extensions.RSA_PKCS1_SHA512;
        } else if (Oid.ECDSA_WITH_SHA1.equals(oid)) {
            return Extensions.ECDSA_SHA1;
        } else if (Oid.ECDSA_WITH_SHA224.equals(oid)) {
            return Extensions.ECDSA_SHA224;
        } else if (Oid.SHA256_WITH_RSA.equals(oid)) {
            return Extensions.RSA_PKCS1_SHA256;
        } else if (Oid.SHA1_WITH_RSA.equals(oid)) {
            return Extensions.RSA_PKCS1_SHA1;
        } else if (Oid.SHA224_WITH_RSA.equals(oid)) {
            return Extensions.RSA_PKCS1_SHA224;
        } else if (Oid.MD5_WITH_RSA.equals(oid)) {
            return Extensions.RSA_PKCS1_MD5;
        }
        return 0;
    }

    boolean isEc() {
        return group >= 0;
    }

    public X509Certificate[] getChain() {
        return chain;
    }

    public PrivateKey getKey() {
        return key;
    }

    /** The leaf key's NamedGroup (RFC 8422 §5.1.1), or -1 for an RSA key. */
    public int getGroup() {
        return group;
    }

    /**
     * The signature pairs of the chain as a mask of {@code Extensions.schemeBit} bits (what the
     * C firmware keeps beside the chain to apply RFC 5246 §7.4.2 as this engine does).
     */
    public int getChainSchemes() {
        return chainSchemes;
    }
}
