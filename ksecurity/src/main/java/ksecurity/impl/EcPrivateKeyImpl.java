package ksecurity.impl;

import ksecurity.math.Curves;
import ksecurity.math.EcKeys;
import ksecurity.security.CryptoException;
import ksecurity.security.ECKey;
import ksecurity.security.ECPrivateKey;

/**
 * An EC private key on a named curve: the scalar S, checked to lie in [1, n-1] when set and
 * kept as exactly orderBytes bytes (21 for secp160r1).
 */
public class EcPrivateKeyImpl implements ECPrivateKey {
    private final byte type;
    private final EcDomain domain;
    /** S as orderBytes big-endian bytes, or null until set. */
    private byte[] s;

    public EcPrivateKeyImpl(byte type, short bits) {
        domain = new EcDomain(bits);
        this.type = type;
    }

    /** The curve id (ksecurity.math.Curves). */
    int curve() {
        return domain.curve;
    }

    /** S as orderBytes bytes; UNINITIALIZED_KEY before setS. */
    byte[] scalar() {
        if (s == null) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "EC private scalar not set");
        }
        return s;
    }

    public boolean isInitialized() {
        return s != null;
    }

    public void clearKey() {
        if (s != null) {
            for (int i = 0; i < s.length; i++) {
                s[i] = 0;
            }
        }
        s = null;
    }

    public byte getType() {
        return type;
    }

    public short getSize() {
        return domain.bits;
    }

    /** Accepts S of any length whose value is in [1, n-1] (leading zero bytes ignored). */
    public void setS(byte[] buffer, short offset, short length) {
        EcDomain.range(buffer, offset, length, "private scalar");
        int ob = Curves.orderBytes(domain.curve);
        int i = 0;
        while (i < length && buffer[offset + i] == 0) {
            i++;
        }
        if (length - i > ob) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "private scalar longer than the order");
        }
        byte[] v = new byte[ob];
        System.arraycopy(buffer, offset + i, v, ob - (length - i), length - i);
        EcKeys.checkPrivate(domain.curve, v, 0);
        clearKey();
        s = v;
    }

    public short getS(byte[] buffer, short offset) {
        return EcDomain.put(scalar(), buffer, offset);
    }

    public void setFieldFP(byte[] buffer, short offset, short length) {
        domain.setFieldFP(buffer, offset, length);
    }

    public void setFieldF2M(short e) {
        domain.setFieldF2M();
    }

    public void setFieldF2M(short e1, short e2, short e3) {
        domain.setFieldF2M();
    }

    public void setA(byte[] buffer, short offset, short length) {
        domain.setA(buffer, offset, length);
    }

    public void setB(byte[] buffer, short offset, short length) {
        domain.setB(buffer, offset, length);
    }

    public void setG(byte[] buffer, short offset, short length) {
        domain.setG(buffer, offset, length);
    }

    public void setR(byte[] buffer, short offset, short length) {
        domain.setR(buffer, offset, length);
    }

    public void setK(short k) {
        domain.setK(k);
    }

    public short getField(byte[] buffer, short offset) {
        return domain.getField(buffer, offset);
    }

    public short getA(byte[] buffer, short offset) {
        return domain.getA(buffer, offset);
    }

    public short getB(byte[] buffer, short offset) {
        return domain.getB(buffer, offset);
    }

    public short getG(byte[] buffer, short offset) {
        return domain.getG(buffer, offset);
    }

    public short getR(byte[] buffer, short offset) {
        return domain.getR(buffer, offset);
    }

    public short getK() {
        return (short) Curves.h(domain.curve);
    }

    public void copyDomainParametersFrom(ECKey other) {
        domain.copyFrom(other);
    }
}
