package sizzle.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import ksecurity.math.EcKernel;
import ksecurity.math.Kernels;
import ksecurity.math.ModExpKernel;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The two kernels, pure Java and native C, give identical results on the same random inputs
 * (the same bytes out, the same return codes), valid and invalid alike.
 */
class KernelParityTest {
    private static EcKernel javaEc, nativeEc;
    private static ModExpKernel javaModExp, nativeModExp;

    @BeforeAll
    static void kernels() throws Exception {
        javaEc = Kernels.javaEc();
        javaModExp = Kernels.javaModExp();
        Object n = Class.forName("ksecurity.jni.NativeKernels").getDeclaredConstructor().newInstance();
        nativeEc = (EcKernel) n;
        nativeModExp = (ModExpKernel) n;
        assertEquals("native", nativeEc.name());
        assertEquals("java", javaEc.name());
    }

    @ParameterizedTest
    @CsvSource({"0, secp160r1, 20, 21", "1, secp192r1, 24, 24", "2, secp224r1, 28, 28", "3, secp256r1, 32, 32"})
    void scalarMultiplicationsAgree(int curve, String name, int fieldBytes, int orderBytes) {
        BigInteger n = CustomNamedCurves.getByName(name).getN();
        Random rnd = new Random(curve * 1000L + 7);
        byte[] a = new byte[2 * fieldBytes], b = new byte[2 * fieldBytes];
        for (int i = 0; i < 300; i++) {
            byte[] k = scalar(rnd, n, orderBytes), k2 = scalar(rnd, n, orderBytes);
            assertEquals(EcKernel.OK, javaEc.scalarMultBase(curve, k, a));
            assertEquals(EcKernel.OK, nativeEc.scalarMultBase(curve, k, b));
            assertArrayEquals(a, b, "k*G");
            byte[] p = a.clone();
            assertEquals(EcKernel.OK, javaEc.scalarMult(curve, k2, p, a));
            assertEquals(EcKernel.OK, nativeEc.scalarMult(curve, k2, p, b));
            assertArrayEquals(a, b, "k2*P");
            assertEquals(EcKernel.OK, javaEc.mulAddVarTime(curve, k, k2, p, a));
            assertEquals(EcKernel.OK, nativeEc.mulAddVarTime(curve, k, k2, p, b));
            assertArrayEquals(a, b, "k*G + k2*P");
        }
    }

