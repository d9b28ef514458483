package ksecurity.security;

/**
 * An RSA public key (modulus and public exponent, big-endian).
 */
public interface RSAPublicKey extends PublicKey {
    void setModulus(byte[] buffer, short offset, short length) throws CryptoException;

    void setExponent(byte[] buffer, short offset, short length) throws CryptoException;

    short getModulus(byte[] buffer, short offset);

    short getExponent(byte[] buffer, short offset);
}
