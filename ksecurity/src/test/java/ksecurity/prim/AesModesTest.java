package ksecurity.prim;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.macs.CMac;
import org.bouncycastle.crypto.modes.CCMBlockCipher;
import org.bouncycastle.crypto.modes.CCMModeCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

/** SP 800-38A (ECB, CBC, CTR), the GCM spec's test cases, SP 800-38C CCM examples, RFC 4493 CMAC. */
class AesModesTest {
    static final String P38A = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
            + "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
    static final String K128 = "2b7e151628aed2a6abf7158809cf4f3c";
    static final String K192 = "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b";
    static final String K256 = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4";

    static Aes aes(String key) {
        Aes a = new Aes();
        byte[] k = Hex.decode(key);
        a.init(k, 0, k.length);
        return a;
    }

    static void ecb(String key, String ct) {
        Aes a = aes(key);
        byte[] p = Hex.decode(P38A);
        byte[] c = new byte[64];
        a.encryptBlocks(p, 0, c, 0, 4);
        assertEquals(ct, Hex.encode(c));
        a.decryptBlocks(c, 0, c, 0, 4);
        assertEquals(P38A, Hex.encode(c));
    }

    @Test
    void sp80038aEcb() {
        ecb(K128, "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
                + "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4");
        ecb(K192, "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eef"
                + "ef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e");
        ecb(K256, "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
                + "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7");
    }

    static void cbc(String key, String ct) {
        byte[] iv = Hex.decode("000102030405060708090a0b0c0d0e0f");
        Cbc m = new Cbc(aes(key));
        byte[] p = Hex.decode(P38A);
        byte[] c = new byte[64];
        m.init(iv, 0);
        m.encrypt(p, 0, c, 0, 1);
        m.encrypt(p, 16, c, 16, 3);
        assertEquals(ct, Hex.encode(c));
        m.init(iv, 0);
        m.decrypt(c, 0, c, 0, 3);
        m.decrypt(c, 48, c, 48, 1);
        assertEquals(P38A, Hex.encode(c));
    }

    @Test
    void sp80038aCbc() {
        cbc(K128, "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
                + "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7");
        cbc(K192, "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
                + "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd");
        cbc(K256, "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
                + "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b");
    }

