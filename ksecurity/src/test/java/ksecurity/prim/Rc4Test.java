package ksecurity.prim;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import org.bouncycastle.crypto.engines.RC4Engine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

/** RFC 6229 keystream vectors (40-bit and 128-bit keys) and Bouncy Castle cross-checks. */
class Rc4Test {
    static String keystream(String key, int skip, int n) {
        Rc4 rc4 = new Rc4();
        byte[] k = Hex.decode(key);
        rc4.init(k, 0, k.length);
        byte[] z = new byte[skip + n];
        rc4.process(z, 0, z.length, z, 0);
        return Hex.encode(java.util.Arrays.copyOfRange(z, skip, skip + n));
    }

    /** RFC 6229 §2, key 0x0102030405 (40 bits, the export key size): keystream at these offsets. */
    static final String[][] KEY40 = {
        {"0", "b2396305f03dc027ccc3524a0a1118a8"}, {"16", "6982944f18fc82d589c403a47a0d0919"},
        {"240", "28cb1132c96ce286421dcaadb8b69eae"}, {"256", "1cfcf62b03eddb641d77dfcf7f8d8c93"},
        {"496", "42b7d0cdd918a8a33dd51781c81f4041"}, {"512", "6459844432a7da923cfb3eb4980661f6"},
        {"752", "ec10327bde2beefd18f9277680457e22"}, {"768", "eb62638d4f0ba1fe9fca20e05bf8ff2b"},
        {"1008", "45129048e6a0ed0b56b490338f078da5"}, {"1024", "30abbcc7c20b01609f23ee2d5f6bb7df"},
        {"1520", "3294f744d8f9790507e70f62e5bbceea"}, {"1536", "d8729db41882259bee4f825325f5a130"},
        {"2032", "1eb14a0c13b3bf47fa2a0ba93ad45b8b"}, {"2048", "cc582f8ba9f265e2b1be9112e975d2d7"},
    };

    @Test
    void rfc6229FortyBitKey() {
        for (String[] v : KEY40) {
            assertEquals(v[1], keystream("0102030405", Integer.parseInt(v[0]), 16), "offset " + v[0]);
        }
    }

    @Test
    void rfc6229OtherKeys() {
        assertEquals("9ac7cc9a609d1ef7b2932899cde41b975248c4959014126a6e8a84f11d1a9e1c",
                keystream("0102030405060708090a0b0c0d0e0f10", 0, 32));
        assertEquals("eaa6bd25880bf93d3f5d1e4ca2611d91",
                keystream("0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20", 0, 16));
        assertEquals("370b1c1fe655916d97fd0d47ca1d72b8",
                keystream("1ada31d5cf688221c109163908ebe51debb46227c6cc8b37641910833222772a", 4096, 16));
    }

    @Test
    void randomAgainstBouncyCastle() {
        Random r = new Random(23);
        Rc4 rc4 = new Rc4();
        for (int i = 0; i < 300; i++) {
            byte[] k = new byte[1 + r.nextInt(256)];
            byte[] p = new byte[r.nextInt(600)];
            r.nextBytes(k);
            r.nextBytes(p);
            RC4Engine bc = new RC4Engine();
            bc.init(true, new KeyParameter(k));
            byte[] want = new byte[p.length];
            bc.processBytes(p, 0, p.length, want, 0);
            rc4.init(k, 0, k.length);
            byte[] got = new byte[p.length];
            int half = p.length / 3;
            rc4.process(p, 0, half, got, 0);
            rc4.process(p, half, p.length - half, got, half);
            assertArrayEquals(want, got);
        }
    }

    @Test
    void rejectsBadKeyLengths() {
        assertThrows(IllegalArgumentException.class, () -> new Rc4().init(new byte[0], 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new Rc4().init(new byte[257], 0, 257));
    }
}
