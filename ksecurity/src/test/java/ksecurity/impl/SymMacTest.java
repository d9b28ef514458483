package ksecurity.impl;

import static ksecurity.impl.SymTestSupport.aesKey;
import static ksecurity.impl.SymTestSupport.hmacKey;
import static ksecurity.impl.SymTestSupport.reason;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import ksecurity.security.CryptoException;
import ksecurity.security.HMACKey;
import ksecurity.security.KeyBuilder;
import ksecurity.security.MessageDigest;
import ksecurity.security.Signature;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.macs.CMac;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

/** HMAC and AES-CMAC through the Java Card Signature API. */
class SymMacTest {
    static final Random R = new Random(53);

    @Test
    void hmacAgainstJdk() throws Exception {
        byte[] algs = {Signature.ALG_HMAC_MD5, Signature.ALG_HMAC_SHA1, Signature.ALG_HMAC_SHA_224,
            Signature.ALG_HMAC_SHA_256, Signature.ALG_HMAC_SHA_384, Signature.ALG_HMAC_SHA_512};
        String[] jdk = {"HmacMD5", "HmacSHA1", "HmacSHA224", "HmacSHA256", "HmacSHA384", "HmacSHA512"};
        byte[] mds = {MessageDigest.ALG_MD5, MessageDigest.ALG_SHA, MessageDigest.ALG_SHA_224, MessageDigest.ALG_SHA_256,
            MessageDigest.ALG_SHA_384, MessageDigest.ALG_SHA_512};
        for (int a = 0; a < algs.length; a++) {
            Signature s = Signature.getInstance(algs[a], false);
            Signature v = Signature.getInstance(mds[a], Signature.SIG_CIPHER_HMAC, (byte) 0, false);
            assertEquals(mds[a], s.getMessageDigestAlgorithm());
            Mac mac = Mac.getInstance(jdk[a]);
            for (int i = 0; i < 200; i++) {
                byte[] k = new byte[1 + R.nextInt(140)];
                byte[] m = new byte[R.nextInt(300)];
                R.nextBytes(k);
                R.nextBytes(m);
                mac.init(new SecretKeySpec(k, jdk[a]));
                byte[] want = mac.doFinal(m);
                HMACKey key = hmacKey(k);
                s.init(key, Signature.MODE_SIGN);
                int cut = m.length / 2;
                s.update(m, (short) 0, (short) cut);
                byte[] sig = new byte[s.getLength()];
                assertEquals(want.length, s.sign(m, (short) cut, (short) (m.length - cut), sig, (short) 0));
                assertArrayEquals(want, sig, jdk[a]);
                v.init(key, Signature.MODE_VERIFY);
                assertTrue(v.verify(m, (short) 0, (short) m.length, sig, (short) 0, (short) sig.length));
                sig[R.nextInt(sig.length)] ^= 1 << R.nextInt(8);
                assertFalse(v.verify(m, (short) 0, (short) m.length, sig, (short) 0, (short) sig.length));
            }
        }
    }

    @Test
    void cmacAgainstBouncyCastle() {
        Signature s = Signature.getInstance(Signature.ALG_AES_CMAC_128, false);
        Signature v = Signature.getInstance(MessageDigest.ALG_NULL, Signature.SIG_CIPHER_AES_CMAC128, (byte) 0, false);
        for (int i = 0; i < 300; i++) {
            byte[] k = new byte[16 + 8 * R.nextInt(3)];
            byte[] m = new byte[R.nextInt(100)];
            R.nextBytes(k);
            R.nextBytes(m);
            CMac bc = new CMac(AESEngine.newInstance());
            bc.init(new KeyParameter(k));
            bc.update(m, 0, m.length);
            byte[] want = new byte[16];
            bc.doFinal(want, 0);
            s.init(aesKey(k), Signature.MODE_SIGN);
            byte[] sig = new byte[16];
            s.sign(m, (short) 0, (short) m.length, sig, (short) 0);
            assertArrayEquals(want, sig);
            v.init(aesKey(k), Signature.MODE_VERIFY);
            assertTrue(v.verify(m, (short) 0, (short) m.length, sig, (short) 0, (short) 16));
            assertFalse(v.verify(m, (short) 0, (short) m.length, sig, (short) 0, (short) 15));
            sig[15] ^= 0x80;
            assertFalse(v.verify(m, (short) 0, (short) m.length, sig, (short) 0, (short) 16));
        }
    }