    static void ctr(String key, String ct) {
        byte[] cb = Hex.decode("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
        Ctr m = new Ctr(aes(key));
        byte[] p = Hex.decode(P38A);
        byte[] c = new byte[64];
        m.init(cb, 0, 16);
        m.process(p, 0, 5, c, 0);
        m.process(p, 5, 40, c, 5);
        m.process(p, 45, 19, c, 45);
        assertEquals(ct, Hex.encode(c));
    }

    @Test
    void sp80038aCtr() {
        ctr(K128, "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
                + "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee");
        ctr(K192, "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94"
                + "1e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050");
        ctr(K256, "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
                + "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6");
    }

    @Test
    void ctrCarriesAcrossTheWholeBlock() throws Exception {
        byte[] k = new byte[16];
        byte[] cb = Hex.decode("00000000000000ffffffffffffffffff");
        byte[] p = new byte[64];
        Cipher jdk = Cipher.getInstance("AES/CTR/NoPadding");
        jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"), new IvParameterSpec(cb));
        Ctr m = new Ctr(aesBytes(k));
        m.init(cb, 0, 16);
        byte[] c = new byte[64];
        m.process(p, 0, 64, c, 0);
        assertArrayEquals(jdk.doFinal(p), c);
    }

    static Aes aesBytes(byte[] k) {
        Aes a = new Aes();
        a.init(k, 0, k.length);
        return a;
    }

    static String gcm(String key, String iv, String aad, String pt, String[] ctOut) {
        Gcm g = new Gcm(aes(key));
        byte[] v = Hex.decode(iv), a = Hex.decode(aad), p = Hex.decode(pt);
        g.init(true, v, 0, v.length);
        g.updateAad(a, 0, a.length);
        byte[] c = new byte[p.length];
        int half = p.length / 2;
        g.update(p, 0, half, c, 0);
        g.update(p, half, p.length - half, c, half);
        byte[] tag = new byte[16];
        g.finish(tag, 0);
        ctOut[0] = Hex.encode(c);
        // and back
        g.init(false, v, 0, v.length);
        g.updateAad(a, 0, a.length);
        byte[] back = new byte[c.length];
        g.update(c, 0, c.length, back, 0);
        byte[] tag2 = new byte[16];
        g.finish(tag2, 0);
        assertArrayEquals(p, back);
        assertArrayEquals(tag, tag2);
        return Hex.encode(tag);
    }

    static final String GK = "feffe9928665731c6d6a8f9467308308";
    static final String GP = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
            + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255";
    static final String GP60 = GP.substring(0, 120);
    static final String GA = "feedfacedeadbeeffeedfacedeadbeefabaddad2";

    @Test
    void gcmSpecTestCases() {
        String[] c = new String[1];
        String z16 = "00000000000000000000000000000000";
        String z12 = "000000000000000000000000";
        // Test cases 1 and 2
        assertEquals("58e2fccefa7e3061367f1d57a4e7455a", gcm(z16, z12, "", "", c));
        assertEquals("ab6e47d42cec13bdf53a67b21257bddf", gcm(z16, z12, "", z16, c));
        assertEquals("0388dace60b6a392f328c2b971b2fe78", c[0]);
        // Test case 3
        assertEquals("4d5c2af327cd64a62cf35abd2ba6fab4", gcm(GK, "cafebabefacedbaddecaf888", "", GP, c));
        assertEquals("42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
                + "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985", c[0]);
        // Test case 4: AAD, 60-byte plaintext
        assertEquals("5bc94fbc3221a5db94fae95ae7121a47", gcm(GK, "cafebabefacedbaddecaf888", GA, GP60, c));
        // Test case 5: 8-byte IV
        assertEquals("3612d2e79e3b0785561be14aaca2fccb", gcm(GK, "cafebabefacedbad", GA, GP60, c));
        assertEquals("61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c7423"
                + "73806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598", c[0]);
        // Test case 6: 60-byte IV
        String iv60 = "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728"
                + "c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b";
        assertEquals("619cc5aefffe0bfa462af43c1699d050", gcm(GK, iv60, GA, GP60, c));
        assertEquals("8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca7"
                + "01e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5", c[0]);
        // Test cases 13 and 14: AES-256
        String z32 = z16 + z16;
        assertEquals("530f8afbc74536b9a963b4f1c4cb738b", gcm(z32, z12, "", "", c));
        assertEquals("d0d1c8a799996bf0265b98b5d48ab919", gcm(z32, z12, "", z16, c));
        assertEquals("cea7403d4d606b6e074ec5d3baf39d18", c[0]);
    }

    @Test
    void gcmRandomAgainstJdk() throws Exception {
        Random r = new Random(11);
        for (int i = 0; i < 300; i++) {
            byte[] k = new byte[16 + 8 * r.nextInt(3)];
            byte[] iv = new byte[1 + r.nextInt(i % 3 == 0 ? 12 : 70)];
            byte[] a = new byte[r.nextInt(40)];
            byte[] p = new byte[r.nextInt(100)];
            r.nextBytes(k);
            r.nextBytes(iv);
            r.nextBytes(a);
            r.nextBytes(p);
            Cipher jdk = Cipher.getInstance("AES/GCM/NoPadding");
            jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"), new GCMParameterSpec(128, iv));
            jdk.updateAAD(a);
            byte[] want = jdk.doFinal(p);
            Gcm g = new Gcm(aesBytes(k));
            g.init(true, iv, 0, iv.length);
            g.updateAad(a, 0, a.length);
            byte[] got = new byte[p.length + 16];
            int pos = 0;
            while (pos < p.length) {
                int n = Math.min(p.length - pos, r.nextInt(40));
                g.update(p, pos, n, got, pos);
                pos += n;
            }
            g.finish(got, p.length);
            assertArrayEquals(want, got);
        }
    }

    /** GCM's inc32 (Ctr with 4 counter bytes) wraps the low word to 00000000 without carrying. */
    @Test
    void gcmCounterWrapsIn32Bits() {
        byte[] k = new byte[16];
        byte[] j0 = new byte[16];
        for (int i = 12; i < 16; i++) {
            j0[i] = (byte) 0xff;
        }
        Ctr c = new Ctr(aesBytes(k));
        c.init(j0, 0, 4);
        byte[] ks = new byte[48];
        c.process(new byte[48], 0, 48, ks, 0);
        Aes a = aesBytes(k);
        byte[] blk = j0.clone();
        byte[] want = new byte[16];
        a.encryptBlock(blk, 0, want, 0);
        assertArrayEquals(want, java.util.Arrays.copyOfRange(ks, 0, 16));
        for (int i = 12; i < 16; i++) {
            blk[i] = 0;
        }
        a.encryptBlock(blk, 0, want, 0);
        assertArrayEquals(want, java.util.Arrays.copyOfRange(ks, 16, 32));
    }

    static String ccm(String n, String a, String p, int t) {
        Ccm c = new Ccm(aes("404142434445464748494a4b4c4d4e4f"));
        byte[] nn = Hex.decode(n), aa = Hex.decode(a), pp = Hex.decode(p);
        c.init(true, nn, 0, nn.length, aa.length, pp.length, t);
        c.updateAad(aa, 0, aa.length);
        byte[] out = new byte[pp.length + t];
        c.update(pp, 0, pp.length, out, 0);
        c.finish(out, pp.length);
        // decrypt back
        c.init(false, nn, 0, nn.length, aa.length, pp.length, t);
        c.updateAad(aa, 0, aa.length);
        byte[] back = new byte[pp.length];
        c.update(out, 0, pp.length, back, 0);
        byte[] tag = new byte[t];
        c.finish(tag, 0);
        assertArrayEquals(pp, back);
        assertArrayEquals(java.util.Arrays.copyOfRange(out, pp.length, out.length), tag);
        return Hex.encode(out);
    }

    @Test
    void sp80038cExamples() {
        assertEquals("7162015b4dac255d", ccm("10111213141516", "0001020304050607", "20212223", 4));
        assertEquals("d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd", ccm("1011121314151617",
                "000102030405060708090a0b0c0d0e0f", "202122232425262728292a2b2c2d2e2f", 6));
        assertEquals("e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5484392fbc1b09951",
                ccm("101112131415161718191a1b", "000102030405060708090a0b0c0d0e0f10111213",
                        "202122232425262728292a2b2c2d2e2f3031323334353637", 8));
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 65536; i++) {
            big.append(String.format("%02x", i & 0xff));
        }
        assertEquals("69915dad1e84c6376a68c2967e4dab615ae0fd1faec44cc484828529463ccf72"
                + "b4ac6bec93e8598e7f0dadbcea5b", ccm("101112131415161718191a1b1c", big.toString(),
                "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f", 14));
    }

