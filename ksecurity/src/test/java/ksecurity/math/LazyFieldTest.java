package ksecurity.math;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The lazily reduced curve fields against BigInteger: long random chains of every operation on
 * a pool of elements (so each operation meets the outputs of all the others, edge values
 * included), checked through the conversions back to the Montgomery form and to integers.
 */
class LazyFieldTest {
    private LazyField f;
    private BigInteger p;
    private BigInteger r32;

    private void setUp(int id) {
        f = EcCurve.get(id).lazy;
        p = new BigInteger(1, Curves.p(id));
        r32 = BigInteger.ONE.shiftLeft(32 * f.words);
    }

    private int[] words(BigInteger v) {
        int[] r = new int[f.words];
        for (int i = 0; i < r.length; i++) {
            r[i] = v.shiftRight(32 * i).intValue();
        }
        return r;
    }

    private static BigInteger unsigned(int[] w) {
        BigInteger v = BigInteger.ZERO;
        for (int i = w.length - 1; i >= 0; i--) {
            v = v.shiftLeft(32).or(BigInteger.valueOf(w[i] & 0xFFFFFFFFL));
        }
        return v;
    }

    /** The value of a lazy element, by both conversions out (which must agree and be below p). */
    private BigInteger value(int[] lazy) {
        int[] m = new int[f.words];
        f.toMont(lazy, m);
        BigInteger viaMont = unsigned(m);
        assertEquals(-1, viaMont.compareTo(p), "toMont output not below p");
        int[] x = new int[f.words];
        f.toInteger(lazy, x);
        BigInteger v = unsigned(x);
        assertEquals(-1, v.compareTo(p), "toInteger output not below p");
        assertEquals(v.multiply(r32).mod(p), viaMont, "toMont and toInteger disagree");
        return v;
    }

    private int[] lazy(BigInteger x) {
        int[] r = f.newElement();
        f.fromMont(words(x.multiply(r32).mod(p)), r);
        return r;
    }

    @ParameterizedTest
    @ValueSource(ints = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1})
    void randomChainsMatchBigInteger(int id) {
        setUp(id);
        Random rnd = new Random(id);
        int bits = p.bitLength();
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, p.subtract(BigInteger.ONE),
            p.subtract(BigInteger.TWO), BigInteger.ONE.shiftLeft(bits - 1), p.shiftRight(1),
            BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE)};
        int size = 16;
        int[][] pool = new int[size][];
        BigInteger[] want = new BigInteger[size];
        for (int i = 0; i < size; i++) {
            want[i] = i < edges.length ? edges[i] : new BigInteger(bits, rnd).mod(p);
            pool[i] = lazy(want[i]);
            assertEquals(want[i], value(pool[i]), "round trip " + i);
        }
        for (int step = 0; step < 200_000; step++) {
            int a = rnd.nextInt(size);
            int b = rnd.nextInt(size);
            int r = rnd.nextInt(size);
            int k = rnd.nextInt(9);
            int ka = rnd.nextInt(17) - 8;
            int kb = rnd.nextInt(17) - 8;
            switch (rnd.nextInt(6)) {
                case 0:
                    f.mul(pool[a], pool[b], pool[r]);
                    want[r] = want[a].multiply(want[b]).mod(p);
                    break;
                case 1:
                    f.sqr(pool[a], pool[r]);
                    want[r] = want[a].multiply(want[a]).mod(p);
                    break;
                case 2:
                    f.add(pool[a], pool[b], pool[r]);
                    want[r] = want[a].add(want[b]).mod(p);
                    break;
                case 3:
                    f.sub(pool[a], pool[b], pool[r]);
                    want[r] = want[a].subtract(want[b]).mod(p);
                    break;
                case 4:
                    f.mulSmall(pool[a], k, pool[r]);
                    want[r] = want[a].multiply(BigInteger.valueOf(k)).mod(p);
                    break;
                default:
                    f.combine(pool[a], ka, pool[b], kb, pool[r]);
                    want[r] = want[a].multiply(BigInteger.valueOf(ka)).add(want[b].multiply(BigInteger.valueOf(kb))).mod(p);
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

    @ParameterizedTest
    @ValueSource(ints = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1})
    void invertMatchesBigInteger(int id) {
        setUp(id);
        Random rnd = new Random(100 + id);
        int[] r = f.newElement();
        f.invert(lazy(BigInteger.ZERO), r);
        assertEquals(BigInteger.ZERO, value(r), "inverse of 0");
        for (int i = 0; i < 50; i++) {
            BigInteger x = i == 0 ? p.subtract(BigInteger.ONE) : new BigInteger(p.bitLength(), rnd).mod(p);
            if (x.signum() == 0) {
                continue;
            }
            int[] a = lazy(x);
            f.mulSmall(a, 8, a);   // an unreduced input
            f.invert(a, r);
            assertEquals(x.shiftLeft(3).modInverse(p), value(r), "inverse " + i);
        }
    }
}
