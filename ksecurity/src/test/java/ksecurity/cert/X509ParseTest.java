package ksecurity.cert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Vector;

import javax.security.auth.x500.X500Principal;

import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Parses openssl-made certificates and compares every field with the JDK's parse. */
class X509ParseTest {
    @ParameterizedTest
    @ValueSource(strings = {"root", "inter", "leaf", "plain", "client", "crit", "noncrit", "inter2", "deep", "nobc",
        "nobcleaf", "expired", "future", "ca160", "dev160", "ca192", "ca224", "rsaroot", "rsaleaf", "rsaleaf224",
        "rsaleafmd5", "ca384", "ed", "sha384sig"})
    void fieldsMatchTheJdk(String name) throws Exception {
        X509Certificate c = TestCerts.cert(name);
        java.security.cert.X509Certificate j = TestCerts.jdk(name);
        assertArrayEquals(j.getEncoded(), c.getEncoded());
        assertArrayEquals(TestCerts.bytes(name + ".der"), CertificateFactory.generateCertificate(
                TestCerts.bytes(name + ".der")).getEncoded());
        assertEquals(j.getVersion(), c.getVersion());
        assertArrayEquals(j.getSerialNumber().toByteArray(), c.getSerialNumber());
        assertEquals(j.getSubjectX500Principal().getName(X500Principal.RFC2253), c.getSubjectDN());
        assertEquals(j.getIssuerX500Principal().getName(X500Principal.RFC2253), c.getIssuerDN());
        assertArrayEquals(j.getSubjectX500Principal().getEncoded(), c.getSubjectEncoded());
        assertArrayEquals(j.getIssuerX500Principal().getEncoded(), c.getIssuerEncoded());
        assertEquals(j.getNotBefore().getTime(), c.getNotBefore());
        assertEquals(j.getNotAfter().getTime(), c.getNotAfter());
        assertEquals(j.getSigAlgOID(), c.getSigAlgOID());
        if (name.equals("ed")) {
            assertEquals(c.getSigAlgOID(), c.getSigAlgName()); // what we do not verify goes by its OID
        } else {
            assertEquals(j.getSigAlgName().replace("SHA-", "SHA"), c.getSigAlgName());
        }
        assertArrayEquals(j.getSignature(), c.getSignature());
        assertArrayEquals(j.getTBSCertificate(), c.getTBSCertificate());
        assertEquals(j.getBasicConstraints(), c.getBasicConstraints());
        assertArrayEquals(j.getKeyUsage(), c.getKeyUsage());
        assertEquals(j.getExtendedKeyUsage(), c.getExtendedKeyUsage() == null ? null
                : Arrays.asList(c.getExtendedKeyUsage()));
        assertEquals(sans(j.getSubjectAlternativeNames()), ourSans(c.getSubjectAltNames()));
        assertEquals(nullToEmpty(j.getCriticalExtensionOIDs()), new HashSet<>(Arrays.asList(c.getCriticalExtensionOIDs())));
        Set<String> all = new HashSet<>(nullToEmpty(j.getCriticalExtensionOIDs()));
        all.addAll(nullToEmpty(j.getNonCriticalExtensionOIDs()));
        assertEquals(all, new HashSet<>(Arrays.asList(c.getExtensionOIDs())));
        assertEquals(j.hasUnsupportedCriticalExtension(), c.hasUnsupportedCriticalExtension());
        assertArrayEquals(keyId(j.getExtensionValue(Oid.SUBJECT_KEY_IDENTIFIER), false), c.getSubjectKeyIdentifier());
        assertArrayEquals(keyId(j.getExtensionValue(Oid.AUTHORITY_KEY_IDENTIFIER), true), c.getAuthorityKeyIdentifier());
        assertArrayEquals(j.getPublicKey().getEncoded(), c.getPublicKeyInfo().getEncoded());
        if (c.getPublicKeyInfo().isSupported()) {
            assertEquals(j.getPublicKey().getAlgorithm(), c.getPublicKeyInfo().getAlgorithm());
        }
    }

    /** JDK 17 dropped secp160r1 (and cannot decode its keys); Bouncy Castle still reads it. */
    @Test
    void secp160r1MatchesBouncyCastle() throws Exception {
        if (Security.getProvider("BC") == null) {
            Security.addProvider(new BouncyCastleProvider());
        }
        for (String name : new String[] {"ca160", "dev160"}) {
            X509Certificate c = TestCerts.cert(name);
            java.security.cert.X509Certificate b = (java.security.cert.X509Certificate)
                    java.security.cert.CertificateFactory.getInstance("X.509", "BC")
                            .generateCertificate(new java.io.ByteArrayInputStream(TestCerts.bytes(name + ".der")));
            assertArrayEquals(b.getPublicKey().getEncoded(), c.getPublicKeyInfo().getEncoded());
            assertEquals("secp160r1", c.getPublicKeyInfo().getCurveName());
            assertEquals(160, c.getPublicKeyInfo().getKeySize());
            assertEquals("SHA1withECDSA", c.getSigAlgName());
        }
    }

