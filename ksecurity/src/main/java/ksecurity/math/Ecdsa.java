package ksecurity.math;

import ksecurity.prim.Bytes;
import ksecurity.prim.Digest;
import ksecurity.prim.Hmac;
import ksecurity.security.CryptoException;
import ksecurity.security.RandomData;

/**
 * ECDSA (SEC 1 v2 section 4.1; FIPS 186-4) over the named curves with RFC 6979 nonces: the
 * nonce comes from HMAC-DRBG keyed with the private key and the message hash, using the
 * message's own hash function. Signing is hedged (RFC 6979 §3.6, "additional data"): fresh
 * random bytes k' join x and h1 in steps d and f, so that a fault induced while signing does
 * not give away the key (the same message signed twice gets two nonces; the fault attacks on
 * deterministic signatures need the same nonce twice), while a broken random source still
 * leaves RFC 6979's guarantee. Without k' (the known-answer tests) it is RFC 6979 exactly.
 * Raw signatures are r||s, each orderBytes long; DER is SEQUENCE { INTEGER r, INTEGER s } as
 * X9.62 and Java Card write it.
 *
 * Signing is constant time in the private key and the nonce (fixed-base scalar multiplication,
 * Montgomery arithmetic modulo n, inversion by Fermat). Verification handles public data only.
 */
public final class Ecdsa {
    private Ecdsa() {
    }

    /**
     * Signs a message hash with the private scalar d (orderBytes at d[dOff], 1 <= d < n);
     * writes r||s (2 * orderBytes) at sig[sigOff]. nonceDigest is a fresh engine of the hash
     * function that made the hash, for RFC 6979. fresh gives k': orderBytes from one
     * generateData call (as much randomness as the private key holds, whatever the hash, so a
     * curve's signatures draw the same number of bytes); null signs deterministically (RFC 6979
     * §3.2 exactly: for known-answer tests only). ILLEGAL_VALUE for a bad private scalar.
     */
    public static void sign(int curve, byte[] d, int dOff, byte[] hash, int hOff, int hLen, Digest nonceDigest,
            RandomData fresh, byte[] sig, int sigOff) {
        EcCurve c = EcCurve.get(curve);
        ScalarModN sn = new ScalarModN(c);
        int[] x = sn.readPrivate(d, dOff);
        int[] e = sn.hashToScalar(hash, hOff, hLen);
        int ob = c.orderBytes;
        byte[] xb = sn.toBytes(x);
        byte[] eb = sn.toBytes(e);
        byte[] extra = null;
        if (fresh != null) {
            extra = new byte[ob];
            fresh.generateData(extra, (short) 0, (short) ob);
        }
        Rfc6979 nonces = new Rfc6979(nonceDigest, xb, eb, extra, sn);
        if (extra != null) {
            Bytes.wipe(extra);
        }
        EcKernel kernel = Kernels.ec();
        byte[] point = new byte[2 * c.fieldBytes];
        while (true) {
            int[] k = nonces.next();
            byte[] kb = sn.toBytes(k);
            int rc = kernel.scalarMultBase(curve, kb, point);
            Bytes.wipe(kb);
            if (rc != EcKernel.OK) {
                continue; // cannot happen for 0 < k < n; the next nonce is as good
            }
            // r = x(kG) mod n: x < p < 2n for every curve here, so one masked subtraction.
            int[] r = new int[sn.nn];
            Mp.fromBytes(point, 0, c.fieldBytes, r);
            sn.reduceOnce(r);
            if (Mp.isZero(r, sn.nn) == 1) {
                continue;
            }
            // s = k^-1 (e + r x) mod n
            int[] s = sn.mul(sn.inverse(k), sn.add(e, sn.mul(r, x)));
            Mp.clear(k);
            if (Mp.isZero(s, sn.nn) == 1) {
                continue;
            }
            Mp.toBytes(r, sig, sigOff, ob);
            Mp.toBytes(s, sig, sigOff + ob, ob);
            Mp.clear(x);
            Bytes.wipe(xb);
            nonces.clear();
            return;
        }
    }

