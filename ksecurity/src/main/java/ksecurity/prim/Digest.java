package ksecurity.prim;

/**
 * A hash engine (MD5, SHA-1, SHA-224, SHA-256, SHA-384, SHA-512): the small interface that HMAC, the TLS PRFs,
 * the DRBG, ECDSA's RFC 6979 nonces and the handshake hash all share.
 */
public interface Digest {
    /** Output length in bytes. */
    int digestSize();

    /** Internal block length in bytes (64; 128 for SHA-384 and SHA-512), as HMAC needs. */
    int blockSize();

    void update(byte[] in, int off, int len);

    /** Writes digestSize() bytes at out[off], resets, and returns digestSize(). */
    int doFinal(byte[] out, int off);

    void reset();

    /** An independent copy of the running state (a TLS handshake hash is read mid-stream). */
    Digest copy();

    /** Length in bytes of the chaining value exportState writes. */
    int stateSize();

    /** Writes the chaining value at out[off] (only on a block boundary); returns stateSize(). */
    int exportState(byte[] out, int off);

    /** Resumes from a chaining value that covers count bytes, a multiple of the block size. */
    void importState(byte[] in, int off, long count);
}
