package ksecurity.impl;

import static ksecurity.impl.SymTestSupport.aesKey;
import static ksecurity.impl.SymTestSupport.reason;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import java.util.Random;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import ksecurity.crypto.AEADCipher;
import ksecurity.crypto.Cipher;
import ksecurity.prim.Hex;
import ksecurity.security.AESKey;
import ksecurity.security.CryptoException;
import ksecurity.security.KeyBuilder;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.modes.CCMBlockCipher;
import org.bouncycastle.crypto.modes.CCMModeCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

/** AES-GCM and AES-CCM through the Java Card AEADCipher API: JDK and BC cross-checks, tag rejection, refusals. */
class AesAeadTest {
    static final Random R = new Random(59);

    static AEADCipher gcm() {
        return (AEADCipher) Cipher.getInstance(AEADCipher.ALG_AES_GCM, false);
    }

    static AEADCipher ccm() {
        return (AEADCipher) Cipher.getInstance(AEADCipher.ALG_AES_CCM, false);
    }

    /** Encrypts (or decrypts) aad and data in random pieces; returns the output. */
    static byte[] run(AEADCipher c, byte[] aad, byte[] in) {
        int pos = 0;
        while (pos < aad.length) {
            int n = Math.min(aad.length - pos, 1 + R.nextInt(30));
            c.updateAAD(aad, (short) pos, (short) n);
            pos += n;
        }
        byte[] out = new byte[in.length];
        pos = 0;
        while (pos < in.length && R.nextBoolean()) {
            int n = Math.min(in.length - pos, R.nextInt(40));
            c.update(in, (short) pos, (short) n, out, (short) pos);
            pos += n;
        }
        assertEquals(in.length - pos, c.doFinal(in, (short) pos, (short) (in.length - pos), out, (short) pos));
        return out;
    }

    @Test
    void gcmAgainstJdk() throws Exception {
        AEADCipher c = gcm();
        int[] tags = {16, 15, 14, 13, 12, 8, 4};
        for (int i = 0; i < 400; i++) {
            byte[] k = new byte[16 + 8 * R.nextInt(3)];
            byte[] iv = new byte[i % 2 == 0 ? 12 : 1 + R.nextInt(80)];
            byte[] a = new byte[R.nextInt(50)];
            byte[] p = new byte[R.nextInt(120)];
            int t = tags[R.nextInt(tags.length)];
            R.nextBytes(k);
            R.nextBytes(iv);
            R.nextBytes(a);
            R.nextBytes(p);
            javax.crypto.Cipher j = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding");
            // The JDK accepts tags of 12..16 bytes; shorter ones are the full tag's prefix.
            j.init(javax.crypto.Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"), new GCMParameterSpec(128, iv));
            j.updateAAD(a);
            byte[] want = j.doFinal(p);
            AESKey key = aesKey(k);
            c.init(key, Cipher.MODE_ENCRYPT, iv, (short) 0, (short) iv.length, (short) a.length, (short) p.length,
                    (short) t);
            byte[] ct = run(c, a, p);
            assertArrayEquals(Arrays.copyOf(want, p.length), ct);
            byte[] tag = new byte[t];
            assertEquals(t, c.retrieveTag(tag, (short) 0, (short) t));
            assertArrayEquals(Arrays.copyOfRange(want, p.length, p.length + t), tag);

            c.init(key, Cipher.MODE_DECRYPT, iv, (short) 0, (short) iv.length, (short) a.length, (short) p.length,
                    (short) t);
            assertArrayEquals(p, run(c, a, ct));
            assertTrue(c.verifyTag(tag, (short) 0, (short) t, (short) t));
            tag[R.nextInt(t)] ^= 1 << R.nextInt(8);
            assertFalse(c.verifyTag(tag, (short) 0, (short) t, (short) t));
        }
    }

    @Test
    void gcmSpecTestCase6ThroughTheApi() {
        byte[] k = Hex.decode("feffe9928665731c6d6a8f9467308308");
        byte[] iv = Hex.decode("9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728"
                + "c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b");
        byte[] a = Hex.decode("feedfacedeadbeeffeedfacedeadbeefabaddad2");
        byte[] p = Hex.decode("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39");
        AEADCipher c = gcm();
        c.init(aesKey(k), Cipher.MODE_ENCRYPT, iv, (short) 0, (short) iv.length);
        c.updateAAD(a, (short) 0, (short) a.length);
        byte[] ct = new byte[p.length];
        c.doFinal(p, (short) 0, (short) p.length, ct, (short) 0);
        byte[] tag = new byte[16];
        c.retrieveTag(tag, (short) 0, (short) 16);
        assertEquals("8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca7"
                + "01e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5", Hex.encode(ct));
        assertEquals("619cc5aefffe0bfa462af43c1699d050", Hex.encode(tag));
    }

    @Test
    void ccmAgainstBouncyCastle() throws Exception {
        AEADCipher c = ccm();
        for (int i = 0; i < 400; i++) {
            byte[] k = new byte[16 + 8 * R.nextInt(3)];
            byte[] n = new byte[7 + i % 7];
            int t = 4 + 2 * (i % 7);
            byte[] a = new byte[R.nextInt(50)];
            byte[] p = new byte[R.nextInt(120)];
            R.nextBytes(k);
            R.nextBytes(n);
            R.nextBytes(a);
            R.nextBytes(p);
            CCMModeCipher bc = CCMBlockCipher.newInstance(AESEngine.newInstance());
            bc.init(true, new AEADParameters(new KeyParameter(k), 8 * t, n, a));
            byte[] want = new byte[p.length + t];
            bc.doFinal(want, bc.processBytes(p, 0, p.length, want, 0));
            AESKey key = aesKey(k);
            c.init(key, Cipher.MODE_ENCRYPT, n, (short) 0, (short) n.length, (short) a.length, (short) p.length,
                    (short) t);
            byte[] ct = run(c, a, p);
            byte[] tag = new byte[t];
            c.retrieveTag(tag, (short) 0, (short) t);
            assertArrayEquals(want, concat(ct, tag));

            c.init(key, Cipher.MODE_DECRYPT, n, (short) 0, (short) n.length, (short) a.length, (short) p.length,
                    (short) t);
            assertArrayEquals(p, run(c, a, ct));
            assertTrue(c.verifyTag(tag, (short) 0, (short) t, (short) t));
            if (p.length > 0) {
                // A flipped ciphertext bit must fail the tag.
                ct[R.nextInt(ct.length)] ^= 1;
                c.init(key, Cipher.MODE_DECRYPT, n, (short) 0, (short) n.length, (short) a.length,
                        (short) p.length, (short) t);
                run(c, a, ct);
                assertFalse(c.verifyTag(tag, (short) 0, (short) t, (short) t));
            }
        }
    }

    static byte[] concat(byte[] x, byte[] y) {
        byte[] r = Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, r, x.length, y.length);
        return r;
    }

