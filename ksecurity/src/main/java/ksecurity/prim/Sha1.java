package ksecurity.prim;

/** SHA-1 (FIPS 180-4 §6.1). Still needed by TLS 1.0/1.1, HMAC-SHA1 suites and ECDSA-SHA1. */
public class Sha1 extends BlockDigest {
    private final int[] h = new int[5];
    private final int[] w = new int[80];

    public Sha1() {
        reset();
    }

    public int digestSize() {
        return 20;
    }

    protected boolean littleEndian() {
        return false;
    }

    protected int[] state() {
        return h;
    }

    protected void resetState() {
        h[0] = 0x67452301;
        h[1] = 0xefcdab89;
        h[2] = 0x98badcfe;
        h[3] = 0x10325476;
        h[4] = 0xc3d2e1f0;
    }

    public Digest copy() {
        Sha1 d = new Sha1();
        copyFramingTo(d);
        return d;
    }

    protected void processBlock(byte[] in, int off) {
        for (int t = 0; t < 16; t++) {
            w[t] = readBE(in, off + 4 * t);
        }
        for (int t = 16; t < 80; t++) {
            int x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16];
            w[t] = (x << 1) | (x >>> 31);
        }
        int a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
        for (int t = 0; t < 80; t++) {
            int f;
            int k;
            if (t < 20) {
                f = (b & c) | (~b & d);
                k = 0x5a827999;
            } else if (t < 40) {
                f = b ^ c ^ d;
                k = 0x6ed9eba1;
            } else if (t < 60) {
                f = (b & c) | (b & d) | (c & d);
                k = 0x8f1bbcdc;
            } else {
                f = b ^ c ^ d;
                k = 0xca62c1d6;
            }
            int tmp = ((a << 5) | (a >>> 27)) + f + e + k + w[t];
            e = d;
            d = c;
            c = (b << 30) | (b >>> 2);
            b = a;
            a = tmp;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
    }
}
