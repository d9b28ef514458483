package ksecurity.jni;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Random;

import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import ksecurity.math.EcKernel;
import ksecurity.math.ModExpKernel;

/** The native kernels against Bouncy Castle (EC) and BigInteger.modPow (RSA). */
class NativeKernelsTest {
    private static final String[] NAMES = {"secp160r1", "secp192r1", "secp224r1", "secp256r1"};
    private static final int[] FIELD = {20, 24, 28, 32};
    private static final int[] ORDER = {21, 24, 28, 32};
    private static final int ROUNDS = 1000;     // thousands of inputs per curve: k*G, k*Q and u1*G + u2*Q each

    private static NativeKernels kernels;
    private final Random random = new SecureRandom();

    @BeforeAll
    static void load() {
        kernels = new NativeKernels();
    }

    private static X9ECParameters params(int curve) {
        return CustomNamedCurves.getByName(NAMES[curve]);
    }

    private static byte[] fixed(BigInteger v, int len) {
        byte[] b = v.toByteArray();
        byte[] out = new byte[len];
        int n = Math.min(b.length, len);
        System.arraycopy(b, b.length - n, out, len - n, n);
        return out;
    }

    private static byte[] encode(ECPoint p, int curve) {
        ECPoint a = p.normalize();
        byte[] out = new byte[2 * FIELD[curve]];
        System.arraycopy(fixed(a.getAffineXCoord().toBigInteger(), FIELD[curve]), 0, out, 0, FIELD[curve]);
        System.arraycopy(fixed(a.getAffineYCoord().toBigInteger(), FIELD[curve]), 0, out, FIELD[curve],
                FIELD[curve]);
        return out;
    }

    private BigInteger scalar(BigInteger n) {
        BigInteger k;
        do {
            k = new BigInteger(n.bitLength(), random);
        } while (k.signum() == 0 || k.compareTo(n) >= 0);
        return k;
    }