    @Test
    void signInVerifyMode() {
        Signature s = Signature.getInstance(Signature.ALG_HMAC_SHA_256, false);
        s.init(hmacKey(new byte[32]), Signature.MODE_VERIFY);
        reason(CryptoException.ILLEGAL_USE, () -> s.sign(new byte[1], (short) 0, (short) 1, new byte[32], (short) 0));
    }

    @Test
    void verifyInSignMode() {
        Signature s = Signature.getInstance(Signature.ALG_AES_CMAC_128, false);
        s.init(aesKey(new byte[16]), Signature.MODE_SIGN);
        reason(CryptoException.ILLEGAL_USE,
                () -> s.verify(new byte[1], (short) 0, (short) 1, new byte[16], (short) 0, (short) 16));
    }

    @Test
    void notInitialised() {
        Signature s = Signature.getInstance(Signature.ALG_HMAC_SHA1, false);
        reason(CryptoException.INVALID_INIT, () -> s.update(new byte[1], (short) 0, (short) 1));
    }

    @Test
    void uninitializedHmacKey() {
        Signature s = Signature.getInstance(Signature.ALG_HMAC_SHA1, false);
        HMACKey k = (HMACKey) KeyBuilder.buildKey(KeyBuilder.TYPE_HMAC, (short) 64, false);
        reason(CryptoException.UNINITIALIZED_KEY, () -> s.init(k, Signature.MODE_SIGN));
    }

    @Test
    void wrongKeyTypes() {
        Signature h = Signature.getInstance(Signature.ALG_HMAC_SHA1, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> h.init(aesKey(new byte[16]), Signature.MODE_SIGN));
        Signature c = Signature.getInstance(Signature.ALG_AES_CMAC_128, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> c.init(hmacKey(new byte[16]), Signature.MODE_SIGN));
    }

    @Test
    void macsTakeNoParameters() {
        Signature h = Signature.getInstance(Signature.ALG_HMAC_SHA_224, false);
        reason(CryptoException.ILLEGAL_VALUE,
                () -> h.init(hmacKey(new byte[16]), Signature.MODE_SIGN, new byte[4], (short) 0, (short) 4));
    }

    @Test
    void precomputedHashIsRefused() {
        Signature h = Signature.getInstance(Signature.ALG_HMAC_SHA_256, false);
        h.init(hmacKey(new byte[16]), Signature.MODE_SIGN);
        reason(CryptoException.ILLEGAL_USE,
                () -> h.signPreComputedHash(new byte[32], (short) 0, (short) 32, new byte[32], (short) 0));
        reason(CryptoException.ILLEGAL_USE, () -> h.setInitialDigest(new byte[32], (short) 0, (short) 32,
                new byte[1], (short) 0, (short) 1));
    }

    @Test
    void signatureOutputTooSmall() {
        Signature h = Signature.getInstance(Signature.ALG_HMAC_SHA_256, false);
        h.init(hmacKey(new byte[16]), Signature.MODE_SIGN);
        reason(CryptoException.ILLEGAL_VALUE, () -> h.sign(new byte[1], (short) 0, (short) 1, new byte[31], (short) 0));
    }

    @Test
    void unsupportedMac() {
        reason(CryptoException.NO_SUCH_ALGORITHM, () -> Signature.getInstance(Signature.ALG_HMAC_RIPEMD160, false));
    }
}
