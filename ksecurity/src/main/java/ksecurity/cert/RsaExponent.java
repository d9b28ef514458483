package ksecurity.cert;

import ksecurity.math.Mp;

/**
 * The RSA private exponent d = e^-1 mod (p-1)(q-1), which PKCS#1 files carry but a CRT key
 * does not keep. For a small e: d = (1 + phi t) / e with t = -phi^-1 mod e, which makes
 * 1 + phi t divisible by e and d &lt; phi. The multi-precision steps (Mp) take time that
 * depends on lengths only; the one value-dependent step, Euclid on phi mod e, works on a
 * residue smaller than e.
 */
final class RsaExponent {
    private RsaExponent() {
    }

    /** d as {@code len} big-endian bytes; e must be below 2^31 (65537 in practice). */
    static byte[] privateExponent(byte[] p, byte[] q, byte[] e, int len) throws CertificateException {
        int ev = 0;
        int eBytes = e.length;
        while (eBytes > 0 && e[e.length - eBytes] == 0) {
            eBytes--;
        }
        if (eBytes > 4 || (eBytes == 4 && e[e.length - 4] < 0)) {
            throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM, "RSA public exponent above 2^31");
        }
        for (int i = e.length - eBytes; i < e.length; i++) {
            ev = (ev << 8) | (e[i] & 0xFF);
        }
        int[] pm1 = limbs(p);
        int[] qm1 = limbs(q);
        pm1[0] &= ~1; // p and q are odd: p - 1 clears bit 0
        qm1[0] &= ~1;
        int[] phi = new int[pm1.length + qm1.length + 1];
        Mp.mul(pm1, pm1.length, qm1, qm1.length, phi);
        int inv = inverseMod(Mp.modSmall(phi, ev), ev);
        if (inv < 0) {
            throw CertificateException.malformed("RSA public exponent not invertible");
        }
        int t = (ev - inv) % ev;
        Mp.mulSmallAdd(phi, t, 1);
        Mp.divSmall(phi, ev);
        byte[] d = new byte[len];
        Mp.toBytes(phi, d, 0, len);
        Mp.clear(pm1);
        Mp.clear(qm1);
        Mp.clear(phi);
        return d;
    }

    private static int[] limbs(byte[] b) {
        int[] r = new int[Mp.limbsFor(b.length)];
        Mp.fromBytes(b, 0, b.length, r);
        return r;
    }

    /** a^-1 mod m by extended Euclid, or -1 if gcd(a, m) != 1. */
    private static int inverseMod(int a, int m) {
        long r0 = m;
        long r1 = a;
        long s0 = 0;
        long s1 = 1;
        while (r1 != 0) {
            long qt = r0 / r1;
            long tmp = r0 - qt * r1;
            r0 = r1;
            r1 = tmp;
            tmp = s0 - qt * s1;
            s0 = s1;
            s1 = tmp;
        }
        if (r0 != 1) {
            return -1;
        }
        long v = s0 % m;
        return (int) (v < 0 ? v + m : v);
    }
}
