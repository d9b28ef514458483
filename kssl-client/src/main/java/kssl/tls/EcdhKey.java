package kssl.tls;

import ksecurity.prim.Bytes;
import ksecurity.math.Curves;
import ksecurity.math.EcKeys;
import ksecurity.math.EcPoints;
import ksecurity.security.CryptoException;
import ksecurity.security.RandomData;

/**
 * An EC key pair for ECDH on a named group: the server's ephemeral ECDHE key (which a mote
 * computes ahead of time, while idle), the client's ephemeral key, or the server's static key
 * of the legacy ECDH_ECDSA suite. The shared secret is the x-coordinate (RFC 8422 §5.10).
 */
public final class EcdhKey {
    final int group;
    final int curve;
    final byte[] d;
    /** The public point, uncompressed: 04 || x || y. */
    final byte[] point;

    private EcdhKey(int group, int curve, byte[] d) {
        this.group = group;
        this.curve = curve;
        this.d = d;
        byte[] xy = new byte[2 * Curves.fieldBytes(curve)];
        EcKeys.publicFromPrivate(curve, d, 0, xy, 0);
        point = new byte[EcPoints.uncompressedLength(curve)];
        EcPoints.encode(curve, xy, 0, false, point, 0);
    }

    /** A fresh key pair; its scalar is drawn from rng (rejection sampling, SEC 1 §3.2.1). */
    public static EcdhKey generate(int group, RandomData rng) {
        int curve = curveOf(group);
        byte[] d = new byte[Curves.orderBytes(curve)];
        EcKeys.generatePrivate(curve, rng, d, 0);
        return new EcdhKey(group, curve, d);
    }

    /** A key pair from a known private scalar (orderBytes, big-endian). */
    public static EcdhKey fromPrivate(int group, byte[] d) {
        return new EcdhKey(group, curveOf(group), Bytes.copy(d, 0, d.length));
    }

    /** The ksecurity curve id of a NamedGroup, or -1. */
    public static int curveOf(int group) {
        switch (group) {
            case Extensions.SECP256R1: return Curves.SECP256R1;
            case Extensions.SECP160R1: return Curves.SECP160R1;
            default: return -1;
        }
    }

    /** The NamedGroup of a ksecurity curve id, or -1. */
    public static int groupOf(int curve) {
        if (curve == Curves.SECP256R1) {
            return Extensions.SECP256R1;
        }
        return curve == Curves.SECP160R1 ? Extensions.SECP160R1 : -1;
    }

    public int getGroup() {
        return group;
    }

    /** The public point as sent: 04 || x || y. */
    public byte[] getPoint() {
        return Bytes.copy(point, 0, point.length);
    }

    /**
     * The premaster secret with the peer's encoded point: illegal_parameter if the point is
     * not a valid point of the group (not on the curve, wrong length, infinity).
     */
    byte[] agree(byte[] peer, int off, int len) throws TlsException {
        byte[] xy;
        try {
            xy = EcKeys.agree(curve, d, 0, peer, off, len);
        } catch (CryptoException e) {
            throw new TlsException(Alert.ILLEGAL_PARAMETER, "peer's EC point: ".concat(e.getMessage()));
        }
        byte[] x = Bytes.copy(xy, 0, Curves.fieldBytes(curve));
        Bytes.wipe(xy);
        return x;
    }

    void clear() {
        Bytes.wipe(d);
    }
}
