package ksecurity.prim;

/**
 * Counter mode (SP 800-38A §6.5) over AES, for any data length: the keystream of a partly used
 * block is kept for the next call. The counter is the last {@code counterBytes} bytes of the
 * block, incremented big-endian modulo 2^(8 counterBytes): 16 for plain CTR (the whole block,
 * as the JDK and Java Card do), 4 for GCM's inc32. Two keystream blocks are made per AES call.
 */
public final class Ctr {
    private final Aes aes;
    private final byte[] ctr = new byte[32];
    private final byte[] ks = new byte[32];
    private int ksPos = 32;
    private int counterBytes = 16;

    public Ctr(Aes aes) {
        this.aes = aes;
    }

    /** Starts at the counter block cb (16 bytes); counterBytes is 16 or 4. */
    public void init(byte[] cb, int off, int counterBytes) {
        System.arraycopy(cb, off, ctr, 0, 16);
        this.counterBytes = counterBytes;
        ksPos = 32;
    }

    /** XORs the keystream into len bytes; out may equal in at the same offset. */
    public void process(byte[] in, int inOff, int len, byte[] out, int outOff) {
        for (int i = 0; i < len; i++) {
            if (ksPos == 32) {
                refill();
            }
            out[outOff + i] = (byte) (in[inOff + i] ^ ks[ksPos++]);
        }
    }

    private void refill() {
        System.arraycopy(ctr, 0, ctr, 16, 16);
        increment(ctr, 16);
        aes.encryptBlocks2(ctr, 0, ctr, 16, ks, 0, ks, 16);
        System.arraycopy(ctr, 16, ctr, 0, 16);
        increment(ctr, 0);
        ksPos = 0;
    }

    /** The counter is public (it derives from the IV), so its carry loop may depend on it. */
    private void increment(byte[] b, int off) {
        for (int i = off + 15; i >= off + 16 - counterBytes; i--) {
            b[i]++;
            if (b[i] != 0) {
                break;
            }
        }
    }

    public void clear() {
        for (int i = 0; i < 32; i++) {
            ks[i] = 0;
            ctr[i] = 0;
        }
        ksPos = 32;
    }
}
