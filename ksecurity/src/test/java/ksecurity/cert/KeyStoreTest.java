package ksecurity.cert;

import ksecurity.prim.Bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Chain validation against the trust store, on openssl-made chains; each rejection with its
 * reason, and openssl verify's verdict on the same chain beside ours.
 */
class KeyStoreTest {
    /** After the test certificates were made (openssl dates them from the moment they are). */
    private static final long NOW = TestCerts.madeAt() + 1000;

    private static X509Certificate c(String name) throws CertificateException {
        return TestCerts.cert(name);
    }

    private static KeyStore store(String... names) throws CertificateException {
        KeyStore ks = new KeyStore();
        for (String n : names) {
            ks.setCertificateEntry(n, c(n));
        }
        return ks;
    }

    private static X509Certificate[] chain(String... names) throws CertificateException {
        X509Certificate[] r = new X509Certificate[names.length];
        for (int i = 0; i < names.length; i++) {
            r[i] = c(names[i]);
        }
        return r;
    }

    /** The chain checked for {@code host} (or for none, if null) under the modern floor. */
    private static X509Certificate verify(KeyStore ks, X509Certificate[] chain, String host, int ku, String purpose)
            throws CertificateException {
        return verify(ks, chain, host, ku, purpose, CertificatePolicy.MODERN);
    }

    private static X509Certificate verify(KeyStore ks, X509Certificate[] chain, String host, int ku, String purpose,
            CertificatePolicy policy) throws CertificateException {
        return host == null ? ks.verifyChain(chain, NOW, ku, purpose, policy)
                : ks.verifyChain(chain, NOW, host, ku, purpose, policy);
    }

    private static short reasonOf(KeyStore ks, X509Certificate[] chain, String host, int ku, String purpose) {
        return assertThrows(CertificateException.class, () -> verify(ks, chain, host, ku, purpose)).getReason();
    }

    @Test
    void goodChains() throws Exception {
        KeyStore ks = store("root");
        int ds = X509Certificate.KU_DIGITAL_SIGNATURE;
        assertEquals(c("root"), verify(ks, chain("leaf", "inter"), "device.example.com", ds, Oid.SERVER_AUTH));
        assertEquals(c("root"), verify(ks, chain("leaf", "inter", "root"), "192.168.1.7", ds, Oid.SERVER_AUTH));
        assertEquals(c("root"), verify(ks, chain("leaf", "inter"), "x.sensors.example.com",
                X509Certificate.KU_KEY_AGREEMENT, Oid.CLIENT_AUTH));
        assertEquals(c("root"), verify(ks, chain("plain"), "plain.example.com", ds, Oid.SERVER_AUTH));
        assertEquals(c("root"), verify(ks, chain("noncrit", "inter"), null, -1, null));
        // An intermediate or the leaf itself may be the anchor.
        assertEquals(c("inter"), verify(store("inter"), chain("leaf"), null, ds, null));
        assertEquals(c("leaf"), verify(store("leaf"), chain("leaf"), "device.example.com", ds, null));
        // Other curves and RSA, with SHA-1, SHA-224, MD5: the legacy floor (CertificatePolicyTest has the modern one's refusals).
        CertificatePolicy legacy = CertificatePolicy.LEGACY;
        verify(store("ca160"), chain("dev160"), "plain.example.com", -1, null, legacy);
        verify(store("ca192"), chain("ca192"), "ca192", -1, null, legacy);
        verify(store("ca224"), chain("ca224"), null, -1, null, legacy);
        verify(store("rsaroot"), chain("rsaleaf"), "plain.example.com", -1, null, legacy);
        verify(store("rsaroot"), chain("rsaleaf224"), null, -1, null, legacy);
        verify(store("rsaroot"), chain("rsaleafmd5"), null, -1, null, legacy);
    }

    @Test
    void rejections() throws Exception {
        KeyStore ks = store("root");
        int ds = X509Certificate.KU_DIGITAL_SIGNATURE;
        assertEquals(CertificateException.UNTRUSTED, reasonOf(ks, chain("leaf"), null, -1, null));
        assertEquals(CertificateException.UNTRUSTED, reasonOf(ks, new X509Certificate[0], null, -1, null));
        assertEquals(CertificateException.UNTRUSTED, reasonOf(store("rsaroot"), chain("leaf", "inter"), null, -1, null));
        assertEquals(CertificateException.EXPIRED, reasonOf(ks, chain("expired"), null, -1, null));
        assertEquals(CertificateException.NOT_YET_VALID, reasonOf(ks, chain("future"), null, -1, null));
        assertEquals(CertificateException.PATH_TOO_LONG, reasonOf(ks, chain("deep", "inter2", "inter"), null, -1, null));
        assertEquals(CertificateException.NOT_A_CA, reasonOf(store("nobc"), chain("nobcleaf"), null, -1, null));
        assertEquals(CertificateException.UNKNOWN_CRITICAL_EXTENSION, reasonOf(ks, chain("crit", "inter"), null, -1, null));
        assertEquals(CertificateException.KEY_USAGE, reasonOf(ks, chain("client", "inter"), null, ds, null));
        assertEquals(CertificateException.KEY_USAGE, reasonOf(ks, chain("client", "inter"), null, -1, Oid.SERVER_AUTH));
        verify(ks, chain("client", "inter"), "client.example.com", X509Certificate.KU_KEY_ENCIPHERMENT, Oid.CLIENT_AUTH);
        assertEquals(CertificateException.NAME_MISMATCH, reasonOf(ks, chain("leaf", "inter"), "wrong.example.com", ds, null));
        assertEquals(CertificateException.NAME_MISMATCH, reasonOf(ks, chain("leaf", "inter"), "192.168.1.8", ds, null));
        // A leaf certificate does not issue: the chain is broken at the name first.
        assertEquals(CertificateException.BROKEN_CHAIN, reasonOf(ks, chain("leaf", "plain", "root"), null, -1, null));
        verify(ks, chain("sha384sig"), null, -1, null); // ecdsa-with-SHA384: SHA-256 or better
        // An issuer whose name chains but which is not a CA.
        assertEquals(CertificateException.NOT_A_CA, reasonOf(store("nobc"), chain("nobcleaf", "nobc"), null, -1, null));
    }

