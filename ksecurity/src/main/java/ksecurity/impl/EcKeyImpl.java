package ksecurity.impl;

import ksecurity.math.Curves;
import ksecurity.security.ECKey;

/**
 * What EC public and private keys share: the domain parameters of their named curve, which the
 * Java Card ECKey interface lets callers read and (to the same values) set.
 */
abstract class EcKeyImpl implements ECKey {
    final EcDomain domain;

    EcKeyImpl(short bits) {
        domain = new EcDomain(bits);
    }

    /** The curve id (ksecurity.math.Curves). */
    int curve() {
        return domain.curve;
    }

    public short getSize() {
        return domain.bits;
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
