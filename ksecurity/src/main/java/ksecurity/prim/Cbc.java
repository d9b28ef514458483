package ksecurity.prim;

/** CBC mode (SP 800-38A §6.2) over AES, whole blocks only; the chaining value carries across calls. */
public final class Cbc {
    private final Aes aes;
    private final byte[] chain = new byte[16];
    private final byte[] buf = new byte[32];

    public Cbc(Aes aes) {
        this.aes = aes;
    }

    /** Starts a message with a 16-byte IV. */
    public void init(byte[] iv, int off) {
        System.arraycopy(iv, off, chain, 0, 16);
    }

    /** Encrypts n blocks; out may be in (same offset). Encryption is sequential by nature. */
    public void encrypt(byte[] in, int inOff, byte[] out, int outOff, int n) {
        for (int b = 0; b < n; b++) {
            for (int i = 0; i < 16; i++) {
                chain[i] ^= in[inOff + 16 * b + i];
            }
            aes.encryptBlock(chain, 0, chain, 0);
            System.arraycopy(chain, 0, out, outOff + 16 * b, 16);
        }
    }

    /** Decrypts n blocks, two at a time; out may be in (same offset). */
    public void decrypt(byte[] in, int inOff, byte[] out, int outOff, int n) {
        int b = 0;
        while (b < n) {
            int k = n - b >= 2 ? 2 : 1;
            int p = inOff + 16 * b;
            aes.decryptBlocks(in, p, buf, 0, k);
            for (int j = 0; j < k; j++) {
                for (int i = 0; i < 16; i++) {
                    byte c = in[p + 16 * j + i];
                    out[outOff + 16 * (b + j) + i] = (byte) (buf[16 * j + i] ^ chain[i]);
                    chain[i] = c;
                }
            }
            b += k;
        }
    }

    public void clear() {
        for (int i = 0; i < 16; i++) {
            chain[i] = 0;
        }
        for (int i = 0; i < 32; i++) {
            buf[i] = 0;
        }
    }
}
