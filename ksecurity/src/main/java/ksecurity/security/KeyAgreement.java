package ksecurity.security;

import ksecurity.impl.EcdhKeyAgreement;

/**
 * Elliptic-curve Diffie-Hellman, as javacard.security.KeyAgreement. The peer's point is fully
 * validated (on the curve, not infinity, in the prime-order subgroup) before it is used.
 * ALG_EC_SVDP_DH returns SHA-1 of the shared x (Java Card's definition); ALG_EC_SVDP_DH_PLAIN
 * returns x itself, which is what TLS uses.
 */
public abstract class KeyAgreement {
    public static final byte ALG_EC_SVDP_DH = 1;
    public static final byte ALG_EC_SVDP_DH_KDF = 1;
    public static final byte ALG_EC_SVDP_DHC = 2;
    public static final byte ALG_EC_SVDP_DHC_KDF = 2;
    public static final byte ALG_EC_SVDP_DH_PLAIN = 3;
    public static final byte ALG_EC_SVDP_DHC_PLAIN = 4;
    public static final byte ALG_EC_PACE_GM = 5;
    public static final byte ALG_EC_SVDP_DH_PLAIN_XY = 6;
    public static final byte ALG_DH_PLAIN = 7;

    protected KeyAgreement() {
    }

    public static final KeyAgreement getInstance(byte algorithm, boolean externalAccess) throws CryptoException {
        return new EcdhKeyAgreement(algorithm);
    }

    public abstract void init(PrivateKey privKey) throws CryptoException;

    public abstract byte getAlgorithm();

    public abstract short generateSecret(byte[] publicData, short publicOffset, short publicLength,
            byte[] secret, short secretOffset) throws CryptoException;
}
