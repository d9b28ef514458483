package ksecurity.math;

import java.math.BigInteger;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.math.ec.ECPoint;

/** Test helpers: Bouncy Castle's view of our curves, and BigInteger conversions. */
final class BcCurves {
    private BcCurves() {
    }

    static X9ECParameters params(int id) {
        return CustomNamedCurves.getByName(Curves.name(id));
    }

    static byte[] fixed(BigInteger v, int len) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[len];
        int copy = Math.min(raw.length, len);
        System.arraycopy(raw, raw.length - copy, out, len - copy, copy);
        return out;
    }

    static BigInteger num(byte[] b, int off, int len) {
        byte[] c = new byte[len];
        System.arraycopy(b, off, c, 0, len);
        return new BigInteger(1, c);
    }

    /** x||y of a BC point, fieldBytes each. */
    static byte[] xy(int id, ECPoint p) {
        ECPoint a = p.normalize();
        int fb = Curves.fieldBytes(id);
        byte[] out = new byte[2 * fb];
        System.arraycopy(fixed(a.getAffineXCoord().toBigInteger(), fb), 0, out, 0, fb);
        System.arraycopy(fixed(a.getAffineYCoord().toBigInteger(), fb), 0, out, fb, fb);
        return out;
    }

    static ECPoint point(int id, byte[] xy) {
        int fb = Curves.fieldBytes(id);
        return params(id).getCurve().createPoint(num(xy, 0, fb), num(xy, fb, fb));
    }

    static BigInteger randomScalar(int id, java.util.Random rnd) {
        BigInteger n = params(id).getN();
        BigInteger k;
        do {
            k = new BigInteger(n.bitLength(), rnd);
        } while (k.signum() == 0 || k.compareTo(n) >= 0);
        return k;
    }
}