    @Test
    void ccmRandomAgainstBouncyCastle() throws Exception {
        Random r = new Random(5);
        for (int i = 0; i < 300; i++) {
            byte[] k = new byte[16 + 8 * r.nextInt(3)];
            byte[] n = new byte[7 + r.nextInt(7)];
            byte[] a = new byte[r.nextInt(i % 10 == 0 ? 70000 : 40)];
            byte[] p = new byte[r.nextInt(100)];
            int t = 4 + 2 * r.nextInt(7);
            r.nextBytes(k);
            r.nextBytes(n);
            r.nextBytes(a);
            r.nextBytes(p);
            CCMModeCipher bc = CCMBlockCipher.newInstance(AESEngine.newInstance());
            bc.init(true, new AEADParameters(new KeyParameter(k), 8 * t, n, a));
            byte[] want = new byte[bc.getOutputSize(p.length)];
            int w = bc.processBytes(p, 0, p.length, want, 0);
            bc.doFinal(want, w);
            Ccm c = new Ccm(aesBytes(k));
            c.init(true, n, 0, n.length, a.length, p.length, t);
            int pos = 0;
            while (pos < a.length) {
                int m = Math.min(a.length - pos, 1 + r.nextInt(30));
                c.updateAad(a, pos, m);
                pos += m;
            }
            byte[] got = new byte[p.length + t];
            c.update(p, 0, p.length, got, 0);
            c.finish(got, p.length);
            assertArrayEquals(want, got);
        }
    }

    @Test
    void ccmRejectsBadParameters() {
        Ccm c = new Ccm(aes(K128));
        assertThrows(IllegalArgumentException.class, () -> c.init(true, new byte[6], 0, 6, 0, 0, 8));
        assertThrows(IllegalArgumentException.class, () -> c.init(true, new byte[14], 0, 14, 0, 0, 8));
        assertThrows(IllegalArgumentException.class, () -> c.init(true, new byte[12], 0, 12, 0, 0, 5));
        assertThrows(IllegalArgumentException.class, () -> c.init(true, new byte[12], 0, 12, 0, 0, 18));
        assertThrows(IllegalArgumentException.class, () -> c.init(true, new byte[13], 0, 13, 0, 65536, 8));
        c.init(true, new byte[12], 0, 12, 0, 4, 8);
        assertThrows(IllegalStateException.class, () -> c.finish(new byte[8], 0));
    }

