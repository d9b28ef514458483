package ksecurity.cert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.Security;

import ksecurity.security.KeyPair;
import ksecurity.security.Signature;

import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;

/**
 * Issued certificates: small, accepted by the JDK's parser, verified by the JDK (Bouncy Castle
 * for secp160r1, which JDK 17 dropped), by `openssl verify`, and by our own KeyStore.
 */
class CertificateBuilderTest {
    private static final long DAY = 86400000L;
    private static final long NOW = System.currentTimeMillis() / 1000 * 1000;

    private static KeyPair ec(int bits) {
        KeyPair kp = new KeyPair(KeyPair.ALG_EC_FP, (short) bits);
        kp.genKeyPair();
        return kp;
    }

    private static String pem(String file, X509Certificate c) {
        TestCerts.write(file, CertificateFactory.toPem(c).getBytes(StandardCharsets.US_ASCII));
        return file;
    }

    private static void opensslVerifies(String caFile, String certFile, String... extra) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("verify", "-x509_strict",
                "-auth_level", "0", "-CAfile", caFile));
        args.addAll(java.util.List.of(extra));
        args.add(certFile);
        TestCerts.Result r = TestCerts.openssl(args.toArray(new String[0]));
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains(": OK"), r.output);
    }

    /** The paper's device certificate: secp160r1, ecdsa-with-SHA1, secp160r1 CA; at most 222 bytes. */
    @Test
    void secp160r1DeviceCertificateIsAtMost222Bytes() throws Exception {
        KeyPair caKeys = ec(160);
        KeyPair devKeys = ec(160);
        X509Certificate ca = CertificateBuilder.selfSignedCa("CA", caKeys.getPublic(), NOW - DAY, NOW + 3650 * DAY, 0)
                .setSignatureAlgorithm(Signature.ALG_ECDSA_SHA).sign(caKeys.getPrivate());
        X509Certificate dev = CertificateBuilder.device(ca, "dev1", devKeys.getPublic(), NOW - DAY, NOW + 3650 * DAY)
                .setSerialNumber(2).setSignatureAlgorithm(Signature.ALG_ECDSA_SHA).sign(caKeys.getPrivate());
        int size = dev.getEncoded().length;
        System.out.println("secp160r1/ecdsa-with-SHA1 device certificate: " + size + " bytes (paper: 222); CA: "
                + ca.getEncoded().length + " bytes");
        assertTrue(size <= 222, "device certificate of " + size + " bytes");
        assertEquals(1, dev.getVersion());
        assertEquals("CN=dev1", dev.getSubjectDN());
        assertEquals("CN=CA", dev.getIssuerDN());

        if (Security.getProvider("BC") == null) {
            Security.addProvider(new BouncyCastleProvider());
        }
        java.security.cert.X509Certificate jdkDev = TestCerts.jdk(dev.getEncoded());
        java.security.cert.X509Certificate bcCa = (java.security.cert.X509Certificate)
                java.security.cert.CertificateFactory.getInstance("X.509", "BC")
                        .generateCertificate(new java.io.ByteArrayInputStream(ca.getEncoded()));
        jdkDev.verify(bcCa.getPublicKey(), "BC");
        bcCa.verify(bcCa.getPublicKey(), "BC");

        opensslVerifies(pem("b160-ca.pem", ca), pem("b160-dev.pem", dev));
        KeyStore ks = new KeyStore();
        ks.setCertificateEntry("ca", ca);
        ks.verifyChain(new X509Certificate[] {dev}, NOW, "dev1", X509Certificate.KU_DIGITAL_SIGNATURE, Oid.SERVER_AUTH,
                CertificatePolicy.LEGACY);

        // With the point compressed (RFC 5480 allows it; openssl reads it).
        X509Certificate small = CertificateBuilder.device(ca, "dev1", devKeys.getPublic(), NOW - DAY, NOW + 3650 * DAY)
                .setPublicKey(devKeys.getPublic(), true).setSerialNumber(2)
                .setSignatureAlgorithm(Signature.ALG_ECDSA_SHA).sign(caKeys.getPrivate());
        System.out.println("  with a compressed point: " + small.getEncoded().length + " bytes");
        // Exactly the 20 bytes of y go from the signed part (whose DER length field may then
        // shrink by a byte); the whole certificate also varies with the signatures' INTEGER
        // lengths, so it is not compared.
        byte[] tbs = dev.getTBSCertificate();
        int content = tbs.length - (tbs[1] >= 0 ? 2 : 2 + (tbs[1] & 0x7F)) - 20;
        assertEquals(content + (content < 128 ? 2 : content < 256 ? 3 : 4), small.getTBSCertificate().length);
        opensslVerifies("b160-ca.pem", pem("b160-small.pem", small));
    }

    /** The size over many keys and signatures (ECDSA signatures vary by a few bytes). */
    @Test
    void secp160r1DeviceCertificateSizes() throws Exception {
        KeyPair caKeys = ec(160);
        X509Certificate ca = CertificateBuilder.selfSignedCa("CA", caKeys.getPublic(), NOW, NOW + DAY, 0)
                .setSignatureAlgorithm(Signature.ALG_ECDSA_SHA).sign(caKeys.getPrivate());
        int min = Integer.MAX_VALUE;
        int max = 0;
        int worst = 0;
        for (int i = 1; i <= 40; i++) {
            X509Certificate dev = CertificateBuilder.device(ca, "dev" + (i % 10), ec(160).getPublic(), NOW, NOW + DAY)
                    .setSerialNumber(i).setSignatureAlgorithm(Signature.ALG_ECDSA_SHA).sign(caKeys.getPrivate());
            dev.verify(ca.getPublicKey());
            min = Math.min(min, dev.getEncoded().length);
            max = Math.max(max, dev.getEncoded().length);
            // The longest signature possible: r, s < n < 2^161 are INTEGERs of at most 2 + 21
            // bytes (no sign octet: n's top byte is 0x01), so Ecdsa-Sig-Value is at most 48.
            worst = Math.max(worst, dev.getEncoded().length - dev.getSignature().length + 48);
        }
        System.out.println("secp160r1 device certificates, 40 keys: " + min + ".." + max
                + " bytes; with the longest possible signature: " + worst);
        assertTrue(worst <= 222, "worst case " + worst);
        assertTrue(max <= worst);
    }

    /** P-256 with ecdsa-with-SHA256, as the modern profile uses: a server certificate with extensions too. */
    @Test
    void p256Certificates() throws Exception {
        KeyPair caKeys = ec(256);
        KeyPair devKeys = ec(256);
        X509Certificate ca = CertificateBuilder.selfSignedCa("Sizzle Test CA", caKeys.getPublic(), NOW - DAY,
                NOW + 3650 * DAY, -1).setSerialNumber(0x1000).sign(caKeys.getPrivate());
        assertEquals(Integer.MAX_VALUE, ca.getBasicConstraints());
        assertTrue(ca.getKeyUsage()[X509Certificate.KU_KEY_CERT_SIGN]);
        X509Certificate dev = CertificateBuilder.device(ca, "dev1", devKeys.getPublic(), NOW - DAY, NOW + 3650 * DAY)
                .setSerialNumber(2).sign(caKeys.getPrivate());
        System.out.println("P-256/ecdsa-with-SHA256 device certificate: " + dev.getEncoded().length + " bytes; CA: "
                + ca.getEncoded().length + " bytes");

        boolean[] ku = new boolean[9];
        ku[X509Certificate.KU_DIGITAL_SIGNATURE] = true;
        X509Certificate server = new CertificateBuilder().setIssuer(ca).setSubject("thermostat.local")
                .setSerialNumber(3).setValidity(NOW - DAY, NOW + 365 * DAY).setPublicKey(devKeys.getPublic(), false)
                .setKeyUsage(ku).setExtendedKeyUsage(new String[] {Oid.SERVER_AUTH})
                .addDnsName("thermostat.local").addIpAddress("10.0.0.7").addIpAddress("fe80::7")
                .sign(caKeys.getPrivate());
        System.out.println("  with keyUsage, extendedKeyUsage, subjectAltName: " + server.getEncoded().length + " bytes");
        byte[] caKeyBits = TestCerts.jdk(ca.getEncoded()).getPublicKey().getEncoded();
        caKeyBits = java.util.Arrays.copyOfRange(caKeyBits, caKeyBits.length - 65, caKeyBits.length);
        assertArrayEquals(java.security.MessageDigest.getInstance("SHA-1").digest(caKeyBits), ca.getSubjectKeyIdentifier());
        assertNull(ca.getAuthorityKeyIdentifier()); // self-signed: omitted
        assertArrayEquals(ca.getSubjectKeyIdentifier(), server.getAuthorityKeyIdentifier());
        assertNull(dev.getAuthorityKeyIdentifier()); // v1: no extensions at all
        assertEquals(3, server.getVersion());

        for (X509Certificate c : new X509Certificate[] {ca, dev, server}) {
            java.security.cert.X509Certificate j = TestCerts.jdk(c.getEncoded());
            j.verify(TestCerts.jdk(ca.getEncoded()).getPublicKey());
            assertArrayEquals(j.getEncoded(), c.getEncoded());
            assertEquals(j.getSubjectX500Principal().getName(), c.getSubjectDN());
        }
        java.security.cert.X509Certificate j = TestCerts.jdk(server.getEncoded());
        assertEquals(java.util.List.of(Oid.SERVER_AUTH), j.getExtendedKeyUsage());
        assertEquals(-1, j.getBasicConstraints());
        assertTrue(j.getKeyUsage()[0]);
        assertEquals(3, j.getSubjectAlternativeNames().size());
        assertEquals(NOW - DAY, j.getNotBefore().getTime());

        String caFile = pem("b256-ca.pem", ca);
        opensslVerifies(caFile, pem("b256-dev.pem", dev));
        opensslVerifies(caFile, pem("b256-server.pem", server), "-purpose", "sslserver", "-verify_hostname",
                "thermostat.local");
        opensslVerifies(caFile, "b256-server.pem", "-verify_ip", "10.0.0.7");

        KeyStore ks = new KeyStore();
        ks.setCertificateEntry("ca", ca);
        ks.verifyChain(new X509Certificate[] {server}, NOW, "fe80::7", X509Certificate.KU_DIGITAL_SIGNATURE,
                Oid.SERVER_AUTH, CertificatePolicy.MODERN);
    }

    @Test
    void rsaCertificates() throws Exception {
        KeyPair caKeys = new KeyPair(KeyPair.ALG_RSA_CRT, (short) 2048);
        caKeys.genKeyPair();
        KeyPair devKeys = new KeyPair(KeyPair.ALG_RSA_CRT, (short) 1024);
        devKeys.genKeyPair();
        X509Certificate ca = CertificateBuilder.selfSignedCa("RSA CA", caKeys.getPublic(), NOW - DAY, NOW + DAY, 1)
                .setSignatureAlgorithm(Signature.ALG_RSA_SHA_256_PKCS1).sign(caKeys.getPrivate());
        X509Certificate dev = CertificateBuilder.device(ca, "rsa-dev", devKeys.getPublic(), NOW - DAY, NOW + DAY)
                .setSignatureAlgorithm(Signature.ALG_RSA_SHA_256_PKCS1).sign(caKeys.getPrivate());
        System.out.println("RSA-1024 device certificate signed by RSA-2048 (SHA-256): " + dev.getEncoded().length
                + " bytes (paper's RSA certificate: 413)");
        TestCerts.jdk(dev.getEncoded()).verify(TestCerts.jdk(ca.getEncoded()).getPublicKey());
        opensslVerifies(pem("brsa-ca.pem", ca), pem("brsa-dev.pem", dev));
        dev.verify(ca.getPublicKey());

        // As the paper's RSA certificate: RSA-1024 signed by RSA-1024 (here with SHA-1).
        KeyPair ca1024 = new KeyPair(KeyPair.ALG_RSA_CRT, (short) 1024);
        ca1024.genKeyPair();
        X509Certificate smallCa = CertificateBuilder.selfSignedCa("CA", ca1024.getPublic(), NOW - DAY, NOW + DAY, 0)
                .setSignatureAlgorithm(Signature.ALG_RSA_SHA_PKCS1).sign(ca1024.getPrivate());
        X509Certificate small = CertificateBuilder.device(smallCa, "dev1", devKeys.getPublic(), NOW - DAY, NOW + DAY)
                .setSignatureAlgorithm(Signature.ALG_RSA_SHA_PKCS1).sign(ca1024.getPrivate());
        System.out.println("RSA-1024 device certificate signed by RSA-1024 (SHA-1): " + small.getEncoded().length
                + " bytes");
        assertTrue(small.getEncoded().length <= 413);
        opensslVerifies(pem("brsa1024-ca.pem", smallCa), pem("brsa1024-dev.pem", small));
    }

    @Test
    void refusals() throws Exception {
        KeyPair ecKeys = ec(256);
        ksecurity.security.Key empty = ksecurity.security.KeyBuilder.buildKey(
                ksecurity.security.KeyBuilder.TYPE_EC_FP_PUBLIC, (short) 256, false);
        CertificateBuilder b = new CertificateBuilder().setIssuer("CA").setSubject("dev").setValidity(NOW, NOW + DAY)
                .setPublicKey((ksecurity.security.PublicKey) empty, false);
        assertEquals(CertificateException.MALFORMED,
                org.junit.jupiter.api.Assertions.assertThrows(CertificateException.class, b::encodeTbs).getReason());
        b.setPublicKey(ecKeys.getPublic(), false).setSignatureAlgorithm(Signature.ALG_RSA_SHA_256_PKCS1);
        assertEquals(CertificateException.UNSUPPORTED_ALGORITHM, org.junit.jupiter.api.Assertions.assertThrows(
                CertificateException.class, () -> b.sign(ecKeys.getPrivate())).getReason());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> b.setSerialNumber(0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> b.addIpAddress("10.0.0"));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> new CertificateBuilder().setSubject("x").encodeTbs());
    }

    /** A signature made elsewhere (here by the JDK) goes in through assemble(). */
    @Test
    void assembleWithAnOutsideSignature() throws Exception {
        java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance("EC");
        g.initialize(256);
        java.security.KeyPair jdkCa = g.generateKeyPair();
        KeyPair devKeys = ec(256);
        byte[] tbs = new CertificateBuilder().setIssuer("Outside CA").setSubject("dev").setValidity(NOW, NOW + DAY)
                .setPublicKey(devKeys.getPublic(), false).encodeTbs();
        java.security.Signature s = java.security.Signature.getInstance("SHA256withECDSA");
        s.initSign(jdkCa.getPrivate());
        s.update(tbs);
        X509Certificate c = CertificateBuilder.assemble(tbs, Oid.ECDSA_WITH_SHA256, s.sign());
        TestCerts.jdk(c.getEncoded()).verify(jdkCa.getPublic());
        assertNull(c.getKeyUsage());
        assertEquals(NOW + DAY, c.getNotAfter());
    }
}
