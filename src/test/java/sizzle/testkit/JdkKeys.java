package sizzle.testkit;

import java.io.ByteArrayInputStream;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.Provider;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import ksecurity.cert.X509Certificate;

/** KSecurity's keys and certificates as the JDK's, for the JSSE and Bouncy Castle peers of tests and benchmarks. */
public final class JdkKeys {
    private JdkKeys() {
    }

    public static java.security.cert.X509Certificate certificate(X509Certificate c) {
        try {
            return (java.security.cert.X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(c.getEncoded()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A PKCS#12 key store with one key entry, "server": the PKCS#8 key (EC or RSA, through the
     * given provider's KeyFactory; null: the JDK's, but secp160r1 needs Bouncy Castle's) and its chain.
     */
    public static KeyStore keyStore(byte[] pkcs8, String algorithm, X509Certificate[] chain, char[] password,
            Provider keyFactoryProvider) {
        try {
            KeyFactory kf = keyFactoryProvider == null ? KeyFactory.getInstance(algorithm)
                    : KeyFactory.getInstance(algorithm, keyFactoryProvider);
            Certificate[] jdkChain = new Certificate[chain.length];
            for (int i = 0; i < chain.length; i++) {
                jdkChain[i] = certificate(chain[i]);
            }
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(null, null);
            ks.setKeyEntry("server", kf.generatePrivate(new PKCS8EncodedKeySpec(pkcs8)), password, jdkChain);
            return ks;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