    @Test
    void rfc4493Cmac() {
        Cmac m = new Cmac(aes(K128));
        m.init();
        byte[] p = Hex.decode(P38A);
        byte[] out = new byte[16];
        m.doFinal(out, 0);
        assertEquals("bb1d6929e95937287fa37d129b756746", Hex.encode(out));
        m.update(p, 0, 16);
        m.doFinal(out, 0);
        assertEquals("070a16b46b4d4144f79bdd9dd04a287c", Hex.encode(out));
        m.update(p, 0, 7);
        m.update(p, 7, 33);
        m.doFinal(out, 0);
        assertEquals("dfa66747de9ae63030ca32611497c827", Hex.encode(out));
        m.update(p, 0, 64);
        m.doFinal(out, 0);
        assertEquals("51f0bebf7e3b9d92fc49741779363cfe", Hex.encode(out));
    }

    @Test
    void cmacRandomAgainstBouncyCastle() {
        Random r = new Random(9);
        for (int i = 0; i < 300; i++) {
            byte[] k = new byte[16 + 8 * r.nextInt(3)];
            byte[] p = new byte[r.nextInt(100)];
            r.nextBytes(k);
            r.nextBytes(p);
            CMac bc = new CMac(AESEngine.newInstance());
            bc.init(new KeyParameter(k));
            bc.update(p, 0, p.length);
            byte[] want = new byte[16];
            bc.doFinal(want, 0);
            Cmac m = new Cmac(aesBytes(k));
            m.init();
            m.update(p, 0, p.length);
            byte[] got = new byte[16];
            m.doFinal(got, 0);
            assertArrayEquals(want, got);
        }
    }

    @Test
    void cbcRandomAgainstJdk() throws Exception {
        Random r = new Random(13);
        for (int i = 0; i < 200; i++) {
            byte[] k = new byte[16 + 8 * r.nextInt(3)];
            byte[] iv = new byte[16];
            byte[] p = new byte[16 * (1 + r.nextInt(6))];
            r.nextBytes(k);
            r.nextBytes(iv);
            r.nextBytes(p);
            Cipher jdk = Cipher.getInstance("AES/CBC/NoPadding");
            jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"), new IvParameterSpec(iv));
            byte[] want = jdk.doFinal(p);
            Cbc m = new Cbc(aesBytes(k));
            m.init(iv, 0);
            byte[] got = new byte[p.length];
            m.encrypt(p, 0, got, 0, p.length / 16);
            assertArrayEquals(want, got);
            m.init(iv, 0);
            m.decrypt(got, 0, got, 0, p.length / 16);
            assertArrayEquals(p, got);
        }
    }

    /** Seals and opens through the Aead interface alone; returns ciphertext || tag. */
    static String sealAndOpen(Aead a, String nonce, String aad, String pt, int tagLen) {
        byte[] n = Hex.decode(nonce), ad = Hex.decode(aad), p = Hex.decode(pt);
        a.init(true, n, 0, n.length, ad.length, p.length, tagLen);
        assertEquals(tagLen, a.tagLength());
        a.updateAad(ad, 0, ad.length);
        byte[] out = new byte[p.length + 16];
        java.util.Arrays.fill(out, (byte) 0x55);
        a.update(p, 0, p.length, out, 0);
        a.finish(out, p.length);
        for (int i = p.length + tagLen; i < out.length; i++) {
            assertEquals(0x55, out[i] & 0xff, "finish writes tagLength() bytes, no more");
        }
        byte[] back = new byte[p.length];
        byte[] tag = new byte[tagLen];
        a.init(false, n, 0, n.length, ad.length, p.length, tagLen);
        a.updateAad(ad, 0, ad.length);
        a.update(out, 0, p.length, back, 0);
        a.finish(tag, 0);
        assertArrayEquals(p, back);
        assertArrayEquals(java.util.Arrays.copyOfRange(out, p.length, p.length + tagLen), tag);
        return Hex.encode(java.util.Arrays.copyOf(out, p.length + tagLen));
    }

    @Test
    void gcmAndCcmServeOneAeadInterface() {
        // SP 800-38C C.1 (CCM, 4-byte tag) and McGrew-Viega test case 2 (GCM, full and 8-byte tags)
        assertEquals("7162015b4dac255d", sealAndOpen(new Ccm(aes("404142434445464748494a4b4c4d4e4f")),
                "10111213141516", "0001020304050607", "20212223", 4));
        Aead gcm = new Gcm(aes("00000000000000000000000000000000"));
        assertEquals("0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf",
                sealAndOpen(gcm, "000000000000000000000000", "", "00000000000000000000000000000000", 16));
        assertEquals("0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bd",
                sealAndOpen(gcm, "000000000000000000000000", "", "00000000000000000000000000000000", 8));
        assertThrows(IllegalArgumentException.class, () -> gcm.init(true, new byte[12], 0, 12, 0, 0, 10));
        assertThrows(IllegalArgumentException.class, () -> gcm.init(true, new byte[12], 0, 12, 0, 0, 17));
    }
}
