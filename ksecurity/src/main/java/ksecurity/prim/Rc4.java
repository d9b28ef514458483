package ksecurity.prim;

/**
 * RC4 (the "ARCFOUR" of the SSL 3.0 / TLS 1.0 legacy suites; RFC 6229 gives test vectors).
 * RC4 is broken (RFC 7465 forbids it in TLS) and kept only for the legacy profile. Its state
 * table is indexed by key-dependent values by design: no implementation of it can be constant
 * time in the memory-access sense, which is one more reason it is legacy only.
 */
public class Rc4 {
    private final byte[] s = new byte[256];
    private int i;
    private int j;

    /** Key schedule for a key of 1..256 bytes (5 bytes for the 40-bit export suites). */
    public void init(byte[] key, int off, int len) {
        if (len < 1 || len > 256) {
            throw new IllegalArgumentException("RC4 key must be 1..256 bytes");
        }
        for (int k = 0; k < 256; k++) {
            s[k] = (byte) k;
        }
        int jj = 0;
        for (int k = 0; k < 256; k++) {
            jj = (jj + s[k] + key[off + k % len]) & 0xff;
            byte t = s[k];
            s[k] = s[jj];
            s[jj] = t;
        }
        i = 0;
        j = 0;
    }

    /** XORs len bytes of keystream into in[inOff..] and writes them at out[outOff..] (may overlap exactly). */
    public void process(byte[] in, int inOff, int len, byte[] out, int outOff) {
        int x = i;
        int y = j;
        for (int k = 0; k < len; k++) {
            x = (x + 1) & 0xff;
            byte sx = s[x];
            y = (y + sx) & 0xff;
            byte sy = s[y];
            s[x] = sy;
            s[y] = sx;
            out[outOff + k] = (byte) (in[inOff + k] ^ s[(sx + sy) & 0xff]);
        }
        i = x;
        j = y;
    }

    /** Wipes the state. */
    public void clear() {
        for (int k = 0; k < 256; k++) {
            s[k] = 0;
        }
        i = 0;
        j = 0;
    }
}
