package sizzle.desktop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import ksecurity.cert.CertificateBuilder;
import ksecurity.cert.CertificateException;
import ksecurity.cert.CertificateFactory;
import ksecurity.cert.PrivateKeys;
import ksecurity.cert.X509Certificate;
import ksecurity.math.Curves;
import ksecurity.security.ECPrivateKey;
import ksecurity.security.KeyPair;
import ksecurity.security.PrivateKey;
import ksecurity.security.RSAPrivateCrtKey;
import kssl.tls.EcdhKey;
import kssl.tls.ServerIdentity;
import sizzle.gateway.bridge.JavaMoteServer;

/**
 * A server identity as C source for the motes' firmware: the Certificate message body exactly
 * as the Java engine writes it (RFC 5246 §7.4.2: certificate_list, leaf first), the chain's
 * signature pairs (the engine's scheme mask), and the private key: the EC scalar, or the RSA
 * key in CRT form with every half padded to n's half length (native/kernels/ks_rsa.h). The
 * arrays carry KS_FLASH, so a mote keeps them in flash. The output is one header, included
 * by exactly one C file, with an EC part (SZ_ID_EC) and/or an RSA part (SZ_ID_RSA).
 *
 * <p>Usage: {@code FirmwareIdentity OUT.h LABEL KEY.pem CHAIN.pem [KEY.pem CHAIN.pem]}: at most
 * one EC and one RSA identity. LABEL goes into the header's first comment (e.g. "TEST KEYS
 * ONLY"). Or {@code FirmwareIdentity --device BUILD NAME DIR}: a fresh DEMO identity for a
 * mote build (modern, legacy-ecc, legacy-rsa) written into DIR ({@link #device}), or the one DIR
 * holds, kept ({@link #deviceOrKept}).
 */
