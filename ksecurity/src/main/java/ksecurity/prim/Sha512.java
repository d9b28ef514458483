package ksecurity.prim;

/**
 * SHA-512 (FIPS 180-4 §6.4): 64-bit words, 128-byte blocks, 80 rounds. The chaining value is
 * kept as sixteen 32-bit words (each 64-bit word high half first), the form BlockDigest
 * exports, imports and copies; the compression works on longs.
 */
public class Sha512 extends BlockDigest {
    private static final long[] K = {
        0x428a2f98d728ae22L, 0x7137449123ef65cdL, 0xb5c0fbcfec4d3b2fL, 0xe9b5dba58189dbbcL,
        0x3956c25bf348b538L, 0x59f111f1b605d019L, 0x923f82a4af194f9bL, 0xab1c5ed5da6d8118L,
        0xd807aa98a3030242L, 0x12835b0145706fbeL, 0x243185be4ee4b28cL, 0x550c7dc3d5ffb4e2L,
        0x72be5d74f27b896fL, 0x80deb1fe3b1696b1L, 0x9bdc06a725c71235L, 0xc19bf174cf692694L,
        0xe49b69c19ef14ad2L, 0xefbe4786384f25e3L, 0x0fc19dc68b8cd5b5L, 0x240ca1cc77ac9c65L,
        0x2de92c6f592b0275L, 0x4a7484aa6ea6e483L, 0x5cb0a9dcbd41fbd4L, 0x76f988da831153b5L,
        0x983e5152ee66dfabL, 0xa831c66d2db43210L, 0xb00327c898fb213fL, 0xbf597fc7beef0ee4L,
        0xc6e00bf33da88fc2L, 0xd5a79147930aa725L, 0x06ca6351e003826fL, 0x142929670a0e6e70L,
        0x27b70a8546d22ffcL, 0x2e1b21385c26c926L, 0x4d2c6dfc5ac42aedL, 0x53380d139d95b3dfL,
        0x650a73548baf63deL, 0x766a0abb3c77b2a8L, 0x81c2c92e47edaee6L, 0x92722c851482353bL,
        0xa2bfe8a14cf10364L, 0xa81a664bbc423001L, 0xc24b8b70d0f89791L, 0xc76c51a30654be30L,
        0xd192e819d6ef5218L, 0xd69906245565a910L, 0xf40e35855771202aL, 0x106aa07032bbd1b8L,
        0x19a4c116b8d2d0c8L, 0x1e376c085141ab53L, 0x2748774cdf8eeb99L, 0x34b0bcb5e19b48a8L,
        0x391c0cb3c5c95a63L, 0x4ed8aa4ae3418acbL, 0x5b9cca4f7763e373L, 0x682e6ff3d6b2b8a3L,
        0x748f82ee5defb2fcL, 0x78a5636f43172f60L, 0x84c87814a1f0ab72L, 0x8cc702081a6439ecL,
        0x90befffa23631e28L, 0xa4506cebde82bde9L, 0xbef9a3f7b2c67915L, 0xc67178f2e372532bL,
        0xca273eceea26619cL, 0xd186b8c721c0c207L, 0xeada7dd6cde0eb1eL, 0xf57d4f7fee6ed178L,
        0x06f067aa72176fbaL, 0x0a637dc5a2c898a6L, 0x113f9804bef90daeL, 0x1b710b35131c471bL,
        0x28db77f523047d84L, 0x32caab7b40c72493L, 0x3c9ebe0a15c9bebcL, 0x431d67c49c100d4cL,
        0x4cc5d4becb3e42b6L, 0x597f299cfc657e2aL, 0x5fcb6fab3ad6faecL, 0x6c44198c4a475817L,
    };

    private final int[] h = new int[16];
    private final long[] w = new long[80];

    public Sha512() {
        super(128);
        reset();
    }

    public int digestSize() {
        return 64;
    }

    protected boolean littleEndian() {
        return false;
    }

    protected int[] state() {
        return h;
    }

    protected void resetState() {
        set(0x6a09e667f3bcc908L, 0xbb67ae8584caa73bL, 0x3c6ef372fe94f82bL, 0xa54ff53a5f1d36f1L,
                0x510e527fade682d1L, 0x9b05688c2b3e6c1fL, 0x1f83d9abfb41bd6bL, 0x5be0cd19137e2179L);
    }

    /** Sets the chaining value to the eight words (a subclass's initial value). */
    protected final void set(long h0, long h1, long h2, long h3, long h4, long h5, long h6, long h7) {
        put(0, h0);
        put(1, h1);
        put(2, h2);
        put(3, h3);
        put(4, h4);
        put(5, h5);
        put(6, h6);
        put(7, h7);
    }

    public Digest copy() {
        Sha512 d = new Sha512();
        copyFramingTo(d);
        return d;
    }

    private long get(int i) {
        return ((long) h[2 * i] << 32) | (h[2 * i + 1] & 0xFFFFFFFFL);
    }

    private void put(int i, long v) {
        h[2 * i] = (int) (v >>> 32);
        h[2 * i + 1] = (int) v;
    }

    protected void processBlock(byte[] in, int off) {
        for (int t = 0; t < 16; t++) {
            int p = off + 8 * t;
            w[t] = ((long) readBE(in, p) << 32) | (readBE(in, p + 4) & 0xFFFFFFFFL);
        }
        for (int t = 16; t < 80; t++) {
            long x = w[t - 2];
            long y = w[t - 15];
            long s1 = ((x >>> 19) | (x << 45)) ^ ((x >>> 61) | (x << 3)) ^ (x >>> 6);
            long s0 = ((y >>> 1) | (y << 63)) ^ ((y >>> 8) | (y << 56)) ^ (y >>> 7);
            w[t] = s1 + w[t - 7] + s0 + w[t - 16];
        }
        long a = get(0), b = get(1), c = get(2), d = get(3), e = get(4), f = get(5), g = get(6), hh = get(7);
        for (int t = 0; t < 80; t++) {
            long s1 = ((e >>> 14) | (e << 50)) ^ ((e >>> 18) | (e << 46)) ^ ((e >>> 41) | (e << 23));
            long ch = (e & f) ^ (~e & g);
            long t1 = hh + s1 + ch + K[t] + w[t];
            long s0 = ((a >>> 28) | (a << 36)) ^ ((a >>> 34) | (a << 30)) ^ ((a >>> 39) | (a << 25));
            long maj = (a & b) ^ (a & c) ^ (b & c);
            long t2 = s0 + maj;
            hh = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        put(0, get(0) + a);
        put(1, get(1) + b);
        put(2, get(2) + c);
        put(3, get(3) + d);
        put(4, get(4) + e);
        put(5, get(5) + f);
        put(6, get(6) + g);
        put(7, get(7) + hh);
    }
}
