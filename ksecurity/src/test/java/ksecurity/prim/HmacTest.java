package ksecurity.prim;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** RFC 4231 (HMAC-SHA-224/256/384/512) and RFC 2202 (HMAC-MD5/SHA-1) vectors, and JDK cross-checks. */
class HmacTest {
    static String mac(Digest d, byte[] key, String msg) {
        return mac(d, key, msg.getBytes(StandardCharsets.US_ASCII));
    }

    static String mac(Digest d, byte[] key, byte[] m) {
        Hmac h = new Hmac(d);
        h.init(key, 0, key.length);
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

    static final String BIG_DATA = "This is a test using a larger than block-size key and a larger than block-size data."
            + " The key needs to be hashed before being used by the HMAC algorithm.";

    /** RFC 4231 test cases 1, 2, 3, 6 and 7: 128-byte blocks, so 131-byte keys are hashed first. */
    @Test
    void rfc4231Sha384Sha512() {
        assertEquals("afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6",
                mac(new Sha384(), rep(0x0b, 20), "Hi There"));
        assertEquals("87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
                + "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854", mac(new Sha512(), rep(0x0b, 20), "Hi There"));
        assertEquals("af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649",
                mac(new Sha384(), JEFE, WHAT));
        assertEquals("164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737", mac(new Sha512(), JEFE, WHAT));
        assertEquals("88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b2a5ab39dc13814b94e3ab6e101a34f27",
                mac(new Sha384(), rep(0xaa, 20), rep(0xdd, 50)));
        assertEquals("fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
                + "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb",
                mac(new Sha512(), rep(0xaa, 20), rep(0xdd, 50)));
        assertEquals("4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952",
                mac(new Sha384(), rep(0xaa, 131), BIG));
        assertEquals("80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
                + "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598", mac(new Sha512(), rep(0xaa, 131), BIG));
        assertEquals("6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5a678cc31e799176d3860e6110c46523e",
                mac(new Sha384(), rep(0xaa, 131), BIG_DATA));
        assertEquals("e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
                + "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58", mac(new Sha512(), rep(0xaa, 131), BIG_DATA));
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
        Digest[] ds = {new Md5(), new Sha1(), new Sha224(), new Sha256(), new Sha384(), new Sha512()};
        String[] names = {"HmacMD5", "HmacSHA1", "HmacSHA224", "HmacSHA256", "HmacSHA384", "HmacSHA512"};
        for (int k = 0; k < ds.length; k++) {
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
