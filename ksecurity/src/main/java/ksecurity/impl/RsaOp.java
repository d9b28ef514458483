package ksecurity.impl;

/** What RsaCipher and RsaPkcs1Signature need from an RSA key of this package. */
interface RsaOp {
    /** The modulus length k in bytes; UNINITIALIZED_KEY if the key is not complete. */
    int modulusLength();

    /** out = in^exponent mod n for exactly k input bytes below n (ILLEGAL_VALUE otherwise). */
    void apply(byte[] in, int inOff, int inLen, byte[] out, int outOff);
}
