package ksecurity.math;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Inversion modulo each curve order against BigInteger, edge values included: the constant-time
 * one (secrets) and the variable-time one (a signature's s).
 */
class OrderInverseTest {
    @ParameterizedTest
    @ValueSource(ints = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1})
    void inverseMatchesBigInteger(int id) {
        EcCurve c = EcCurve.get(id);
        BigInteger n = new BigInteger(1, Curves.n(id));
        Random rnd = new Random(id);
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, n.subtract(BigInteger.ONE),
            n.subtract(BigInteger.TWO), n.shiftRight(1)};
        for (int i = 0; i < 300; i++) {
            BigInteger a = i < edges.length ? edges[i] : new BigInteger(n.bitLength(), rnd).mod(n);
            int[] limbs = new int[c.nn];
            for (int j = 0; j < limbs.length; j++) {
                limbs[j] = a.shiftRight(32 * j).intValue();
            }
            int[] r = c.orderInverse.inverse(limbs);
            assertEquals(c.nn, r.length);
            BigInteger got = BigInteger.ZERO;
            for (int j = r.length - 1; j >= 0; j--) {
                got = got.shiftLeft(32).or(BigInteger.valueOf(r[j] & 0xFFFFFFFFL));
            }
            BigInteger want = a.signum() == 0 ? BigInteger.ZERO : a.modInverse(n);
            assertEquals(want, got, "inverse of " + a);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1})
    void inverseVarTimeMatchesBigInteger(int id) {
        EcCurve c = EcCurve.get(id);
        ScalarModN sn = new ScalarModN(c);
        BigInteger n = new BigInteger(1, Curves.n(id));
        Random rnd = new Random(100 + id);
        java.util.List<BigInteger> as = new java.util.ArrayList<>(java.util.List.of(BigInteger.ONE, BigInteger.TWO,
                n.subtract(BigInteger.ONE), n.subtract(BigInteger.TWO), n.shiftRight(1), n.shiftRight(1).add(BigInteger.ONE)));
        for (int b = 1; b < n.bitLength(); b += 5) {
            as.add(BigInteger.ONE.shiftLeft(b));
            as.add(BigInteger.ONE.shiftLeft(b).subtract(BigInteger.ONE));
        }
        for (int i = 0; i < 2000; i++) {
            as.add(new BigInteger(n.bitLength(), rnd).mod(n.subtract(BigInteger.ONE)).add(BigInteger.ONE));
        }
        for (BigInteger a : as) {
            int[] limbs = new int[c.nn];
            for (int j = 0; j < limbs.length; j++) {
                limbs[j] = a.shiftRight(32 * j).intValue();
            }
            int[] r = sn.inverseVarTime(limbs);
            assertEquals(c.nn, r.length);
            BigInteger got = BigInteger.ZERO;
            for (int j = r.length - 1; j >= 0; j--) {
                got = got.shiftLeft(32).or(BigInteger.valueOf(r[j] & 0xFFFFFFFFL));
            }
            assertEquals(a.modInverse(n), got, "inverse of " + a);
        }
    }
}
