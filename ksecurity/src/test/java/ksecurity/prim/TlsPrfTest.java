package ksecurity.prim;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * TLS PRF checks. bctls is not among the test dependencies, so the references are written
 * here from the RFC text on top of the JDK's javax.crypto.Mac and MessageDigest.
 */
class TlsPrfTest {
    static byte[] cat(byte[]... parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            o.writeBytes(p);
        }
        return o.toByteArray();
    }

    static byte[] pHash(String alg, byte[] secret, byte[] seed, int len) throws Exception {
        Mac m = Mac.getInstance(alg);
        m.init(new SecretKeySpec(secret, alg));
        byte[] out = new byte[len];
        byte[] a = seed;
        int done = 0;
        while (done < len) {
            a = m.doFinal(a);
            byte[] b = m.doFinal(cat(a, seed));
            int n = Math.min(b.length, len - done);
            System.arraycopy(b, 0, out, done, n);
            done += n;
        }
        return out;
    }

    static byte[] refTls10(byte[] secret, byte[] labelSeed, int len) throws Exception {
        int half = (secret.length + 1) / 2;
        byte[] s1 = java.util.Arrays.copyOfRange(secret, 0, half);
        byte[] s2 = java.util.Arrays.copyOfRange(secret, secret.length - half, secret.length);
        byte[] x = pHash("HmacMD5", s1, labelSeed, len);
        byte[] y = pHash("HmacSHA1", s2, labelSeed, len);
        for (int i = 0; i < len; i++) {
            x[i] ^= y[i];
        }
        return x;
    }

    static byte[] refSsl3(byte[] secret, byte[] seed, int len) throws Exception {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (int i = 0; o.size() < len; i++) {
            byte[] letters = new byte[i + 1];
            java.util.Arrays.fill(letters, (byte) ('A' + i));
            byte[] inner = MessageDigest.getInstance("SHA-1").digest(cat(letters, secret, seed));
            o.writeBytes(MessageDigest.getInstance("MD5").digest(cat(secret, inner)));
        }
        return java.util.Arrays.copyOf(o.toByteArray(), len);
    }

    /** The widely circulated TLS 1.2 PRF (SHA-256) test vector. */
    @Test
    void tls12KnownAnswer() {
        byte[] secret = Hex.decode("9bbe436ba940f017b17652849a71db35");
        byte[] seed = Hex.decode("a0ba9f936cda311827a6f796ffd5198c");
        byte[] out = new byte[100];
        new TlsPrf().tls12(secret, 0, 16, TlsPrf.ascii("test label"), seed, 0, 16, null, 0, 0, out, 0, 100);
        assertEquals("e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a"
                + "6b301791e90d35c9c9a46b4e14baf9af0fa022f7077def17abfd3797c0564bab"
                + "4fbc91666e9def9b97fce34f796789baa48082d122ee42c5a72e5a5110fff701"
                + "87347b66", Hex.encode(out));
    }

    @Test
    void randomAgainstJdkReferences() throws Exception {
        Random r = new Random(31);
        TlsPrf prf = new TlsPrf();
        for (int i = 0; i < 200; i++) {
            byte[] secret = new byte[1 + r.nextInt(60)];
            byte[] label = TlsPrf.ascii(i % 2 == 0 ? "master secret" : "key expansion");
            byte[] s1 = new byte[32], s2 = new byte[r.nextInt(40)];
            r.nextBytes(secret);
            r.nextBytes(s1);
            r.nextBytes(s2);
            int len = 1 + r.nextInt(200);
            byte[] out = new byte[len];
            prf.tls10(secret, 0, secret.length, label, s1, 0, s1.length, s2, 0, s2.length, out, 0, len);
            assertArrayEquals(refTls10(secret, cat(label, s1, s2), len), out, "TLS 1.0");
            prf.tls12(secret, 0, secret.length, label, s1, 0, s1.length, s2, 0, s2.length, out, 0, len);
            assertArrayEquals(pHash("HmacSHA256", secret, cat(label, s1, s2), len), out, "TLS 1.2");
            int sl = Math.min(len, 416);
            byte[] o3 = new byte[sl];
            prf.ssl3(secret, 0, secret.length, s1, 0, s1.length, s2, 0, s2.length, o3, 0, sl);
            assertArrayEquals(refSsl3(secret, cat(s1, s2), sl), o3, "SSL 3.0");
        }
    }

    @Test
    void ssl3FinishedAgainstDefinition() throws Exception {
        Random r = new Random(37);
        byte[] master = new byte[48], msgs = new byte[300];
        r.nextBytes(master);
        r.nextBytes(msgs);
        TlsPrf prf = new TlsPrf();
        String[] algs = {"MD5", "SHA-1"};
        Digest[] ds = {new Md5(), new Sha1()};
        int[] pads = {48, 40};
        for (int k = 0; k < 2; k++) {
            for (byte[] sender : new byte[][] {TlsPrf.SENDER_CLIENT, TlsPrf.SENDER_SERVER, null}) {
                Digest running = ds[k];
                running.reset();
                running.update(msgs, 0, msgs.length);
                byte[] out = new byte[running.digestSize()];
                prf.ssl3Hash(running.copy(), sender, master, 0, 48, out, 0);
                byte[] pad1 = new byte[pads[k]], pad2 = new byte[pads[k]];
                java.util.Arrays.fill(pad1, (byte) 0x36);
                java.util.Arrays.fill(pad2, (byte) 0x5c);
                MessageDigest md = MessageDigest.getInstance(algs[k]);
                byte[] inner = md.digest(cat(msgs, sender == null ? new byte[0] : sender, master, pad1));
                byte[] want = md.digest(cat(master, pad2, inner));
                assertArrayEquals(want, out);
            }
        }
    }

    @Test
    void ssl3RefusesOverlongOutput() {
        assertThrows(IllegalArgumentException.class, () -> new TlsPrf().ssl3(new byte[48], 0, 48, new byte[64], 0,
                64, null, 0, 0, new byte[417], 0, 417));
    }
}
