package ksecurity.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The pure-Java EC kernel against Bouncy Castle on random scalars, every curve. */
class JavaEcKernelTest {
    private static final int ROUNDS = 1000;
    private final EcKernel kernel = Kernels.javaEc();

    @ParameterizedTest
    @ValueSource(ints = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1})
    void scalarMultMatchesBouncyCastle(int id) {
        X9ECParameters bc = BcCurves.params(id);
        Random rnd = new Random(1000 + id);
        int ob = Curves.orderBytes(id);
        byte[] out = new byte[2 * Curves.fieldBytes(id)];
        BigInteger n = bc.getN();
        ECPoint g = bc.getG();
        byte[] gBytes = BcCurves.xy(id, g);
        BigInteger e = BcCurves.randomScalar(id, rnd);
        ECPoint p = g.multiply(e);
        for (int i = 0; i < ROUNDS; i++) {
            BigInteger k = BcCurves.randomScalar(id, rnd);
            // the next point P = e G, stepped by one addition per round
            e = e.add(BigInteger.ONE);
            p = p.add(g).normalize();
            // k * (e G), which BC computes as (k e mod n) G
            assertEquals(EcKernel.OK, kernel.scalarMult(id, BcCurves.fixed(k, ob), BcCurves.xy(id, p), out));
            assertArrayEquals(BcCurves.xy(id, g.multiply(k.multiply(e).mod(n))), out, "k*P, round " + i);
            // The fixed-base table against the variable-base path on G; against BC every 10th round.
            byte[] viaTable = new byte[out.length];
            assertEquals(EcKernel.OK, kernel.scalarMultBase(id, BcCurves.fixed(k, ob), viaTable));
            assertEquals(EcKernel.OK, kernel.scalarMult(id, BcCurves.fixed(k, ob), gBytes, out));
            assertArrayEquals(out, viaTable, "k*G, round " + i);
            if (i % 10 == 0) {
                assertArrayEquals(BcCurves.xy(id, g.multiply(k)), viaTable, "k*G against BC, round " + i);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1})
    void mulAddMatchesBouncyCastle(int id) {
        X9ECParameters bc = BcCurves.params(id);
        Random rnd = new Random(2000 + id);
        int ob = Curves.orderBytes(id);
        byte[] out = new byte[2 * Curves.fieldBytes(id)];
        for (int i = 0; i < 100; i++) {
            BigInteger u1 = BcCurves.randomScalar(id, rnd);
            BigInteger u2 = BcCurves.randomScalar(id, rnd);
            ECPoint q = bc.getG().multiply(BcCurves.randomScalar(id, rnd));
            assertEquals(EcKernel.OK, kernel.mulAddVarTime(id, BcCurves.fixed(u1, ob), BcCurves.fixed(u2, ob),
                    BcCurves.xy(id, q), out));
            assertArrayEquals(BcCurves.xy(id, bc.getG().multiply(u1).add(q.multiply(u2))), out);
        }
        // Exceptional sums: u1 G + u1 G (a doubling) and u1 G + (n - u1) G (infinity).
        BigInteger u = BcCurves.randomScalar(id, rnd);
        byte[] g = BcCurves.xy(id, bc.getG());
        assertEquals(EcKernel.OK, kernel.mulAddVarTime(id, BcCurves.fixed(u, ob), BcCurves.fixed(u, ob), g, out));
        assertArrayEquals(BcCurves.xy(id, bc.getG().multiply(u.shiftLeft(1))), out);
        assertEquals(EcKernel.INFINITY, kernel.mulAddVarTime(id, BcCurves.fixed(u, ob),
                BcCurves.fixed(bc.getN().subtract(u), ob), g, out));
    }

    @ParameterizedTest
    @ValueSource(ints = {Curves.SECP160R1, Curves.SECP256R1})
    void malformedInputsAreInvalid(int id) {
        X9ECParameters bc = BcCurves.params(id);
        int ob = Curves.orderBytes(id);
        int fb = Curves.fieldBytes(id);
        byte[] k = BcCurves.fixed(BigInteger.TEN, ob);
        byte[] g = BcCurves.xy(id, bc.getG());
        byte[] out = new byte[2 * fb];
        assertEquals(EcKernel.INVALID, kernel.scalarMult(id, new byte[ob - 1], g, out), "short scalar");
        assertEquals(EcKernel.INVALID, kernel.scalarMult(id, k, new byte[2 * fb - 1], out), "short point");
        assertEquals(EcKernel.INVALID, kernel.scalarMult(id, k, g, new byte[2 * fb + 1]), "wrong output size");
        assertEquals(EcKernel.INVALID, kernel.scalarMult(id, Curves.n(id), g, out), "scalar = n");
        byte[] off = g.clone();
        off[2 * fb - 1] ^= 1;
        assertEquals(EcKernel.INVALID, kernel.scalarMult(id, k, off, out), "point off the curve");
        assertEquals(EcKernel.INVALID, kernel.mulAddVarTime(id, k, k, off, out), "mulAdd point off the curve");
        assertEquals(EcKernel.INVALID, kernel.scalarMult(id, k, new byte[2 * fb], out), "(0, 0) is not on the curve");
        byte[] xIsP = g.clone();
        System.arraycopy(Curves.p(id), 0, xIsP, 0, fb);
        assertEquals(EcKernel.INVALID, kernel.scalarMult(id, k, xIsP, out), "x = p");
        assertEquals(EcKernel.INVALID, kernel.scalarMultBase(7, k, out), "unknown curve");
    }

    @ParameterizedTest
    @ValueSource(ints = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1})
    void edgeScalarsMatchBouncyCastle(int id) {
        X9ECParameters bc = BcCurves.params(id);
        BigInteger n = bc.getN();
        int ob = Curves.orderBytes(id);
        ECPoint p = bc.getG().multiply(BigInteger.valueOf(987654321)).normalize();
        byte[] pb = BcCurves.xy(id, p);
        byte[] out = new byte[pb.length];
        java.util.List<BigInteger> ks = new java.util.ArrayList<>();
        BigInteger half = n.shiftRight(1);
        for (int i = 1; i <= 40; i++) {
            ks.add(BigInteger.valueOf(i));
            ks.add(n.subtract(BigInteger.valueOf(i)));
            ks.add(half.add(BigInteger.valueOf(i - 20)));
        }
        for (int i = 1; i < n.bitLength(); i += 7) {
            ks.add(BigInteger.ONE.shiftLeft(i));
            ks.add(BigInteger.ONE.shiftLeft(i).subtract(BigInteger.ONE));
        }
        for (BigInteger k : ks) {
            assertEquals(EcKernel.OK, kernel.scalarMult(id, BcCurves.fixed(k, ob), pb, out));
            assertArrayEquals(BcCurves.xy(id, p.multiply(k)), out, "k = " + k);
            assertEquals(EcKernel.OK, kernel.scalarMultBase(id, BcCurves.fixed(k, ob), out));
            assertArrayEquals(BcCurves.xy(id, bc.getG().multiply(k)), out, "k*G, k = " + k);
        }
    }

    /** x(P) mod n, orderBytes long: the r a signature must carry for the sum P. */
    private static byte[] xModN(int id, ECPoint p) {
        return BcCurves.fixed(p.normalize().getAffineXCoord().toBigInteger().mod(BcCurves.params(id).getN()),
                Curves.orderBytes(id));
    }

    @ParameterizedTest
    @ValueSource(ints = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1})
    void verifyMatchesBouncyCastle(int id) {
        X9ECParameters bc = BcCurves.params(id);
        BigInteger n = bc.getN();
        Random rnd = new Random(3000 + id);
        int ob = Curves.orderBytes(id);
        for (int i = 0; i < 100; i++) {
            BigInteger u1 = BcCurves.randomScalar(id, rnd), u2 = BcCurves.randomScalar(id, rnd);
            ECPoint q = bc.getG().multiply(BcCurves.randomScalar(id, rnd));
            byte[] qb = BcCurves.xy(id, q);
            byte[] r = xModN(id, bc.getG().multiply(u1).add(q.multiply(u2)));
            byte[] a = BcCurves.fixed(u1, ob), b = BcCurves.fixed(u2, ob);
            Object table = kernel.precompute(id, qb);
            assertEquals(EcKernel.OK, kernel.verify(id, a, b, qb, null, r), "one-shot, round " + i);
            assertEquals(EcKernel.OK, kernel.verify(id, a, b, qb, table, r), "with the key's table, round " + i);
            byte[] wrong = BcCurves.fixed(new BigInteger(1, r).mod(n.subtract(BigInteger.ONE)).add(BigInteger.ONE), ob);
            assertEquals(EcKernel.MISMATCH, kernel.verify(id, a, b, qb, table, wrong), "r + 1, round " + i);
            assertEquals(EcKernel.MISMATCH, kernel.verify(id, b, a, qb, null, r), "u1, u2 swapped, round " + i);
        }
        // u1 G + u2 Q = infinity for Q = e G and u1 = -u2 e; and a doubling for u1 = u2 e
        BigInteger e = BcCurves.randomScalar(id, rnd), u2 = BcCurves.randomScalar(id, rnd);
        ECPoint q = bc.getG().multiply(e);
        byte[] qb = BcCurves.xy(id, q), one = BcCurves.fixed(BigInteger.ONE, ob);
        BigInteger u1 = n.subtract(u2.multiply(e).mod(n));
        assertEquals(EcKernel.INFINITY, kernel.verify(id, BcCurves.fixed(u1, ob), BcCurves.fixed(u2, ob), qb, null, one));
        assertEquals(EcKernel.INFINITY, kernel.verify(id, BcCurves.fixed(u1, ob), BcCurves.fixed(u2, ob), qb,
                kernel.precompute(id, qb), one));
        u1 = u2.multiply(e).mod(n);
        byte[] r = xModN(id, q.multiply(u2.shiftLeft(1)));
        assertEquals(EcKernel.OK, kernel.verify(id, BcCurves.fixed(u1, ob), BcCurves.fixed(u2, ob), qb, null, r));
        // zero scalars: 0 G + u2 Q and u1 G + 0 Q
        byte[] zero = new byte[ob];
        assertEquals(EcKernel.OK, kernel.verify(id, zero, BcCurves.fixed(u2, ob), qb, null, xModN(id, q.multiply(u2))));
        assertEquals(EcKernel.OK, kernel.verify(id, BcCurves.fixed(u2, ob), zero, qb, null,
                xModN(id, bc.getG().multiply(u2))));
        assertEquals(EcKernel.INFINITY, kernel.verify(id, zero, zero, qb, null, one));
        // malformed: r = 0, r = n, Q off the curve, a table of another curve
        assertEquals(EcKernel.INVALID, kernel.verify(id, one, one, qb, null, zero));
        assertEquals(EcKernel.INVALID, kernel.verify(id, one, one, qb, null, BcCurves.fixed(n, ob)));
        byte[] off = qb.clone();
        off[off.length - 1] ^= 1;
        assertEquals(EcKernel.INVALID, kernel.verify(id, one, one, off, null, one));
        assertEquals(null, kernel.precompute(id, off));
        int other = id == Curves.SECP256R1 ? Curves.SECP224R1 : Curves.SECP256R1;
        byte[] otherG = BcCurves.xy(other, BcCurves.params(other).getG());
        assertEquals(EcKernel.INVALID, kernel.verify(id, one, one, qb, kernel.precompute(other, otherG), one));
    }

    /**
     * Sums whose partial sums meet the exceptional cases of the additions: with Q's table the
     * same as G's and u2 = u1, every digit of u2 adds the point just added for u1 (a doubling);
     * with Q = -G (a table of G's shape) and u1 = u2 + 1 (u2 a multiple of 256) every digit
     * but the last cancels (infinity on the way). The fast loop ends with Z = 0 and the
     * careful one gives the sum.
     */
    @ParameterizedTest
    @ValueSource(ints = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1})
    void partialSumsMeetingExceptionalCases(int id) {
        X9ECParameters bc = BcCurves.params(id);
        EcCurve c = EcCurve.get(id);
        BigInteger n = bc.getN();
        int ob = Curves.orderBytes(id);
        Random rnd = new Random(4000 + id);
        PublicMulAdd.Table g = c.publicBaseTable();
        BigInteger u = BcCurves.randomScalar(id, rnd).shiftRight(9).shiftLeft(8);
        int[] rv = new int[c.n + 1];
        Mp.fromBytes(xModN(id, bc.getG().multiply(u.shiftLeft(1))), 0, ob, rv);
        assertEquals(EcKernel.OK, PublicMulAdd.verify(c, BcCurves.fixed(u, ob), BcCurves.fixed(u, ob), g, rv));

        Jacobian j = new Jacobian(c.lazy);
        int[][] minusG = c.generator(j);
        c.lazy.sub(new int[j.limbs], minusG[1], minusG[1]);
        PublicMulAdd.Table neg = PublicMulAdd.table(c, j, minusG, PublicMulAdd.G_CHUNKS, PublicMulAdd.G_WIDTH);
        Mp.clear(rv);
        Mp.fromBytes(xModN(id, bc.getG()), 0, ob, rv);
        byte[] u1 = BcCurves.fixed(u.add(BigInteger.ONE), ob);
        assertEquals(EcKernel.OK, PublicMulAdd.verify(c, u1, BcCurves.fixed(u, ob), neg, rv));
        byte[] out = new byte[2 * Curves.fieldBytes(id)];
        assertEquals(false, PublicMulAdd.mulAdd(c, u1, BcCurves.fixed(u, ob), neg, out));
        assertArrayEquals(BcCurves.xy(id, bc.getG()), out);
        assertEquals(true, PublicMulAdd.mulAdd(c, u1, u1, neg, out), "u1 G - u1 G");
    }

    /**
     * x(R) mod n = r when x(R) = r + n (possible where n < p: P-192, P-224, P-256), and never
     * for r >= p (secp160r1, where n > p).
     */
    @ParameterizedTest
    @ValueSource(ints = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1})
    void xCoordinatesAtOrAboveN(int id) {
        X9ECParameters bc = BcCurves.params(id);
        BigInteger n = bc.getN(), p = bc.getCurve().getField().getCharacteristic();
        int ob = Curves.orderBytes(id), fb = Curves.fieldBytes(id);
        byte[] zero = new byte[ob], one = BcCurves.fixed(BigInteger.ONE, ob);
        if (n.compareTo(p) < 0) {
            ECPoint q = null;
            for (BigInteger x = n.add(BigInteger.ONE); q == null; x = x.add(BigInteger.ONE)) {
                try {
                    q = bc.getCurve().decodePoint(compressed(fb, x));
                } catch (IllegalArgumentException notOnCurve) {
                    // x^3 - 3x + b is not a square: the next x
                }
            }
            byte[] qb = BcCurves.xy(id, q);
            BigInteger x = q.normalize().getAffineXCoord().toBigInteger();
            byte[] r = BcCurves.fixed(x.subtract(n), ob);
            assertEquals(EcKernel.OK, kernel.verify(id, zero, one, qb, null, r), "x = r + n");
            assertEquals(EcKernel.OK, kernel.verify(id, zero, one, qb, kernel.precompute(id, qb), r), "x = r + n, table");
        } else {
            // (0, sqrt(b)) (b is a square modulo p): r = p stands for x = 0 modulo p, not modulo n
            ECPoint q = bc.getCurve().decodePoint(compressed(fb, BigInteger.ZERO));
            byte[] qb = BcCurves.xy(id, q);
            assertEquals(EcKernel.MISMATCH, kernel.verify(id, zero, one, qb, null, BcCurves.fixed(p, ob)), "r = p");
        }
    }

    private static byte[] compressed(int fb, BigInteger x) {
        byte[] enc = new byte[1 + fb];
        enc[0] = 2;
        System.arraycopy(BcCurves.fixed(x, fb), 0, enc, 1, fb);
        return enc;
    }
}
