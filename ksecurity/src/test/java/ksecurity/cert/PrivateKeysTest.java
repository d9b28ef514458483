package ksecurity.cert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.spec.PKCS8EncodedKeySpec;

import ksecurity.security.ECPrivateKey;
import ksecurity.security.ECPublicKey;
import ksecurity.security.PrivateKey;
import ksecurity.security.PublicKey;
import ksecurity.security.RSAPrivateCrtKey;
import ksecurity.security.RSAPublicKey;
import ksecurity.security.Signature;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Key files written by openssl, read here; keys written here, read by openssl. All TEST KEYS. */
class PrivateKeysTest {
    /** The EC scalar the JDK reads from the PKCS#8 form openssl made of the same key. */
    private static BigInteger jdkScalar(String pkcs8Pem) throws Exception {
        byte[] der = Pem.decodeAll(TestCerts.bytes(pkcs8Pem))[0].getDer();
        return ((java.security.interfaces.ECPrivateKey) KeyFactory.getInstance("EC")
                .generatePrivate(new PKCS8EncodedKeySpec(der))).getS();
    }

    private static BigInteger s(PrivateKey k) {
        byte[] b = new byte[40];
        int n = ((ECPrivateKey) k).getS(b, (short) 0);
        return new BigInteger(1, java.util.Arrays.copyOf(b, n));
    }

    @ParameterizedTest
    @CsvSource({"leaf.key", "leaf.p8.pem", "leaf.key.der"})
    void ecKeyFiles(String file) throws Exception {
        byte[] data = TestCerts.bytes(file);
        PrivateKey k = PrivateKeys.readPrivateKey(data);
        assertEquals(256, k.getSize());
        assertEquals(jdkScalar("leaf.p8.pem"), s(k));
        PublicKey pub = PrivateKeys.readPublicKey(data);
        byte[] w = new byte[65];
        ((ECPublicKey) pub).getW(w, (short) 0);
        assertArrayEquals(TestCerts.cert("leaf").getPublicKeyInfo().getW(), w);
        signAndCheckWithCertificate(k, Signature.ALG_ECDSA_SHA_256, "leaf", "SHA256withECDSA");
    }

    @Test
    void secp160r1KeyWithoutItsPublicPoint() throws Exception {
        PrivateKey k = PrivateKeys.readPrivateKey(TestCerts.bytes("dev160.nopub.key"));
        assertEquals(160, k.getSize());
        assertNull(PrivateKeys.readPublicKey(TestCerts.bytes("dev160.nopub.key")));
        PrivateKey full = PrivateKeys.readPrivateKey(TestCerts.bytes("dev160.key"));
        assertEquals(s(full), s(k));
    }

    @ParameterizedTest
    @CsvSource({"rsaleaf.key", "rsaleaf.p8.pem", "rsaleaf.pkcs1.pem"})
    void rsaKeyFiles(String file) throws Exception {
        byte[] data = TestCerts.bytes(file);
        PrivateKey k = PrivateKeys.readPrivateKey(data);
        assertTrue(k instanceof RSAPrivateCrtKey);
        assertEquals(1024, k.getSize());
        RSAPublicKey pub = (RSAPublicKey) PrivateKeys.readPublicKey(data);
        byte[] n = new byte[128];
        pub.getModulus(n, (short) 0);
        assertArrayEquals(TestCerts.cert("rsaleaf").getPublicKeyInfo().getModulus(), n);
        signAndCheckWithCertificate(k, Signature.ALG_RSA_SHA_256_PKCS1, "rsaleaf", "SHA256withRSA");
    }

    /** Signs with the parsed key; the JDK verifies with the certificate's public key. */
    private static void signAndCheckWithCertificate(PrivateKey k, byte alg, String cert, String jdkAlg) throws Exception {
        byte[] msg = "a message to sign".getBytes(StandardCharsets.US_ASCII);
        Signature s = Signature.getInstance(alg, false);
        s.init(k, Signature.MODE_SIGN);
        byte[] sig = new byte[300];
        int n = s.sign(msg, (short) 0, (short) msg.length, sig, (short) 0);
        java.security.Signature v = java.security.Signature.getInstance(jdkAlg);
        v.initVerify(TestCerts.jdk(cert).getPublicKey());
        v.update(msg);
        assertTrue(v.verify(java.util.Arrays.copyOf(sig, n)));
    }

