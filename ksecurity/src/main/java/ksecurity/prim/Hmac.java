package ksecurity.prim;

/**
 * HMAC over any Digest (RFC 2104): H((K ^ opad) || H((K ^ ipad) || m)). Keys longer than the
 * block are hashed first. The padded key blocks are kept so that each MAC costs no allocation.
 */
public class Hmac {
    private final Digest digest;
    private final byte[] ipadKey;
    private final byte[] opadKey;
    private final byte[] inner;
    private boolean keyed;

    public Hmac(Digest digest) {
        this.digest = digest;
        int b = digest.blockSize();
        ipadKey = new byte[b];
        opadKey = new byte[b];
        inner = new byte[digest.digestSize()];
    }

    public int macSize() {
        return digest.digestSize();
    }

    /** Sets the key (any length, including 0) and starts a new MAC. */
    public void init(byte[] key, int off, int len) {
        int b = ipadKey.length;
        for (int i = 0; i < b; i++) {
            ipadKey[i] = 0;
        }
        digest.reset();
        if (len > b) {
            digest.update(key, off, len);
            digest.doFinal(ipadKey, 0);
        } else {
            System.arraycopy(key, off, ipadKey, 0, len);
        }
        for (int i = 0; i < b; i++) {
            opadKey[i] = (byte) (ipadKey[i] ^ 0x5c);
            ipadKey[i] = (byte) (ipadKey[i] ^ 0x36);
        }
        keyed = true;
        reset();
    }

    /** Forgets the message so far and starts again with the same key. */
    public void reset() {
        if (!keyed) {
            throw new IllegalStateException("HMAC key not set");
        }
        digest.reset();
        digest.update(ipadKey, 0, ipadKey.length);
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
        digest.update(opadKey, 0, opadKey.length);
        digest.update(inner, 0, inner.length);
        int n = digest.doFinal(out, off);
        reset();
        return n;
    }

    /** Wipes the key material. */
    public void clear() {
        for (int i = 0; i < ipadKey.length; i++) {
            ipadKey[i] = 0;
            opadKey[i] = 0;
        }
        for (int i = 0; i < inner.length; i++) {
            inner[i] = 0;
        }
        digest.reset();
        keyed = false;
    }
}
