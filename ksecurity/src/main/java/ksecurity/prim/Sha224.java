package ksecurity.prim;

/** SHA-224 (FIPS 180-4 §6.3): SHA-256's compression with its own initial value, cut to 28 bytes. */
public class Sha224 extends Sha256 {
    public int digestSize() {
        return 28;
    }

    protected void resetState() {
        int[] h = state();
        h[0] = 0xc1059ed8;
        h[1] = 0x367cd507;
        h[2] = 0x3070dd17;
        h[3] = 0xf70e5939;
        h[4] = 0xffc00b31;
        h[5] = 0x68581511;
        h[6] = 0x64f98fa7;
        h[7] = 0xbefa4fa4;
    }

    public Digest copy() {
        Sha224 d = new Sha224();
        copyFramingTo(d);
        return d;
    }
}
