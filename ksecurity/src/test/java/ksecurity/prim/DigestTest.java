package ksecurity.prim;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** FIPS 180 and RFC 1321 vectors, plus random cross-checks against the JDK's MessageDigest. */
class DigestTest {
    static String hash(Digest d, byte[] m) {
        d.update(m, 0, m.length);
        byte[] out = new byte[d.digestSize()];
        assertEquals(out.length, d.doFinal(out, 0));
        return Hex.encode(out);
    }

    static String hash(Digest d, String m) {
        return hash(d, m.getBytes(StandardCharsets.US_ASCII));
    }

    static final String ABC448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    /** FIPS 180's two-block message for SHA-384 and SHA-512 (896 bits). */
    static final String ABC896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

    @Test
    void sha512Fips180() {
        assertEquals("ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f", hash(new Sha512(), "abc"));
        assertEquals("8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
                + "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909", hash(new Sha512(), ABC896));
        assertEquals("cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
                + "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e", hash(new Sha512(), ""));
        assertEquals("e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
                + "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b", millionA(new Sha512()));
    }

    @Test
    void sha384Fips180() {
        assertEquals("cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163"
                + "1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7", hash(new Sha384(), "abc"));
        assertEquals("09330c33f71147e83d192fc782cd1b4753111b173b3b05d2"
                + "2fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039", hash(new Sha384(), ABC896));
        assertEquals("38b060a751ac96384cd9327eb1b1e36a21fdb71114be0743"
                + "4c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b", hash(new Sha384(), ""));
        assertEquals("9d0e1809716474cb086e834e310a4a1ced149e9c00f24852"
                + "7972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985", millionA(new Sha384()));
    }

    @Test
    void sha512FamilyFraming() {
        Sha512 d = new Sha512();
        assertEquals(128, d.blockSize());
        assertEquals(64, d.stateSize());
        assertEquals(64, d.digestSize());
        assertEquals(48, new Sha384().digestSize());
        assertEquals(64, new Sha384().stateSize());
    }

    @Test
    void sha256Fips180() {
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", hash(new Sha256(), "abc"));
        assertEquals("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", hash(new Sha256(), ABC448));
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", hash(new Sha256(), ""));
        assertEquals("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", millionA(new Sha256()));
    }

    @Test
    void sha224Fips180() {
        assertEquals("23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7", hash(new Sha224(), "abc"));
        assertEquals("75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525", hash(new Sha224(), ABC448));
        assertEquals("20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67", millionA(new Sha224()));
    }

    @Test
    void sha1Fips180() {
        assertEquals("a9993e364706816aba3e25717850c26c9cd0d89d", hash(new Sha1(), "abc"));
        assertEquals("84983e441c3bd26ebaae4aa1f95129e5e54670f1", hash(new Sha1(), ABC448));
        assertEquals("34aa973cd4c4daa4f61eeb2bdbad27316534016f", millionA(new Sha1()));
    }

    @Test
    void md5Rfc1321() {
        assertEquals("d41d8cd98f00b204e9800998ecf8427e", hash(new Md5(), ""));
        assertEquals("0cc175b9c0f1b6a831c399e269772661", hash(new Md5(), "a"));
        assertEquals("900150983cd24fb0d6963f7d28e17f72", hash(new Md5(), "abc"));
        assertEquals("f96b697d7cb7938d525a2f31aaf161d0", hash(new Md5(), "message digest"));
        assertEquals("c3fcd3d76192e4007dfb496cca67e13b", hash(new Md5(), "abcdefghijklmnopqrstuvwxyz"));
        assertEquals("d174ab98d277d9f5a5611c2c9f419d9f",
                hash(new Md5(), "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"));
        assertEquals("57edf4a22be3c955ac49da2e2107b67a", hash(new Md5(),
                "12345678901234567890123456789012345678901234567890123456789012345678901234567890"));
    }

    static String millionA(Digest d) {
        byte[] a = new byte[1000];
        java.util.Arrays.fill(a, (byte) 'a');
        for (int i = 0; i < 1000; i++) {
            d.update(a, 0, a.length);
        }
        byte[] out = new byte[d.digestSize()];
        d.doFinal(out, 0);
        return Hex.encode(out);
    }

    @Test
    void randomAgainstJdkInPieces() throws Exception {
        Random r = new Random(1);
        Digest[] ours = {new Md5(), new Sha1(), new Sha224(), new Sha256(), new Sha384(), new Sha512()};
        String[] names = {"MD5", "SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512"};
        for (int k = 0; k < ours.length; k++) {
            java.security.MessageDigest jdk = java.security.MessageDigest.getInstance(names[k]);
            for (int i = 0; i < 300; i++) {
                byte[] m = new byte[r.nextInt(300)];
                r.nextBytes(m);
                int p = 0;
                while (p < m.length) {
                    int n = Math.min(m.length - p, r.nextInt(70));
                    ours[k].update(m, p, n);
                    p += n;
                }
                byte[] out = new byte[ours[k].digestSize()];
                ours[k].doFinal(out, 0);
                assertArrayEquals(jdk.digest(m), out, names[k]);
            }
        }
    }

    @Test
    void copyForksTheState() {
        Sha256 d = new Sha256();
        d.update("ab".getBytes(), 0, 2);
        Digest c = d.copy();
        d.update("c".getBytes(), 0, 1);
        c.update("c".getBytes(), 0, 1);
        byte[] o1 = new byte[32], o2 = new byte[32];
        d.doFinal(o1, 0);
        c.doFinal(o2, 0);
        assertArrayEquals(o1, o2);
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", Hex.encode(o1));
    }

    @Test
    void exportImportResumes() {
        BlockDigest[] ds = {new Md5(), new Sha1(), new Sha224(), new Sha256(), new Sha384(), new Sha512()};
        byte[] m = new byte[400];
        new Random(2).nextBytes(m);
        for (BlockDigest d : ds) {
            d.update(m, 0, 256);
            byte[] cv = new byte[d.stateSize()];
            assertEquals(cv.length, d.exportState(cv, 0));
            assertEquals(256, d.byteCount());
            d.update(m, 256, 144);
            byte[] want = new byte[d.digestSize()];
            d.doFinal(want, 0);
            d.importState(cv, 0, 256);
            d.update(m, 256, 144);
            byte[] got = new byte[d.digestSize()];
            d.doFinal(got, 0);
            assertArrayEquals(want, got);
        }
    }

    @Test
    void importRejectsUnalignedCount() {
        assertThrows(IllegalArgumentException.class, () -> new Sha256().importState(new byte[32], 0, 65));
        // SHA-512's blocks are 128 bytes: a count of one 64-byte block is not a boundary
        assertThrows(IllegalArgumentException.class, () -> new Sha512().importState(new byte[64], 0, 64));
    }

    @Test
    void exportRefusesMidBlock() {
        Sha1 d = new Sha1();
        d.update(new byte[3], 0, 3);
        assertThrows(IllegalStateException.class, () -> d.exportState(new byte[20], 0));
    }
}
