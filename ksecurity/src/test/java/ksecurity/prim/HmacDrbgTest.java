package ksecurity.prim;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.prng.EntropySource;
import org.bouncycastle.crypto.prng.drbg.HMacSP800DRBG;
import org.junit.jupiter.api.Test;

/** The CAVP HMAC_DRBG SHA-256 known answer, and Bouncy Castle cross-checks with reseeds and additional input. */
class HmacDrbgTest {
    @Test
    void cavpSha256NoReseed() {
        byte[] e = Hex.decode("ca851911349384bffe89de1cbdc46e6831e44d34a4fb935ee285dd14b71a7488");
        byte[] n = Hex.decode("659ba96c601dc69fc902940805ec0ca8");
        HmacDrbg d = new HmacDrbg();
        d.instantiate(e, 0, e.length, n, 0, n.length, null, 0, 0);
        byte[] out = new byte[128];
        assertTrue(d.generate(out, 0, 128, null, 0, 0));
        assertTrue(d.generate(out, 0, 128, null, 0, 0));
        assertEquals("e528e9abf2dece54d47c7e75e5fe302149f817ea9fb4bee6f4199697d04d5b89"
                + "d54fbb978a15b5c443c9ec21036d2460b6f73ebad0dc2aba6e624abf07745bc1"
                + "07694bb7547bb0995f70de25d6b29e2d3011bb19d27676c07162c8b5ccde0668"
                + "961df86803482cb37ed6d5c0bb8d50cf1f50d476aa0458bdaba806f48be9dcb8", Hex.encode(out));
        assertEquals(3, d.reseedCounter());
    }

    /** A fixed queue of entropy for Bouncy Castle's DRBG. */
    static final class Fixed implements EntropySource {
        final byte[][] q;
        int next;

        Fixed(byte[]... q) {
            this.q = q;
        }

        public boolean isPredictionResistant() {
            return false;
        }

        public byte[] getEntropy() {
            return q[next++].clone();
        }

        public int entropySize() {
            return 256;
        }
    }

    @Test
    void randomAgainstBouncyCastle() {
        Random r = new Random(29);
        for (int i = 0; i < 100; i++) {
            byte[] e1 = new byte[32 + r.nextInt(20)], e2 = new byte[32], nonce = new byte[16];
            byte[] pers = new byte[r.nextInt(40)], add = new byte[r.nextInt(3) == 0 ? 0 : r.nextInt(50)];
            r.nextBytes(e1);
            r.nextBytes(e2);
            r.nextBytes(nonce);
            r.nextBytes(pers);
            r.nextBytes(add);
            // BC draws entropy at construction, then at reseed; it takes nonce and pers separately.
            HMacSP800DRBG bc = new HMacSP800DRBG(new HMac(new SHA256Digest()), 256, new Fixed(e1, e2), pers, nonce);
            HmacDrbg ours = new HmacDrbg();
            ours.instantiate(e1, 0, e1.length, nonce, 0, nonce.length, pers, 0, pers.length);
            int len = 1 + r.nextInt(200);
            byte[] want = new byte[len], got = new byte[len];
            bc.generate(want, add.length == 0 ? null : add, false);
            assertTrue(ours.generate(got, 0, len, add, 0, add.length));
            assertArrayEquals(want, got);
            bc.reseed(add.length == 0 ? null : add);
            ours.reseed(e2, 0, e2.length, add, 0, add.length);
            bc.generate(want, null, false);
            assertTrue(ours.generate(got, 0, len, null, 0, 0));
            assertArrayEquals(want, got);
        }
    }

    @Test
    void refusesWhenReseedIsDue() {
        HmacDrbg d = new HmacDrbg(2);
        byte[] e = new byte[32];
        d.instantiate(e, 0, 32, null, 0, 0, null, 0, 0);
        byte[] out = new byte[8];
        assertTrue(d.generate(out, 0, 8, null, 0, 0));
        assertTrue(d.generate(out, 0, 8, null, 0, 0));
        assertTrue(d.needsReseed());
        assertFalse(d.generate(out, 0, 8, null, 0, 0));
        d.reseed(e, 0, 32, null, 0, 0);
        assertTrue(d.generate(out, 0, 8, null, 0, 0));
    }

    @Test
    void rejectsShortEntropyAndHugeRequests() {
        HmacDrbg d = new HmacDrbg();
        assertThrows(IllegalArgumentException.class, () -> d.instantiate(new byte[31], 0, 31, null, 0, 0, null, 0, 0));
        assertThrows(IllegalStateException.class, () -> d.generate(new byte[1], 0, 1, null, 0, 0));
        d.instantiate(new byte[32], 0, 32, null, 0, 0, null, 0, 0);
        assertThrows(IllegalArgumentException.class,
                () -> d.generate(new byte[70000], 0, 65537, null, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> d.reseed(new byte[16], 0, 16, null, 0, 0));
    }

    @Test
    void timingFallbackGivesDistinctOutput() {
        TimingEntropy t = new TimingEntropy();
        assertFalse(t.isStrong());
        byte[] a = new byte[16], b = new byte[16];
        t.getEntropy(a, 0, 16);
        t.getEntropy(b, 0, 16);
        assertFalse(java.util.Arrays.equals(a, b));
    }

    @Test
    void registryFallsBackWithoutTheDesktopClass() {
        // ksecurity's own tests do not have the native module on the class path.
        Entropy.setSource(null);
        ksecurity.prim.EntropySource found = Entropy.source();
        assertNotNull(found);
        assertEquals(TimingEntropy.class, found.getClass());
    }
}
