package ksecurity.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import ksecurity.math.Curves;
import ksecurity.math.TestRandom;
import ksecurity.security.CryptoException;
import ksecurity.security.ECPrivateKey;
import ksecurity.security.ECPublicKey;
import ksecurity.security.KeyBuilder;
import ksecurity.security.KeyPair;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** EC keys through the Java Card API: preset named-curve parameters, point encodings, bad input. */
class EcKeyTest {
    static void assertReason(short reason, Executable e) {
        CryptoException ex = assertThrows(CryptoException.class, e);
        assertEquals(reason, ex.getReason(), ex.getMessage());
    }

    static ECPublicKey publicKey(int bits) {
        return (ECPublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PUBLIC, (short) bits, false);
    }

    static ECPrivateKey privateKey(int bits) {
        return (ECPrivateKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PRIVATE, (short) bits, false);
    }

    @ParameterizedTest
    @ValueSource(ints = {160, 192, 224, 256})
    void namedCurveParametersArePresetAndOnlyThoseAccepted(int bits) {
        int id = Curves.byBits(bits);
        X9ECParameters bc = CustomNamedCurves.getByName(Curves.name(id));
        ECPublicKey k = publicKey(bits);
        byte[] buf = new byte[100];
        short len = k.getField(buf, (short) 0);
        assertEquals(bc.getCurve().getField().getCharacteristic(), new BigInteger(1, Arrays.copyOf(buf, len)));
        len = k.getA(buf, (short) 0);
        assertEquals(bc.getCurve().getA().toBigInteger(), new BigInteger(1, Arrays.copyOf(buf, len)));
        len = k.getB(buf, (short) 0);
        assertEquals(bc.getCurve().getB().toBigInteger(), new BigInteger(1, Arrays.copyOf(buf, len)));
        len = k.getR(buf, (short) 0);
        assertEquals(bc.getN(), new BigInteger(1, Arrays.copyOf(buf, len)));
        len = k.getG(buf, (short) 0);
        assertArrayEquals(bc.getG().getEncoded(false), Arrays.copyOf(buf, len));
        assertEquals(1, k.getK());
        assertEquals(bits, k.getSize());
        assertEquals(KeyBuilder.TYPE_EC_FP_PUBLIC, k.getType());

        // Java Card code sets every parameter: the curve's own values are accepted...
        byte[] p = Curves.p(id);
        k.setFieldFP(p, (short) 0, (short) p.length);
        byte[] g = bc.getG().getEncoded(true);
        k.setG(g, (short) 0, (short) g.length);
        k.setK((short) 1);
        // ...anything else is refused.
        byte[] other = p.clone();
        other[other.length - 1] ^= 2;
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setFieldFP(other, (short) 0, (short) other.length));
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setA(other, (short) 0, (short) other.length));
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setK((short) 2));
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setFieldF2M((short) 163));
        byte[] twoG = bc.getG().twice().getEncoded(false);
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setG(twoG, (short) 0, (short) twoG.length));
    }

    @Test
    void unsupportedSizesAndCrossCurveCopiesAreRefused() {
        assertReason(CryptoException.NO_SUCH_ALGORITHM, () -> publicKey(384));
        ECPublicKey a = publicKey(256);
        ECPrivateKey b = privateKey(192);
        assertReason(CryptoException.ILLEGAL_VALUE, () -> a.copyDomainParametersFrom(b));
        a.copyDomainParametersFrom(publicKey(256));
    }

    @ParameterizedTest
    @ValueSource(ints = {160, 192, 224, 256})
    void compressedAndUncompressedPointsRoundTrip(int bits) {
        int id = Curves.byBits(bits);
        X9ECParameters bc = CustomNamedCurves.getByName(Curves.name(id));
        java.util.Random rnd = new java.util.Random(bits);
        ECPublicKey k = publicKey(bits);
        byte[] out = new byte[1 + 2 * Curves.fieldBytes(id)];
        for (int i = 0; i < 50; i++) {
            ECPoint q = bc.getG().multiply(new BigInteger(bits - 8, rnd).add(BigInteger.ONE)).normalize();
            byte[] compressed = q.getEncoded(true);
            k.setW(compressed, (short) 0, (short) compressed.length);
            assertEquals(out.length, k.getW(out, (short) 0));
            assertArrayEquals(q.getEncoded(false), out);
            byte[] uncompressed = q.getEncoded(false);
            k.setW(uncompressed, (short) 0, (short) uncompressed.length);
            assertArrayEquals(uncompressed, Arrays.copyOf(out, k.getW(out, (short) 0)));
        }
    }

    @Test
    void badPointsAreRefused() {
        int id = Curves.SECP256R1;
        X9ECParameters bc = CustomNamedCurves.getByName("secp256r1");
        ECPublicKey k = publicKey(256);
        byte[] good = bc.getG().multiply(BigInteger.valueOf(12345)).getEncoded(false);
        byte[] offCurve = good.clone();
        offCurve[64] ^= 1;
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setW(offCurve, (short) 0, (short) offCurve.length));
        byte[] infinity = {0};
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setW(infinity, (short) 0, (short) 1));
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setW(good, (short) 0, (short) (good.length - 1)));
        byte[] badPrefix = good.clone();
        badPrefix[0] = 0x05;
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setW(badPrefix, (short) 0, (short) badPrefix.length));
        // compressed-length encodings with a prefix other than 02/03 (04, hybrid 06/07, 01)
        byte[] compressed = bc.getG().multiply(BigInteger.valueOf(12345)).getEncoded(true);
        for (byte prefix : new byte[] {0x04, 0x06, 0x07, 0x01}) {
            byte[] bad = compressed.clone();
            bad[0] = prefix;
            assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setW(bad, (short) 0, (short) bad.length));
        }
        // x >= p: take x = p itself
        byte[] xTooBig = good.clone();
        System.arraycopy(Curves.p(id), 0, xTooBig, 1, 32);
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setW(xTooBig, (short) 0, (short) xTooBig.length));
        byte[] compressedTooBig = new byte[33];
        compressedTooBig[0] = 0x02;
        System.arraycopy(Curves.p(id), 0, compressedTooBig, 1, 32);
        assertReason(CryptoException.ILLEGAL_VALUE,
                () -> k.setW(compressedTooBig, (short) 0, (short) compressedTooBig.length));
        // a compressed x with no point on the curve: find one
        byte[] noRoot = new byte[33];
        noRoot[0] = 0x02;
        for (int x = 1;; x++) {
            noRoot[32] = (byte) x;
            try {
                bc.getCurve().decodePoint(noRoot);
            } catch (IllegalArgumentException none) {
                break;
            }
        }
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setW(noRoot, (short) 0, (short) noRoot.length));
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setW(good, (short) 60, (short) good.length));
        assertFalse(k.isInitialized());
        assertReason(CryptoException.UNINITIALIZED_KEY, () -> k.getW(new byte[65], (short) 0));
    }

    @ParameterizedTest
    @ValueSource(ints = {160, 256})
    void privateScalarsOutsideOneToNMinusOneAreRefused(int bits) {
        int id = Curves.byBits(bits);
        ECPrivateKey k = privateKey(bits);
        byte[] n = Curves.n(id);
        byte[] zero = new byte[n.length];
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setS(zero, (short) 0, (short) zero.length));
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setS(n, (short) 0, (short) n.length));
        byte[] tooLong = new byte[n.length + 1];
        tooLong[0] = 1;
        assertReason(CryptoException.ILLEGAL_VALUE, () -> k.setS(tooLong, (short) 0, (short) tooLong.length));
        assertReason(CryptoException.UNINITIALIZED_KEY, () -> k.getS(new byte[40], (short) 0));
        byte[] nMinus1 = new BigInteger(1, n).subtract(BigInteger.ONE).toByteArray();
        k.setS(nMinus1, (short) 0, (short) nMinus1.length);
        assertTrue(k.isInitialized());
        byte[] out = new byte[40];
        assertEquals(Curves.orderBytes(id), k.getS(out, (short) 0));
        byte[] small = {0, 0, 7};
        k.setS(small, (short) 0, (short) 3);
        assertEquals(7, new BigInteger(1, Arrays.copyOf(out, k.getS(out, (short) 0))).intValue());
    }

    @ParameterizedTest
    @ValueSource(ints = {160, 192, 224, 256})
    void generatedPairsAreConsistent(int bits) {
        KeyPair kp = new KeyPair(KeyPair.ALG_EC_FP, (short) bits);
        KeyPairGenerator.generate(KeyPair.ALG_EC_FP, kp.getPublic(), kp.getPrivate(), new TestRandom(bits));
        int id = Curves.byBits(bits);
        X9ECParameters bc = CustomNamedCurves.getByName(Curves.name(id));
        byte[] s = new byte[40];
        short sl = ((ECPrivateKey) kp.getPrivate()).getS(s, (short) 0);
        byte[] w = new byte[80];
        short wl = ((ECPublicKey) kp.getPublic()).getW(w, (short) 0);
        BigInteger d = new BigInteger(1, Arrays.copyOf(s, sl));
        assertTrue(d.signum() > 0 && d.compareTo(bc.getN()) < 0);
        assertArrayEquals(bc.getG().multiply(d).getEncoded(false), Arrays.copyOf(w, wl));
    }
}
