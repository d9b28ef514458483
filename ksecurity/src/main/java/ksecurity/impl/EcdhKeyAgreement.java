package ksecurity.impl;

import ksecurity.math.Curves;
import ksecurity.math.EcKeys;
import ksecurity.prim.Sha1;
import ksecurity.security.CryptoException;
import ksecurity.security.KeyAgreement;
import ksecurity.security.PrivateKey;

/**
 * ECDH (IEEE P1363 ECSVDP-DH) as Java Card defines its outputs: ALG_EC_SVDP_DH gives SHA-1 of
 * the shared x coordinate (20 bytes), ALG_EC_SVDP_DH_PLAIN gives x itself (what TLS uses), and
 * ALG_EC_SVDP_DH_PLAIN_XY the whole shared point, uncompressed (04||x||y), as jcardsim does.
 * The peer's point (compressed or uncompressed) is fully validated first: bad points are
 * CryptoException.ILLEGAL_VALUE, never a result.
 */
public class EcdhKeyAgreement extends KeyAgreement {
    private final byte algorithm;
    private EcPrivateKeyImpl key;

    public EcdhKeyAgreement(byte algorithm) {
        if (algorithm != ALG_EC_SVDP_DH && algorithm != ALG_EC_SVDP_DH_PLAIN && algorithm != ALG_EC_SVDP_DH_PLAIN_XY) {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM, "key agreement algorithm not supported");
        }
        this.algorithm = algorithm;
    }

    public void init(PrivateKey privKey) {
        if (!(privKey instanceof EcPrivateKeyImpl)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "ECDH needs an EC private key");
        }
        HashSignature.checkInitialized(privKey);
        key = (EcPrivateKeyImpl) privKey;
    }

    public byte getAlgorithm() {
        return algorithm;
    }

    public short generateSecret(byte[] publicData, short publicOffset, short publicLength, byte[] secret,
            short secretOffset) {
        if (key == null) {
            throw new CryptoException(CryptoException.INVALID_INIT, "key agreement not initialized");
        }
        HashSignature.checkInitialized(key);
        EcDomain.range(publicData, publicOffset, publicLength, "public point");
        int curve = key.curve();
        int fb = Curves.fieldBytes(curve);
        byte[] xy = EcKeys.agree(curve, key.scalar(), 0, publicData, publicOffset, publicLength);
        byte[] out;
        if (algorithm == ALG_EC_SVDP_DH) {
            Sha1 sha = new Sha1();
            sha.update(xy, 0, fb);
            out = new byte[sha.digestSize()];
            sha.doFinal(out, 0);
        } else if (algorithm == ALG_EC_SVDP_DH_PLAIN) {
            out = new byte[fb];
            System.arraycopy(xy, 0, out, 0, fb);
        } else {
            out = new byte[1 + 2 * fb];
            out[0] = 0x04;
            System.arraycopy(xy, 0, out, 1, 2 * fb);
        }
        EcDomain.range(secret, secretOffset, out.length, "secret buffer");
        System.arraycopy(out, 0, secret, secretOffset, out.length);
        for (int i = 0; i < xy.length; i++) {
            xy[i] = 0;
        }
        return (short) out.length;
    }
}
