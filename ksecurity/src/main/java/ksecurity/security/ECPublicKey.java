package ksecurity.security;

/**
 * An elliptic-curve public point W, encoded as in ANSI X9.62 (uncompressed 04||x||y or compressed 02/03||x).
 */
public interface ECPublicKey extends PublicKey, ECKey {
    void setW(byte[] buffer, short offset, short length) throws CryptoException;

    short getW(byte[] buffer, short offset) throws CryptoException;
}
