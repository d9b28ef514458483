package ksecurity.security;

/**
 * The domain parameters of an elliptic-curve key over a prime field. KSecurity supports the
 * named curves secp160r1, secp192r1, secp224r1 and secp256r1: a key built with
 * KeyBuilder.LENGTH_EC_FP_160/192/224/256 comes with that curve's parameters already set, and
 * setting parameters that are not one of those curves throws CryptoException.ILLEGAL_VALUE.
 * Binary-field (F2M) curves are not supported.
 */
public interface ECKey {
    void setFieldFP(byte[] buffer, short offset, short length) throws CryptoException;

    void setFieldF2M(short e) throws CryptoException;

    void setFieldF2M(short e1, short e2, short e3) throws CryptoException;

    void setA(byte[] buffer, short offset, short length) throws CryptoException;

    void setB(byte[] buffer, short offset, short length) throws CryptoException;

    void setG(byte[] buffer, short offset, short length) throws CryptoException;

    void setR(byte[] buffer, short offset, short length) throws CryptoException;

    void setK(short k);

    short getField(byte[] buffer, short offset) throws CryptoException;

    short getA(byte[] buffer, short offset) throws CryptoException;

    short getB(byte[] buffer, short offset) throws CryptoException;

    short getG(byte[] buffer, short offset) throws CryptoException;

    short getR(byte[] buffer, short offset) throws CryptoException;

    short getK() throws CryptoException;

    void copyDomainParametersFrom(ECKey other) throws CryptoException;
}
