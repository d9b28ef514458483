package ksecurity.impl;

import ksecurity.math.RsaPublic;
import ksecurity.security.CryptoException;
import ksecurity.security.RSAPrivateKey;

/**
 * An RSA private key as (n, d). The exponentiation is constant time in d (d is padded to the
 * modulus length); this form carries no public exponent, so it can be neither blinded nor
 * checked after the fact: prefer RsaPrivateCrtKeyImpl, which does both.
 */
public class RsaPrivateKeyImpl implements RSAPrivateKey, RsaOp {
    private final byte type;
    private final short bits;
    private byte[] modulus;
    /** d, padded to the modulus length. */
    private byte[] exponent;

    public RsaPrivateKeyImpl(byte type, short bits) {
        RsaPublicKeyImpl.checkBits(bits);
        this.type = type;
        this.bits = bits;
    }

    public boolean isInitialized() {
        return modulus != null && exponent != null;
    }

    public void clearKey() {
        modulus = null;
        if (exponent != null) {
            for (int i = 0; i < exponent.length; i++) {
                exponent[i] = 0;
            }
        }
        exponent = null;
    }

    public byte getType() {
        return type;
    }

    public short getSize() {
        return bits;
    }

    public void setModulus(byte[] buffer, short offset, short length) {
        modulus = RsaPublicKeyImpl.modulus(bits, buffer, offset, length);
    }

    public void setExponent(byte[] buffer, short offset, short length) {
        byte[] d = RsaPublicKeyImpl.value(buffer, offset, length, bits / 8, "private exponent");
        byte[] padded = new byte[bits / 8];
        System.arraycopy(d, 0, padded, padded.length - d.length, d.length);
        exponent = padded;
    }

    public short getModulus(byte[] buffer, short offset) {
        return RsaPublicKeyImpl.put(modulus, buffer, offset, "modulus");
    }

    public short getExponent(byte[] buffer, short offset) {
        if (exponent == null) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "private exponent not set");
        }
        byte[] d = RsaPublic.stripLeadingZeros(exponent, 0, exponent.length);
        return EcDomain.put(d, buffer, offset);
    }

    public int modulusLength() {
        if (!isInitialized()) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "RSA private key not initialized");
        }
        return modulus.length;
    }

    public void apply(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        modulusLength();
        RsaPublic.modPow(modulus, exponent, in, inOff, inLen, out, outOff);
    }
}
