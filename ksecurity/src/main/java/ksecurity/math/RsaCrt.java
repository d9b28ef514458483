package ksecurity.math;

import ksecurity.prim.Bytes;
import ksecurity.security.CryptoException;
import ksecurity.security.RandomData;

/**
 * The RSA private operation with a CRT key (RFC 8017 5.1.2, Garner's recombination), with base
 * blinding against timing attacks and a check of the result with the public exponent against
 * fault attacks (a faulty half-result would otherwise reveal a prime factor).
 *
 * Blinding: c is multiplied by r^e before and the result by r^-1 after, for a random r; the pair
 * (r^e, r^-1) is made once (r^-1 through Fermat inverses modulo p and q) and squared after each
 * use, so every operation sees a fresh, unpredictable factor at the cost of two multiplications.
 * Everything here is constant time: Montgomery arithmetic with masked corrections, reductions by
 * Horner's rule, fixed-length exponents.
 */
public final class RsaCrt {
    private final byte[] nBytes;
    private final byte[] pBytes;
    private final byte[] qBytes;
    private final byte[] dp;
    private final byte[] dq;
    private final byte[] e;
    private final int[] q;
    private final int[] qinvM;
    private final Montgomery mp;
    private final Montgomery mq;
    private final Montgomery mn;
    private final RandomData rng;
    /** Blinding factors in Montgomery form modulo n: r^e and r^-1 (null until first use). */
    private int[] blindM;
    private int[] unblindM;

