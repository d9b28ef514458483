package ksecurity.prim;

/**
 * HMAC over any Digest (RFC 2104): H((K ^ opad) || H((K ^ ipad) || m)). Keys longer than the
 * block are hashed first. init hashes the two padded key blocks once and keeps the chaining
 * values they leave (RFC 2104 §4's precomputation), so each MAC starts from them instead of
 * hashing the pads again: two compressions fewer per MAC, half the work of a short one (the TLS
 * PRF, the DRBG and RFC 6979 nonces make many). No allocation per key or per MAC.
 */
public class Hmac {
    private final Digest digest;
    private final int block;
    /** The chaining values after K ^ ipad and after K ^ opad: as secret as the key. */
    private final byte[] innerStart;
    private final byte[] outerStart;
    private final byte[] inner;
    /** The padded key while init works on it; zero otherwise. */
    private final byte[] pad;
    private boolean keyed;

    public Hmac(Digest digest) {
        this.digest = digest;
        block = digest.blockSize();
        innerStart = new byte[digest.stateSize()];
        outerStart = new byte[digest.stateSize()];
        inner = new byte[digest.digestSize()];
        pad = new byte[block];
    }

    public int macSize() {
        return digest.digestSize();
    }

    /** Sets the key (any length, including 0) and starts a new MAC. */
    public void init(byte[] key, int off, int len) {
        digest.reset();
        if (len > block) {
            digest.update(key, off, len);
            digest.doFinal(pad, 0);
        } else {
            System.arraycopy(key, off, pad, 0, len);
        }
        startFrom(0x36, innerStart);
        startFrom(0x36 ^ 0x5c, outerStart);
        for (int i = 0; i < block; i++) {
            pad[i] = 0;
        }
        keyed = true;
        reset();
    }

    /** pad ^= x, then the chaining value after hashing pad into state. */
    private void startFrom(int x, byte[] state) {
        for (int i = 0; i < block; i++) {
            pad[i] = (byte) (pad[i] ^ x);
        }
        digest.reset();
        digest.update(pad, 0, block);
        digest.exportState(state, 0);
    }

    /** Forgets the message so far and starts again with the same key. */
    public void reset() {
        if (!keyed) {
            throw new IllegalStateException("HMAC key not set");
        }
        digest.importState(innerStart, 0, block);
    }

    public void update(byte[] in, int off, int len) {
        if (!keyed) {
            throw new IllegalStateException("HMAC key not set");
        }
        digest.update(in, off, len);
    }

    /** Writes macSize() bytes at out[off], then restarts with the same key; returns macSize(). */
    public int doFinal(byte[] out, int off) {
        if (!keyed) {
            throw new IllegalStateException("HMAC key not set");
        }
        digest.doFinal(inner, 0);
        digest.importState(outerStart, 0, block);
        digest.update(inner, 0, inner.length);
        int n = digest.doFinal(out, off);
        reset();
        return n;
    }

    /** Wipes the key material. */
    public void clear() {
        for (int i = 0; i < innerStart.length; i++) {
            innerStart[i] = 0;
            outerStart[i] = 0;
        }
        for (int i = 0; i < inner.length; i++) {
            inner[i] = 0;
        }
        digest.reset();
        keyed = false;
    }
}
