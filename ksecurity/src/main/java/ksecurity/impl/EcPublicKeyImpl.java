package ksecurity.impl;

import ksecurity.math.Curves;
import ksecurity.math.EcPoints;
import ksecurity.security.CryptoException;
import ksecurity.security.ECKey;
import ksecurity.security.ECPublicKey;
import ksecurity.security.KeyBuilder;

/**
 * An EC public key on a named curve. setW takes ANSI X9.62 compressed (02/03||x) or
 * uncompressed (04||x||y) points and validates them (coordinates below p, on the curve, not
 * infinity; cofactor 1 makes that the full subgroup check); getW writes the uncompressed form.
 */
public class EcPublicKeyImpl implements ECPublicKey {
    private final EcDomain domain;
    /** x||y, or null until set. */
    private byte[] w;

    public EcPublicKeyImpl(short bits) {
        domain = new EcDomain(bits);
    }

    /** The curve id (ksecurity.math.Curves). */
    int curve() {
        return domain.curve;
    }

    /** The point as x||y (2 * fieldBytes); UNINITIALIZED_KEY before setW. */
    byte[] point() {
        if (w == null) {
            throw new CryptoException(CryptoException.UNINITIALIZED_KEY, "EC public point not set");
        }
        return w;
    }

    public boolean isInitialized() {
        return w != null;
    }

    public void clearKey() {
        w = null;
    }

    public byte getType() {
        return KeyBuilder.TYPE_EC_FP_PUBLIC;
    }

    public short getSize() {
        return domain.bits;
    }

    public void setW(byte[] buffer, short offset, short length) {
        EcDomain.range(buffer, offset, length, "point");
        w = EcPoints.decode(domain.curve, buffer, offset, length);
    }

    public short getW(byte[] buffer, short offset) {
        byte[] xy = point();
        EcDomain.range(buffer, offset, 1 + xy.length, "output buffer");
        return (short) EcPoints.encode(domain.curve, xy, 0, false, buffer, offset);
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
