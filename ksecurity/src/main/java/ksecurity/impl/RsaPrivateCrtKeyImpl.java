package ksecurity.impl;

import ksecurity.math.RsaCrt;
import ksecurity.security.CryptoException;
import ksecurity.security.RSAPrivateCrtKey;
import ksecurity.security.RandomData;

/**
 * An RSA private key in CRT form (p, q, dP, dQ, qInv = PQ). Private operations go through
 * ksecurity.math.RsaCrt: blinded, constant time, and checked with the public exponent. Java
 * Card's CRT key has no public exponent: key generation records it, setPublicExponent (a
 * KSecurity extension) sets it, and otherwise the common ones (65537, 3, 5, 17, 257) are tried.
 */
public class RsaPrivateCrtKeyImpl implements RSAPrivateCrtKey, RsaOp {
    private final byte type;
    private final short bits;
    private byte[] p;
    private byte[] q;
    private byte[] dp;
    private byte[] dq;
    private byte[] qinv;
    private byte[] e;
    private RsaCrt engine;

    public RsaPrivateCrtKeyImpl(byte type, short bits) {
        RsaPublicKeyImpl.checkBits(bits);
        this.type = type;
        this.bits = bits;
    }

    public boolean isInitialized() {
        return p != null && q != null && dp != null && dq != null && qinv != null;
    }

    public void clearKey() {
        p = wipe(p);
        q = wipe(q);
        dp = wipe(dp);
        dq = wipe(dq);
        qinv = wipe(qinv);
        e = null;
        engine = null;
    }

    private static byte[] wipe(byte[] v) {
        if (v != null) {
            for (int i = 0; i < v.length; i++) {
                v[i] = 0;
            }
        }
        return null;
    }

    public byte getType() {
        return type;
    }

    public short getSize() {
        return bits;
    }

    private byte[] part(byte[] buffer, short offset, short length, String what) {
        engine = null;
        return RsaPublicKeyImpl.value(buffer, offset, length, bits / 16 + 1, what);
    }

    public void setP(byte[] buffer, short offset, short length) {
        p = part(buffer, offset, length, "prime p");
    }

    public void setQ(byte[] buffer, short offset, short length) {
        q = part(buffer, offset, length, "prime q");
    }

    public void setDP1(byte[] buffer, short offset, short length) {
        dp = part(buffer, offset, length, "dP");
    }

    public void setDQ1(byte[] buffer, short offset, short length) {
        dq = part(buffer, offset, length, "dQ");
    }

    public void setPQ(byte[] buffer, short offset, short length) {
        qinv = part(buffer, offset, length, "qInv");
    }

    /** KSecurity extension: the public exponent, for blinding and the fault check. */
    public void setPublicExponent(byte[] buffer, short offset, short length) {
        engine = null;
        e = RsaPublicKeyImpl.value(buffer, offset, length, bits / 8, "public exponent");
    }

    public short getP(byte[] buffer, short offset) {
        return RsaPublicKeyImpl.put(p, buffer, offset, "prime p");
    }

    public short getQ(byte[] buffer, short offset) {
        return RsaPublicKeyImpl.put(q, buffer, offset, "prime q");
    }

    public short getDP1(byte[] buffer, short offset) {
        return RsaPublicKeyImpl.put(dp, buffer, offset, "dP");
    }

    public short getDQ1(byte[] buffer, short offset) {
        return RsaPublicKeyImpl.put(dq, buffer, offset, "dQ");
    }

    public short getPQ(byte[] buffer, short offset) {
        return RsaPublicKeyImpl.put(qinv, buffer, offset, "qInv");
    }

    private synchronized RsaCrt engine() {
        if (!isInitialized()) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "RSA CRT key not initialized");
        }
        if (engine == null) {
            byte[] exp = e != null ? e : RsaCrt.findPublicExponent(p, q, dp, dq);
            RsaCrt crt = new RsaCrt(p, q, dp, dq, qinv, exp, RandomData.getInstance(RandomData.ALG_SECURE_RANDOM));
            if (crt.length() != bits / 8) {
                throw new CryptoException(CryptoException.ILLEGAL_VALUE, "p * q does not have the key's size");
            }
            engine = crt;
        }
        return engine;
    }

    public int modulusLength() {
        return engine().length();
    }

    public void apply(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        engine().privateOp(in, inOff, inLen, out, outOff);
    }
}
