package ksecurity.prim;

/** SHA-384 (FIPS 180-4 §6.5): SHA-512's compression with its own initial value, cut to 48 bytes. */
public class Sha384 extends Sha512 {
    public int digestSize() {
        return 48;
    }

    protected void resetState() {
        set(0xcbbb9d5dc1059ed8L, 0x629a292a367cd507L, 0x9159015a3070dd17L, 0x152fecd8f70e5939L,
                0x67332667ffc00b31L, 0x8eb44a8768581511L, 0xdb0c2e0d64f98fa7L, 0x47b5481dbefa4fa4L);
    }

    public Digest copy() {
        Sha384 d = new Sha384();
        copyFramingTo(d);
        return d;
    }
}