    @ParameterizedTest
    @CsvSource({"leaf.key,prime256v1", "dev160.key,secp160r1"})
    void writtenKeysAreReadByOpenssl(String file, String curve) throws Exception {
        byte[] data = TestCerts.bytes(file);
        ECPrivateKey k = (ECPrivateKey) PrivateKeys.readPrivateKey(data);
        ECPublicKey pub = (ECPublicKey) PrivateKeys.readPublicKey(data);
        String pem = PrivateKeys.toPem(k, pub);
        assertTrue(pem.startsWith("-----BEGIN EC PRIVATE KEY-----\n"));
        TestCerts.write("written-" + file, pem.getBytes(StandardCharsets.US_ASCII));
        TestCerts.Result r = TestCerts.openssl("ec", "-in", "written-" + file, "-check", "-noout");
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("EC Key valid"), r.output);
        // Byte for byte what openssl itself writes for that key.
        TestCerts.Result same = TestCerts.openssl("ec", "-in", file, "-outform", "DER", "-out", file + ".sec1.der");
        assertEquals(0, same.exit, same.output);
        assertArrayEquals(TestCerts.bytes(file + ".sec1.der"), PrivateKeys.encodeEc(k, pub));
        // PKCS#8 likewise.
        TestCerts.Result p8 = TestCerts.openssl("pkcs8", "-topk8", "-nocrypt", "-in", file, "-outform", "DER",
                "-out", file + ".p8.der");
        assertEquals(0, p8.exit, p8.output);
        assertArrayEquals(TestCerts.bytes(file + ".p8.der"), PrivateKeys.encodePkcs8(k, pub));
        assertEquals(s(k), s(PrivateKeys.readPrivateKey(PrivateKeys.encodePkcs8(k, pub))));
        TestCerts.Result text = TestCerts.openssl("ec", "-in", "written-" + file, "-noout", "-text");
        assertTrue(text.output.contains("ASN1 OID: " + curve), text.output);
    }

    @Test
    void writtenRsaKeysAreReadByOpenssl() throws Exception {
        byte[] data = TestCerts.bytes("rsaleaf.pkcs1.pem");
        RSAPrivateCrtKey k = (RSAPrivateCrtKey) PrivateKeys.readPrivateKey(data);
        RSAPublicKey pub = (RSAPublicKey) PrivateKeys.readPublicKey(data);
        String pem = PrivateKeys.toPem(k, pub);
        assertTrue(pem.startsWith("-----BEGIN RSA PRIVATE KEY-----\n"));
        TestCerts.write("written-rsa.pem", pem.getBytes(StandardCharsets.US_ASCII));
        TestCerts.Result r = TestCerts.openssl("rsa", "-in", "written-rsa.pem", "-check", "-noout");
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("RSA key ok"), r.output);
        // Every number as openssl wrote it, except d: ours is e^-1 mod phi, openssl's mod lcm.
        DerReader ours = DerReader.open(Pem.decodeAll(pem.getBytes(StandardCharsets.US_ASCII))[0].getDer()).readSequence();
        DerReader theirs = DerReader.open(Pem.decodeAll(data)[0].getDer()).readSequence();
        BigInteger[] o = new BigInteger[9];
        BigInteger[] t = new BigInteger[9];
        for (int i = 0; i < 9; i++) {
            o[i] = new BigInteger(1, ours.readUnsignedInteger(512));
            t[i] = new BigInteger(1, theirs.readUnsignedInteger(512));
            if (i != 3) {
                assertEquals(t[i], o[i], "field " + i);
            }
        }
        BigInteger phi = o[4].subtract(BigInteger.ONE).multiply(o[5].subtract(BigInteger.ONE));
        assertEquals(BigInteger.ONE, o[2].multiply(o[3]).mod(phi));
        // PKCS#8 of the same key is read back to the same CRT numbers.
        byte[] p8 = PrivateKeys.encodePkcs8(k, pub);
        RSAPrivateCrtKey back = (RSAPrivateCrtKey) PrivateKeys.readPrivateKey(p8);
        byte[] a = new byte[64];
        byte[] b = new byte[64];
        assertArrayEquals(java.util.Arrays.copyOf(a, k.getP(a, (short) 0)), java.util.Arrays.copyOf(b, back.getP(b, (short) 0)));
        TestCerts.write("written-rsa.p8.der", p8);
        assertEquals(0, TestCerts.openssl("pkey", "-in", "written-rsa.p8.der", "-inform", "DER", "-check", "-noout").exit);
    }

    /** Random damage to key files: a CertificateException or a key, never anything else. */
    @ParameterizedTest
    @CsvSource({"leaf.key", "rsaleaf.p8.pem", "rsaleaf.pkcs1.pem", "dev160.key"})
    void randomDamageNeverEscapes(String file) throws Exception {
        byte[] good = Pem.decodeAll(TestCerts.bytes(file))[0].getDer();
        java.util.Random rnd = new java.util.Random(file.hashCode());
        int parsed = 0;
        for (int i = 0; i < 1500; i++) {
            byte[] bad = good.clone();
            for (int k = 1 + rnd.nextInt(2); k > 0; k--) {
                bad[rnd.nextInt(bad.length)] = (byte) rnd.nextInt(256);
            }
            try {
                PrivateKeys.readPrivateKey(bad);
                parsed++;
            } catch (CertificateException e) {
                // expected for most
            } catch (RuntimeException e) {
                org.junit.jupiter.api.Assertions.fail("mutation " + i + " escaped as " + e, e);
            }
        }
        assertTrue(parsed < 1500);
    }

    @Test
    void keyMatchesItsCertificate() throws Exception {
        assertTrue(PrivateKeys.matches(PrivateKeys.readPrivateKey(TestCerts.bytes("leaf.key")), TestCerts.cert("leaf")));
        assertTrue(PrivateKeys.matches(PrivateKeys.readPrivateKey(TestCerts.bytes("rsaleaf.key")), TestCerts.cert("rsaleaf")));
        assertTrue(PrivateKeys.matches(PrivateKeys.readPrivateKey(TestCerts.bytes("dev160.nopub.key")), TestCerts.cert("dev160")));
        org.junit.jupiter.api.Assertions.assertFalse(PrivateKeys.matches(
                PrivateKeys.readPrivateKey(TestCerts.bytes("plain.key")), TestCerts.cert("leaf")));
        org.junit.jupiter.api.Assertions.assertFalse(PrivateKeys.matches(
                PrivateKeys.readPrivateKey(TestCerts.bytes("rsaleaf.key")), TestCerts.cert("leaf")));
        org.junit.jupiter.api.Assertions.assertFalse(PrivateKeys.matches(
                PrivateKeys.readPrivateKey(TestCerts.bytes("dev160.key")), TestCerts.cert("leaf")));
    }

    @Test
    void badKeyFiles() {
        assertEquals(CertificateException.MALFORMED, assertThrows(CertificateException.class,
                () -> PrivateKeys.readPrivateKey(TestCerts.bytes("leaf.pem"))).getReason());
        assertEquals(CertificateException.MALFORMED, assertThrows(CertificateException.class,
                () -> PrivateKeys.readPrivateKey(new byte[] {0x30, 0x03, 0x02, 0x01, 0x05})).getReason());
        byte[] encrypted = "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMAA=\n-----END ENCRYPTED PRIVATE KEY-----\n"
                .getBytes(StandardCharsets.US_ASCII);
        assertEquals(CertificateException.UNSUPPORTED_ALGORITHM, assertThrows(CertificateException.class,
                () -> PrivateKeys.readPrivateKey(encrypted)).getReason());
        byte[] der = TestCerts.bytes("leaf.key.der");
        for (int n = 0; n < der.length; n++) {
            byte[] cut = java.util.Arrays.copyOf(der, n);
            assertThrows(CertificateException.class, () -> PrivateKeys.readPrivateKey(cut));
        }
    }
}
