package sizzle.interop;

import sizzle.testkit.JdkKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.Provider;
import java.security.cert.CertificateFactory;
import java.time.Instant;
import ksecurity.cert.CertificateBuilder;
import ksecurity.cert.PrivateKeys;
import ksecurity.cert.X509Certificate;
import ksecurity.security.ECPrivateKey;
import ksecurity.security.KeyPair;
import ksecurity.security.PrivateKey;
import ksecurity.security.PublicKey;
import kssl.tls.ServerIdentity;

/**
 * TEST KEYS ONLY, made fresh for each test run with KSecurity's CertificateBuilder: one P-256
 * CA and server certificates for "localhost" (and IP 127.0.0.1) on P-256, secp160r1, RSA-1024
 * and RSA-2048. The same keys are written as PEM files for the external peers (OpenSSL, curl,
 * nassl) and loaded into JDK key stores for JSSE and Bouncy Castle, so every peer sees the
 * very certificates the Sizzle server and the KSSL client use.
 */
final class InteropPki {
    static final String HOST = "localhost";
    static final char[] PASSWORD = "interop".toCharArray();

    /** A certificate chain (leaf, CA) and the leaf's key, in every form a peer needs. */
    static final class Entry {
        final ServerIdentity identity;
        final X509Certificate cert;
        final PrivateKey key;
        final PublicKey publicKey;
        final Path certPem;
        final Path keyPem;

        Entry(ServerIdentity identity, X509Certificate cert, PrivateKey key, PublicKey publicKey, Path certPem, Path keyPem) {
            this.identity = identity;
            this.cert = cert;
            this.key = key;
            this.publicKey = publicKey;
            this.certPem = certPem;
            this.keyPem = keyPem;
        }

        /** PKCS#8 DER of the private key. */
        byte[] pkcs8() {
            try {
                return PrivateKeys.encodePkcs8(key, publicKey);
            } catch (ksecurity.cert.CertificateException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static InteropPki instance;

    final Path dir;
    final X509Certificate ca;
    final Path caPem;
    final Entry p256;
    final Entry p160;
    final Entry rsa1024;
    final Entry rsa2048;

    private final ECPrivateKey caKey;
    private long serial = 1;

    /** The run's PKI (made once per test JVM, in a fresh temporary directory). */
    static synchronized InteropPki get() {
        if (instance == null) {
            try {
                instance = new InteropPki(Files.createTempDirectory("sizzle-interop-pki"));
            } catch (Exception e) {
                throw new IllegalStateException("cannot make the interop test PKI", e);
            }
        }
        return instance;
    }

    private InteropPki(Path dir) throws Exception {
        this.dir = dir;
        long notBefore = Instant.now().minusSeconds(3600).toEpochMilli();
        long notAfter = Instant.now().plusSeconds(30L * 24 * 3600).toEpochMilli();
        KeyPair caPair = new KeyPair(KeyPair.ALG_EC_FP, (short) 256);
        caPair.genKeyPair();
        caKey = (ECPrivateKey) caPair.getPrivate();
        ca = CertificateBuilder.selfSignedCa("Sizzle interop TEST CA", caPair.getPublic(), notBefore, notAfter, 0)
                .setSerialNumber(serial++).sign(caKey);
        caPem = write("ca.pem", ksecurity.cert.CertificateFactory.toPem(ca));
        p256 = leaf("p256", new KeyPair(KeyPair.ALG_EC_FP, (short) 256), notBefore, notAfter);
        p160 = leaf("p160", new KeyPair(KeyPair.ALG_EC_FP, (short) 160), notBefore, notAfter);
        rsa1024 = leaf("rsa1024", new KeyPair(KeyPair.ALG_RSA_CRT, (short) 1024), notBefore, notAfter);
        rsa2048 = leaf("rsa2048", new KeyPair(KeyPair.ALG_RSA_CRT, (short) 2048), notBefore, notAfter);
    }

    private Entry leaf(String name, KeyPair pair, long notBefore, long notAfter) throws Exception {
        pair.genKeyPair();
        X509Certificate cert = new CertificateBuilder().setIssuer(ca).setSubject(HOST).addDnsName(HOST)
                .addIpAddress("127.0.0.1").setValidity(notBefore, notAfter).setPublicKey(pair.getPublic(), false)
                .setSerialNumber(serial++).sign(caKey);
        X509Certificate[] chain = {cert, ca};
        String chainPem = ksecurity.cert.CertificateFactory.toPem(cert).concat(ksecurity.cert.CertificateFactory.toPem(ca));
        Path certPem = write(name + ".crt.pem", chainPem);
        Path keyPem = write(name + ".key.pem", PrivateKeys.toPem(pair.getPrivate(), pair.getPublic()));
        return new Entry(new ServerIdentity(chain, pair.getPrivate()), cert, pair.getPrivate(), pair.getPublic(), certPem, keyPem);
    }

    private Path write(String name, String text) throws IOException {
        return Files.write(dir.resolve(name), text.getBytes(StandardCharsets.US_ASCII));
    }

    /** KSSL's trust store: the test CA only. */
    ksecurity.cert.KeyStore ksslTrustStore() {
        ksecurity.cert.KeyStore ks = new ksecurity.cert.KeyStore();
        ks.setCertificateEntry("interop-ca", ca);
        return ks;
    }

    /** A JDK trust store holding the test CA only. */
    KeyStore jdkTrustStore() {
        try {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(null, null);
            ks.setCertificateEntry("interop-ca", jdkCertificate(ca));
            return ks;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A JDK key store with one entry's key and chain; EC and RSA keys through the given
     * provider's KeyFactory (null: the JDK's; secp160r1 needs Bouncy Castle's).
     */
    KeyStore jdkKeyStore(Entry e, Provider keyFactoryProvider) {
        String alg = e.key instanceof ksecurity.security.RSAPrivateCrtKey ? "RSA" : "EC";
        return JdkKeys.keyStore(e.pkcs8(), alg, new X509Certificate[] {e.cert, ca}, PASSWORD, keyFactoryProvider);
    }

    static java.security.cert.X509Certificate jdkCertificate(X509Certificate c) {
        return JdkKeys.certificate(c);
    }

    static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
