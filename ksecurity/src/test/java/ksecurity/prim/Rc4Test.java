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

    @Test
    void rfc6229() {
        assertEquals("b2396305f03dc027ccc3524a0a1118a86982944f18fc82d589c403a47a0d0919",
                keystream("0102030405", 0, 32));
        assertEquals("9ac7cc9a609d1ef7b2932899cde41b975248c4959014126a6e8a84f11d1a9e1c",
                keystream("0102030405060708090a0b0c0d0e0f10", 0, 32));
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