    /** Every signature algorithm and curve, through the self-signed certificates' own keys. */
    @ParameterizedTest
    @CsvSource({"root,SHA256withECDSA,256", "ca160,SHA1withECDSA,160", "ca192,SHA224withECDSA,192",
        "ca224,SHA256withECDSA,224", "rsaroot,SHA256withRSA,2048", "nobc,SHA256withECDSA,256"})
    void selfSignedCertificatesVerify(String name, String alg, int bits) throws Exception {
        X509Certificate c = c(name);
        assertEquals(alg, c.getSigAlgName());
        assertEquals(bits, c.getPublicKey().getSize());
        c.verify(c.getPublicKey());
    }

    @Test
    void badSignatures() throws Exception {
        KeyStore ks = store("root");
        Tlv t = Tlv.parse(TestCerts.bytes("leaf.der"));
        t.at(0, 1).value[2] ^= 1; // the serial: the TBS no longer matches its signature
        X509Certificate forged = CertificateFactory.generateCertificate(t.encode());
        assertEquals(CertificateException.BAD_SIGNATURE,
                reasonOf(ks, new X509Certificate[] {forged, c("inter")}, null, -1, null));
        Tlv s = Tlv.parse(TestCerts.bytes("inter.der"));
        byte[] sig = s.at(2).value;
        sig[sig.length - 1] ^= 1; // the intermediate's signature, last byte of s
        X509Certificate badInter = CertificateFactory.generateCertificate(s.encode());
        assertEquals(CertificateException.BAD_SIGNATURE,
                reasonOf(ks, new X509Certificate[] {c("leaf"), badInter}, null, -1, null));
        // Verifying with the wrong key, and with a key of the wrong type.
        assertEquals(CertificateException.BAD_SIGNATURE, assertThrows(CertificateException.class,
                () -> c("leaf").verify(c("root").getPublicKey())).getReason());
        assertEquals(CertificateException.BAD_SIGNATURE, assertThrows(CertificateException.class,
                () -> c("leaf").verify(c("rsaroot").getPublicKey())).getReason());
        c("leaf").verify(c("inter").getPublicKey());
        c("rsaleaf").verify(c("rsaroot").getPublicKey());
    }