    /**
     * The variable-time ECDSA check: with and without each kernel's table of the key, on r from
     * the sum both kernels computed (OK) and on r changed (MISMATCH); and the sums that cancel
     * (u1 G + (n - u1) G: INFINITY) or double (u1 G + u1 G, Q = G).
     */
    @ParameterizedTest
    @CsvSource({"0, secp160r1, 20, 21", "1, secp192r1, 24, 24", "2, secp224r1, 28, 28", "3, secp256r1, 32, 32"})
    void verificationsAgree(int curve, String name, int fieldBytes, int orderBytes) {
        X9ECParameters x9 = CustomNamedCurves.getByName(name);
        BigInteger n = x9.getN();
        Random rnd = new Random(curve * 1000L + 11);
        byte[] sum = new byte[2 * fieldBytes], q = new byte[2 * fieldBytes];
        for (int i = 0; i < 200; i++) {
            byte[] u1 = scalar(rnd, n, orderBytes), u2 = scalar(rnd, n, orderBytes);
            assertEquals(EcKernel.OK, javaEc.scalarMultBase(curve, scalar(rnd, n, orderBytes), q));
            Object jt = javaEc.precompute(curve, q), nt = nativeEc.precompute(curve, q);
            assertEquals(EcKernel.OK, nativeEc.mulAddVarTime(curve, u1, u2, q, sum));
            byte[] r = fixed(new BigInteger(1, java.util.Arrays.copyOf(sum, fieldBytes)).mod(n), orderBytes);
            both(EcKernel.OK, javaEc.verify(curve, u1, u2, q, null, r), nativeEc.verify(curve, u1, u2, q, null, r));
            both(EcKernel.OK, javaEc.verify(curve, u1, u2, q, jt, r), nativeEc.verify(curve, u1, u2, q, nt, r));
            byte[] wrong = fixed(new BigInteger(1, r).mod(n.subtract(BigInteger.ONE)).add(BigInteger.ONE), orderBytes);
            both(EcKernel.MISMATCH, javaEc.verify(curve, u1, u2, q, jt, wrong), nativeEc.verify(curve, u1, u2, q, nt, wrong));
            both(EcKernel.MISMATCH, javaEc.verify(curve, u2, u1, q, null, r), nativeEc.verify(curve, u2, u1, q, null, r));
        }
        byte[] g = xy(x9, fieldBytes);
        byte[] u = scalar(rnd, n, orderBytes), minus = fixed(n.subtract(new BigInteger(1, u)), orderBytes);
        byte[] one = fixed(BigInteger.ONE, orderBytes);
        both(EcKernel.INFINITY, javaEc.verify(curve, u, minus, g, null, one), nativeEc.verify(curve, u, minus, g, null, one));
        both(EcKernel.INFINITY, javaEc.verify(curve, u, minus, g, javaEc.precompute(curve, g), one),
                nativeEc.verify(curve, u, minus, g, nativeEc.precompute(curve, g), one));
        assertEquals(EcKernel.OK, javaEc.mulAddVarTime(curve, u, u, g, sum));
        byte[] r = fixed(new BigInteger(1, java.util.Arrays.copyOf(sum, fieldBytes)).mod(n), orderBytes);
        both(EcKernel.OK, javaEc.verify(curve, u, u, g, null, r), nativeEc.verify(curve, u, u, g, null, r));
        // a table is the kernel's own: the other kernel refuses it
        both(EcKernel.INVALID, javaEc.verify(curve, u, u, g, nativeEc.precompute(curve, g), r),
                nativeEc.verify(curve, u, u, g, javaEc.precompute(curve, g), r));
    }

    private static byte[] xy(X9ECParameters x9, int fieldBytes) {
        byte[] g = new byte[2 * fieldBytes];
        System.arraycopy(fixed(x9.getG().getAffineXCoord().toBigInteger(), fieldBytes), 0, g, 0, fieldBytes);
        System.arraycopy(fixed(x9.getG().getAffineYCoord().toBigInteger(), fieldBytes), 0, g, fieldBytes, fieldBytes);
        return g;
    }

