package ksecurity.math;

import ksecurity.prim.Bytes;
import ksecurity.security.CryptoException;
import ksecurity.security.RandomData;

/** EC key pairs (SEC 1 v2 section 3.2.1) and ECDH (section 3.3.1) on the named curves. */
public final class EcKeys {
    private EcKeys() {
    }

    /**
     * Draws a private scalar uniformly in [1, n-1] by rejection sampling: orderBits random bits,
     * retried while out of range (which reveals nothing about the value kept). Writes
     * orderBytes at d[off].
     */
    public static void generatePrivate(int curve, RandomData rng, byte[] d, int off) {
        EcCurve c = EcCurve.get(curve);
        ScalarModN sn = new ScalarModN(c);
        int ob = c.orderBytes;
        int extraBits = ob * 8 - Curves.orderBits(curve);
        byte[] buf = new byte[ob];
        while (true) {
            rng.generateData(buf, (short) 0, (short) ob);
            buf[0] &= (byte) (0xFF >>> extraBits);
            int[] v = sn.read(buf, 0);
            int ok = sn.inRange(v);
            Mp.clear(v);
            if (ok == 1) {
                System.arraycopy(buf, 0, d, off, ob);
                Bytes.wipe(buf);
                return;
            }
        }
    }

    /** The public point d*G as x||y (2 * fieldBytes at q[off]); ILLEGAL_VALUE for d outside [1, n-1]. */
    public static void publicFromPrivate(int curve, byte[] d, int dOff, byte[] q, int off) {
        EcCurve c = EcCurve.get(curve);
        byte[] k = scalar(c, d, dOff);
        byte[] out = new byte[2 * c.fieldBytes];
        int rc = Kernels.ec().scalarMultBase(curve, k, out);
        Bytes.wipe(k);
        if (rc != EcKernel.OK) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "private scalar not in [1, n-1]");
        }
        System.arraycopy(out, 0, q, off, out.length);
    }

    /**
     * ECDH: d * Q for the peer's encoded point (compressed or uncompressed, validated by
     * EcPoints.decode); returns x||y of the shared point. ILLEGAL_VALUE for a bad point or scalar.
     */
    public static byte[] agree(int curve, byte[] d, int dOff, byte[] peer, int peerOff, int peerLen) {
        EcCurve c = EcCurve.get(curve);
        byte[] q = EcPoints.decode(curve, peer, peerOff, peerLen);
        byte[] k = scalar(c, d, dOff);
        byte[] out = new byte[2 * c.fieldBytes];
        int rc = Kernels.ec().scalarMult(curve, k, q, out);
        Bytes.wipe(k);
        if (rc != EcKernel.OK) {
            // Unreachable for a validated point of prime order and 0 < d < n.
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "shared point is not finite");
        }
        return out;
    }

    /** Checks a private scalar (orderBytes at d[off]): ILLEGAL_VALUE unless 1 <= d < n. */
    public static void checkPrivate(int curve, byte[] d, int off) {
        int[] v = new ScalarModN(EcCurve.get(curve)).readPrivate(d, off);
        Mp.clear(v);
    }

    /** A checked copy of the private scalar (1 <= d < n). */
    private static byte[] scalar(EcCurve c, byte[] d, int dOff) {
        ScalarModN sn = new ScalarModN(c);
        int[] v = sn.readPrivate(d, dOff);
        Mp.clear(v);
        byte[] k = new byte[c.orderBytes];
        System.arraycopy(d, dOff, k, 0, k.length);
        return k;
    }
}
