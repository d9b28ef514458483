package ksecurity.math;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The lazily reduced P-256 field against BigInteger: long random chains of every operation on a
 * pool of elements (so each operation meets the outputs of all the others, edge values
 * included), checked through the conversion back to P256Field's form.
 */
class P256LazyTest {
    private static final BigInteger P = new BigInteger(
            "FFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF", 16);
    private static final BigInteger R = BigInteger.ONE.shiftLeft(256);

    /** x (below p) into P256Field's Montgomery form, 8 limbs. */
    private static int[] mont(BigInteger x) {
        int[] r = new int[8];
        BigInteger m = x.multiply(R).mod(P);
        for (int i = 0; i < 8; i++) {
            r[i] = m.shiftRight(32 * i).intValue();
        }
        return r;
    }

    private static BigInteger value(int[] lazy) {
        int[] m = new int[8];
        P256Lazy.toMont(lazy, m);
        BigInteger v = BigInteger.ZERO;
        for (int i = 7; i >= 0; i--) {
            v = v.shiftLeft(32).or(BigInteger.valueOf(m[i] & 0xFFFFFFFFL));
        }
        assertEquals(-1, v.compareTo(P), "toMont output not below p");
        return v.multiply(R.modInverse(P)).mod(P);
    }

    private static int[] lazy(BigInteger x) {
        int[] r = new int[P256Lazy.LIMBS];
        P256Lazy.fromMont(mont(x), r);
        return r;
    }

    @Test
    void randomChainsMatchBigInteger() {
        Random rnd = new Random(256);
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, P.subtract(BigInteger.ONE), P.subtract(BigInteger.TWO),
            BigInteger.ONE.shiftLeft(255), BigInteger.ONE.shiftLeft(224), P.shiftRight(1)};
        int size = 16;
        int[][] pool = new int[size][];
        BigInteger[] want = new BigInteger[size];
        for (int i = 0; i < size; i++) {
            want[i] = i < edges.length ? edges[i] : new BigInteger(256, rnd).mod(P);
            pool[i] = lazy(want[i]);
            assertEquals(want[i], value(pool[i]), "round trip " + i);
        }
        for (int step = 0; step < 200_000; step++) {
            int a = rnd.nextInt(size);
            int b = rnd.nextInt(size);
            int r = rnd.nextInt(size);
            int k = rnd.nextInt(9);
            switch (rnd.nextInt(5)) {
                case 0:
                    P256Lazy.mul(pool[a], pool[b], pool[r]);
                    want[r] = want[a].multiply(want[b]).mod(P);
                    break;
                case 1:
                    P256Lazy.sqr(pool[a], pool[r]);
                    want[r] = want[a].multiply(want[a]).mod(P);
                    break;
                case 2:
                    P256Lazy.add(pool[a], pool[b], pool[r]);
                    want[r] = want[a].add(want[b]).mod(P);
                    break;
                case 3:
                    P256Lazy.sub(pool[a], pool[b], pool[r]);
                    want[r] = want[a].subtract(want[b]).mod(P);
                    break;
                default:
                    P256Lazy.mulSmall(pool[a], k, pool[r]);
                    want[r] = want[a].multiply(BigInteger.valueOf(k)).mod(P);
                    break;
            }
            if (step % 97 == 0) {
                assertEquals(want[r], value(pool[r]), "step " + step);
            }
            // refresh an element now and then with an edge value, so edges meet long chains
            if (step % 1000 == 999) {
                int e = rnd.nextInt(edges.length);
                want[r] = edges[e];
                pool[r] = lazy(edges[e]);
            }
        }
        for (int i = 0; i < size; i++) {
            assertEquals(want[i], value(pool[i]), "final " + i);
        }
    }
}