    @ParameterizedTest
    @CsvSource({"0, secp160r1, 20, 21", "1, secp192r1, 24, 24", "2, secp224r1, 28, 28", "3, secp256r1, 32, 32"})
    void invalidInputsAreRefusedAlike(int curve, String name, int fieldBytes, int orderBytes) {
        X9ECParameters x9 = CustomNamedCurves.getByName(name);
        BigInteger n = x9.getN();
        byte[] g = new byte[2 * fieldBytes];
        System.arraycopy(fixed(x9.getG().getAffineXCoord().toBigInteger(), fieldBytes), 0, g, 0, fieldBytes);
        System.arraycopy(fixed(x9.getG().getAffineYCoord().toBigInteger(), fieldBytes), 0, g, fieldBytes, fieldBytes);
        byte[] one = fixed(BigInteger.ONE, orderBytes), out1 = new byte[2 * fieldBytes], out2 = new byte[2 * fieldBytes];

        byte[] offCurve = g.clone();
        offCurve[2 * fieldBytes - 1] ^= 1;
        both(EcKernel.INVALID, javaEc.scalarMult(curve, one, offCurve, out1), nativeEc.scalarMult(curve, one, offCurve, out2));
        both(EcKernel.INVALID, javaEc.scalarMult(curve, fixed(BigInteger.ZERO, orderBytes), g, out1),
                nativeEc.scalarMult(curve, fixed(BigInteger.ZERO, orderBytes), g, out2));
        both(EcKernel.INVALID, javaEc.scalarMultBase(curve, fixed(n, orderBytes), out1),
                nativeEc.scalarMultBase(curve, fixed(n, orderBytes), out2));
        both(EcKernel.INVALID, javaEc.scalarMultBase(curve, new byte[orderBytes + 1], out1),
                nativeEc.scalarMultBase(curve, new byte[orderBytes + 1], out2));
        // u1*G + u2*G with u1 + u2 = n: the point at infinity
        byte[] u2 = fixed(n.subtract(BigInteger.ONE), orderBytes);
        both(EcKernel.INFINITY, javaEc.mulAddVarTime(curve, one, u2, g, out1), nativeEc.mulAddVarTime(curve, one, u2, g, out2));
        assertArrayEquals(new byte[2 * fieldBytes], out1, "infinity zeroes the output");
        assertArrayEquals(new byte[2 * fieldBytes], out2, "infinity zeroes the output");
        // verify: r = 0 or n, Q off the curve, no table of a point off the curve
        byte[] zero = fixed(BigInteger.ZERO, orderBytes), nb = fixed(n, orderBytes);
        both(EcKernel.INVALID, javaEc.verify(curve, one, one, g, null, zero), nativeEc.verify(curve, one, one, g, null, zero));
        both(EcKernel.INVALID, javaEc.verify(curve, one, one, g, null, nb), nativeEc.verify(curve, one, one, g, null, nb));
        both(EcKernel.INVALID, javaEc.verify(curve, one, one, offCurve, null, one),
                nativeEc.verify(curve, one, one, offCurve, null, one));
        assertEquals(null, javaEc.precompute(curve, offCurve));
        assertEquals(null, nativeEc.precompute(curve, offCurve));
    }

    @Test
    void modularExponentiationsAgree() {
        Random rnd = new Random(42);
        for (int bits : new int[] {512, 1024, 2048}) {
            for (int i = 0; i < 20; i++) {
                BigInteger m = new BigInteger(bits, rnd).setBit(bits - 1).setBit(0);
                BigInteger base = new BigInteger(bits - 1, rnd), exp = new BigInteger(bits, rnd);
                byte[] mod = fixed(m, bits / 8), a = new byte[bits / 8], b = new byte[bits / 8];
                byte[] bb = fixed(base, bits / 8), e = fixed(exp, bits / 8);
                both(ModExpKernel.OK, javaModExp.modExp(bb, e, mod, a), nativeModExp.modExp(bb, e, mod, b));
                assertArrayEquals(fixed(base.modPow(exp, m), bits / 8), a, "java");
                assertArrayEquals(a, b, "native");
            }
        }
        byte[] even = fixed(BigInteger.valueOf(1000), 128), out = new byte[128];
        both(ModExpKernel.INVALID, javaModExp.modExp(fixed(BigInteger.TWO, 128), fixed(BigInteger.TEN, 1), even, out),
                nativeModExp.modExp(fixed(BigInteger.TWO, 128), fixed(BigInteger.TEN, 1), even, out));
    }

    private static void both(int expected, int java, int nat) {
        assertEquals(expected, java, "java kernel");
        assertEquals(expected, nat, "native kernel");
    }

    private static byte[] scalar(Random rnd, BigInteger n, int len) {
        BigInteger k;
        do {
            k = new BigInteger(n.bitLength(), rnd);
        } while (k.signum() == 0 || k.compareTo(n) >= 0);
        return fixed(k, len);
    }

    static byte[] fixed(BigInteger v, int len) {
        byte[] raw = v.toByteArray(), out = new byte[len];
        int n = Math.min(raw.length, len);
        System.arraycopy(raw, raw.length - n, out, len - n, n);
        return out;
    }
}
