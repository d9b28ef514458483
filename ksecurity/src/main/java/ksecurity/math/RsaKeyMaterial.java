package ksecurity.math;

/**
 * A freshly generated RSA key: every part big-endian without leading zero bytes, except that
 * the private exponent d has the modulus's length and dP, dQ, qInv have the primes' length.
 */
public final class RsaKeyMaterial {
    public final byte[] n;
    public final byte[] e;
    public final byte[] d;
    public final byte[] p;
    public final byte[] q;
    public final byte[] dp;
    public final byte[] dq;
    public final byte[] qinv;

    RsaKeyMaterial(byte[] n, byte[] e, byte[] d, byte[] p, byte[] q, byte[] dp, byte[] dq, byte[] qinv) {
        this.n = n;
        this.e = e;
        this.d = d;
        this.p = p;
        this.q = q;
        this.dp = dp;
        this.dq = dq;
        this.qinv = qinv;
    }
}
