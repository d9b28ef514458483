package ksecurity.impl;

import static ksecurity.impl.EcKeyTest.assertReason;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import ksecurity.security.CryptoException;
import ksecurity.security.KeyBuilder;
import ksecurity.security.KeyPair;
import ksecurity.security.RSAPrivateCrtKey;
import ksecurity.security.RSAPublicKey;
import ksecurity.security.Signature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** RSA PKCS#1 v1.5 signatures through the Java Card API against the JDK. */
class RsaSignatureTest {
    @ParameterizedTest
    @CsvSource({"1024, 11, MD5withRSA", "1024, 10, SHA1withRSA", "1024, 39, SHA224withRSA",
        "1024, 40, SHA256withRSA", "2048, 40, SHA256withRSA", "2048, 10, SHA1withRSA", "1024, 41, SHA384withRSA",
        "2048, 42, SHA512withRSA"})
    void signaturesInteroperateWithTheJdk(int bits, byte alg, String jdkName) throws Exception {
        KeyPair kp = RsaKeys.crt(bits);
        RSAPublicKey pub = (RSAPublicKey) kp.getPublic();
        Random rnd = new Random(alg);
        for (int i = 0; i < 3; i++) {
            byte[] msg = new byte[rnd.nextInt(300)];
            rnd.nextBytes(msg);
            Signature s = Signature.getInstance(alg, false);
            s.init(kp.getPrivate(), Signature.MODE_SIGN);
            byte[] sig = new byte[s.getLength()];
            assertEquals(bits / 8, s.sign(msg, (short) 0, (short) msg.length, sig, (short) 0));
            java.security.Signature jdk = java.security.Signature.getInstance(jdkName);
            jdk.initVerify(RsaKeys.jdkPublic(pub));
            jdk.update(msg);
            assertTrue(jdk.verify(sig), "JDK verifies ours");

            jdk.initSign(RsaKeys.jdkPrivate(pub, (RSAPrivateCrtKey) kp.getPrivate()));
            jdk.update(msg);
            byte[] theirs = jdk.sign();
            Signature v = Signature.getInstance(alg, false);
            v.init(pub, Signature.MODE_VERIFY);
            assertTrue(v.verify(msg, (short) 0, (short) msg.length, theirs, (short) 0, (short) theirs.length));
            theirs[10] ^= 1;
            assertFalse(v.verify(msg, (short) 0, (short) msg.length, theirs, (short) 0, (short) theirs.length));
            assertFalse(v.verify(msg, (short) 0, (short) msg.length, theirs, (short) 1, (short) (theirs.length - 1)));
        }
    }

    @Test
    void precomputedHashesAndTheExponentOfABareCrtKey() throws Exception {
        KeyPair kp = RsaKeys.crt(1024);
        RSAPrivateCrtKey full = (RSAPrivateCrtKey) kp.getPrivate();
        // A CRT key set from its five Java Card parts only: e is found, then checked on every use.
        RSAPrivateCrtKey bare = (RSAPrivateCrtKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_CRT_PRIVATE,
                (short) 1024, false);
        byte[] buf = new byte[128];
        bare.setP(buf, (short) 0, full.getP(buf, (short) 0));
        bare.setQ(buf, (short) 0, full.getQ(buf, (short) 0));
        bare.setDP1(buf, (short) 0, full.getDP1(buf, (short) 0));
        bare.setDQ1(buf, (short) 0, full.getDQ1(buf, (short) 0));
        bare.setPQ(buf, (short) 0, full.getPQ(buf, (short) 0));
        byte[] hash = java.security.MessageDigest.getInstance("SHA-256").digest("abc".getBytes());
        Signature s = Signature.getInstance(Signature.ALG_RSA_SHA_256_PKCS1, false);
        s.init(bare, Signature.MODE_SIGN);
        byte[] sig = new byte[128];
        s.signPreComputedHash(hash, (short) 0, (short) 32, sig, (short) 0);
        Signature v = Signature.getInstance(Signature.ALG_RSA_SHA_256_PKCS1, false);
        v.init(kp.getPublic(), Signature.MODE_VERIFY);
        assertTrue(v.verifyPreComputedHash(hash, (short) 0, (short) 32, sig, (short) 0, (short) 128));
        assertTrue(v.verify("abc".getBytes(), (short) 0, (short) 3, sig, (short) 0, (short) 128));
        assertReason(CryptoException.ILLEGAL_VALUE,
                () -> v.verifyPreComputedHash(hash, (short) 0, (short) 20, sig, (short) 0, (short) 128));
        // a signature not below the modulus does not verify
        byte[] n = new byte[128];
        ((RSAPublicKey) kp.getPublic()).getModulus(n, (short) 0);
        assertFalse(v.verifyPreComputedHash(hash, (short) 0, (short) 32, n, (short) 0, (short) 128));
        assertFalse(Arrays.equals(new byte[128], sig));
    }

    @Test
    void keysMustBeInitializedAndOfTheRightKind() {
        Signature s = Signature.getInstance(Signature.ALG_RSA_SHA_PKCS1, false);
        RSAPrivateCrtKey empty = (RSAPrivateCrtKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_CRT_PRIVATE,
                (short) 1024, false);
        assertReason(CryptoException.UNINITIALIZED_KEY, () -> s.init(empty, Signature.MODE_SIGN));
        assertReason(CryptoException.ILLEGAL_VALUE,
                () -> s.init(RsaKeys.crt(1024).getPublic(), Signature.MODE_SIGN));
        assertReason(CryptoException.INVALID_INIT, () -> s.getLength());
    }
}