    @Test
    void nameAndInterfaces() {
        assertEquals("native", kernels.name());
        EcKernel ec = kernels;
        ModExpKernel rsa = kernels;
        assertEquals("native", ec.name());
        assertEquals("native", rsa.name());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void randomScalarsMatchBouncyCastle(int curve) {
        X9ECParameters p = params(curve);
        BigInteger n = p.getN();
        ECPoint g = p.getG();
        byte[] out = new byte[2 * FIELD[curve]];
        for (int i = 0; i < ROUNDS; i++) {
            BigInteger k = scalar(n);
            byte[] kb = fixed(k, ORDER[curve]);
            assertEquals(EcKernel.OK, kernels.scalarMultBase(curve, kb, out));
            assertArrayEquals(encode(g.multiply(k), curve), out, "k*G, k = " + k);

            ECPoint q = g.multiply(scalar(n));
            byte[] qb = encode(q, curve);
            assertEquals(EcKernel.OK, kernels.scalarMult(curve, kb, qb, out));
            assertArrayEquals(encode(q.multiply(k), curve), out, "k*Q, k = " + k);

            BigInteger u2 = scalar(n);
            assertEquals(EcKernel.OK, kernels.mulAddVarTime(curve, kb, fixed(u2, ORDER[curve]), qb, out));
            assertArrayEquals(encode(g.multiply(k).add(q.multiply(u2)), curve), out, "u1*G + u2*Q");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void infinityAndInvalidInputs(int curve) {
        X9ECParameters p = params(curve);
        BigInteger n = p.getN();
        byte[] g = encode(p.getG(), curve);
        byte[] out = new byte[2 * FIELD[curve]];
        byte[] zero = new byte[2 * FIELD[curve]];
        byte[] one = fixed(BigInteger.ONE, ORDER[curve]);
        byte[] nMinus1 = fixed(n.subtract(BigInteger.ONE), ORDER[curve]);
        // n*G = (n-1)G + G: infinity, out zeroed
        Arrays.fill(out, (byte) 1);
        assertEquals(EcKernel.INFINITY, kernels.mulAddVarTime(curve, nMinus1, one, g, out));
        assertArrayEquals(zero, out);
        // scalars 0, n, all ones; wrong lengths
        byte[] k0 = new byte[ORDER[curve]];
        assertEquals(EcKernel.INVALID, kernels.scalarMultBase(curve, k0, out));
        assertEquals(EcKernel.INVALID, kernels.scalarMult(curve, k0, g, out));
        assertEquals(EcKernel.INVALID, kernels.scalarMultBase(curve, fixed(n, ORDER[curve]), out));
        byte[] ff = new byte[ORDER[curve]];
        Arrays.fill(ff, (byte) 0xff);
        assertEquals(EcKernel.INVALID, kernels.scalarMult(curve, ff, g, out));
        assertEquals(EcKernel.INVALID, kernels.mulAddVarTime(curve, one, fixed(n, ORDER[curve]), g, out));
        assertEquals(EcKernel.INVALID, kernels.scalarMultBase(curve, new byte[ORDER[curve] + 1], out));
        assertEquals(EcKernel.INVALID, kernels.scalarMultBase(curve, one, new byte[2 * FIELD[curve] - 1]));
        assertEquals(EcKernel.INVALID, kernels.scalarMult(curve, one, Arrays.copyOf(g, g.length - 1), out));
        assertEquals(EcKernel.INVALID, kernels.scalarMult(curve, null, g, out));
        assertEquals(EcKernel.INVALID, kernels.scalarMult(curve, one, null, out));
        assertEquals(EcKernel.INVALID, kernels.scalarMultBase(curve, one, null));
        // points off the curve, and the all-zero encoding
        byte[] bad = g.clone();
        bad[bad.length - 1] ^= 1;
        assertEquals(EcKernel.INVALID, kernels.scalarMult(curve, one, bad, out));
        assertEquals(EcKernel.INVALID, kernels.mulAddVarTime(curve, one, one, bad, out));
        assertEquals(EcKernel.INVALID, kernels.scalarMult(curve, one, zero, out));
        // the point (p, y(G)) is not canonical
        byte[] big = g.clone();
        System.arraycopy(fixed(p.getCurve().getField().getCharacteristic(), FIELD[curve]), 0, big, 0,
                FIELD[curve]);
        assertEquals(EcKernel.INVALID, kernels.scalarMult(curve, one, big, out));
    }

    @Test
    void kernelsFindsTheNativeClass() {
        assertEquals("native", ksecurity.math.Kernels.ec().name());
        assertEquals("native", ksecurity.math.Kernels.modExp().name());
    }

    @Test
    void unknownCurves() {
        byte[] k = new byte[32];
        k[31] = 1;
        byte[] out = new byte[64];
        assertEquals(EcKernel.INVALID, kernels.scalarMultBase(4, k, out));
        assertEquals(EcKernel.INVALID, kernels.scalarMultBase(-1, k, out));
    }

    @ParameterizedTest
    @ValueSource(ints = {512, 1024, 2048, 4096})
    void modExpMatchesBigInteger(int bits) {
        int rounds = bits <= 1024 ? 40 : bits == 2048 ? 8 : 2;
        int len = bits / 8;
        for (int i = 0; i < rounds; i++) {
            BigInteger m = new BigInteger(bits, random).setBit(bits - 1).setBit(0);
            BigInteger b = new BigInteger(bits, random).mod(m);
            BigInteger e = new BigInteger(i % 2 == 0 ? bits : 17, random);
            byte[] out = new byte[len];
            byte[] eb = fixed(e, Math.max(1, (e.bitLength() + 7) / 8));
            assertEquals(ModExpKernel.OK, kernels.modExp(fixed(b, len), eb, fixed(m, len), out));
            assertArrayEquals(fixed(b.modPow(e, m), len), out, "modExp " + bits);
        }
    }

    @Test
    void modExpInvalidInputs() {
        BigInteger m = new BigInteger(1024, random).setBit(1023).setBit(0);
        byte[] mb = fixed(m, 128);
        byte[] e = {1, 0, 1};
        byte[] out = new byte[128];
        assertEquals(ModExpKernel.INVALID, kernels.modExp(fixed(BigInteger.TWO, 128), e,
                fixed(m.clearBit(0), 128), out)); // even modulus
        assertEquals(ModExpKernel.INVALID, kernels.modExp(mb, e, mb, out)); // base = mod
        assertEquals(ModExpKernel.INVALID, kernels.modExp(fixed(m.add(BigInteger.ONE), 128), e, mb, out));
        assertEquals(ModExpKernel.INVALID, kernels.modExp(fixed(BigInteger.TWO, 127), e, mb, out));
        assertEquals(ModExpKernel.INVALID, kernels.modExp(fixed(BigInteger.TWO, 128), e, mb, new byte[127]));
        assertEquals(ModExpKernel.INVALID, kernels.modExp(new byte[0], e, new byte[0], new byte[0]));
        assertEquals(ModExpKernel.INVALID, kernels.modExp(new byte[513], e, new byte[513], new byte[513]));
        assertEquals(ModExpKernel.INVALID, kernels.modExp(null, e, mb, out));
        assertEquals(ModExpKernel.INVALID, kernels.modExp(fixed(BigInteger.TWO, 128), null, mb, out));
        // the empty exponent is x^0 = 1
        assertEquals(ModExpKernel.OK, kernels.modExp(fixed(BigInteger.TWO, 128), new byte[0], mb, out));
        assertArrayEquals(fixed(BigInteger.ONE, 128), out);
    }
}