public final class FirmwareIdentity {
    private FirmwareIdentity() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 4 && args[0].equals("--device")) {
            try {
                X509Certificate leaf = deviceOrKept(args[1], args[2], Path.of(args[3]));
                System.out.println("trust " + Path.of(args[3]).resolve("ca.pem") + "; device certificate SHA-256 "
                        + ServerIdentities.fingerprint(leaf));
            } catch (IllegalArgumentException | IOException | CertificateException e) {
                Options.fail("firmware-identity", String.valueOf(e.getMessage()), 1);
            }
            return;
        }
        if (args.length != 4 && args.length != 6) {
            Options.exit("firmware-identity", "usage: OUT.h LABEL KEY.pem CHAIN.pem [KEY.pem CHAIN.pem]");
        }
        try {
            ServerIdentity a = ServerIdentities.load(Path.of(args[2]), Path.of(args[3])).identities().get(0);
            List<ServerIdentity> ids = args.length == 6
                    ? List.of(a, ServerIdentities.load(Path.of(args[4]), Path.of(args[5])).identities().get(0))
                    : List.of(a);
            Files.writeString(Path.of(args[0]), header(args[1], ids), StandardCharsets.US_ASCII);
        } catch (IllegalArgumentException | IOException | CertificateException e) {
            Options.fail("firmware-identity", String.valueOf(e.getMessage()), 1);
        }
    }

    /**
     * A fresh identity for a mote build, made as small as the radio wants it (the papers'
     * device certificate was 222 bytes): a CA of the build's curve (secp160r1 for the legacy
     * builds, P-256 for modern) with a short name; in the modern build the CA has its
     * subjectKeyIdentifier and the device certificate names it as authorityKeyIdentifier (RFC 5280
     * 4.2.1.1/2 MUST; 33 bytes, and strict validators refuse the chain without), in the legacy
     * builds neither, as the papers' v1 certificates; the device certificate named NAME, in the
     * legacy builds a v1 certificate with the name as its CN alone (as the papers'), in the
     * modern one with subjectAltName NAME, localhost and 127.0.0.1 (browsers require it); the
     * chain is the device certificate alone (RFC 5246 §7.4.2 lets the root go). Writes DIR/ca.pem (to
     * trust), DIR/device-key.pem, DIR/device-chain.pem and DIR/sz_identity.h; every file says
     * DEMO KEY. Returns the device certificate.
     */
    public static X509Certificate device(String build, String name, Path dir) throws IOException, CertificateException {
        boolean rsa = build.equals("legacy-rsa");
        if (!rsa && !build.equals("legacy-ecc") && !build.equals("modern")) {
            throw new IllegalArgumentException("build must be modern, legacy-ecc or legacy-rsa, not " + build);
        }
        int bits = build.equals("modern") ? 256 : 160;
        long now = System.currentTimeMillis();
        long hour = 3_600_000L;
        long year = 365L * 24 * hour;
        KeyPair caKeys = new KeyPair(KeyPair.ALG_EC_FP, (short) bits);
        caKeys.genKeyPair();
        X509Certificate ca = CertificateBuilder.selfSignedCa("Sizzle DEMO CA", caKeys.getPublic(),
                now - hour, now + 10 * year, 0).setSubjectKeyIdentifier(bits == 256).setSerialNumber(1).sign(caKeys.getPrivate());
        KeyPair keys = rsa ? new KeyPair(KeyPair.ALG_RSA_CRT, (short) 1024) : new KeyPair(KeyPair.ALG_EC_FP, (short) bits);
        keys.genKeyPair();
        CertificateBuilder b = CertificateBuilder.device(ca, name, keys.getPublic(), now - hour, now + 10 * year)
                .setSerialNumber(2);
        if (bits == 256) {
            b.addDnsName(name).addDnsName("localhost").addIpAddress("127.0.0.1");
        }
        X509Certificate leaf = b.sign(caKeys.getPrivate());
        String mark = "# DEMO KEY made for a mote build (" + build + ", " + name + "): not for production, never reuse.\n";
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("ca.pem"), mark + CertificateFactory.toPem(ca), StandardCharsets.US_ASCII);
        Files.writeString(dir.resolve("device-chain.pem"), mark + CertificateFactory.toPem(leaf), StandardCharsets.US_ASCII);
        Files.writeString(dir.resolve("device-key.pem"), mark + PrivateKeys.toPem(keys.getPrivate(), keys.getPublic()),
                StandardCharsets.US_ASCII);
        ServerIdentity id = new ServerIdentity(new X509Certificate[] {leaf}, keys.getPrivate());
        Files.writeString(dir.resolve("sz_identity.h"), header(label(build, name), List.of(id)),
                StandardCharsets.US_ASCII);
        return leaf;
    }

    /**
     * The identity DIR already holds (a state directory kept across runs), its header written again
     * from its PEM files if an older version wrote it; else a fresh one ({@link #device}).
     */
    public static X509Certificate deviceOrKept(String build, String name, Path dir) throws IOException, CertificateException {
        Path h = dir.resolve("sz_identity.h");
        if (!Files.isRegularFile(h)) {
            return device(build, name, dir);
        }
        List<ServerIdentity> ids = ServerIdentities.load(dir.resolve("device-key.pem"), dir.resolve("device-chain.pem"))
                .identities();
        if (!Files.readString(h, StandardCharsets.US_ASCII).contains("_certificate_id[")) {
            Files.writeString(h, header(label(build, name), ids), StandardCharsets.US_ASCII);
        }
        return ids.get(0).getChain()[0];
    }

    private static String label(String build, String name) {
        return "DEMO KEY (" + build + ", " + name + ")";
    }

    /** The header for these identities (at most one EC and one RSA). */
    public static String header(String label, List<ServerIdentity> ids) throws CertificateException {
        StringBuilder c = new StringBuilder();
        c.append("/* ").append(label).append(": the server identity of the C firmware, written by\n")
                .append("   sizzle.desktop.FirmwareIdentity; do not edit. Include from one C file only. */\n")
                .append("#include <stdint.h>\n\n");
        boolean ec = false;
        boolean rsa = false;
        for (ServerIdentity id : ids) {
            boolean isEc = id.getGroup() >= 0;
            if (isEc ? ec : rsa) {
                throw new IllegalArgumentException("at most one EC and one RSA identity");
            }
            String p = isEc ? "ec" : "rsa";
            X509Certificate leaf = id.getChain()[0];
            c.append("/* ").append(leaf.getSubjectDN()).append(", issued by ").append(leaf.getIssuerDN())
                    .append("; SHA-256 ").append(ServerIdentities.fingerprint(leaf)).append(" */\n");
            c.append("#define SZ_ID_").append(p.toUpperCase()).append(" 1\n");
            define(c, p, "CHAIN_SCHEMES", "0x" + Integer.toHexString(id.getChainSchemes()) + "UL");
            bytes(c, p, "certificate_list", certificateList(id.getChain()));
            // the certificate ID its READY-SLEEP announces (LINK.md §9.1): its Certificate message is its template 0
            bytes(c, p, "certificate_id", JavaMoteServer.book(List.of(id)).certificateId);
            if (isEc) {
                ec = true;
                int curve = EcdhKey.curveOf(id.getGroup());
                define(c, p, "GROUP", "0x" + Integer.toHexString(id.getGroup()));
                define(c, p, "CURVE", curve == Curves.SECP256R1 ? "KS_SECP256R1" : "KS_SECP160R1");
                byte[] d = new byte[Curves.orderBytes(curve)];
                ((ECPrivateKey) id.getKey()).getS(d, (short) 0);
                bytes(c, p, "d", d);
            } else {
                rsa = true;
                rsaKey(c, (RSAPrivateCrtKey) id.getKey(), leaf);
            }
        }
        return c.toString();
    }

    /** The Certificate message body: a 3-byte list length, then each DER with its 3-byte length. */
    static byte[] certificateList(X509Certificate[] chain) {
        int total = 0;
        for (X509Certificate x : chain) {
            total += 3 + x.getEncoded().length;
        }
        byte[] out = new byte[3 + total];
        put24(out, 0, total);
        int p = 3;
        for (X509Certificate x : chain) {
            byte[] der = x.getEncoded();
            put24(out, p, der.length);
            System.arraycopy(der, 0, out, p + 3, der.length);
            p += 3 + der.length;
        }
        return out;
    }

    private static void rsaKey(StringBuilder c, RSAPrivateCrtKey k, X509Certificate leaf) {
        byte[] n = strip(leaf.getPublicKeyInfo().getModulus());
        byte[] e = strip(leaf.getPublicKeyInfo().getExponent());
        int half = (n.length + 1) / 2;
        define(c, "rsa", "N_LEN", String.valueOf(n.length));
        define(c, "rsa", "E_LEN", String.valueOf(e.length));
        define(c, "rsa", "HALF_LEN", String.valueOf(half));
        bytes(c, "rsa", "n", n);
        bytes(c, "rsa", "e", e);
        byte[] buf = new byte[n.length];
        bytes(c, "rsa", "p", pad(buf, k.getP(buf, (short) 0), half));
        bytes(c, "rsa", "q", pad(buf, k.getQ(buf, (short) 0), half));
        bytes(c, "rsa", "dp", pad(buf, k.getDP1(buf, (short) 0), half));
        bytes(c, "rsa", "dq", pad(buf, k.getDQ1(buf, (short) 0), half));
        bytes(c, "rsa", "qinv", pad(buf, k.getPQ(buf, (short) 0), half));
        java.util.Arrays.fill(buf, (byte) 0);
    }

    /** The first len bytes of buf, big-endian, as exactly {@code width} bytes (leading zeros). */
    private static byte[] pad(byte[] buf, int len, int width) {
        byte[] v = strip(java.util.Arrays.copyOf(buf, len));
        if (v.length > width) {
            throw new IllegalArgumentException("an RSA CRT component is longer than half the modulus");
        }
        byte[] out = new byte[width];
        System.arraycopy(v, 0, out, width - v.length, v.length);
        return out;
    }

    private static byte[] strip(byte[] v) {
        int i = 0;
        while (i < v.length - 1 && v[i] == 0) {
            i++;
        }
        return java.util.Arrays.copyOfRange(v, i, v.length);
    }

    private static void define(StringBuilder c, String prefix, String name, String value) {
        c.append("#define SZ_ID_").append(prefix.toUpperCase()).append('_').append(name).append(' ').append(value)
                .append('\n');
    }

    private static void bytes(StringBuilder c, String prefix, String name, byte[] v) {
        define(c, prefix, name.toUpperCase() + "_BYTES", String.valueOf(v.length));
        c.append("static const uint8_t sz_id_").append(prefix).append('_').append(name).append('[')
                .append(v.length).append("] KS_FLASH = {");
        for (int i = 0; i < v.length; i++) {
            c.append(i % 16 == 0 ? "\n    " : " ").append(String.format("0x%02x", v[i] & 0xFF))
                    .append(i + 1 < v.length ? "," : "");
        }
        c.append("\n};\n");
    }

    private static void put24(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 16);
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) v;
    }
}
