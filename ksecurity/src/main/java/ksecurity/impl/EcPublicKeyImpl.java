package ksecurity.impl;

import ksecurity.math.EcPoints;
import ksecurity.security.CryptoException;
import ksecurity.security.ECPublicKey;
import ksecurity.security.KeyBuilder;

/**
 * An EC public key on a named curve. setW takes ANSI X9.62 compressed (02/03||x) or
 * uncompressed (04||x||y) points and validates them (coordinates below p, on the curve, not
 * infinity; cofactor 1 makes that the full subgroup check); getW writes the uncompressed form.
 */
public class EcPublicKeyImpl extends EcKeyImpl implements ECPublicKey {
    /** x||y, or null until set. */
    private byte[] w;

    public EcPublicKeyImpl(short bits) {
        super(bits);
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

    public void setW(byte[] buffer, short offset, short length) {
        EcDomain.range(buffer, offset, length, "point");
        w = EcPoints.decode(domain.curve, buffer, offset, length);
    }

    public short getW(byte[] buffer, short offset) {
        byte[] xy = point();
        EcDomain.range(buffer, offset, 1 + xy.length, "output buffer");
        return (short) EcPoints.encode(domain.curve, xy, 0, false, buffer, offset);
    }
}
