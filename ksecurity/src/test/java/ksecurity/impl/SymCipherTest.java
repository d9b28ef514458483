package ksecurity.impl;

import static ksecurity.impl.SymTestSupport.aesKey;
import static ksecurity.impl.SymTestSupport.hmacKey;
import static ksecurity.impl.SymTestSupport.reason;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import ksecurity.crypto.Cipher;
import ksecurity.security.AESKey;
import ksecurity.security.ARC4Key;
import ksecurity.security.CryptoException;
import ksecurity.security.KeyBuilder;
import org.bouncycastle.crypto.engines.RC4Engine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

/** AES ECB/CBC/CTR and RC4 through the Java Card Cipher API: JDK and BC cross-checks, and every refusal. */
class SymCipherTest {
    static final Random R = new Random(47);

    /** Runs data through update calls of random sizes, then doFinal; returns all output. */
    static byte[] run(Cipher c, byte[] in, boolean inPlace) {
        byte[] buf = inPlace ? in.clone() : in;
        byte[] out = inPlace ? buf : new byte[in.length];
        int pos = 0;
        int outPos = 0;
        while (pos < in.length && R.nextBoolean()) {
            int n = Math.min(in.length - pos, R.nextInt(40));
            outPos += c.update(buf, (short) pos, (short) n, out, (short) outPos);
            pos += n;
        }
        outPos += c.doFinal(buf, (short) pos, (short) (in.length - pos), out, (short) outPos);
        assertEquals(in.length, outPos);
        return out;
    }

    @Test
    void aesModesAgainstJdk() throws Exception {
        String[] jdk = {"AES/ECB/NoPadding", "AES/CBC/NoPadding", "AES/CTR/NoPadding"};
        byte[] algs = {Cipher.ALG_AES_BLOCK_128_ECB_NOPAD, Cipher.ALG_AES_BLOCK_128_CBC_NOPAD, Cipher.ALG_AES_CTR};
        for (int m = 0; m < 3; m++) {
            Cipher c = Cipher.getInstance(algs[m], false);
            for (int i = 0; i < 300; i++) {
                byte[] k = new byte[16 + 8 * R.nextInt(3)];
                byte[] iv = new byte[16];
                byte[] p = new byte[m == 2 ? R.nextInt(120) : 16 * R.nextInt(8)];
                R.nextBytes(k);
                R.nextBytes(iv);
                R.nextBytes(p);
                if (m == 2 && i % 10 == 0) {
                    java.util.Arrays.fill(iv, 4, 16, (byte) 0xff);
                }
                javax.crypto.Cipher j = javax.crypto.Cipher.getInstance(jdk[m]);
                if (m == 0) {
                    j.init(javax.crypto.Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"));
                } else {
                    j.init(javax.crypto.Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"), new IvParameterSpec(iv));
                }
                byte[] want = j.doFinal(p);
                AESKey key = aesKey(k);
                if (m == 0) {
                    c.init(key, Cipher.MODE_ENCRYPT);
                } else {
                    c.init(key, Cipher.MODE_ENCRYPT, iv, (short) 0, (short) 16);
                }
                assertArrayEquals(want, run(c, p, i % 2 == 0), jdk[m]);
                // doFinal returned the object to its init state: the same again
                assertArrayEquals(want, run(c, p, false), jdk[m] + " after doFinal");
                if (m == 0) {
                    c.init(key, Cipher.MODE_DECRYPT);
                } else {
                    c.init(key, Cipher.MODE_DECRYPT, iv, (short) 0, (short) 16);
                }
                assertArrayEquals(p, run(c, want, i % 3 == 0), jdk[m] + " decrypt");
            }
        }
    }

    @Test
    void cbcWithoutIvUsesZeroIv() throws Exception {
        byte[] k = new byte[16], p = new byte[32];
        R.nextBytes(k);
        R.nextBytes(p);
        javax.crypto.Cipher j = javax.crypto.Cipher.getInstance("AES/CBC/NoPadding");
        j.init(javax.crypto.Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"), new IvParameterSpec(new byte[16]));
        Cipher c = Cipher.getInstance(Cipher.CIPHER_AES_CBC, Cipher.PAD_NOPAD, false);
        c.init(aesKey(k), Cipher.MODE_ENCRYPT);
        assertArrayEquals(j.doFinal(p), run(c, p, false));
    }

    @Test
    void rc4AgainstBouncyCastle() {
        Cipher c = Cipher.getInstance(Cipher.ALG_ARC4, false);
        assertEquals(Cipher.CIPHER_ARC4, c.getCipherAlgorithm());
        for (int i = 0; i < 300; i++) {
            int kl = i % 5 == 0 ? 5 : 1 + R.nextInt(256);
            byte[] k = new byte[kl];
            byte[] p = new byte[R.nextInt(500)];
            R.nextBytes(k);
            R.nextBytes(p);
            RC4Engine bc = new RC4Engine();
            bc.init(true, new KeyParameter(k));
            byte[] want = new byte[p.length];
            bc.processBytes(p, 0, p.length, want, 0);
            ARC4Key key = (ARC4Key) KeyBuilder.buildKey(KeyBuilder.TYPE_ARC4, (short) (kl * 8), false);
            key.setKey(k, (short) 0, (short) kl);
            c.init(key, Cipher.MODE_ENCRYPT);
            assertArrayEquals(want, run(c, p, i % 2 == 0));
        }
    }

    @Test
    void misalignedDoFinal() {
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_BLOCK_128_ECB_NOPAD, false);
        c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT);
        c.update(new byte[10], (short) 0, (short) 10, new byte[16], (short) 0);
        reason(CryptoException.ILLEGAL_USE, () -> c.doFinal(new byte[5], (short) 0, (short) 5, new byte[16], (short) 0));
    }

    @Test
    void misalignedCbcDecrypt() {
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_BLOCK_128_CBC_NOPAD, false);
        c.init(aesKey(new byte[32]), Cipher.MODE_DECRYPT, new byte[16], (short) 0, (short) 16);
        reason(CryptoException.ILLEGAL_USE, () -> c.doFinal(new byte[31], (short) 0, (short) 31, new byte[32], (short) 0));
    }