    /**
     * p, q, dp = d mod (p-1), dq = d mod (q-1), qinv = q^-1 mod p (big-endian) and the public
     * exponent e. ILLEGAL_VALUE if the parts are inconsistent in a way that can be seen cheaply
     * (even primes, qinv not below p).
     */
    public RsaCrt(byte[] p, byte[] q, byte[] dp, byte[] dq, byte[] qinv, byte[] e, RandomData rng) {
        this.pBytes = RsaPublic.stripLeadingZeros(p, 0, p.length);
        this.qBytes = RsaPublic.stripLeadingZeros(q, 0, q.length);
        if ((pBytes[pBytes.length - 1] & 1) == 0 || (qBytes[qBytes.length - 1] & 1) == 0
                || pBytes.length < 2 || qBytes.length < 2) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA primes must be odd and longer than one byte");
        }
        this.rng = rng;
        this.e = RsaPublic.stripLeadingZeros(e, 0, e.length);
        mp = Montgomery.fromBytes(pBytes, 0, pBytes.length);
        mq = Montgomery.fromBytes(qBytes, 0, qBytes.length);
        this.q = Mp.copy(mq.m, mq.n);
        int[] pq = new int[mp.n + mq.n];
        Mp.mul(mp.m, mp.n, mq.m, mq.n, pq);
        int top = pq.length;
        while (pq[top - 1] == 0) {
            top--;
        }
        mn = new Montgomery(Mp.copy(pq, top));
        int bytes = (Mp.bitLength(mn.m) + 7) / 8;
        nBytes = new byte[bytes];
        Mp.toBytes(mn.m, nBytes, 0, bytes);
        this.dp = fixed(dp, pBytes.length, "dP");
        this.dq = fixed(dq, qBytes.length, "dQ");
        int[] qi = readBelow(qinv, mp, "qInv");
        qinvM = new int[mp.n];
        mp.toMont(qi, qinvM, mp.scratch());
    }

    /** The public exponents tried for a CRT key that comes without one. */
    private static final int[] COMMON_EXPONENTS = {65537, 3, 5, 17, 257};

    /**
     * The public exponent of a CRT key that lacks it: the first common exponent e with
     * (2^dP)^e = 2 mod p and (2^dQ)^e = 2 mod q. ILLEGAL_VALUE if none fits. A wrong guess
     * cannot slip through: every private result is checked with e.
     */
    public static byte[] findPublicExponent(byte[] p, byte[] q, byte[] dp, byte[] dq) {
        for (int i = 0; i < COMMON_EXPONENTS.length; i++) {
            int e = COMMON_EXPONENTS[i];
            byte[] eb = {(byte) (e >>> 16), (byte) (e >>> 8), (byte) e};
            if (undoes(p, dp, eb) && undoes(q, dq, eb)) {
                return RsaPublic.stripLeadingZeros(eb, 0, eb.length);
            }
        }
        throw new CryptoException(CryptoException.ILLEGAL_VALUE,
                "public exponent of the CRT key unknown: set it with setPublicExponent");
    }

    private static boolean undoes(byte[] prime, byte[] d, byte[] e) {
        byte[] m = RsaPublic.stripLeadingZeros(prime, 0, prime.length);
        byte[] two = new byte[m.length];
        two[m.length - 1] = 2;
        byte[] x = new byte[m.length];
        byte[] y = new byte[m.length];
        ModExpKernel k = Kernels.modExp();
        if (k.modExp(two, d, m, x) != ModExpKernel.OK || k.modExp(x, e, m, y) != ModExpKernel.OK) {
            return false;
        }
        int diff = 0;
        for (int i = 0; i < m.length; i++) {
            diff |= y[i] ^ two[i];
        }
        return diff == 0;
    }

    /** The modulus length in bytes. */
    public int length() {
        return nBytes.length;
    }

    /**
     * out = in^d mod n, for in exactly length() bytes and below n (ILLEGAL_VALUE otherwise, or
     * when the result fails the public-key check).
     */
    public void privateOp(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        int k = nBytes.length;
        if (inLen != k) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA input length is not the modulus length");
        }
        int nl = mn.n;
        int[] c = new int[nl];
        if (Mp.fits(in, inOff, inLen, nl) == 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA input not below the modulus");
        }
        Mp.fromBytes(in, inOff, inLen, c);
        if (Mp.lessThan(c, mn.m, nl) == 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA input not below the modulus");
        }
        int[] blind = new int[nl];
        int[] unblind = new int[nl];
        nextBlinding(blind, unblind);
        int[] tn = mn.scratch();
        int[] cb = new int[nl];
        mn.mul(c, blind, cb, tn); // c * r^e mod n

        int[] m = crt(cb);
        mn.mul(m, unblind, m, tn); // * r^-1

        // Fault check: m^e must give back c.
        byte[] mb = new byte[k];
        Mp.toBytes(m, mb, 0, k);
        byte[] check = new byte[k];
        Kernels.modExp().modExp(mb, e, nBytes, check);
        int diff = 0;
        for (int i = 0; i < k; i++) {
            diff |= check[i] ^ in[inOff + i];
        }
        Mp.clear(m);
        Mp.clear(cb);
        Mp.clear(blind);
        Mp.clear(unblind);
        if (diff != 0) {
            Bytes.wipe(mb);
            throw new CryptoException(CryptoException.ILLEGAL_VALUE,
                    "RSA private result failed the public-key check (fault or inconsistent key)");
        }
        System.arraycopy(mb, 0, out, outOff, k);
        Bytes.wipe(mb);
    }

    /** m = c^d mod n by the CRT halves and Garner's formula. */
    private int[] crt(int[] c) {
        int[] cp = new int[mp.n];
        int[] cq = new int[mq.n];
        mp.reduce(c, cp);
        mq.reduce(c, cq);
        int[] mpv = halfExp(cp, dp, pBytes, mp);
        int[] mqv = halfExp(cq, dq, qBytes, mq);
        // h = (m_p - m_q) qInv mod p
        int[] mqModP = new int[mp.n];
        mp.reduce(mqv, mqModP);
        int[] h = new int[mp.n];
        mp.sub(mpv, mqModP, h);
        mp.mul(h, qinvM, h, mp.scratch());
        // m = m_q + q h  (< n)
        int[] qh = new int[mq.n + mp.n];
        Mp.mul(q, mq.n, h, mp.n, qh);
        int[] mq2 = Mp.copy(mqv, qh.length);
        Mp.add(qh, mq2, qh, qh.length);
        int[] m = Mp.copy(qh, mn.n);
        Mp.clear(cp);
        Mp.clear(cq);
        Mp.clear(mpv);
        Mp.clear(mqv);
        Mp.clear(mqModP);
        Mp.clear(h);
        Mp.clear(qh);
        Mp.clear(mq2);
        return m;
    }

    private static int[] halfExp(int[] base, byte[] exp, byte[] mod, Montgomery mont) {
        byte[] b = new byte[mod.length];
        Mp.toBytes(base, b, 0, b.length);
        byte[] r = new byte[mod.length];
        if (Kernels.modExp().modExp(b, exp, mod, r) != ModExpKernel.OK) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA prime rejected by the kernel");
        }
        int[] v = new int[mont.n];
        Mp.fromBytes(r, 0, r.length, v);
        Bytes.wipe(b);
        Bytes.wipe(r);
        return v;
    }

    /** The current blinding pair (plain r^e, Montgomery-form r^-1 scaled for mn.mul), then squares it. */
    private synchronized void nextBlinding(int[] blind, int[] unblind) {
        int nl = mn.n;
        int[] t = mn.scratch();
        if (blindM == null) {
            makeBlinding();
        }
        // mn.mul(x, blindM) = x * r^e when blindM = r^e * R: hand out the Montgomery forms.
        System.arraycopy(blindM, 0, blind, 0, nl);
        System.arraycopy(unblindM, 0, unblind, 0, nl);
        mn.mul(blindM, blindM, blindM, t);
        mn.mul(unblindM, unblindM, unblindM, t);
    }

    private void makeBlinding() {
        int nl = mn.n;
        int[] t = mn.scratch();
        byte[] rb = new byte[nBytes.length];
        int[] r = new int[nl];
        int[] inv = new int[nl];
        while (true) {
            rng.generateData(rb, (short) 0, (short) rb.length);
            Mp.fromBytes(rb, 0, rb.length, r);
            if (Mp.lessThan(r, mn.m, nl) == 0 || Mp.isZero(r, nl) == 1) {
                continue;
            }
            inverseModN(r, inv);
            // r shares a factor with n only with negligible probability; then inv is 0.
            int[] check = new int[nl];
            int[] rm = new int[nl];
            mn.toMont(r, rm, t);
            mn.mul(rm, inv, check, t);
            int[] one = new int[nl];
            one[0] = 1;
            if (Mp.equal(check, one, nl) == 1) {
                break;
            }
        }
        byte[] re = new byte[nBytes.length];
        Kernels.modExp().modExp(rb, e, nBytes, re);
        int[] reInt = new int[nl];
        Mp.fromBytes(re, 0, re.length, reInt);
        blindM = new int[nl];
        mn.toMont(reInt, blindM, t);
        unblindM = new int[nl];
        mn.toMont(inv, unblindM, t);
        Bytes.wipe(rb);
        Mp.clear(r);
        Bytes.wipe(re);
        Mp.clear(reInt);
        Mp.clear(inv);
    }

    /** inv = r^-1 mod n through r^-1 mod p and mod q (Fermat) and Garner's formula; 0 if none. */
    private void inverseModN(int[] r, int[] inv) {
        int[] ip = fermatInverse(r, mp);
        int[] iq = fermatInverse(r, mq);
        int[] iqModP = new int[mp.n];
        mp.reduce(iq, iqModP);
        int[] h = new int[mp.n];
        mp.sub(ip, iqModP, h);
        mp.mul(h, qinvM, h, mp.scratch());
        int[] qh = new int[mq.n + mp.n];
        Mp.mul(q, mq.n, h, mp.n, qh);
        int[] iq2 = Mp.copy(iq, qh.length);
        Mp.add(qh, iq2, qh, qh.length);
        for (int i = 0; i < inv.length; i++) {
            inv[i] = qh[i];
        }
    }

    private static int[] fermatInverse(int[] x, Montgomery m) {
        int[] t = m.scratch();
        int[] v = new int[m.n];
        m.reduce(x, v);
        m.toMont(v, v, t);
        m.invPrime(v, v);
        m.fromMont(v, v, t);
        return v;
    }

    /** A CRT exponent as exactly len bytes (its length must not show in the timing). */
    private static byte[] fixed(byte[] v, int len, String what) {
        byte[] s = RsaPublic.stripLeadingZeros(v, 0, v.length);
        if (s.length > len) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA CRT exponent ".concat(what).concat(" too long"));
        }
        byte[] r = new byte[len];
        System.arraycopy(s, 0, r, len - s.length, s.length);
        return r;
    }

    private static int[] readBelow(byte[] v, Montgomery m, String what) {
        byte[] s = RsaPublic.stripLeadingZeros(v, 0, v.length);
        int[] r = new int[m.n];
        if (Mp.fits(s, 0, s.length, m.n) == 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, what.concat(" not below p"));
        }
        Mp.fromBytes(s, 0, s.length, r);
        if (Mp.lessThan(r, m.m, m.n) == 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, what.concat(" not below p"));
        }
        return r;
    }
}
