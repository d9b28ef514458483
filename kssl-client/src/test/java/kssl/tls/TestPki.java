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
import ksecurity.math.RsaKeyGen;
import ksecurity.math.RsaKeyMaterial;
import ksecurity.prim.Sha256;
import ksecurity.security.ECPrivateKey;
import ksecurity.security.ECPublicKey;
import ksecurity.security.KeyBuilder;
import ksecurity.security.PrivateKey;
import ksecurity.security.PublicKey;
import ksecurity.security.RSAPrivateCrtKey;
import ksecurity.security.RSAPublicKey;
import ksecurity.security.Signature;

/**
 * TEST KEYS ONLY. A CA and server identities made at test time with CertificateBuilder. The EC
 * keys are derived from fixed labels (SHA-256 of the label) and the CA signs the EC
 * certificates deterministically (RFC 6979 without the fresh input that KSecurity's signatures
 * add), so they are the same bytes on every run, as the stored transcripts need. RSA keys come
 * from KSecurity's key generation driven by a SeededRandom with a fixed label, so they too are
 * the same on every run.
 */
public final class TestPki {
    public static final long NOT_BEFORE = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    public static final long NOT_AFTER = Instant.parse("2046-01-01T00:00:00Z").toEpochMilli();
    public static final String HOST = "thermostat.test";

    private static final String CA_LABEL = "kssl TEST CA key (not secret)";
    public static final ECPrivateKey CA_KEY = ecPrivate(256, CA_LABEL);
    public static final X509Certificate CA = selfSigned();
    static final String P256_LABEL = "kssl TEST server P-256 key (not secret)";
    public static final ServerIdentity P256 = ecIdentity(256, P256_LABEL, 2);
    public static final ServerIdentity P160 = ecIdentity(160, "kssl TEST server secp160r1 key (not secret)", 3);
    /** A secp160r1 CA (SHA-256 signatures throughout): its key is below the modern floor. */
    public static final ECPrivateKey CA160_KEY = ecPrivate(160, "kssl TEST secp160r1 CA key (not secret)");
    public static final X509Certificate CA160 = ca160();
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
        return rsaIdentity(bits, host, serial, null);
    }

    /** The seeded RSA key of that size and a certificate for it, with a keyUsage extension if {@code keyUsage} is not null. */
    static ServerIdentity rsaIdentity(int bits, String host, long serial, boolean[] keyUsage) {
        try {
            RsaKeyMaterial m = RsaKeyGen.generate(bits, 65537, new SeededRandom("kssl TEST RSA key " + bits));
            RSAPublicKey pub = (RSAPublicKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_PUBLIC, (short) bits, false);
            pub.setModulus(m.n, (short) 0, (short) m.n.length);
            pub.setExponent(m.e, (short) 0, (short) m.e.length);
            RSAPrivateCrtKey priv = (RSAPrivateCrtKey) KeyBuilder.buildKey(KeyBuilder.TYPE_RSA_CRT_PRIVATE,
                    (short) bits, false);
            priv.setP(m.p, (short) 0, (short) m.p.length);
            priv.setQ(m.q, (short) 0, (short) m.q.length);
            priv.setDP1(m.dp, (short) 0, (short) m.dp.length);
            priv.setDQ1(m.dq, (short) 0, (short) m.dq.length);
            priv.setPQ(m.qinv, (short) 0, (short) m.qinv.length);
            CertificateBuilder b = new CertificateBuilder().setIssuer(CA).setSubject(host).addDnsName(host)
                    .setValidity(NOT_BEFORE, NOT_AFTER).setPublicKey(pub, false).setSerialNumber(serial);
            if (keyUsage != null) {
                b.setKeyUsage(keyUsage);
            }
            return new ServerIdentity(new X509Certificate[] {signByCa(b)}, priv);
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

    /** RSA-512: below every profile's floor as a certificate key (the papers' 512-bit keys were RSA_EXPORT's temporary ones). */
    public static synchronized ServerIdentity rsa512() {
        if (rsa512 == null) {
            rsa512 = rsaIdentity(512, HOST, 5);
        }
        return rsa512;
    }

    /** A certificate for {@code HOST} (or a CA, {@code ca}) with {@code key}, issued by {@code issuer}. */
    public static X509Certificate issue(X509Certificate issuer, PrivateKey issuerKey, String cn, PublicKey key, byte sigAlg,
            boolean ca, long notBefore, long notAfter, long serial) {
        try {
            CertificateBuilder b = new CertificateBuilder().setIssuer(issuer).setSubject(cn).setValidity(notBefore, notAfter)
                    .setPublicKey(key, false).setSignatureAlgorithm(sigAlg).setSerialNumber(serial);
            if (ca) {
                b.setCa(0).setSubjectKeyIdentifier(true);
            } else {
                b.addDnsName(cn);
            }
            return b.sign(issuerKey);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The RSA-1024 key under a certificate whose keyUsage is keyEncipherment alone (RSA key transport, never signing). */
    public static ServerIdentity rsaKeyEnciphermentOnly() {
        boolean[] ku = new boolean[X509Certificate.KU_KEY_ENCIPHERMENT + 1];
        ku[X509Certificate.KU_KEY_ENCIPHERMENT] = true;
        return rsaIdentity(1024, HOST, 14, ku);
    }

    /** The P-256 server key under a chain whose intermediate the test CA signed with ECDSA-SHA1 (below the modern floor). */
    public static ServerIdentity sha1Intermediate() {
        String label = "kssl TEST intermediate P-256 key (not secret)";
        X509Certificate inter = issue(CA, CA_KEY, "kssl TEST SHA-1 intermediate", ecPublic(256, label), Signature.ALG_ECDSA_SHA,
                true, NOT_BEFORE, NOT_AFTER, 10);
        X509Certificate leaf = issue(inter, ecPrivate(256, label), HOST, ecPublic(256, P256_LABEL),
                Signature.ALG_ECDSA_SHA_256, false, NOT_BEFORE, NOT_AFTER, 11);
        return new ServerIdentity(new X509Certificate[] {leaf, inter, CA}, P256.key);
    }

    private static X509Certificate ca160() {
        try {
            return CertificateBuilder.selfSignedCa("kssl TEST secp160r1 CA", ecPublic(160, "kssl TEST secp160r1 CA key (not secret)"),
                    NOT_BEFORE, NOT_AFTER, 0).setSerialNumber(12).sign(CA160_KEY);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The P-256 server key, certified by the secp160r1 CA. */
    public static ServerIdentity underCa160() {
        X509Certificate leaf = issue(CA160, CA160_KEY, HOST, ecPublic(256, P256_LABEL), Signature.ALG_ECDSA_SHA_256,
                false, NOT_BEFORE, NOT_AFTER, 13);
        return new ServerIdentity(new X509Certificate[] {leaf, CA160}, P256.key);
    }
}
