package ksecurity.impl;

import static ksecurity.impl.SymTestSupport.reason;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import ksecurity.prim.Hex;
import ksecurity.security.CryptoException;
import ksecurity.security.InitializedMessageDigest;
import ksecurity.security.MessageDigest;
import org.junit.jupiter.api.Test;

/** MessageDigest through the Java Card API, including resumption with setInitialDigest. */
class SymDigestTest {
    static final byte[] ALGS = {MessageDigest.ALG_MD5, MessageDigest.ALG_SHA, MessageDigest.ALG_SHA_224,
        MessageDigest.ALG_SHA_256, MessageDigest.ALG_SHA_384, MessageDigest.ALG_SHA_512};
    static final String[] JDK = {"MD5", "SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512"};

    @Test
    void randomAgainstJdk() throws Exception {
        Random r = new Random(41);
        for (int k = 0; k < ALGS.length; k++) {
            MessageDigest md = MessageDigest.getInstance(ALGS[k], false);
            assertEquals(ALGS[k], md.getAlgorithm());
            java.security.MessageDigest jdk = java.security.MessageDigest.getInstance(JDK[k]);
            for (int i = 0; i < 200; i++) {
                byte[] m = new byte[r.nextInt(300)];
                r.nextBytes(m);
                int cut = m.length == 0 ? 0 : r.nextInt(m.length);
                md.update(m, (short) 0, (short) cut);
                byte[] out = new byte[md.getLength() + 3];
                assertEquals(md.getLength(), md.doFinal(m, (short) cut, (short) (m.length - cut), out, (short) 3));
                assertArrayEquals(jdk.digest(m), java.util.Arrays.copyOfRange(out, 3, out.length), JDK[k]);
            }
        }
    }

    @Test
    void sha256Abc() {
        MessageDigest md = MessageDigest.getInstance(MessageDigest.ALG_SHA_256, false);
        byte[] out = new byte[32];
        md.doFinal("abc".getBytes(), (short) 0, (short) 3, out, (short) 0);
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", Hex.encode(out));
    }

    @Test
    void setInitialDigestResumes() throws Exception {
        byte[] m = new byte[200];
        new Random(43).nextBytes(m);
        ksecurity.prim.BlockDigest[] engines = {new ksecurity.prim.Md5(), new ksecurity.prim.Sha1(),
            new ksecurity.prim.Sha224(), new ksecurity.prim.Sha256(), new ksecurity.prim.Sha384(), new ksecurity.prim.Sha512()};
        for (int k = 0; k < ALGS.length; k++) {
            // The chaining value after 128 bytes (one block or two), taken from the engine itself.
            ksecurity.prim.BlockDigest e = engines[k];
            e.update(m, 0, 128);
            byte[] cv = new byte[e.stateSize()];
            e.exportState(cv, 0);
            InitializedMessageDigest md = MessageDigest.getInitializedMessageDigestInstance(ALGS[k], false);
            byte[] len = {0, (byte) 128};
            md.setInitialDigest(cv, (short) 0, (short) cv.length, len, (short) 0, (short) 2);
            byte[] out = new byte[md.getLength()];
            md.doFinal(m, (short) 128, (short) 72, out, (short) 0);
            assertArrayEquals(java.security.MessageDigest.getInstance(JDK[k]).digest(m), out, JDK[k]);
        }
    }

    @Test
    void setInitialDigestWrongStateLength() {
        InitializedMessageDigest md = MessageDigest.getInitializedMessageDigestInstance(MessageDigest.ALG_SHA_224, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> md.setInitialDigest(new byte[28], (short) 0, (short) 28,
                new byte[] {64}, (short) 0, (short) 1));
    }

    @Test
    void setInitialDigestUnalignedCount() {
        InitializedMessageDigest md = MessageDigest.getInitializedMessageDigestInstance(MessageDigest.ALG_SHA_256, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> md.setInitialDigest(new byte[32], (short) 0, (short) 32,
                new byte[] {65}, (short) 0, (short) 1));
    }

    @Test
    void setInitialDigestSha512NeedsWholeBlocks() {
        // 64 bytes is a whole SHA-256 block but half a SHA-512 block
        InitializedMessageDigest md = MessageDigest.getInitializedMessageDigestInstance(MessageDigest.ALG_SHA_512, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> md.setInitialDigest(new byte[64], (short) 0, (short) 64,
                new byte[] {64}, (short) 0, (short) 1));
    }

    @Test
    void setInitialDigestCountTooLong() {
        InitializedMessageDigest md = MessageDigest.getInitializedMessageDigestInstance(MessageDigest.ALG_SHA, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> md.setInitialDigest(new byte[20], (short) 0, (short) 20,
                new byte[9], (short) 0, (short) 9));
    }

    @Test
    void unsupportedAlgorithm() {
        reason(CryptoException.NO_SUCH_ALGORITHM, () -> MessageDigest.getInstance(MessageDigest.ALG_SHA3_256, false));
    }

    @Test
    void outputTooSmall() {
        MessageDigest md = MessageDigest.getInstance(MessageDigest.ALG_SHA_256, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> md.doFinal(new byte[3], (short) 0, (short) 3, new byte[31], (short) 0));
    }

    @Test
    void inputOutOfRange() {
        MessageDigest md = MessageDigest.getInstance(MessageDigest.ALG_MD5, false);
        reason(CryptoException.ILLEGAL_VALUE, () -> md.update(new byte[3], (short) 2, (short) 2));
    }
}