    /** The key identifier inside the JDK's getExtensionValue (an OCTET STRING around extnValue). */
    private static byte[] keyId(byte[] extensionValue, boolean authority) throws Exception {
        if (extensionValue == null) {
            return null;
        }
        org.bouncycastle.asn1.ASN1Primitive v = org.bouncycastle.asn1.ASN1Primitive.fromByteArray(
                org.bouncycastle.asn1.ASN1OctetString.getInstance(extensionValue).getOctets());
        return authority ? org.bouncycastle.asn1.x509.AuthorityKeyIdentifier.getInstance(v).getKeyIdentifier()
                : org.bouncycastle.asn1.ASN1OctetString.getInstance(v).getOctets();
    }

    private static Set<String> nullToEmpty(Set<String> s) {
        return s == null ? new HashSet<>() : s;
    }

    /** dNSName and iPAddress entries as "type:value" strings. */
    private static List<String> sans(Collection<List<?>> jdk) {
        if (jdk == null) {
            return null;
        }
        List<String> r = new ArrayList<>();
        for (List<?> e : jdk) {
            int type = (Integer) e.get(0);
            if (type == 2 || type == 7) {
                r.add(type + ":" + e.get(1));
            }
        }
        r.sort(null);
        return r;
    }

    private static List<String> ourSans(Vector<?> ours) {
        if (ours == null) {
            return null;
        }
        List<String> r = new ArrayList<>();
        for (Object o : ours) {
            Object[] e = (Object[]) o;
            r.add(e[0] + ":" + e[1]);
        }
        r.sort(null);
        return r;
    }

    @Test
    void leafDetails() throws Exception {
        X509Certificate c = TestCerts.cert("leaf");
        assertEquals(3, c.getVersion());
        assertEquals("C=CH,O=KSSL Test,CN=device.example.com", c.getSubjectDN());
        assertEquals("device.example.com", c.getSubjectCommonName());
        assertArrayEquals(new byte[] {0x12, 0x34, 0x56, 0x78, (byte) 0x90, (byte) 0xab, (byte) 0xcd, (byte) 0xef},
                c.getSerialNumber());
        assertEquals(-1, c.getBasicConstraints());
        boolean[] ku = c.getKeyUsage();
        assertEquals(9, ku.length);
        assertTrue(ku[X509Certificate.KU_DIGITAL_SIGNATURE]);
        assertTrue(ku[X509Certificate.KU_KEY_AGREEMENT]);
        assertFalse(ku[X509Certificate.KU_KEY_CERT_SIGN]);
        assertArrayEquals(new String[] {Oid.SERVER_AUTH, Oid.CLIENT_AUTH}, c.getExtendedKeyUsage());
        assertArrayEquals(new String[] {"device.example.com", "*.sensors.example.com"}, c.getDnsNames());
        assertArrayEquals(new byte[] {(byte) 192, (byte) 168, 1, 7}, c.getIpAddresses()[0]);
        assertEquals(16, c.getIpAddresses()[1].length);
        assertEquals("EC", c.getPublicKeyInfo().getAlgorithm());
        assertEquals("secp256r1", c.getPublicKeyInfo().getCurveName());
        assertEquals(65, c.getPublicKeyInfo().getW().length);
        assertEquals("SHA256withECDSA", c.getSigAlgName());
        assertEquals(0, TestCerts.cert("inter").getBasicConstraints());
        assertEquals(Integer.MAX_VALUE, TestCerts.cert("root").getBasicConstraints());
        assertNull(TestCerts.cert("root").getSubjectAltNames());
    }

    @Test
    void rsaKeyNumbers() throws Exception {
        X509Certificate c = TestCerts.cert("rsaleaf");
        java.security.interfaces.RSAPublicKey k = (java.security.interfaces.RSAPublicKey) TestCerts.jdk("rsaleaf").getPublicKey();
        assertEquals(1024, c.getPublicKeyInfo().getKeySize());
        assertEquals(k.getModulus(), new java.math.BigInteger(1, c.getPublicKeyInfo().getModulus()));
        assertEquals(k.getPublicExponent(), new java.math.BigInteger(1, c.getPublicKeyInfo().getExponent()));
        assertEquals(2048, TestCerts.cert("rsaroot").getPublicKeyInfo().getKeySize());
        assertEquals("SHA1withRSA", c.getSigAlgName());
        assertEquals("MD5withRSA", TestCerts.cert("rsaleafmd5").getSigAlgName());
        assertEquals("SHA224withRSA", TestCerts.cert("rsaleaf224").getSigAlgName());
    }

    /** Unsupported keys and signatures parse; using them fails with UNSUPPORTED_ALGORITHM. */
    @Test
    void unsupportedAlgorithmsParseButAreRefusedWhenUsed() throws Exception {
        for (String name : new String[] {"ca384", "ed"}) {
            X509Certificate c = TestCerts.cert(name);
            assertFalse(c.getPublicKeyInfo().isSupported());
            assertEquals(0, c.getPublicKeyInfo().getKeySize());
            CertificateException e = assertThrows(CertificateException.class, c::getPublicKey);
            assertEquals(CertificateException.UNSUPPORTED_ALGORITHM, e.getReason(), e.getMessage());
        }
        assertEquals("1.3.101.112", TestCerts.cert("ed").getPublicKeyInfo().getAlgorithm());
    }

