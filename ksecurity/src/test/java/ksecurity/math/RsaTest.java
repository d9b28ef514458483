package ksecurity.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.security.KeyFactory;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Random;
import javax.crypto.Cipher;
import ksecurity.security.CryptoException;
import ksecurity.security.MessageDigest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RSA key generation, CRT private operations and PKCS#1 v1.5 against the JDK. */
class RsaTest {
    @ParameterizedTest
    @ValueSource(ints = {1024, 2048})
    void generatedKeysWorkWithTheJdk(int bits) throws Exception {
        RsaKeyMaterial k = RsaKeyGen.generate(bits, 65537, new TestRandom(bits));
        BigInteger n = new BigInteger(1, k.n);
        BigInteger p = new BigInteger(1, k.p);
        BigInteger q = new BigInteger(1, k.q);
        BigInteger e = new BigInteger(1, k.e);
        BigInteger d = new BigInteger(1, k.d);
        assertEquals(bits, n.bitLength());
        assertEquals(p.multiply(q), n);
        assertTrue(p.isProbablePrime(64) && q.isProbablePrime(64));
        BigInteger phi = p.subtract(BigInteger.ONE).multiply(q.subtract(BigInteger.ONE));
        assertEquals(BigInteger.ONE, e.multiply(d).mod(phi));
        assertEquals(d.mod(p.subtract(BigInteger.ONE)), new BigInteger(1, k.dp));
        assertEquals(d.mod(q.subtract(BigInteger.ONE)), new BigInteger(1, k.dq));
        assertEquals(q.modInverse(p), new BigInteger(1, k.qinv));

        KeyFactory kf = KeyFactory.getInstance("RSA");
        java.security.PublicKey pub = kf.generatePublic(new RSAPublicKeySpec(n, e));
        RsaCrt crt = new RsaCrt(k.p, k.q, k.dp, k.dq, k.qinv, k.e, new TestRandom(7));
        Random rnd = new Random(bits);
        int len = bits / 8;
        for (int i = 0; i < 5; i++) {
            // JDK encrypts (PKCS#1 v1.5), we decrypt with the CRT key and unpad.
            byte[] msg = new byte[1 + rnd.nextInt(len - 11)];
            rnd.nextBytes(msg);
            Cipher c = Cipher.getInstance("RSA/ECB/PKCS1Padding");
            c.init(Cipher.ENCRYPT_MODE, pub);
            byte[] ct = c.doFinal(msg);
            byte[] em = new byte[len];
            crt.privateOp(ct, 0, ct.length, em, 0);
            int off = Pkcs1.decodeEncryption(em, len);
            assertTrue(off > 0);
            assertArrayEquals(msg, java.util.Arrays.copyOfRange(em, off, len));

            // We pad and encrypt, the JDK decrypts.
            byte[] em2 = new byte[len];
            Pkcs1.encodeEncryption(msg, 0, msg.length, len, new TestRandom(i), em2);
            byte[] ct2 = new byte[len];
            RsaPublic.modPow(k.n, k.e, em2, 0, len, ct2, 0);
            java.security.PrivateKey priv = kf.generatePrivate(new RSAPrivateCrtKeySpec(n, e, d, p, q,
                    new BigInteger(1, k.dp), new BigInteger(1, k.dq), new BigInteger(1, k.qinv)));
            c.init(Cipher.DECRYPT_MODE, priv);
            assertArrayEquals(msg, c.doFinal(ct2));

            // Signatures: ours verify with the JDK.
            byte[] hash = java.security.MessageDigest.getInstance("SHA-256").digest(msg);
            byte[] sem = new byte[len];
            Pkcs1.encodeSignature(MessageDigest.ALG_SHA_256, hash, 0, hash.length, len, sem);
            byte[] sig = new byte[len];
            crt.privateOp(sem, 0, len, sig, 0);
            java.security.Signature v = java.security.Signature.getInstance("SHA256withRSA");
            v.initVerify(pub);
            v.update(msg);
            assertTrue(v.verify(sig));
        }
    }

