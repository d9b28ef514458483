package ksecurity.security;

/**
 * An RSA private key in Chinese Remainder Theorem form (p, q, d mod p-1, d mod q-1, q^-1 mod p).
 */
public interface RSAPrivateCrtKey extends PrivateKey {
    void setP(byte[] buffer, short offset, short length) throws CryptoException;

    void setQ(byte[] buffer, short offset, short length) throws CryptoException;

    void setDP1(byte[] buffer, short offset, short length) throws CryptoException;

    void setDQ1(byte[] buffer, short offset, short length) throws CryptoException;

    void setPQ(byte[] buffer, short offset, short length) throws CryptoException;

    short getP(byte[] buffer, short offset);

    short getQ(byte[] buffer, short offset);

    short getDP1(byte[] buffer, short offset);

    short getDQ1(byte[] buffer, short offset);

    short getPQ(byte[] buffer, short offset);
}