    /** ecdsa-with-SHA384 (openssl's, by the P-256 root) is verified since KSecurity has SHA-384. */
    @Test
    void sha384SignaturesVerify() throws Exception {
        X509Certificate sha384 = TestCerts.cert("sha384sig");
        assertEquals("SHA384withECDSA", sha384.getSigAlgName());
        sha384.verify(TestCerts.cert("root").getPublicKey());
    }

    @Test
    void keysThatAreNotKeys() throws Exception {
        Tlv t = Tlv.parse(TestCerts.bytes("leaf.der"));
        byte[] point = t.at(0, 6, 1).value; // 00 04 x y
        point[point.length - 1] ^= 1;
        X509Certificate offCurve = CertificateFactory.generateCertificate(t.encode());
        CertificateException e = assertThrows(CertificateException.class, offCurve::getPublicKey);
        assertEquals(CertificateException.MALFORMED, e.getReason(), e.getMessage());
        t.at(0, 6, 1).value = java.util.Arrays.copyOf(point, 40);
        e = assertThrows(CertificateException.class, () -> CertificateFactory.generateCertificate(t.encode()));
        assertEquals("bad EC point encoding", e.getDetail());
        Tlv r = Tlv.parse(TestCerts.bytes("rsaleaf.der"));
        byte[] rsaKey = r.at(0, 6, 1).value; // 00, then RSAPublicKey: 30 81 89 02 81 81 00 n... 02 03 e
        rsaKey[rsaKey.length - 6] ^= 1; // the modulus made even
        e = assertThrows(CertificateException.class, () -> CertificateFactory.generateCertificate(r.encode()));
        assertEquals("bad RSA public key", e.getDetail());
    }

    @Test
    void unknownCriticalExtensionParsesButIsFlagged() throws Exception {
        X509Certificate c = TestCerts.cert("crit");
        assertTrue(c.hasUnsupportedCriticalExtension());
        CertificateException e = assertThrows(CertificateException.class, c::checkCriticalExtensions);
        assertEquals(CertificateException.UNKNOWN_CRITICAL_EXTENSION, e.getReason());
        assertTrue(e.getMessage().contains("1.2.3.4.5"), e.getMessage());
        X509Certificate n = TestCerts.cert("noncrit");
        assertFalse(n.hasUnsupportedCriticalExtension());
        n.checkCriticalExtensions();
    }

    @Test
    void checkValidity() throws Exception {
        X509Certificate c = TestCerts.cert("expired");
        c.checkValidity(c.getNotBefore());
        c.checkValidity(c.getNotAfter());
        assertEquals(CertificateException.EXPIRED,
                assertThrows(CertificateException.class, () -> c.checkValidity(System.currentTimeMillis())).getReason());
        assertEquals(CertificateException.NOT_YET_VALID,
                assertThrows(CertificateException.class, () -> c.checkValidity(c.getNotBefore() - 1)).getReason());
        X509Certificate f = TestCerts.cert("future");
        assertEquals(CertificateException.NOT_YET_VALID,
                assertThrows(CertificateException.class, () -> f.checkValidity(System.currentTimeMillis())).getReason());
        // 2055: a GeneralizedTime (UTCTime ends with 2049)
        assertEquals(java.time.Instant.parse("2055-01-01T00:00:00Z").toEpochMilli(), f.getNotAfter());
    }

    @Test
    void pemWithManyCertificates() throws Exception {
        Vector<?> v = CertificateFactory.generateCertificates(TestCerts.bytes("chain.pem"));
        assertEquals(2, v.size());
        assertEquals(TestCerts.cert("leaf"), v.elementAt(0));
        assertEquals(TestCerts.cert("inter"), v.elementAt(1));
        X509Certificate c = TestCerts.cert("leaf");
        assertEquals(c, CertificateFactory.generateCertificate(CertificateFactory.toPem(c).getBytes("US-ASCII")));
        assertEquals(CertificateException.MALFORMED, assertThrows(CertificateException.class,
                () -> CertificateFactory.generateCertificates(TestCerts.bytes("leaf.key"))).getReason());
        // DER certificates back to back, and one inside a larger buffer.
        byte[] leaf = TestCerts.bytes("leaf.der");
        byte[] inter = TestCerts.bytes("inter.der");
        byte[] both = new byte[leaf.length + inter.length + 3];
        System.arraycopy(leaf, 0, both, 0, leaf.length);
        System.arraycopy(inter, 0, both, leaf.length, inter.length);
        assertEquals(CertificateException.MALFORMED, assertThrows(CertificateException.class,
                () -> CertificateFactory.generateCertificates(both)).getReason()); // 3 stray zero bytes
        Vector<?> two = CertificateFactory.generateCertificates(Arrays.copyOf(both, both.length - 3));
        assertEquals(List.of(c, TestCerts.cert("inter")), new ArrayList<>(two));
        assertEquals(TestCerts.cert("inter"), CertificateFactory.generateCertificate(both, leaf.length, inter.length));
    }
}
