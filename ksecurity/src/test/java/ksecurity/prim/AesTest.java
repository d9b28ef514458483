package ksecurity.prim;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** FIPS 197 Appendix C known answers and random cross-checks against the JDK's AES. */
class AesTest {
    static final String PT = "00112233445566778899aabbccddeeff";

    static void kat(String key, String ct) {
        Aes aes = new Aes();
        byte[] k = Hex.decode(key);
        aes.init(k, 0, k.length);
        byte[] out = new byte[16];
        aes.encryptBlock(Hex.decode(PT), 0, out, 0);
        assertEquals(ct, Hex.encode(out));
        byte[] back = new byte[16];
        aes.decryptBlock(out, 0, back, 0);
        assertEquals(PT, Hex.encode(back));
    }

    @Test
    void fips197AppendixC() {
        kat("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a");
        kat("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191");
        kat("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
                "8ea2b7ca516745bfeafc49904b496089");
    }

    @Test
    void randomAgainstJdk() throws Exception {
        Random r = new Random(7);
        Aes aes = new Aes();
        for (int i = 0; i < 300; i++) {
            byte[] k = new byte[16 + 8 * r.nextInt(3)];
            r.nextBytes(k);
            int n = 1 + r.nextInt(7);
            byte[] p = new byte[16 * n];
            r.nextBytes(p);
            Cipher jdk = Cipher.getInstance("AES/ECB/NoPadding");
            jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"));
            byte[] want = jdk.doFinal(p);
            aes.init(k, 0, k.length);
            byte[] got = new byte[p.length];
            aes.encryptBlocks(p, 0, got, 0, n);
            assertArrayEquals(want, got);
            byte[] back = new byte[p.length];
            aes.decryptBlocks(got, 0, back, 0, n);
            assertArrayEquals(p, back);
            // in place
            aes.encryptBlocks(back, 0, back, 0, n);
            assertArrayEquals(want, back);
        }
    }

    @Test
    void rejectsBadKeyLength() {
        assertThrows(IllegalArgumentException.class, () -> new Aes().init(new byte[20], 0, 20));
    }

    @Test
    void refusesWithoutKey() {
        assertThrows(IllegalStateException.class, () -> new Aes().encryptBlock(new byte[16], 0, new byte[16], 0));
    }
}
