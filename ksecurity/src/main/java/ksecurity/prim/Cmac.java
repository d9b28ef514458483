package ksecurity.prim;

/**
 * CMAC (SP 800-38B, RFC 4493) over AES. The last block is held back until doFinal, since it
 * is masked with K1 (complete) or padded and masked with K2 (partial or empty).
 */
public final class Cmac {
    private final Aes aes;
    private final byte[] k1 = new byte[16];
    private final byte[] k2 = new byte[16];
    private final byte[] x = new byte[16];
    private final byte[] last = new byte[16];
    private int lastLen;

    public Cmac(Aes aes) {
        this.aes = aes;
    }

    /** Derives the subkeys from the AES key already set, and starts a MAC. */
    public void init() {
        for (int i = 0; i < 16; i++) {
            k1[i] = 0;
        }
        aes.encryptBlock(k1, 0, k1, 0);
        dbl(k1, k1);
        dbl(k1, k2);
        reset();
    }

    /** Doubling in GF(2^128): shift left, and xor 0x87 when the top bit fell out (masked, not branched). */
    private static void dbl(byte[] in, byte[] out) {
        int carry = (in[0] >> 7) & 0x87;
        for (int i = 0; i < 15; i++) {
            out[i] = (byte) ((in[i] << 1) | ((in[i + 1] & 0xff) >>> 7));
        }
        out[15] = (byte) ((in[15] << 1) ^ carry);
    }

    public void reset() {
        for (int i = 0; i < 16; i++) {
            x[i] = 0;
        }
        lastLen = 0;
    }

    public void update(byte[] in, int off, int len) {
        for (int i = 0; i < len; i++) {
            if (lastLen == 16) {
                for (int j = 0; j < 16; j++) {
                    x[j] ^= last[j];
                }
                aes.encryptBlock(x, 0, x, 0);
                lastLen = 0;
            }
            last[lastLen++] = in[off + i];
        }
    }

    /** Writes the 16-byte MAC at out[off] and restarts. */
    public void doFinal(byte[] out, int off) {
        byte[] k;
        if (lastLen == 16) {
            k = k1;
        } else {
            k = k2;
            last[lastLen] = (byte) 0x80;
            for (int i = lastLen + 1; i < 16; i++) {
                last[i] = 0;
            }
        }
        for (int i = 0; i < 16; i++) {
            x[i] ^= (byte) (last[i] ^ k[i]);
        }
        aes.encryptBlock(x, 0, x, 0);
        System.arraycopy(x, 0, out, off, 16);
        reset();
    }

    public void clear() {
        for (int i = 0; i < 16; i++) {
            k1[i] = 0;
            k2[i] = 0;
            x[i] = 0;
            last[i] = 0;
        }
        lastLen = 0;
    }
}
