package ksecurity.prim;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** RFC 4231 (HMAC-SHA-224/256) and RFC 2202 (HMAC-MD5/SHA-1) vectors, and JDK cross-checks. */
class HmacTest {
    static String mac(Digest d, byte[] key, String msg) {
        Hmac h = new Hmac(d);
        h.init(key, 0, key.length);
        byte[] m = msg.getBytes(StandardCharsets.US_ASCII);
        h.update(m, 0, m.length);
        byte[] out = new byte[h.macSize()];
        h.doFinal(out, 0);
        return Hex.encode(out);
    }

    static byte[] rep(int b, int n) {
        byte[] k = new byte[n];
        Arrays.fill(k, (byte) b);
        return k;
    }

    static final byte[] JEFE = "Jefe".getBytes(StandardCharsets.US_ASCII);
    static final String WHAT = "what do ya want for nothing?";
    static final String BIG = "Test Using Larger Than Block-Size Key - Hash Key First";

    @Test
    void rfc4231() {
        assertEquals("896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22",
                mac(new Sha224(), rep(0x0b, 20), "Hi There"));
        assertEquals("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
                mac(new Sha256(), rep(0x0b, 20), "Hi There"));
        assertEquals("a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44", mac(new Sha224(), JEFE, WHAT));
        assertEquals("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
                mac(new Sha256(), JEFE, WHAT));
        assertEquals("95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e",
                mac(new Sha224(), rep(0xaa, 131), BIG));
        assertEquals("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
                mac(new Sha256(), rep(0xaa, 131), BIG));
    }

    @Test
    void rfc2202() {
        assertEquals("9294727a3638bb1c13f48ef8158bfc9d", mac(new Md5(), rep(0x0b, 16), "Hi There"));
        assertEquals("750c783e6ab0b503eaa86e310a5db738", mac(new Md5(), JEFE, WHAT));
        assertEquals("6b1ab7fe4bd7bf8f0b62e6ce61b9d0cd", mac(new Md5(), rep(0xaa, 80), BIG));
        assertEquals("b617318655057264e28bc0b6fb378c8ef146be00", mac(new Sha1(), rep(0x0b, 20), "Hi There"));
        assertEquals("effcdf6ae5eb2fa2d27416d5f184df9c259a7c79", mac(new Sha1(), JEFE, WHAT));
        assertEquals("aa4ae5e15272d00e95705637ce8a3b55ed402112", mac(new Sha1(), rep(0xaa, 80), BIG));
    }

    @Test
    void randomAgainstJdk() throws Exception {
        Random r = new Random(17);
        Digest[] ds = {new Md5(), new Sha1(), new Sha224(), new Sha256()};
        String[] names = {"HmacMD5", "HmacSHA1", "HmacSHA224", "HmacSHA256"};
        for (int k = 0; k < 4; k++) {
            Hmac h = new Hmac(ds[k]);
            Mac jdk = Mac.getInstance(names[k]);
            for (int i = 0; i < 200; i++) {
                byte[] key = new byte[1 + r.nextInt(150)];
                byte[] m = new byte[r.nextInt(200)];
                r.nextBytes(key);
                r.nextBytes(m);
                jdk.init(new SecretKeySpec(key, names[k]));
                h.init(key, 0, key.length);
                h.update(m, 0, m.length);
                byte[] got = new byte[h.macSize()];
                h.doFinal(got, 0);
                assertArrayEquals(jdk.doFinal(m), got, names[k]);
            }
        }
    }

    @Test
    void refusesWithoutKey() {
        Hmac h = new Hmac(new Sha256());
        assertThrows(IllegalStateException.class, () -> h.update(new byte[1], 0, 1));
    }
}
