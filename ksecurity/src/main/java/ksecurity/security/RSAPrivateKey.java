package ksecurity.security;

/**
 * An RSA private key in modulus/exponent form.
 */
public interface RSAPrivateKey extends PrivateKey {
    void setModulus(byte[] buffer, short offset, short length) throws CryptoException;

    void setExponent(byte[] buffer, short offset, short length) throws CryptoException;

    short getModulus(byte[] buffer, short offset);

    short getExponent(byte[] buffer, short offset);
}