    /**
     * openssl verify gives the same verdicts, in its RFC 5280-strict mode (by default it takes a
     * certificate without basicConstraints but with keyUsage keyCertSign for a CA).
     */
    @ParameterizedTest
    @CsvSource({"root,leaf,inter,OK", "root,expired,,error", "root,deep,inter2:inter,error", "nobc,nobcleaf,,error",
        "root,crit,inter,error", "ca160,dev160,,OK", "rsaroot,rsaleaf,,OK", "root,plain,,OK"})
    void opensslAgrees(String anchor, String leaf, String untrusted, String verdict) throws Exception {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("verify", "-x509_strict",
                "-auth_level", "0", "-CAfile", anchor + ".pem"));
        if (untrusted != null) {
            java.nio.file.Path chainFile = TestCerts.write(leaf + "-untrusted.pem", concat(untrusted.split(":")));
            args.add("-untrusted");
            args.add(chainFile.toString());
        }
        args.add(leaf + ".pem");
        TestCerts.Result r = TestCerts.openssl(args.toArray(new String[0]));
        boolean opensslOk = r.exit == 0;
        assertEquals(verdict.equals("OK"), opensslOk, r.output);
        X509Certificate[] ch = untrusted == null ? chain(leaf) : chain(concatNames(leaf, untrusted.split(":")));
        boolean oursOk;
        try {
            verify(store(anchor), ch, null, -1, null, CertificatePolicy.LEGACY);
            oursOk = true;
        } catch (CertificateException e) {
            oursOk = false;
        }
        assertEquals(opensslOk, oursOk, r.output);
    }

    private static String[] concatNames(String first, String[] rest) {
        String[] r = new String[rest.length + 1];
        r[0] = first;
        System.arraycopy(rest, 0, r, 1, rest.length);
        return r;
    }

    private static byte[] concat(String[] names) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (String n : names) {
            out.writeBytes(TestCerts.bytes(n + ".pem"));
        }
        return out.toByteArray();
    }

    @Test
    void storeOperations() throws Exception {
        KeyStore ks = store("root", "rsaroot");
        assertEquals(2, ks.size());
        Set<String> aliases = new HashSet<>(Collections.list(ks.aliases()));
        assertEquals(Set.of("root", "rsaroot"), aliases);
        assertSame(ks.getCertificate("root"), ks.getCertificate("root"));
        assertEquals(c("root"), ks.getCertificate("root"));
        assertTrue(ks.containsAlias("root"));
        assertTrue(ks.contains(c("rsaroot")));
        assertEquals("rsaroot", ks.getCertificateAlias(c("rsaroot")));
        ks.deleteEntry("root");
        assertFalse(ks.containsAlias("root"));
        assertNull(ks.getCertificate("root"));
        assertFalse(ks.contains(c("root")));
        assertEquals(1, ks.size());
    }

    @Test
    void generationChangesWithEveryChangeOfTheContents() throws Exception {
        KeyStore ks = new KeyStore();
        long g = ks.getGeneration();
        assertFalse(g == new KeyStore().getGeneration(), "no two stores share a generation");
        ks.setCertificateEntry("root", c("root"));
        assertFalse(g == ks.getGeneration(), "added");
        g = ks.getGeneration();
        assertEquals(0, ks.loadCertificates(TestCerts.bytes("root.pem")));
        assertEquals(g, ks.getGeneration(), "nothing added");
        ks.deleteEntry("no such alias");
        assertEquals(g, ks.getGeneration(), "nothing deleted");
        ks.setCertificateEntry("root", c("inter"));
        assertFalse(g == ks.getGeneration(), "replaced");
        g = ks.getGeneration();
        assertEquals(1, ks.loadCertificates(TestCerts.bytes("rsaroot.pem")));
        assertFalse(g == ks.getGeneration(), "loaded");
        g = ks.getGeneration();
        ks.deleteEntry("root");
        assertFalse(g == ks.getGeneration(), "deleted");
    }

    /** A null host was a host check skipped; now it is a programming error, and "no host" is its own method. */
    @Test
    void nullHostIsAnErrorNotASkippedCheck() throws Exception {
        KeyStore ks = store("root");
        X509Certificate[] ch = chain("leaf", "inter");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ks.verifyChain(ch, NOW, null,
                X509Certificate.KU_DIGITAL_SIGNATURE, Oid.SERVER_AUTH, CertificatePolicy.MODERN));
        assertTrue(e.getMessage().contains("null host"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HostName.check(c("leaf"), null));
        assertThrows(IllegalArgumentException.class, () -> ks.verifyChain(ch, NOW, -1, null, null), "a policy is required");
        assertEquals(c("root"), ks.verifyChain(ch, NOW, -1, null, CertificatePolicy.MODERN));
    }

    @Test
    void loadFromABundle() throws Exception {
        KeyStore ks = new KeyStore();
        assertEquals(1, ks.loadCertificates(TestCerts.bytes("inter.der")));
        assertEquals(1, ks.loadCertificates(TestCerts.bytes("chain.pem"))); // leaf and (again) inter
        assertEquals(0, ks.loadCertificates(TestCerts.bytes("inter.pem")));
        ks.loadCertificates(TestCerts.bytes("future.pem"));
        assertEquals(Set.of("C=CH,O=KSSL Test,CN=device.example.com", "O=KSSL Test,CN=KSSL Test Intermediate",
                "CN=future.example.com"), new HashSet<>(Collections.list(ks.aliases())));
        assertEquals(c("leaf"), verify(ks, chain("leaf"), null, -1, null)); // the leaf is pinned
        assertEquals(c("inter"), verify(ks, chain("client"), null, -1, null));
        assertThrows(CertificateException.class, () -> ks.loadCertificates(TestCerts.bytes("leaf.key")));
        assertEquals(3, ks.size());
        KeyStore two = new KeyStore();
        two.setCertificateEntry("O=KSSL Test,CN=KSSL Test Intermediate", c("root"));
        two.loadCertificates(TestCerts.bytes("inter.der"));
        assertEquals(c("inter"), two.getCertificate("O=KSSL Test,CN=KSSL Test Intermediate#2"));
    }

    @Test
    void fingerprintIsSha256OfTheEncoding() throws Exception {
        X509Certificate c = c("leaf");
        assertArrayEquals(java.security.MessageDigest.getInstance("SHA-256").digest(c.getEncoded()),
                c.getFingerprintSha256());
        String openssl = TestCerts.openssl("x509", "-in", "leaf.pem", "-noout", "-fingerprint", "-sha256").output;
        assertTrue(openssl.replace(":", "").toLowerCase().contains(Bytes.hex(c.getFingerprintSha256(), 0, 32)), openssl);
    }
}
