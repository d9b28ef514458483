package ksecurity.impl;

import ksecurity.math.RsaPublic;
import ksecurity.security.CryptoException;
import ksecurity.security.KeyBuilder;
import ksecurity.security.RSAPublicKey;

/**
 * An RSA public key (n, e). The modulus must have exactly the key's size in bits (a multiple of
 * 8 from 512 to 4096) and be odd; the exponent must be non-zero and no longer than n.
 */
public class RsaPublicKeyImpl implements RSAPublicKey, RsaOp {
    private final short bits;
    private byte[] modulus;
    private byte[] exponent;

    public RsaPublicKeyImpl(short bits) {
        checkBits(bits);
        this.bits = bits;
    }

    static void checkBits(short bits) {
        if (bits < 512 || bits > 4096 || (bits & 7) != 0) {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM,
                    "RSA key size not supported (multiples of 8 from 512 to 4096 bits)");
        }
    }

    /** A modulus of exactly bits bits, odd. */
    static byte[] modulus(short bits, byte[] buffer, short offset, short length) {
        EcDomain.range(buffer, offset, length, "modulus");
        byte[] n = RsaPublic.stripLeadingZeros(buffer, offset, length);
        if (n.length != bits / 8 || (n[0] & 0x80) == 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "modulus does not have the key's size");
        }
        if ((n[n.length - 1] & 1) == 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "modulus must be odd");
        }
        return n;
    }

    /** A non-zero value of at most max bytes (leading zero bytes dropped). */
    static byte[] value(byte[] buffer, short offset, short length, int max, String what) {
        EcDomain.range(buffer, offset, length, what);
        if (length == 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, what.concat(" is empty"));
        }
        byte[] v = RsaPublic.stripLeadingZeros(buffer, offset, length);
        if (v.length > max) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, what.concat(" too long for the key size"));
        }
        if (v.length == 1 && v[0] == 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, what.concat(" is zero"));
        }
        return v;
    }

    static short put(byte[] v, byte[] buffer, short offset, String what) {
        if (v == null) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, what.concat(" not set"));
        }
        return EcDomain.put(v, buffer, offset);
    }

    public boolean isInitialized() {
        return modulus != null && exponent != null;
    }

    public void clearKey() {
        modulus = null;
        exponent = null;
    }

    public byte getType() {
        return KeyBuilder.TYPE_RSA_PUBLIC;
    }

    public short getSize() {
        return bits;
    }

    public void setModulus(byte[] buffer, short offset, short length) {
        modulus = modulus(bits, buffer, offset, length);
    }

    public void setExponent(byte[] buffer, short offset, short length) {
        exponent = value(buffer, offset, length, bits / 8, "public exponent");
    }

    public short getModulus(byte[] buffer, short offset) {
        return put(modulus, buffer, offset, "modulus");
    }

    public short getExponent(byte[] buffer, short offset) {
        return put(exponent, buffer, offset, "public exponent");
    }

    /** The public exponent as set (null if not set); for key generation. */
    byte[] exponent() {
        return exponent;
    }

    public int modulusLength() {
        if (!isInitialized()) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "RSA public key not initialized");
        }
        return modulus.length;
    }

    public void apply(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        modulusLength();
        RsaPublic.modPow(modulus, exponent, in, inOff, inLen, out, outOff);
    }
}
