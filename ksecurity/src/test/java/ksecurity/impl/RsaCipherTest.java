package ksecurity.impl;

import static ksecurity.impl.EcKeyTest.assertReason;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import ksecurity.crypto.Cipher;
import ksecurity.security.CryptoException;
import ksecurity.security.Key;
import ksecurity.security.KeyBuilder;
import ksecurity.security.KeyPair;
import ksecurity.security.RSAPrivateCrtKey;
import ksecurity.security.RSAPublicKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RSA encryption through the Java Card API against the JDK, and refusals. */
class RsaCipherTest {
    @ParameterizedTest
    @ValueSource(ints = {1024, 2048})
    void pkcs1InteroperatesWithTheJdk(int bits) throws Exception {
        KeyPair kp = RsaKeys.crt(bits);
        RSAPublicKey pub = (RSAPublicKey) kp.getPublic();
        RSAPrivateCrtKey crt = (RSAPrivateCrtKey) kp.getPrivate();
        javax.crypto.Cipher jdk = javax.crypto.Cipher.getInstance("RSA/ECB/PKCS1Padding");
        Random rnd = new Random(bits);
        int k = bits / 8;
        Key[] privates = {crt, RsaKeys.plainPrivate(pub, crt)};
        for (int i = 0; i < 4; i++) {
            byte[] msg = new byte[rnd.nextInt(k - 10)];
            rnd.nextBytes(msg);
            jdk.init(javax.crypto.Cipher.ENCRYPT_MODE, RsaKeys.jdkPublic(pub));
            byte[] ct = jdk.doFinal(msg);
            for (Key priv : privates) {
                Cipher dec = Cipher.getInstance(Cipher.ALG_RSA_PKCS1, false);
                dec.init(priv, Cipher.MODE_DECRYPT);
                byte[] out = new byte[k];
                int len = dec.doFinal(ct, (short) 0, (short) ct.length, out, (short) 0);
                assertArrayEquals(msg, Arrays.copyOf(out, len));
            }
            Cipher enc = Cipher.getInstance(Cipher.ALG_RSA_PKCS1, false);
            enc.init(pub, Cipher.MODE_ENCRYPT);
            byte[] ours = new byte[k];
            assertEquals(k, enc.doFinal(msg, (short) 0, (short) msg.length, ours, (short) 0));
            jdk.init(javax.crypto.Cipher.DECRYPT_MODE, RsaKeys.jdkPrivate(pub, crt));
            assertArrayEquals(msg, jdk.doFinal(ours));
        }
    }

    @Test
    void rawRsaMatchesBigInteger() {
        KeyPair kp = RsaKeys.crt(1024);
        RSAPublicKey pub = (RSAPublicKey) kp.getPublic();
        BigInteger n = RsaKeys.get(pub::getModulus);
        BigInteger e = RsaKeys.get(pub::getExponent);
        BigInteger m = new BigInteger(1000, new Random(5));
        byte[] in = fixed(m, 128);
        Cipher c = Cipher.getInstance(Cipher.ALG_RSA_NOPAD, false);
        c.init(pub, Cipher.MODE_ENCRYPT);
        byte[] out = new byte[128];
        c.doFinal(in, (short) 0, (short) 128, out, (short) 0);
        assertEquals(m.modPow(e, n), new BigInteger(1, out));
        c.init(kp.getPrivate(), Cipher.MODE_DECRYPT);
        byte[] back = new byte[128];
        c.doFinal(out, (short) 0, (short) 128, back, (short) 0);
        assertArrayEquals(in, back);
    }

    @Test
    void badInputIsRefused() {
        KeyPair kp = RsaKeys.crt(1024);
        RSAPublicKey pub = (RSAPublicKey) kp.getPublic();
        byte[] n = new byte[128];
        pub.getModulus(n, (short) 0);
        byte[] out = new byte[128];
        Cipher raw = Cipher.getInstance(Cipher.ALG_RSA_NOPAD, false);
        assertReason(CryptoException.INVALID_INIT, () -> raw.doFinal(n, (short) 0, (short) 128, out, (short) 0));
        raw.init(kp.getPrivate(), Cipher.MODE_DECRYPT);
        assertReason(CryptoException.ILLEGAL_VALUE, () -> raw.doFinal(n, (short) 0, (short) 128, out, (short) 0));
        assertReason(CryptoException.ILLEGAL_VALUE, () -> raw.doFinal(n, (short) 1, (short) 127, out, (short) 0));
        raw.init(pub, Cipher.MODE_ENCRYPT);
        assertReason(CryptoException.ILLEGAL_VALUE, () -> raw.doFinal(n, (short) 0, (short) 128, out, (short) 0));

        Cipher pkcs = Cipher.getInstance(Cipher.ALG_RSA_PKCS1, false);
        pkcs.init(pub, Cipher.MODE_ENCRYPT);
        assertReason(CryptoException.ILLEGAL_VALUE,
                () -> pkcs.doFinal(new byte[118], (short) 0, (short) 118, out, (short) 0));
        // A block that decrypts to bad padding: encrypt a raw block starting 00 01.
        byte[] block = new byte[128];
        block[1] = 1;
        block[127] = 5;
        byte[] ct = new byte[128];
        raw.doFinal(block, (short) 0, (short) 128, ct, (short) 0);
        pkcs.init(kp.getPrivate(), Cipher.MODE_DECRYPT);
        assertReason(CryptoException.ILLEGAL_VALUE, () -> pkcs.doFinal(ct, (short) 0, (short) 128, out, (short) 0));

        RSAPublicKey empty = (RSAPublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_PUBLIC, (short) 1024, false);
        assertReason(CryptoException.UNINITIALIZED_KEY, () -> pkcs.init(empty, Cipher.MODE_ENCRYPT));
        assertReason(CryptoException.ILLEGAL_VALUE, () -> empty.setModulus(n, (short) 1, (short) 127));
        byte[] even = n.clone();
        even[127] &= (byte) 0xFE;
        assertReason(CryptoException.ILLEGAL_VALUE, () -> empty.setModulus(even, (short) 0, (short) 128));
        assertReason(CryptoException.ILLEGAL_USE, () -> pkcs.update(n, (short) 0, (short) 1, out, (short) 0));
    }

    static byte[] fixed(BigInteger v, int len) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[len];
        int copy = Math.min(raw.length, len);
        System.arraycopy(raw, raw.length - copy, out, len - copy, copy);
        return out;
    }
}