    @Test
    void ccmTagOfWrongLengthDoesNotVerify() {
        AEADCipher c = ccm();
        AESKey key = aesKey(new byte[16]);
        c.init(key, Cipher.MODE_DECRYPT, new byte[12], (short) 0, (short) 12, (short) 0, (short) 0, (short) 8);
        c.doFinal(new byte[0], (short) 0, (short) 0, new byte[0], (short) 0);
        assertFalse(c.verifyTag(new byte[16], (short) 0, (short) 6, (short) 8));
    }

    @Test
    void gcmEmptyIv() {
        reason(CryptoException.ILLEGAL_VALUE, () -> gcm().init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT,
                new byte[12], (short) 0, (short) 0));
    }

    @Test
    void gcmBadTagSize() {
        for (short t : new short[] {0, 3, 5, 10, 11, 17}) {
            reason(CryptoException.ILLEGAL_VALUE, () -> gcm().init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT,
                    new byte[12], (short) 0, (short) 12, (short) 0, (short) 0, t));
        }
    }

    @Test
    void ccmBadNonceLengths() {
        for (short n : new short[] {0, 6, 14, 16}) {
            reason(CryptoException.ILLEGAL_VALUE, () -> ccm().init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT,
                    new byte[20], (short) 0, n, (short) 0, (short) 0, (short) 8));
        }
    }

    @Test
    void ccmBadTagSizes() {
        for (short t : new short[] {0, 2, 3, 5, 15, 18}) {
            reason(CryptoException.ILLEGAL_VALUE, () -> ccm().init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT,
                    new byte[12], (short) 0, (short) 12, (short) 0, (short) 0, t));
        }
    }

    @Test
    void ccmNegativeLength() {
        reason(CryptoException.ILLEGAL_VALUE, () -> ccm().init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT,
                new byte[12], (short) 0, (short) 12, (short) -1, (short) 0, (short) 8));
    }

    @Test
    void ccmShortMessage() {
        AEADCipher c = ccm();
        c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[12], (short) 0, (short) 12, (short) 0, (short) 10,
                (short) 8);
        reason(CryptoException.ILLEGAL_USE, () -> c.doFinal(new byte[9], (short) 0, (short) 9, new byte[9], (short) 0));
    }

    @Test
    void ccmLongMessage() {
        AEADCipher c = ccm();
        c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[12], (short) 0, (short) 12, (short) 0, (short) 10,
                (short) 8);
        reason(CryptoException.ILLEGAL_USE, () -> c.update(new byte[11], (short) 0, (short) 11, new byte[11], (short) 0));
    }

    @Test
    void ccmTooMuchAad() {
        AEADCipher c = ccm();
        c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[12], (short) 0, (short) 12, (short) 4, (short) 0,
                (short) 8);
        reason(CryptoException.ILLEGAL_USE, () -> c.updateAAD(new byte[5], (short) 0, (short) 5));
    }

    @Test
    void ccmTooLittleAad() {
        AEADCipher c = ccm();
        c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[12], (short) 0, (short) 12, (short) 4, (short) 1,
                (short) 8);
        c.updateAAD(new byte[3], (short) 0, (short) 3);
        reason(CryptoException.ILLEGAL_USE, () -> c.doFinal(new byte[1], (short) 0, (short) 1, new byte[1], (short) 0));
    }

    @Test
    void aadAfterData() {
        AEADCipher c = gcm();
        c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[12], (short) 0, (short) 12);
        c.update(new byte[4], (short) 0, (short) 4, new byte[4], (short) 0);
        reason(CryptoException.ILLEGAL_USE, () -> c.updateAAD(new byte[4], (short) 0, (short) 4));
    }

    @Test
    void tagBeforeDoFinal() {
        AEADCipher c = gcm();
        c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[12], (short) 0, (short) 12);
        reason(CryptoException.ILLEGAL_USE, () -> c.retrieveTag(new byte[16], (short) 0, (short) 16));
    }

    @Test
    void verifyTagWhenEncrypting() {
        AEADCipher c = gcm();
        c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[12], (short) 0, (short) 12);
        c.doFinal(new byte[0], (short) 0, (short) 0, new byte[0], (short) 0);
        reason(CryptoException.ILLEGAL_USE, () -> c.verifyTag(new byte[16], (short) 0, (short) 16, (short) 16));
    }

    @Test
    void retrieveTagWhenDecrypting() {
        AEADCipher c = ccm();
        c.init(aesKey(new byte[16]), Cipher.MODE_DECRYPT, new byte[12], (short) 0, (short) 12, (short) 0, (short) 0,
                (short) 8);
        c.doFinal(new byte[0], (short) 0, (short) 0, new byte[0], (short) 0);
        reason(CryptoException.ILLEGAL_USE, () -> c.retrieveTag(new byte[8], (short) 0, (short) 8));
    }

    @Test
    void retrieveTagWrongLength() {
        AEADCipher c = ccm();
        c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[12], (short) 0, (short) 12, (short) 0, (short) 0,
                (short) 8);
        c.doFinal(new byte[0], (short) 0, (short) 0, new byte[0], (short) 0);
        reason(CryptoException.ILLEGAL_VALUE, () -> c.retrieveTag(new byte[16], (short) 0, (short) 16));
        AEADCipher g = gcm();
        g.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[12], (short) 0, (short) 12, (short) 0, (short) 0,
                (short) 12);
        g.doFinal(new byte[0], (short) 0, (short) 0, new byte[0], (short) 0);
        reason(CryptoException.ILLEGAL_VALUE, () -> g.retrieveTag(new byte[16], (short) 0, (short) 16));
        reason(CryptoException.ILLEGAL_VALUE, () -> g.retrieveTag(new byte[16], (short) 0, (short) 10));
    }

    @Test
    void updateAfterDoFinal() {
        AEADCipher c = gcm();
        c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[12], (short) 0, (short) 12);
        c.doFinal(new byte[0], (short) 0, (short) 0, new byte[0], (short) 0);
        reason(CryptoException.ILLEGAL_USE, () -> c.update(new byte[1], (short) 0, (short) 1, new byte[1], (short) 0));
    }

    @Test
    void initWithoutNonce() {
        reason(CryptoException.ILLEGAL_USE, () -> gcm().init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT));
    }

    @Test
    void ccmNeedsLengths() {
        reason(CryptoException.ILLEGAL_USE, () -> ccm().init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT,
                new byte[12], (short) 0, (short) 12));
    }

    @Test
    void notInitialised() {
        reason(CryptoException.INVALID_INIT, () -> gcm().updateAAD(new byte[1], (short) 0, (short) 1));
    }

    @Test
    void uninitializedKey() {
        AESKey k = (AESKey) KeyBuilder.buildKey(KeyBuilder.TYPE_AES, (short) 256, false);
        reason(CryptoException.UNINITIALIZED_KEY, () -> gcm().init(k, Cipher.MODE_ENCRYPT, new byte[12], (short) 0,
                (short) 12));
    }

    @Test
    void outputTooSmall() {
        AEADCipher c = gcm();
        c.init(aesKey(new byte[16]), Cipher.MODE_ENCRYPT, new byte[12], (short) 0, (short) 12);
        reason(CryptoException.ILLEGAL_VALUE, () -> c.doFinal(new byte[20], (short) 0, (short) 20, new byte[19], (short) 0));
    }
}
