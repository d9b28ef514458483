package ksecurity.math;

import ksecurity.security.CryptoException;
import ksecurity.security.RandomData;

/**
 * RSA key generation (FIPS 186-4 B.3.3 in spirit): two probable primes of half the size with
 * the top two bits set (so n has exactly the requested size), gcd(e, p-1) = gcd(e, q-1) = 1, p
 * and q differing in their top 100 bits; d = e^-1 mod (p-1)(q-1), dP, dQ and qInv = q^-1 mod p.
 */
public final class RsaKeyGen {
    /** The smallest and largest modulus sizes accepted. */
    public static final int MIN_BITS = 512;
    public static final int MAX_BITS = 2048;

    private RsaKeyGen() {
    }

    /**
     * Generates a key of bits bits (a multiple of 8 between MIN_BITS and MAX_BITS) with the odd
     * public exponent e (3 <= e < 2^31).
     */
    public static RsaKeyMaterial generate(int bits, int e, RandomData rng) {
        if (bits < MIN_BITS || bits > MAX_BITS || (bits & 7) != 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA key size not supported");
        }
        if (e < 3 || (e & 1) == 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA public exponent must be odd and >= 3");
        }
        int pBits = (bits + 1) / 2;
        int qBits = bits - pBits;
        while (true) {
            byte[] pb = Primes.generate(pBits, e, rng);
            byte[] qb = Primes.generate(qBits, e, rng);
            int[] p = limbs(pb);
            int[] q = limbs(qb);
            if (!farApart(p, q, bits)) {
                continue;
            }
            int[] n = new int[p.length + q.length];
            Mp.mul(p, p.length, q, q.length, n);
            int nBytes = bits / 8;
            int[] pm1 = Mp.copy(p, p.length);
            pm1[0] &= ~1;
            int[] qm1 = Mp.copy(q, q.length);
            qm1[0] &= ~1;
            int[] phi = new int[p.length + q.length];
            Mp.mul(pm1, pm1.length, qm1, qm1.length, phi);
            byte[] d = bytes(inverseOfSmall(e, phi), nBytes);
            byte[] dp = bytes(inverseOfSmall(e, pm1), pb.length);
            byte[] dq = bytes(inverseOfSmall(e, qm1), qb.length);
            // qInv = q^(p-2) mod p (p prime)
            Montgomery mp = new Montgomery(p);
            int[] t = mp.scratch();
            int[] qi = new int[mp.n];
            mp.reduce(q, qi);
            mp.toMont(qi, qi, t);
            mp.invPrime(qi, qi);
            mp.fromMont(qi, qi, t);
            byte[] eb = RsaPublic.stripLeadingZeros(new byte[] {(byte) (e >>> 24), (byte) (e >>> 16),
                (byte) (e >>> 8), (byte) e}, 0, 4);
            RsaKeyMaterial key = new RsaKeyMaterial(bytes(n, nBytes), eb, d, pb, qb, dp, dq, bytes(qi, pb.length));
            Mp.clear(pm1);
            Mp.clear(qm1);
            Mp.clear(phi);
            Mp.clear(p);
            Mp.clear(q);
            return key;
        }
    }

    /**
     * x = e^-1 mod m for a small e and any m (here even: p-1 or phi) with gcd(e, m) = 1:
     * x = (1 + m t) / e with t = -m^-1 mod e, which makes 1 + m t divisible by e and x < m.
     */
    static int[] inverseOfSmall(int e, int[] m) {
        int r = Mp.modSmall(m, e);
        int inv = inverseModInt(r, e);
        int t = (e - inv) % e;
        int[] x = Mp.copy(m, m.length + 1);
        Mp.mulSmallAdd(x, t, 1);
        if (Mp.divSmall(x, e) != 0) {
            throw new IllegalStateException("e not invertible");
        }
        return Mp.copy(x, m.length);
    }

    /** a^-1 mod m for ints (extended Euclid); a and m coprime. */
    private static int inverseModInt(int a, int m) {
        long oldR = a;
        long r = m;
        long oldS = 1;
        long s = 0;
        while (r != 0) {
            long quot = oldR / r;
            long tmp = oldR - quot * r;
            oldR = r;
            r = tmp;
            tmp = oldS - quot * s;
            oldS = s;
            s = tmp;
        }
        long v = oldS % m;
        return (int) (v < 0 ? v + m : v);
    }

    /** |p - q| > 2^(bits/2 - 100) (FIPS 186-4 B.3.3 step 5.4). */
    private static boolean farApart(int[] p, int[] q, int bits) {
        int len = p.length > q.length ? p.length : q.length;
        int[] a = Mp.copy(p, len);
        int[] b = Mp.copy(q, len);
        int[] diff = new int[len];
        if (Mp.sub(a, b, diff, len) != 0) {
            Mp.sub(b, a, diff, len);
        }
        return Mp.bitLength(diff) > bits / 2 - 100;
    }

    private static int[] limbs(byte[] b) {
        int[] r = new int[Mp.limbsFor(b.length)];
        Mp.fromBytes(b, 0, b.length, r);
        return r;
    }

    private static byte[] bytes(int[] a, int len) {
        byte[] r = new byte[len];
        Mp.toBytes(a, r, 0, len);
        return r;
    }
}
