package sizzle.desktop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Vector;
import ksecurity.cert.CertificateBuilder;
import ksecurity.cert.CertificateException;
import ksecurity.cert.CertificateFactory;
import ksecurity.cert.PrivateKeys;
import ksecurity.cert.X509Certificate;
import ksecurity.security.KeyPair;
import ksecurity.security.PrivateKey;
import kssl.tls.Profile;
import kssl.tls.ServerIdentity;

/**
 * Where the desktop server's certificates and keys come from: generated fresh for the profile
 * (DEMO/TEST keys, written as PEM beside a CA certificate a client can trust), or loaded from
 * the operator's key and certificate files and checked to belong together.
 */
public final class ServerIdentities {
    /** What a demo certificate is good for: the loopback names. */
    static final String[] DNS_NAMES = {"localhost"};
    static final String[] IP_ADDRESSES = {"127.0.0.1", "::1"};
    private static final String MARK = "# DEMO/TEST KEY made by ./sizzle server: not for production, never reuse.\n";
    private static final long HOUR = 3_600_000L;
    private static final long YEAR = 365L * 24 * HOUR;

    /** The identities, leaf first in each chain; {@code ca} is null for loaded files. */
    public record Loaded(List<ServerIdentity> identities, X509Certificate ca, Path directory) {
        public X509Certificate leaf() {
            return identities.get(0).getChain()[0];
        }
    }

    private ServerIdentities() {
    }

    /**
     * A fresh CA and server identity for the profile, written into {@code dir}: modern, P-256
     * ECDSA; legacy, a secp160r1 key (ECDSA-signed certificate, static ECDH) and an RSA-1024
     * identity for the RSA suites, both issued by a secp160r1 CA.
     */
    public static Loaded generate(int profile, Path dir) throws IOException, CertificateException {
        return generate(profile, dir, new String[0]);
    }

    /** As above, the server certificate also naming {@code names} (DNS names: a gateway's device name). */
    public static Loaded generate(int profile, Path dir, String... names) throws IOException, CertificateException {
        int bits = profile == Profile.LEGACY ? 160 : 256;
        long now = System.currentTimeMillis();
        KeyPair caKeys = ec(bits);
        X509Certificate ca = CertificateBuilder.selfSignedCa("Sizzle DEMO CA (test key) " + Profile.name(profile),
                caKeys.getPublic(), now - HOUR, now + YEAR, 0).setSerialNumber(serial()).sign(caKeys.getPrivate());
        Files.createDirectories(dir);
        write(dir.resolve("ca.pem"), CertificateFactory.toPem(ca));
        List<ServerIdentity> ids = new ArrayList<>();
        KeyPair ecKeys = ec(bits);
        ids.add(issue(ca, caKeys, ecKeys, now, dir, "server", names));
        if (profile == Profile.LEGACY) {
            KeyPair rsa = new KeyPair(KeyPair.ALG_RSA_CRT, (short) 1024);
            rsa.genKeyPair();
            ids.add(issue(ca, caKeys, rsa, now, dir, "server-rsa", names));
        }
        return new Loaded(ids, ca, dir);
    }

    private static ServerIdentity issue(X509Certificate ca, KeyPair caKeys, KeyPair keys, long now, Path dir, String name,
            String[] names) throws IOException, CertificateException {
        CertificateBuilder b = new CertificateBuilder().setIssuer(ca).setSubject("localhost")
                .setValidity(now - HOUR, now + YEAR).setPublicKey(keys.getPublic(), false).setSerialNumber(serial());
        for (String d : DNS_NAMES) {
            b.addDnsName(d);
        }
        for (String d : names) {
            b.addDnsName(d);
        }
        for (String ip : IP_ADDRESSES) {
            b.addIpAddress(ip);
        }
        X509Certificate leaf = b.sign(caKeys.getPrivate());
        write(dir.resolve(name + "-cert.pem"), CertificateFactory.toPem(leaf) + CertificateFactory.toPem(ca));
        write(dir.resolve(name + "-key.pem"), PrivateKeys.toPem(keys.getPrivate(), keys.getPublic()));
        return new ServerIdentity(new X509Certificate[] {leaf, ca}, keys.getPrivate());
    }

    /** The operator's files: a private key (PEM or DER) and its certificate chain, leaf first. */
    public static Loaded load(Path keyFile, Path certFile) throws IOException, CertificateException {
        PrivateKey key = PrivateKeys.readPrivateKey(read(keyFile, "--key"));
        Vector<?> certs = CertificateFactory.generateCertificates(read(certFile, "--cert"));
        X509Certificate[] chain = new X509Certificate[certs.size()];
        certs.copyInto(chain);
        if (!PrivateKeys.matches(key, chain[0])) {
            throw new IllegalArgumentException(keyFile + " is not the key of the certificate in " + certFile);
        }
        try {
            return new Loaded(List.of(new ServerIdentity(chain, key)), null, null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(certFile + ": " + e.getMessage());
        }
    }

    private static byte[] read(Path file, String option) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(option + ": no such file: " + file);
        }
        return Files.readAllBytes(file);
    }

    private static KeyPair ec(int bits) {
        KeyPair kp = new KeyPair(KeyPair.ALG_EC_FP, (short) bits);
        kp.genKeyPair();
        return kp;
    }

    /** A random positive 63-bit serial, so that regenerated certificates never share one. */
    private static long serial() {
        return new java.security.SecureRandom().nextLong() >>> 1 | 1;
    }

    private static void write(Path file, String pem) throws IOException {
        Files.writeString(file, MARK + pem, StandardCharsets.US_ASCII);
    }

    /** SHA-256 fingerprint as colon-separated hex, as openssl x509 -fingerprint -sha256 prints it. */
    public static String fingerprint(X509Certificate cert) {
        byte[] fp = cert.getFingerprintSha256();
        StringBuilder s = new StringBuilder();
        for (byte b : fp) {
            if (s.length() > 0) {
                s.append(':');
            }
            s.append(String.format("%02X", b & 0xFF));
        }
        return s.toString();
    }
}
