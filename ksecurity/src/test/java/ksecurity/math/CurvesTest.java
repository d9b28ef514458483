package ksecurity.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.HexFormat;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** SEC 2 parameters: the published values, and the properties that make them a curve of prime order. */
class CurvesTest {
    @ParameterizedTest
    @ValueSource(ints = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1})
    void parametersAreTheSec2Curves(int id) {
        BigInteger p = new BigInteger(1, Curves.p(id));
        BigInteger a = new BigInteger(1, Curves.a(id));
        BigInteger b = new BigInteger(1, Curves.b(id));
        BigInteger gx = new BigInteger(1, Curves.gx(id));
        BigInteger gy = new BigInteger(1, Curves.gy(id));
        BigInteger n = new BigInteger(1, Curves.n(id));
        // p and n prime; a = -3; G on the curve; bit and byte lengths as the kernels expect
        assertTrue(p.isProbablePrime(100));
        assertTrue(n.isProbablePrime(100));
        assertEquals(p.subtract(BigInteger.valueOf(3)), a);
        assertEquals(gy.pow(2).mod(p), gx.pow(3).add(a.multiply(gx)).add(b).mod(p));
        assertEquals(Curves.bits(id), p.bitLength());
        assertEquals(Curves.orderBits(id), n.bitLength());
        assertEquals(Curves.fieldBytes(id), Curves.p(id).length);
        assertEquals(Curves.orderBytes(id), Curves.n(id).length);
        assertEquals(1, Curves.h(id));
        // Hasse: |n - (p + 1)| <= 2 sqrt(p), so with cofactor 1 the group has exactly n points
        assertTrue(n.subtract(p.add(BigInteger.ONE)).abs().pow(2).compareTo(p.shiftLeft(2)) <= 0);

        // the same curve as Bouncy Castle's SEC 2 table, generator included
        X9ECParameters bc = BcCurves.params(id);
        assertEquals(bc.getCurve().getField().getCharacteristic(), p);
        assertEquals(bc.getCurve().getB().toBigInteger(), b);
        assertEquals(bc.getN(), n);
        assertArrayEquals(bc.getG().getEncoded(false), Curves.g(id));

        // n G = infinity, (n - 1) G = -G, through our kernel
        EcKernel k = Kernels.javaEc();
        byte[] out = new byte[2 * Curves.fieldBytes(id)];
        byte[] g = BcCurves.xy(id, bc.getG());
        byte[] nMinus1 = BcCurves.fixed(n.subtract(BigInteger.ONE), Curves.orderBytes(id));
        assertEquals(EcKernel.OK, k.scalarMult(id, nMinus1, g, out));
        assertEquals(gx, BcCurves.num(out, 0, Curves.fieldBytes(id)));
        assertEquals(p.subtract(gy), BcCurves.num(out, Curves.fieldBytes(id), Curves.fieldBytes(id)));
        // n G: the sum (n-1) G + G through mulAddVarTime, which must report infinity
        byte[] one = BcCurves.fixed(BigInteger.ONE, Curves.orderBytes(id));
        assertEquals(EcKernel.INFINITY, k.mulAddVarTime(id, nMinus1, one, g, out));
        assertArrayEquals(new byte[out.length], out);
        // a zero private scalar is refused, as the native kernel does
        assertEquals(EcKernel.INVALID, k.scalarMult(id, new byte[Curves.orderBytes(id)], g, out));
        // n itself is not a valid scalar
        assertEquals(EcKernel.INVALID, k.scalarMultBase(id, Curves.n(id), out));
    }

    @Test
    void lookupsByBitsAndOid() throws Exception {
        assertEquals(Curves.SECP160R1, Curves.byBits(160));
        assertEquals(Curves.SECP256R1, Curves.byBits(256));
        assertEquals(-1, Curves.byBits(384));
        String[] oids = {"06052B81040008", "06082A8648CE3D030101", "06052B81040021", "06082A8648CE3D030107"};
        for (int id = 0; id < Curves.COUNT; id++) {
            byte[] der = HexFormat.of().parseHex(oids[id]);
            assertEquals(id, Curves.byOid(der, 0, der.length));
            assertArrayEquals(der, Curves.oid(id));
            // the OID of BC's table for the same name, as DER
            assertArrayEquals(org.bouncycastle.asn1.sec.SECNamedCurves.getOID(Curves.name(id)).getEncoded("DER"),
                    Curves.oid(id));
        }
        byte[] p384 = HexFormat.of().parseHex("06052B81040022");
        assertEquals(-1, Curves.byOid(p384, 0, p384.length));
    }
}
