package ksecurity.prim;

/**
 * The SSL 3.0 record MAC (RFC 6101 §5.2.3.1), HMAC's predecessor:
 * hash(secret || pad_2 || hash(secret || pad_1 || data)), with pad_1 = 0x36 and pad_2 = 0x5c
 * repeated 48 times for MD5 and 40 times for SHA-1. The record layer feeds seq_num, type,
 * length and the fragment as data. Legacy profile only.
 */
public final class Ssl3Mac {
    private final Digest digest;
    private final int padLen;
    private final byte[] secret = new byte[20];
    private final byte[] inner;
    private int secretLen;
    private boolean keyed;
    private static final byte[] PAD1 = pad(0x36);
    private static final byte[] PAD2 = pad(0x5c);

    private static byte[] pad(int v) {
        byte[] b = new byte[48];
        for (int i = 0; i < 48; i++) {
            b[i] = (byte) v;
        }
        return b;
    }

    /** Over MD5 (16-byte MAC) or SHA-1 (20-byte MAC). */
    public Ssl3Mac(Digest digest) {
        int n = digest.digestSize();
        if (n != 16 && n != 20) {
            throw new IllegalArgumentException("SSL 3.0 MAC is defined over MD5 and SHA-1 only");
        }
        this.digest = digest;
        this.padLen = n == 16 ? 48 : 40;
        this.inner = new byte[n];
    }

    public int macSize() {
        return inner.length;
    }

    /** Sets the MAC write secret (the hash's length: 16 or 20 bytes) and starts a MAC. */
    public void init(byte[] key, int off, int len) {
        if (len != inner.length) {
            throw new IllegalArgumentException("SSL 3.0 MAC secret must be as long as the hash");
        }
        System.arraycopy(key, off, secret, 0, len);
        secretLen = len;
        keyed = true;
        reset();
    }

    public void reset() {
        if (!keyed) {
            throw new IllegalStateException("SSL 3.0 MAC secret not set");
        }
        digest.reset();
        digest.update(secret, 0, secretLen);
        digest.update(PAD1, 0, padLen);
    }

    public void update(byte[] in, int off, int len) {
        if (!keyed) {
            throw new IllegalStateException("SSL 3.0 MAC secret not set");
        }
        digest.update(in, off, len);
    }

    /** Writes macSize() bytes at out[off] and restarts with the same secret; returns macSize(). */
    public int doFinal(byte[] out, int off) {
        if (!keyed) {
            throw new IllegalStateException("SSL 3.0 MAC secret not set");
        }
        digest.doFinal(inner, 0);
        digest.update(secret, 0, secretLen);
        digest.update(PAD2, 0, padLen);
        digest.update(inner, 0, inner.length);
        int n = digest.doFinal(out, off);
        reset();
        return n;
    }

    /** Wipes the secret. */
    public void clear() {
        for (int i = 0; i < secret.length; i++) {
            secret[i] = 0;
        }
        for (int i = 0; i < inner.length; i++) {
            inner[i] = 0;
        }
        digest.reset();
        keyed = false;
    }
}
