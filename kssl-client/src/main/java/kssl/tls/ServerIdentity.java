package kssl.tls;

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

    public ServerIdentity(X509Certificate[] chain, PrivateKey key) {
        if (chain == null || chain.length == 0) {
            throw new IllegalArgumentException("empty certificate chain");
        }
        this.chain = chain;
        this.key = key;
        encoded = new byte[chain.length][];
        for (int i = 0; i < chain.length; i++) {
            encoded[i] = chain[i].getEncoded();
        }
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

    boolean isEc() {
        return group >= 0;
    }

    public X509Certificate[] getChain() {
        return chain;
    }
}
