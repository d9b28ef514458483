package ksecurity.impl;

import ksecurity.math.Curves;
import ksecurity.math.EcKeys;
import ksecurity.security.CryptoException;
import ksecurity.security.ECPrivateKey;

/**
 * An EC private key on a named curve: the scalar S, checked to lie in [1, n-1] when set and
 * kept as exactly orderBytes bytes (21 for secp160r1).
 */
public class EcPrivateKeyImpl extends EcKeyImpl implements ECPrivateKey {
    private final byte type;
    /** S as orderBytes big-endian bytes, or null until set. */
    private byte[] s;

    public EcPrivateKeyImpl(byte type, short bits) {
        super(bits);
        this.type = type;
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
}
