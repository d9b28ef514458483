package ksecurity.prim;

import static org.junit.jupiter.api.Assertions.*;

import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The SSL 3.0 record MAC against its definition written on the JDK's MessageDigest. */
class Ssl3MacTest {
    @Test
    void againstDefinition() throws Exception {
        Random r = new Random(61);
        String[] algs = {"MD5", "SHA-1"};
        int[] pads = {48, 40};
        for (int k = 0; k < 2; k++) {
            Ssl3Mac mac = new Ssl3Mac(k == 0 ? new Md5() : new Sha1());
            MessageDigest md = MessageDigest.getInstance(algs[k]);
            for (int i = 0; i < 200; i++) {
                byte[] secret = new byte[mac.macSize()];
                byte[] data = new byte[r.nextInt(300)];
                r.nextBytes(secret);
                r.nextBytes(data);
                byte[] pad1 = new byte[pads[k]], pad2 = new byte[pads[k]];
                java.util.Arrays.fill(pad1, (byte) 0x36);
                java.util.Arrays.fill(pad2, (byte) 0x5c);
                md.update(secret);
                md.update(pad1);
                byte[] inner = md.digest(data);
                md.update(secret);
                md.update(pad2);
                byte[] want = md.digest(inner);
                mac.init(secret, 0, secret.length);
                mac.update(data, 0, data.length / 2);
                mac.update(data, data.length / 2, data.length - data.length / 2);
                byte[] got = new byte[mac.macSize()];
                mac.doFinal(got, 0);
                assertArrayEquals(want, got, algs[k]);
            }
        }
    }

    @Test
    void onlyMd5AndSha1() {
        assertThrows(IllegalArgumentException.class, () -> new Ssl3Mac(new Sha256()));
    }

    @Test
    void secretMustMatchTheHash() {
        assertThrows(IllegalArgumentException.class, () -> new Ssl3Mac(new Sha1()).init(new byte[16], 0, 16));
    }

    @Test
    void refusesWithoutSecret() {
        assertThrows(IllegalStateException.class, () -> new Ssl3Mac(new Md5()).update(new byte[1], 0, 1));
    }
}