    /**
     * Verifies r||s (2 * orderBytes at sig[sigOff]) on a message hash against the public point
     * q (x||y, already decoded and validated, e.g. by EcPoints.decode). False for r or s
     * outside [1, n-1] or a wrong signature. Everything here is public: s is inverted modulo n
     * in variable time and the kernel's verify runs in variable time (EcKernel.verify), after r
     * and s are checked to be in [1, n-1] and q to be on the curve; a key verified again gets
     * its precomputed tables (VerifyTables).
     */
    public static boolean verify(int curve, byte[] q, byte[] hash, int hOff, int hLen, byte[] sig, int sigOff) {
        EcCurve c = EcCurve.get(curve);
        ScalarModN sn = new ScalarModN(c);
        int[] r = sn.read(sig, sigOff);
        int[] s = sn.read(sig, sigOff + c.orderBytes);
        if (r == null || s == null || sn.inRange(r) == 0 || sn.inRange(s) == 0) {
            return false;
        }
        int[] e = sn.hashToScalar(hash, hOff, hLen);
        int[] w = sn.inverseVarTime(s);
        byte[] u1 = sn.toBytes(sn.mul(e, w));
        byte[] u2 = sn.toBytes(sn.mul(r, w));
        EcKernel kernel = Kernels.ec();
        Object table = VerifyTables.tableFor(kernel, curve, q);
        int rc = kernel.verify(curve, u1, u2, q, table, sn.toBytes(r));
        if (rc == EcKernel.INVALID) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "public point not on the curve");
        }
        return rc == EcKernel.OK;
    }

    /** The longest DER signature on this curve: SEQUENCE of two INTEGERs of up to orderBytes (+1 sign byte). */
    public static int maxDerLength(int curve) {
        return 2 + 2 * (2 + maxIntLength(curve));
    }

    private static int maxIntLength(int curve) {
        return Curves.orderBytes(curve) + ((Curves.n(curve)[0] & 0x80) != 0 ? 1 : 0);
    }

    /** Encodes r||s (2 * orderBytes at raw[rawOff]) as DER at out[outOff]; returns the length. */
    public static int derEncode(int curve, byte[] raw, int rawOff, byte[] out, int outOff) {
        int ob = Curves.orderBytes(curve);
        int rLen = intLength(raw, rawOff, ob);
        int sLen = intLength(raw, rawOff + ob, ob);
        int body = 2 + rLen + 2 + sLen;
        int p = outOff;
        out[p++] = 0x30;
        out[p++] = (byte) body;
        p = writeInt(raw, rawOff, ob, rLen, out, p);
        p = writeInt(raw, rawOff + ob, ob, sLen, out, p);
        return p - outOff;
    }

    /** Content length of the minimal DER INTEGER for the unsigned value v[off..off+len). */
    private static int intLength(byte[] v, int off, int len) {
        int i = 0;
        while (i < len - 1 && v[off + i] == 0) {
            i++;
        }
        return len - i + ((v[off + i] & 0x80) != 0 ? 1 : 0);
    }

    private static int writeInt(byte[] v, int off, int len, int contentLen, byte[] out, int p) {
        out[p++] = 0x02;
        out[p++] = (byte) contentLen;
        for (int i = contentLen; i > 0; i--) {
            out[p++] = i > len ? 0 : v[off + len - i];
        }
        return p;
    }

    /**
     * Decodes a strict DER signature into r||s (2 * orderBytes at raw[rawOff]). Throws
     * CryptoException.ILLEGAL_VALUE for anything but SEQUENCE { INTEGER, INTEGER } in minimal
     * short-form DER with non-negative integers that fit orderBytes and no trailing bytes.
     */
    public static void derDecode(int curve, byte[] der, int off, int len, byte[] raw, int rawOff) {
        int ob = Curves.orderBytes(curve);
        if (len < 2 || der[off] != 0x30) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "signature is not a DER SEQUENCE");
        }
        int body = der[off + 1] & 0xFF;
        if (body >= 0x80) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "signature length not in short form");
        }
        if (2 + body != len) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE,
                    2 + body < len ? "trailing bytes after the signature" : "signature length exceeds the data");
        }
        int p = readInt(der, off + 2, off + len, ob, raw, rawOff);
        p = readInt(der, p, off + len, ob, raw, rawOff + ob);
        if (p != off + len) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "trailing bytes inside the signature SEQUENCE");
        }
    }

    private static int readInt(byte[] der, int p, int end, int ob, byte[] raw, int rawOff) {
        if (end - p < 2 || der[p] != 0x02) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "signature component is not an INTEGER");
        }
        int len = der[p + 1] & 0xFF;
        p += 2;
        if (len == 0 || len >= 0x80 || len > end - p) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "bad INTEGER length in signature");
        }
        if ((der[p] & 0x80) != 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "negative INTEGER in signature");
        }
        if (len > 1 && der[p] == 0 && (der[p + 1] & 0x80) == 0) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "INTEGER in signature not minimally encoded");
        }
        int start = p;
        int vlen = len;
        if (der[start] == 0 && vlen > 1) {
            start++;
            vlen--;
        }
        if (vlen > ob) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "INTEGER in signature too long for the curve");
        }
        for (int i = 0; i < ob - vlen; i++) {
            raw[rawOff + i] = 0;
        }
        System.arraycopy(der, start, raw, rawOff + ob - vlen, vlen);
        return p + len;
    }

    /**
     * RFC 6979 section 3.2: HMAC-DRBG keyed by int2octets(x) || bits2octets(h), and with
     * section 3.6's additional data k' after them when it is given.
     */
    private static final class Rfc6979 {
        private final Hmac hmac;
        private final ScalarModN sn;
        private final byte[] k;
        private final byte[] v;
        private boolean first = true;

        Rfc6979(Digest digest, byte[] x, byte[] h1, byte[] extra, ScalarModN sn) {
            this.sn = sn;
            hmac = new Hmac(digest);
            int hlen = digest.digestSize();
            k = new byte[hlen];
            v = new byte[hlen];
            for (int i = 0; i < hlen; i++) {
                v[i] = 0x01;
            }
            step((byte) 0x00, x, h1, extra);
            step((byte) 0x01, x, h1, extra);
        }

        /** K = HMAC_K(V || sep || x || h1 [|| k']); V = HMAC_K(V). */
        private void step(byte sep, byte[] x, byte[] h1, byte[] extra) {
            hmac.init(k, 0, k.length);
            hmac.update(v, 0, v.length);
            byte[] one = {sep};
            hmac.update(one, 0, 1);
            if (x != null) {
                hmac.update(x, 0, x.length);
                hmac.update(h1, 0, h1.length);
            }
            if (extra != null) {
                hmac.update(extra, 0, extra.length);
            }
            hmac.doFinal(k, 0);
            hmac.init(k, 0, k.length);
            hmac.update(v, 0, v.length);
            hmac.doFinal(v, 0);
        }

        /** The next candidate in [1, n-1] (steps 3.2.h; retries after a rejected one). */
        int[] next() {
            int qlen = Curves.orderBits(sn.c.id);
            int tlen = (qlen + 7) / 8;
            byte[] t = new byte[((tlen + v.length - 1) / v.length) * v.length];
            while (true) {
                if (!first) {
                    step((byte) 0x00, null, null, null);
                }
                first = false;
                // V = HMAC_K(V): hmac is still keyed with K from the last step (doFinal
                // restarts with the same key), so no re-keying: two compressions saved
                for (int off = 0; off < tlen; off += v.length) {
                    hmac.update(v, 0, v.length);
                    hmac.doFinal(v, 0);
                    System.arraycopy(v, 0, t, off, v.length);
                }
                // bits2int(T): the leftmost qlen bits
                int limbs = Mp.limbsFor(t.length);
                int[] cand = new int[limbs > sn.nn ? limbs : sn.nn];
                Mp.fromBytes(t, 0, t.length, cand);
                int shift = t.length * 8 - qlen;
                if (shift > 0) {
                    ScalarModN.shiftRight(cand, shift);
                }
                int[] kk = Mp.copy(cand, sn.nn);
                Mp.clear(cand);
                Bytes.wipe(t);
                // Rejection of an out-of-range candidate (probability < 2^-32 for these curves,
                // about 1/2 never: n is close to 2^qlen) reveals nothing about the accepted one.
                if (sn.inRange(kk) == 1) {
                    return kk;
                }
            }
        }

        void clear() {
            Bytes.wipe(k);
            Bytes.wipe(v);
            hmac.clear();
        }
    }
}
