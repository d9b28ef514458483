package ksecurity.prim;

/**
 * GHASH (SP 800-38D §6.4), constant time: no table depends on H. Multiplication in GF(2^128) is
 * built from carry-less 32x32-bit products, each made of sixteen ordinary integer
 * multiplications of operands with "holes" (only every fourth bit kept), so that carries land
 * in the holes and are masked off. Blocks are bit-reflected into plain polynomial order
 * (bit i of word k is the coefficient of x^(32k+i)) on the way in and out, so the reduction is
 * the textbook one modulo x^128 + x^7 + x^2 + x + 1.
 */
public final class Ghash {
    private final int[] h = new int[4];
    private final int[] y = new int[4];
    private final int[] z = new int[8];
    private final int[] lo = new int[4];
    private final int[] hi = new int[4];
    private final int[] mid = new int[4];
    private final byte[] partial = new byte[16];
    private int partialLen;

    /** Sets the hash key H (16 bytes) and clears the accumulator. */
    public void init(byte[] hKey, int off) {
        for (int k = 0; k < 4; k++) {
            h[k] = reflect(BlockDigest.readLE(hKey, off + 4 * k));
        }
        reset();
    }

    public void reset() {
        for (int k = 0; k < 4; k++) {
            y[k] = 0;
        }
        partialLen = 0;
    }

    /** Absorbs bytes; a trailing partial block waits for more bytes or for {@link #pad}. */
    public void update(byte[] in, int off, int len) {
        while (len > 0) {
            if (partialLen == 0 && len >= 16) {
                block(in, off);
                off += 16;
                len -= 16;
                continue;
            }
            int n = 16 - partialLen;
            if (n > len) {
                n = len;
            }
            System.arraycopy(in, off, partial, partialLen, n);
            partialLen += n;
            off += n;
            len -= n;
            if (partialLen == 16) {
                block(partial, 0);
                partialLen = 0;
            }
        }
    }

    /** Completes a partial block with zeros (GHASH pads A and C separately). */
    public void pad() {
        if (partialLen > 0) {
            for (int i = partialLen; i < 16; i++) {
                partial[i] = 0;
            }
            block(partial, 0);
            partialLen = 0;
        }
    }

    /** Pads, then writes the 16-byte hash value at out[off] (the state is left as it is). */
    public void finish(byte[] out, int off) {
        pad();
        for (int k = 0; k < 4; k++) {
            int v = reflect(y[k]);
            out[off + 4 * k] = (byte) v;
            out[off + 4 * k + 1] = (byte) (v >>> 8);
            out[off + 4 * k + 2] = (byte) (v >>> 16);
            out[off + 4 * k + 3] = (byte) (v >>> 24);
        }
    }

    private void block(byte[] in, int off) {
        for (int k = 0; k < 4; k++) {
            y[k] ^= reflect(BlockDigest.readLE(in, off + 4 * k));
        }
        multiplyByH();
    }

    /**
     * y = y * h mod P. The 256-bit product is made by Karatsuba on two levels (128 = 2 x 64,
     * 64 = 2 x 32): nine carry-less 32x32 products instead of sixteen. Then the reduction.
     */
    private void multiplyByH() {
        mul64(y[0], y[1], h[0], h[1], lo);
        mul64(y[2], y[3], h[2], h[3], hi);
        mul64(y[0] ^ y[2], y[1] ^ y[3], h[0] ^ h[2], h[1] ^ h[3], mid);
        for (int i = 0; i < 4; i++) {
            mid[i] ^= lo[i] ^ hi[i];
        }
        z[0] = lo[0];
        z[1] = lo[1];
        z[2] = lo[2] ^ mid[0];
        z[3] = lo[3] ^ mid[1];
        z[4] = hi[0] ^ mid[2];
        z[5] = hi[1] ^ mid[3];
        z[6] = hi[2];
        z[7] = hi[3];
        // x^128 = x^7 + x^2 + x + 1: fold the high 127 bits t = z[4..7] into z[0..3].
        for (int k = 0; k < 4; k++) {
            int t = z[4 + k];
            int tp = k == 0 ? 0 : z[3 + k];
            // t << 1, << 2, << 7 with the bits shifted in from the word below.
            z[k] ^= t ^ (t << 1) ^ (tp >>> 31) ^ (t << 2) ^ (tp >>> 30) ^ (t << 7) ^ (tp >>> 25);
        }
        // The bits pushed past x^127 by those shifts (at most 6 of them), folded once more.
        int t3 = z[7];
        int c = (t3 >>> 31) ^ (t3 >>> 30) ^ (t3 >>> 25);
        z[0] ^= c ^ (c << 1) ^ (c << 2) ^ (c << 7);
        for (int k = 0; k < 4; k++) {
            y[k] = z[k];
        }
    }

    /** Carry-less 64x64-bit product (a1:a0 times b1:b0) into r[0..3], little-endian words. */
    private static void mul64(int a0, int a1, int b0, int b1, int[] r) {
        long l = clmul32(a0, b0);
        long u = clmul32(a1, b1);
        long m = clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ u;
        r[0] = (int) l;
        r[1] = (int) (l >>> 32) ^ (int) m;
        r[2] = (int) u ^ (int) (m >>> 32);
        r[3] = (int) (u >>> 32);
    }

    /**
     * Carry-less product of two 32-bit words. Each operand is split into four parts that keep
     * every fourth bit; a part has at most 8 set bits, so an integer product of two parts sums
     * at most 8 terms per position, which fits in the 4-bit gap before the next kept position:
     * masking keeps exactly the XOR of the terms.
     */
    static long clmul32(int a, int b) {
        long x = a & 0xffffffffL;
        long yy = b & 0xffffffffL;
        long x0 = x & 0x11111111L, x1 = x & 0x22222222L, x2 = x & 0x44444444L, x3 = x & 0x88888888L;
        long y0 = yy & 0x11111111L, y1 = yy & 0x22222222L, y2 = yy & 0x44444444L, y3 = yy & 0x88888888L;
        long z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
        long z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
        long z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
        long z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
        return (z0 & 0x1111111111111111L) | (z1 & 0x2222222222222222L)
                | (z2 & 0x4444444444444444L) | (z3 & 0x8888888888888888L);
    }

    /** Reverses the bit order inside each byte (GCM numbers bits from the most significant). */
    private static int reflect(int v) {
        v = ((v >>> 1) & 0x55555555) | ((v & 0x55555555) << 1);
        v = ((v >>> 2) & 0x33333333) | ((v & 0x33333333) << 2);
        return ((v >>> 4) & 0x0f0f0f0f) | ((v & 0x0f0f0f0f) << 4);
    }

    public void clear() {
        for (int k = 0; k < 4; k++) {
            h[k] = 0;
            y[k] = 0;
        }
        for (int i = 0; i < 8; i++) {
            z[i] = 0;
        }
        for (int i = 0; i < 16; i++) {
            partial[i] = 0;
        }
        partialLen = 0;
    }
}
