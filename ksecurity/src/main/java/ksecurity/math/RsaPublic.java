package ksecurity.math;

import ksecurity.prim.Bytes;
import ksecurity.security.CryptoException;

/**
 * The raw RSA operations that need no private structure (RFC 8017 RSAEP/RSAVP1 and, for keys
 * given as (n, d), RSADP/RSASP1): x^e mod n through Kernels.modExp(). Inputs are exactly the
 * modulus length and below the modulus; anything else is CryptoException.ILLEGAL_VALUE.
 */
public final class RsaPublic {
    private RsaPublic() {
    }

    /** out[outOff..outOff+k) = in^exp mod n, k = n.length (n without leading zero bytes). */
    public static void modPow(byte[] n, byte[] exp, byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        int k = n.length;
        if (inLen != k) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA input length is not the modulus length");
        }
        byte[] x = new byte[k];
        System.arraycopy(in, inOff, x, 0, k);
        if (!below(x, n)) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA input not below the modulus");
        }
        byte[] r = new byte[k];
        if (Kernels.modExp().modExp(x, exp, n, r) != ModExpKernel.OK) {
            throw new CryptoException(CryptoException.ILLEGAL_VALUE, "RSA modulus is not odd or input out of range");
        }
        System.arraycopy(r, 0, out, outOff, k);
        Bytes.wipe(x);
        Bytes.wipe(r);
    }

    /** a < b for big-endian byte strings of equal length; constant time. */
    static boolean below(byte[] a, byte[] b) {
        int[] x = new int[Mp.limbsFor(a.length)];
        int[] y = new int[x.length];
        Mp.fromBytes(a, 0, a.length, x);
        Mp.fromBytes(b, 0, b.length, y);
        return Mp.lessThan(x, y, x.length) == 1;
    }

    /** The value without leading zero bytes (at least one byte). */
    public static byte[] stripLeadingZeros(byte[] buf, int off, int len) {
        int i = 0;
        while (i < len - 1 && buf[off + i] == 0) {
            i++;
        }
        byte[] r = new byte[len - i];
        System.arraycopy(buf, off + i, r, 0, r.length);
        return r;
    }
}
