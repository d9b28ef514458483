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
            assertEquals(EcKernel.OK, kernel.mulAdd(id, BcCurves.fixed(u1, ob), BcCurves.fixed(u2, ob),
                    BcCurves.xy(id, q), out));
            assertArrayEquals(BcCurves.xy(id, bc.getG().multiply(u1).add(q.multiply(u2))), out);
        }
        // Exceptional sums: u1 G + u1 G (a doubling) and u1 G + (n - u1) G (infinity).
        BigInteger u = BcCurves.randomScalar(id, rnd);
        byte[] g = BcCurves.xy(id, bc.getG());
        assertEquals(EcKernel.OK, kernel.mulAdd(id, BcCurves.fixed(u, ob), BcCurves.fixed(u, ob), g, out));
        assertArrayEquals(BcCurves.xy(id, bc.getG().multiply(u.shiftLeft(1))), out);
        assertEquals(EcKernel.INFINITY, kernel.mulAdd(id, BcCurves.fixed(u, ob),
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
        assertEquals(EcKernel.INVALID, kernel.mulAdd(id, k, k, off, out), "mulAdd point off the curve");
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
}
