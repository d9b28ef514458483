package ksecurity.impl;

import static ksecurity.impl.SymTestSupport.reason;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import ksecurity.prim.Entropy;
import ksecurity.prim.EntropySource;
import ksecurity.prim.HmacDrbg;
import ksecurity.security.CryptoException;
import ksecurity.security.RandomData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** RandomData through the Java Card API: HMAC-DRBG seeded from the entropy registry. */
class SymRandomTest {
    /** Counts up from a start byte: predictable on purpose, to check the seeding path. */
    static final class Counting implements EntropySource {
        int next;

        public void getEntropy(byte[] buf, int off, int len) {
            for (int i = 0; i < len; i++) {
                buf[off + i] = (byte) next++;
            }
        }

        public boolean isStrong() {
            return true;
        }

        public String name() {
            return "test counter";
        }
    }

    @AfterEach
    void restore() {
        Entropy.setSource(null);
    }

    @Test
    void seededFromTheRegisteredSource() {
        Entropy.setSource(new Counting());
        RandomData rd = RandomData.getInstance(RandomData.ALG_KEYGENERATION);
        byte[] got = new byte[40];
        assertEquals(40, rd.nextBytes(got, (short) 5, (short) 35));

        byte[] seed = new byte[48];
        new Counting().getEntropy(seed, 0, 48);
        byte[] pers = {'K', 'S', 'e', 'c', ' ', 'R', 'a', 'n', 'd', 'o', 'm', RandomData.ALG_KEYGENERATION};
        HmacDrbg d = new HmacDrbg();
        d.instantiate(seed, 0, 32, seed, 32, 16, pers, 0, pers.length);
        byte[] want = new byte[35];
        d.generate(want, 0, 35, null, 0, 0);
        assertArrayEquals(want, Arrays.copyOfRange(got, 5, 40));
    }

    @Test
    void setSeedChangesTheStream() {
        // Instantiation happens on first use, so each generator draws from its own counter.
        byte[] x = new byte[16], y = new byte[16];
        Entropy.setSource(new Counting());
        RandomData a = RandomData.getInstance(RandomData.ALG_SECURE_RANDOM);
        a.nextBytes(x, (short) 0, (short) 16);
        Entropy.setSource(new Counting());
        RandomData b = RandomData.getInstance(RandomData.ALG_SECURE_RANDOM);
        b.nextBytes(y, (short) 0, (short) 16);
        assertArrayEquals(x, y);
        b.setSeed(new byte[] {1, 2, 3}, (short) 0, (short) 3);
        a.generateData(x, (short) 0, (short) 16);
        b.generateData(y, (short) 0, (short) 16);
        assertFalse(Arrays.equals(x, y));
    }

    @Test
    void defaultSourceWorks() {
        RandomData rd = RandomData.getInstance(RandomData.ALG_TRNG);
        byte[] x = new byte[32], y = new byte[32];
        rd.nextBytes(x, (short) 0, (short) 32);
        rd.nextBytes(y, (short) 0, (short) 32);
        assertFalse(Arrays.equals(x, y));
        assertEquals(RandomData.ALG_TRNG, rd.getAlgorithm());
    }

    @Test
    void outputOutOfRange() {
        RandomData rd = RandomData.getInstance(RandomData.ALG_FAST);
        reason(CryptoException.ILLEGAL_VALUE, () -> rd.nextBytes(new byte[8], (short) 4, (short) 5));
        reason(CryptoException.ILLEGAL_VALUE, () -> rd.nextBytes(new byte[8], (short) 0, (short) -1));
    }

    @Test
    void unknownAlgorithm() {
        reason(CryptoException.NO_SUCH_ALGORITHM, () -> RandomData.getInstance((byte) 9));
    }
}
