package sizzle;

import java.time.Instant;
import ksecurity.cert.CertificateBuilder;
import ksecurity.cert.KeyStore;
import ksecurity.cert.X509Certificate;
import ksecurity.security.KeyPair;
import ksecurity.security.PrivateKey;
import ksecurity.security.PublicKey;
import ksecurity.security.RandomData;
import kssl.tls.Profile;
import kssl.tls.ServerIdentity;
import kssl.tls.TlsConfig;

/** TEST KEYS ONLY, made fresh per run: a P-256 CA and server identities for "thermostat.test". */
final class TlsTestKeys {
    static final String HOST = "thermostat.test";
    static final RandomData RANDOM = RandomData.getInstance(RandomData.ALG_SECURE_RANDOM);
    private static final long NOT_BEFORE = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    private static final long NOT_AFTER = Instant.parse("2046-01-01T00:00:00Z").toEpochMilli();
    private static final KeyPair CA_KEYS = ec(256);
    static final X509Certificate CA = ca();
    static final ServerIdentity P256 = identity(256, 2);
    static final ServerIdentity P160 = identity(160, 3);

    private TlsTestKeys() {
    }

    /** Why these configs may run on this module's weak random source (TlsConfig.allowWeakRandom). */
    static final String WEAK_RANDOM = "tests: sizzle-server's tests have no SecureRandom-backed entropy source";

    static TlsConfig server(int profile) {
        return TlsConfig.server(profile, RANDOM).allowWeakRandom(WEAK_RANDOM).addIdentity(profile == Profile.LEGACY ? P160 : P256);
    }

    static TlsConfig client(int profile) {
        KeyStore ks = new KeyStore();
        ks.setCertificateEntry("ca", CA);
        return TlsConfig.client(profile, RANDOM).allowWeakRandom(WEAK_RANDOM).setTrustStore(ks);
    }

    private static KeyPair ec(int bits) {
        KeyPair kp = new KeyPair(KeyPair.ALG_EC_FP, (short) bits);
        kp.genKeyPair();
        return kp;
    }

    private static X509Certificate ca() {
        try {
            return CertificateBuilder.selfSignedCa("sizzle TEST CA", CA_KEYS.getPublic(), NOT_BEFORE, NOT_AFTER, 0)
                    .sign(CA_KEYS.getPrivate());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static ServerIdentity identity(int bits, long serial) {
        KeyPair kp = ec(bits);
        PublicKey pub = kp.getPublic();
        PrivateKey priv = kp.getPrivate();
        try {
            X509Certificate cert = new CertificateBuilder().setIssuer(CA).setSubject(HOST).addDnsName(HOST)
                    .setValidity(NOT_BEFORE, NOT_AFTER).setPublicKey(pub, false).setSerialNumber(serial)
                    .sign(CA_KEYS.getPrivate());
            return new ServerIdentity(new X509Certificate[] {cert, CA}, priv);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