    @Test
    void wrongIvLength() {
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_BLOCK_128_CBC_NOPAD, false);
        reason(CryptoException.ILLEGAL_VALUE,
                () -> c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[16], (short) 0, (short) 8));
    }

    @Test
    void ivOutsideArray() {
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_CTR, false);
        reason(CryptoException.ILLEGAL_VALUE,
                () -> c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[16], (short) 4, (short) 16));
    }

    @Test
    void ecbRefusesIv() {
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_BLOCK_128_ECB_NOPAD, false);
        reason(CryptoException.ILLEGAL_VALUE,
                () -> c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[16], (short) 0, (short) 16));
    }

    @Test
    void ctrNeedsCounterBlock() {
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_CTR, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT));
    }

    @Test
    void rc4RefusesIv() {
        Cipher c = Cipher.getInstance(Cipher.ALG_ARC4, false);
        ARC4Key key = (ARC4Key) KeyBuilder.buildKey(KeyBuilder.TYPE_ARC4, (short) 128, false);
        key.setKey(new byte[16], (short) 0, (short) 16);
        reason(CryptoException.ILLEGAL_VALUE, () -> c.init(key, Cipher.MODE_ENCRYPT, new byte[8], (short) 0, (short) 8));
    }

    @Test
    void uninitializedKey() {
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_BLOCK_128_ECB_NOPAD, false);
        AESKey k = (AESKey) KeyBuilder.buildKey(KeyBuilder.TYPE_AES, (short) 128, false);
        reason(CryptoException.UNINITIALIZED_KEY, () -> c.init(k, Cipher.MODE_ENCRYPT));
    }

    @Test
    void nullKey() {
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_BLOCK_128_ECB_NOPAD, false);
        reason(CryptoException.UNINITIALIZED_KEY, () -> c.init(null, Cipher.MODE_ENCRYPT));
    }

    @Test
    void wrongKeyType() {
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_BLOCK_128_ECB_NOPAD, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> c.init(hmacKey(new byte[16]), Cipher.MODE_ENCRYPT));
        Cipher rc4 = Cipher.getInstance(Cipher.ALG_ARC4, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> rc4.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT));
    }

    @Test
    void wrongMode() {
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_BLOCK_128_ECB_NOPAD, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> c.init(aesKey(new byte[16]), (byte) 7));
    }

    @Test
    void notInitialised() {
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_CTR, false);
        reason(CryptoException.INVALID_INIT, () -> c.update(new byte[16], (short) 0, (short) 16, new byte[16], (short) 0));
    }

    @Test
    void outputTooSmall() {
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_BLOCK_128_ECB_NOPAD, false);
        c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT);
        reason(CryptoException.ILLEGAL_VALUE, () -> c.doFinal(new byte[32], (short) 0, (short) 32, new byte[20], (short) 0));
    }

    @Test
    void rijndaelWideBlocksAreNotAes() {
        reason(CryptoException.NO_SUCH_ALGORITHM, () -> Cipher.getInstance(Cipher.ALG_AES_BLOCK_192_ECB_NOPAD, false));
        reason(CryptoException.NO_SUCH_ALGORITHM, () -> Cipher.getInstance(Cipher.ALG_AES_BLOCK_256_CBC_NOPAD, false));
    }

    @Test
    void keyChangeIsSeen() throws Exception {
        // The cipher caches the expanded key: a new setKey on the same object must be picked up.
        byte[] k1 = new byte[16], k2 = new byte[16], p = new byte[16];
        R.nextBytes(k1);
        R.nextBytes(k2);
        AESKey key = aesKey(k1);
        Cipher c = Cipher.getInstance(Cipher.ALG_AES_BLOCK_128_ECB_NOPAD, false);
        c.init(key, Cipher.MODE_ENCRYPT);
        run(c, p, false);
        key.setKey(k2, (short) 0);
        c.init(key, Cipher.MODE_ENCRYPT);
        javax.crypto.Cipher j = javax.crypto.Cipher.getInstance("AES/ECB/NoPadding");
        j.init(javax.crypto.Cipher.ENCRYPT_MODE, new SecretKeySpec(k2, "AES"));
        assertArrayEquals(j.doFinal(p), run(c, p, false));
    }
}
