package ksecurity.prim;

/**
 * The Merkle–Damgård framing shared by MD5, SHA-1 and SHA-224/256 (64-byte blocks, the bit
 * length in 8 bytes) and SHA-384/512 (128-byte blocks, the bit length in 16 bytes): the block
 * buffer, the byte count, and the padding (0x80, zeros, then the length). Subclasses give the
 * compression function and say whether words and the length are little-endian (MD5) or
 * big-endian (SHA). The chaining value, as 32-bit words (SHA-512's 64-bit words as two each,
 * high first), can be exported and imported with the byte count, so a hash can be resumed from
 * an intermediate state (Java Card's InitializedMessageDigest).
 */
public abstract class BlockDigest implements Digest {
    private final byte[] block;
    private final int blockSize;
    private int blockLen;
    private long byteCount;

    /** A digest of 64-byte blocks. */
    protected BlockDigest() {
        this(64);
    }

    /** A digest of blockSize-byte blocks (64 or 128): the length field is blockSize / 8 bytes. */
    protected BlockDigest(int blockSize) {
        this.blockSize = blockSize;
        block = new byte[blockSize];
    }

    /** Runs the compression function on one block at in[off]. */
    protected abstract void processBlock(byte[] in, int off);

    /** Sets the chaining value to the standard initial value. */
    protected abstract void resetState();

    /** True for MD5: the length and the state words are little-endian. */
    protected abstract boolean littleEndian();

    /** The chaining-value words (read and written by export/import). */
    protected abstract int[] state();

    public int blockSize() {
        return blockSize;
    }

    /** Length in bytes of the chaining value: 4 bytes per state word (32 for SHA-224 too, 64 for SHA-384). */
    public int stateSize() {
        return state().length * 4;
    }

    public void update(byte[] in, int off, int len) {
        if (len < 0 || off < 0 || off > in.length - len) {
            throw new ArrayIndexOutOfBoundsException("digest input out of range");
        }
        byteCount += len;
        int bs = blockSize;
        if (blockLen > 0) {
            int n = bs - blockLen;
            if (n > len) {
                n = len;
            }
            System.arraycopy(in, off, block, blockLen, n);
            blockLen += n;
            off += n;
            len -= n;
            if (blockLen < bs) {
                return;
            }
            processBlock(block, 0);
            blockLen = 0;
        }
        while (len >= bs) {
            processBlock(in, off);
            off += bs;
            len -= bs;
        }
        System.arraycopy(in, off, block, 0, len);
        blockLen = len;
    }

    /** Pads, compresses the last block(s), and writes outLen bytes of the state at out[off]. */
    protected void finish(byte[] out, int off, int outLen) {
        int bs = blockSize;
        // the length field: 8 bytes, or 16 (FIPS 180-4 §5.1.2) whose top 8 hold the bits of
        // the bit count above 2^64, zero short of 2^61 bytes
        int lengthAt = bs - bs / 8;
        long bits = byteCount << 3;
        block[blockLen++] = (byte) 0x80;
        if (blockLen > lengthAt) {
            while (blockLen < bs) {
                block[blockLen++] = 0;
            }
            processBlock(block, 0);
            blockLen = 0;
        }
        while (blockLen < bs) {
            block[blockLen++] = 0;
        }
        boolean le = littleEndian();
        for (int i = 0; i < 8; i++) {
            int shift = le ? 8 * i : 56 - 8 * i;
            block[bs - 8 + i] = (byte) (bits >>> shift);
        }
        if (bs == 128) {
            block[bs - 9] = (byte) (byteCount >>> 61);
        }
        processBlock(block, 0);
        writeWords(state(), out, off, outLen, le);
        reset();
    }

    public int doFinal(byte[] out, int off) {
        int n = digestSize();
        finish(out, off, n);
        return n;
    }

    public void reset() {
        blockLen = 0;
        byteCount = 0;
        for (int i = 0; i < blockSize; i++) {
            block[i] = 0;
        }
        resetState();
    }

    /** Number of bytes hashed since the last reset (or the imported count plus what followed). */
    public long byteCount() {
        return byteCount;
    }

    /**
     * Writes the chaining value (stateSize() bytes, in the digest's byte order) at out[off].
     * It describes the message only when byteCount() is a multiple of the block size; returns
     * stateSize().
     */
    public int exportState(byte[] out, int off) {
        if (blockLen != 0) {
            throw new IllegalStateException("state is exportable only on a block boundary");
        }
        writeWords(state(), out, off, stateSize(), littleEndian());
        return stateSize();
    }

    /**
     * Resumes from a chaining value of stateSize() bytes and the count of bytes it covers, which
     * must be a non-negative multiple of the block size.
     */
    public void importState(byte[] in, int off, long count) {
        if (count < 0 || (count & (blockSize - 1)) != 0) {
            throw new IllegalArgumentException("byte count must be a multiple of the block size");
        }
        reset();
        int[] s = state();
        boolean le = littleEndian();
        for (int i = 0; i < s.length; i++) {
            int p = off + 4 * i;
            s[i] = le ? readLE(in, p) : readBE(in, p);
        }
        byteCount = count;
    }

    /** Copies the framing state into another engine of the same kind (for copy()). */
    protected void copyFramingTo(BlockDigest d) {
        System.arraycopy(block, 0, d.block, 0, blockSize);
        d.blockLen = blockLen;
        d.byteCount = byteCount;
        int[] s = state();
        System.arraycopy(s, 0, d.state(), 0, s.length);
    }

    static int readBE(byte[] b, int p) {
        return (b[p] << 24) | ((b[p + 1] & 0xff) << 16) | ((b[p + 2] & 0xff) << 8) | (b[p + 3] & 0xff);
    }

    static int readLE(byte[] b, int p) {
        return (b[p] & 0xff) | ((b[p + 1] & 0xff) << 8) | ((b[p + 2] & 0xff) << 16) | (b[p + 3] << 24);
    }

    private static void writeWords(int[] s, byte[] out, int off, int len, boolean le) {
        for (int i = 0; i < len; i++) {
            int w = s[i >> 2];
            int shift = le ? 8 * (i & 3) : 24 - 8 * (i & 3);
            out[off + i] = (byte) (w >>> shift);
        }
    }
}
