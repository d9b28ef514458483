package ksecurity.impl;

import static ksecurity.impl.EcKeyTest.assertReason;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Random;
import ksecurity.math.Curves;
import ksecurity.security.CryptoException;
import ksecurity.security.ECPrivateKey;
import ksecurity.security.KeyAgreement;
import ksecurity.security.KeyBuilder;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ECDH through the Java Card API against Bouncy Castle: 1,000 random pairs per curve. */
class EcdhKeyAgreementTest {
    private static final int ROUNDS = 1000;

    @ParameterizedTest
    @ValueSource(ints = {160, 192, 224, 256})
    void sharedSecretsMatchBouncyCastle(int bits) throws Exception {
        int id = Curves.byBits(bits);
        X9ECParameters x9 = CustomNamedCurves.getByName(Curves.name(id));
        int fb = Curves.fieldBytes(id);
        Random rnd = new Random(bits);
        ECPrivateKey key = (ECPrivateKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PRIVATE, (short) bits, false);
        KeyAgreement plain = KeyAgreement.getInstance(KeyAgreement.ALG_EC_SVDP_DH_PLAIN, false);
        KeyAgreement xy = KeyAgreement.getInstance(KeyAgreement.ALG_EC_SVDP_DH_PLAIN_XY, false);
        KeyAgreement sha1 = KeyAgreement.getInstance(KeyAgreement.ALG_EC_SVDP_DH, false);
        byte[] out = new byte[1 + 2 * fb];
        ECPoint g = x9.getG();
        for (int i = 0; i < ROUNDS; i++) {
            BigInteger d = random(x9.getN(), rnd);
            byte[] db = d.toByteArray();
            key.setS(db, (short) 0, (short) db.length);
            BigInteger e = random(x9.getN(), rnd);
            ECPoint peer = g.multiply(e).normalize();
            // d * (e G) computed by BC as (d e mod n) G: a different path from ours
            ECPoint shared = g.multiply(d.multiply(e).mod(x9.getN())).normalize();
            byte[] expected = shared.getEncoded(false);
            byte[] peerBytes = peer.getEncoded(i % 2 == 0);
            plain.init(key);
            assertEquals(fb, plain.generateSecret(peerBytes, (short) 0, (short) peerBytes.length, out, (short) 0));
            assertArrayEquals(Arrays.copyOfRange(expected, 1, 1 + fb), Arrays.copyOf(out, fb), "round " + i);
            if (i % 50 == 0) {
                xy.init(key);
                assertEquals(1 + 2 * fb, xy.generateSecret(peerBytes, (short) 0, (short) peerBytes.length, out,
                        (short) 0));
                assertArrayEquals(expected, out);
                sha1.init(key);
                assertEquals(20, sha1.generateSecret(peerBytes, (short) 0, (short) peerBytes.length, out,
                        (short) 0));
                byte[] h = MessageDigest.getInstance("SHA-1").digest(Arrays.copyOfRange(expected, 1, 1 + fb));
                assertArrayEquals(h, Arrays.copyOf(out, 20));
            }
        }
    }

    private static BigInteger random(BigInteger n, Random rnd) {
        BigInteger k;
        do {
            k = new BigInteger(n.bitLength(), rnd);
        } while (k.signum() == 0 || k.compareTo(n) >= 0);
        return k;
    }

    @Test
    void badPeerPointsAndUninitializedKeysAreRefused() {
        X9ECParameters x9 = CustomNamedCurves.getByName("secp256r1");
        ECPrivateKey key = (ECPrivateKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PRIVATE, (short) 256, false);
        KeyAgreement ka = KeyAgreement.getInstance(KeyAgreement.ALG_EC_SVDP_DH_PLAIN, false);
        assertReason(CryptoException.UNINITIALIZED_KEY, () -> ka.init(key));
        assertReason(CryptoException.INVALID_INIT,
                () -> ka.generateSecret(new byte[65], (short) 0, (short) 65, new byte[32], (short) 0));
        key.setS(new byte[] {9}, (short) 0, (short) 1);
        ka.init(key);
        byte[] out = new byte[65];
        byte[] good = x9.getG().multiply(BigInteger.TEN).getEncoded(false);
        byte[] offCurve = good.clone();
        offCurve[40] ^= 1;
        assertReason(CryptoException.ILLEGAL_VALUE,
                () -> ka.generateSecret(offCurve, (short) 0, (short) 65, out, (short) 0));
        assertReason(CryptoException.ILLEGAL_VALUE,
                () -> ka.generateSecret(new byte[] {0}, (short) 0, (short) 1, out, (short) 0));
        assertReason(CryptoException.ILLEGAL_VALUE,
                () -> ka.generateSecret(good, (short) 0, (short) 64, out, (short) 0));
        // a point of another curve (P-192's generator) is not on P-256
        byte[] foreign = CustomNamedCurves.getByName("secp192r1").getG().getEncoded(false);
        assertReason(CryptoException.ILLEGAL_VALUE,
                () -> ka.generateSecret(foreign, (short) 0, (short) foreign.length, out, (short) 0));
        assertReason(CryptoException.NO_SUCH_ALGORITHM,
                () -> KeyAgreement.getInstance(KeyAgreement.ALG_EC_SVDP_DHC, false));
    }
}
