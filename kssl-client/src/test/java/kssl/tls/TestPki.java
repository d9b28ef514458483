package kssl.tls;

import java.security.MessageDigest;
import java.time.Instant;
import ksecurity.cert.CertificateBuilder;
import ksecurity.cert.KeyStore;
import ksecurity.cert.X509Certificate;
import ksecurity.math.Curves;
import ksecurity.math.EcKeys;
import ksecurity.math.EcPoints;
import ksecurity.math.Ecdsa;
import ksecurity.prim.Sha256;
import ksecurity.security.ECPrivateKey;
import ksecurity.security.ECPublicKey;
import ksecurity.security.KeyBuilder;
import ksecurity.security.KeyPair;
import ksecurity.security.RSAPrivateCrtKey;
import ksecurity.security.RSAPublicKey;

/**
 * TEST KEYS ONLY. A CA and server identities made at test time with CertificateBuilder. The EC
 * keys are derived from fixed labels (SHA-256 of the label) and the CA signs the EC
 * certificates deterministically (RFC 6979 without the fresh input that KSecurity's signatures
 * add), so they are the same bytes on every run, as the stored transcripts need. RSA keys are
 * freshly generated (no transcript uses them).
 */
public final class TestPki {
    public static final long NOT_BEFORE = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    public static final long NOT_AFTER = Instant.parse("2046-01-01T00:00:00Z").toEpochMilli();
    public static final String HOST = "thermostat.test";

    private static final String CA_LABEL = "kssl TEST CA key (not secret)";
    public static final ECPrivateKey CA_KEY = ecPrivate(256, CA_LABEL);
    public static final X509Certificate CA = selfSigned();
    public static final ServerIdentity P256 = ecIdentity(256, "kssl TEST server P-256 key (not secret)", 2);
    public static final ServerIdentity P160 = ecIdentity(160, "kssl TEST server secp160r1 key (not secret)", 3);
    private static ServerIdentity rsa1024;
    private static ServerIdentity rsa512;

    private TestPki() {
    }

    public static KeyStore trustStore() {
        KeyStore ks = new KeyStore();
        ks.setCertificateEntry("test-ca", CA);
        return ks;
    }

    public static byte[] scalar(int bits, String label) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(label.getBytes("US-ASCII"));
            int curve = Curves.byBits(bits);
            byte[] d = new byte[Curves.orderBytes(curve)];
            int n = Math.min(d.length, h.length);
            System.arraycopy(h, 0, d, d.length - n, n);
            d[0] &= 0x7F; // below n for both curves
            if (bits == 160) {
                d[0] = 0;
            }
            EcKeys.checkPrivate(curve, d, 0);
            return d;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static ECPrivateKey ecPrivate(int bits, String label) {
        byte[] d = scalar(bits, label);
        ECPrivateKey k = (ECPrivateKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PRIVATE, (short) bits, false);
        k.setS(d, (short) 0, (short) d.length);
        return k;
    }

    public static ECPublicKey ecPublic(int bits, String label) {
        int curve = Curves.byBits(bits);
        byte[] xy = new byte[2 * Curves.fieldBytes(curve)];
        EcKeys.publicFromPrivate(curve, scalar(bits, label), 0, xy, 0);
        byte[] w = new byte[EcPoints.uncompressedLength(curve)];
        EcPoints.encode(curve, xy, 0, false, w, 0);
        ECPublicKey k = (ECPublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_EC_FP_PUBLIC, (short) bits, false);
        k.setW(w, (short) 0, (short) w.length);
        return k;
    }

    private static X509Certificate selfSigned() {
        try {
            return signByCa(CertificateBuilder.selfSignedCa("kssl TEST CA", ecPublic(256, CA_LABEL),
                    NOT_BEFORE, NOT_AFTER, 0).setSerialNumber(1));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** ecdsa-with-SHA256 by the CA key, RFC 6979 exactly (Ecdsa.sign with no fresh input). */
    private static X509Certificate signByCa(CertificateBuilder b) throws Exception {
        byte[] tbs = b.encodeTbs();
        byte[] h = MessageDigest.getInstance("SHA-256").digest(tbs);
        byte[] raw = new byte[64];
        Ecdsa.sign(Curves.SECP256R1, scalar(256, CA_LABEL), 0, h, 0, h.length, new Sha256(), null, raw, 0);
        byte[] der = new byte[Ecdsa.maxDerLength(Curves.SECP256R1)];
        int n = Ecdsa.derEncode(Curves.SECP256R1, raw, 0, der, 0);
        return CertificateBuilder.assemble(tbs, "1.2.840.10045.4.3.2", java.util.Arrays.copyOf(der, n));
    }

    private static ServerIdentity ecIdentity(int bits, String label, long serial) {
        try {
            X509Certificate cert = signByCa(new CertificateBuilder().setIssuer(CA).setSubject(HOST).addDnsName(HOST)
                    .setValidity(NOT_BEFORE, NOT_AFTER).setPublicKey(ecPublic(bits, label), false)
                    .setSerialNumber(serial));
            return new ServerIdentity(new X509Certificate[] {cert, CA}, ecPrivate(bits, label));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static ServerIdentity rsaIdentity(int bits, String host, long serial) {
        try {
            KeyPair kp = new KeyPair(KeyPair.ALG_RSA_CRT, (short) bits);
            kp.genKeyPair();
            X509Certificate cert = new CertificateBuilder().setIssuer(CA).setSubject(host).addDnsName(host)
                    .setValidity(NOT_BEFORE, NOT_AFTER).setPublicKey((RSAPublicKey) kp.getPublic(), false)
                    .setSerialNumber(serial).sign(CA_KEY);
            return new ServerIdentity(new X509Certificate[] {cert}, (RSAPrivateCrtKey) kp.getPrivate());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static synchronized ServerIdentity rsa1024() {
        if (rsa1024 == null) {
            rsa1024 = rsaIdentity(1024, HOST, 4);
        }
        return rsa1024;
    }

    public static synchronized ServerIdentity rsa512() {
        if (rsa512 == null) {
            rsa512 = rsaIdentity(512, HOST, 5);
        }
        return rsa512;
    }
}
