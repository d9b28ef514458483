package ksecurity.impl;

import ksecurity.math.Curves;
import ksecurity.math.EcPoints;
import ksecurity.security.CryptoException;
import ksecurity.security.ECKey;

/**
 * The domain parameters shared by EC public and private keys: always one of the four named
 * curves, chosen by the key size (LENGTH_EC_FP_160/192/224/256). The setters accept only the
 * curve's own values (so code written for Java Card, which sets every parameter, still works)
 * and refuse anything else with ILLEGAL_VALUE.
 */
final class EcDomain {
    final int curve;
    final short bits;

    EcDomain(short bits) {
        int id = Curves.byBits(bits);
        if (id < 0) {
            throw new CryptoException(CryptoException.NO_SUCH_ALGORITHM,
                    "EC key size not supported (160, 192, 224 or 256 bits)");
        }
        this.curve = id;
        this.bits = bits;
    }

    static void range(byte[] b, int off, int len, String what) {
        if (b == null) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, what.concat(" is null"));
        }
        if (off < 0 || len < 0 || off > b.length - len) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, what.concat(" range outside the array"));
        }
    }

    /** Accepts a value only if it equals the curve's own (leading zero bytes ignored). */
    static void expect(byte[] mine, byte[] buf, int off, int len, String what) {
        range(buf, off, len, what);
        int i = 0;
        while (i < len && buf[off + i] == 0) {
            i++;
        }
        int j = 0;
        while (j < mine.length && mine[j] == 0) {
            j++;
        }
        boolean same = len - i == mine.length - j;
        for (int k = 0; same && k < len - i; k++) {
            same = buf[off + i + k] == mine[j + k];
        }
        if (!same) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE,
                    what.concat(" differs from the named curve's; only named curves are supported"));
        }
    }

    void setFieldFP(byte[] b, short off, short len) {
        expect(Curves.p(curve), b, off, len, "field prime");
    }

    void setFieldF2M() {
        throw new CryptoException(CryptoException.ILLEGAL_VALUE, "binary-field curves are not supported");
    }

    void setA(byte[] b, short off, short len) {
        expect(Curves.a(curve), b, off, len, "coefficient a");
    }

    void setB(byte[] b, short off, short len) {
        expect(Curves.b(curve), b, off, len, "coefficient b");
    }

    void setG(byte[] b, short off, short len) {
        range(b, off, len, "generator");
        byte[] xy = EcPoints.decode(curve, b, off, len);
        byte[] g = Curves.g(curve);
        expect(g, concat04(xy), 0, 1 + xy.length, "generator");
    }

    void setR(byte[] b, short off, short len) {
        expect(Curves.n(curve), b, off, len, "order");
    }

    void setK(short k) {
        if (k != 1) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "cofactor of the named curves is 1");
        }
    }

    short getField(byte[] b, short off) {
        return put(Curves.p(curve), b, off);
    }

    short getA(byte[] b, short off) {
        return put(Curves.a(curve), b, off);
    }

    short getB(byte[] b, short off) {
        return put(Curves.b(curve), b, off);
    }

    short getG(byte[] b, short off) {
        return put(Curves.g(curve), b, off);
    }

    short getR(byte[] b, short off) {
        return put(Curves.n(curve), b, off);
    }

    /** Accepts another key's parameters only if they are this curve's. */
    void copyFrom(ECKey other) {
        if (other == null) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "no key to copy parameters from");
        }
        byte[] buf = new byte[1 + 2 * Curves.fieldBytes(Curves.SECP256R1) + 1];
        short len = other.getField(buf, (short) 0);
        expect(Curves.p(curve), buf, 0, len, "field prime");
        len = other.getA(buf, (short) 0);
        expect(Curves.a(curve), buf, 0, len, "coefficient a");
        len = other.getB(buf, (short) 0);
        expect(Curves.b(curve), buf, 0, len, "coefficient b");
        len = other.getG(buf, (short) 0);
        setG(buf, (short) 0, len);
        len = other.getR(buf, (short) 0);
        expect(Curves.n(curve), buf, 0, len, "order");
        setK(other.getK());
    }

    static short put(byte[] v, byte[] b, short off) {
        range(b, off, v.length, "output buffer");
        System.arraycopy(v, 0, b, off, v.length);
        return (short) v.length;
    }

    private static byte[] concat04(byte[] xy) {
        byte[] r = new byte[1 + xy.length];
        r[0] = 0x04;
        System.arraycopy(xy, 0, r, 1, xy.length);
        return r;
    }
}