    @Test
    void inputNotBelowTheModulusIsRejected() {
        RsaKeyMaterial k = RsaKeyGen.generate(512, 65537, new TestRandom(3));
        RsaCrt crt = new RsaCrt(k.p, k.q, k.dp, k.dq, k.qinv, k.e, new TestRandom(7));
        byte[] out = new byte[k.n.length];
        CryptoException ex = assertThrows(CryptoException.class,
                () -> crt.privateOp(k.n, 0, k.n.length, out, 0));
        assertEquals(CryptoException.ILLEGAL_VALUE, ex.getReason());
        assertThrows(CryptoException.class, () -> RsaPublic.modPow(k.n, k.e, k.n, 0, k.n.length, out, 0));
    }

    @Test
    void aFaultyCrtKeyFailsThePublicCheck() {
        RsaKeyMaterial k = RsaKeyGen.generate(512, 65537, new TestRandom(4));
        byte[] badDp = k.dp.clone();
        badDp[badDp.length - 1] ^= 2;
        RsaCrt crt = new RsaCrt(k.p, k.q, badDp, k.dq, k.qinv, k.e, new TestRandom(7));
        byte[] in = new byte[k.n.length];
        in[5] = 1;
        byte[] out = new byte[k.n.length];
        CryptoException ex = assertThrows(CryptoException.class, () -> crt.privateOp(in, 0, in.length, out, 0));
        assertTrue(ex.getMessage().contains("public-key check"));
    }

    @Test
    void badEncryptionPaddingIsDetected() {
        int k = 128;
        byte[] em = new byte[k];
        Pkcs1.encodeEncryption(new byte[20], 0, 20, k, new TestRandom(1), em);
        assertEquals(k - 20, Pkcs1.decodeEncryption(em, k));
        byte[] bad = em.clone();
        bad[1] = 1;
        assertEquals(-1, Pkcs1.decodeEncryption(bad, k));
        bad = em.clone();
        bad[0] = 1;
        assertEquals(-1, Pkcs1.decodeEncryption(bad, k));
        bad = em.clone();
        bad[5] = 0; // separator inside the first 8 padding bytes
        assertEquals(-1, Pkcs1.decodeEncryption(bad, k));
        bad = em.clone();
        for (int i = 2; i < k; i++) {
            if (bad[i] == 0) {
                bad[i] = 1; // no separator at all
            }
        }
        assertEquals(-1, Pkcs1.decodeEncryption(bad, k));

        byte[] fallback = new byte[20];
        java.util.Arrays.fill(fallback, (byte) 0x55);
        byte[] out = new byte[20];
        Pkcs1.decodeEncryptionOrFallback(em, k, 20, fallback, out, 0);
        assertArrayEquals(new byte[20], out);
        Pkcs1.decodeEncryptionOrFallback(em, k, 21, new byte[21], new byte[21], 0);
        byte[] out2 = new byte[20];
        em[1] = 3;
        Pkcs1.decodeEncryptionOrFallback(em, k, 20, fallback, out2, 0);
        assertArrayEquals(fallback, out2);
    }

    @Test
    void modExpKernelMatchesBigInteger() {
        Random rnd = new Random(9);
        ModExpKernel kernel = Kernels.javaModExp();
        for (int i = 0; i < 50; i++) {
            int bits = 32 + rnd.nextInt(1024);
            BigInteger m = new BigInteger(bits, rnd).setBit(0).setBit(bits - 1);
            BigInteger b = new BigInteger(bits - 1, rnd);
            BigInteger e = new BigInteger(1 + rnd.nextInt(bits), rnd);
            byte[] mb = BcCurves.fixed(m, (bits + 7) / 8);
            byte[] out = new byte[mb.length];
            assertEquals(ModExpKernel.OK, kernel.modExp(b.toByteArray(), e.toByteArray(), mb, out));
            assertEquals(b.modPow(e, m), new BigInteger(1, out));
        }
        byte[] even = {0x10};
        assertEquals(ModExpKernel.INVALID, kernel.modExp(new byte[] {1}, new byte[] {1}, even, new byte[1]));
        assertEquals(ModExpKernel.INVALID, kernel.modExp(new byte[] {0x11}, new byte[] {1}, new byte[] {0x11},
                new byte[1]));
    }
}
