package sizzle.desktop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kssl.tls.ServerIdentity;
import org.bouncycastle.asn1.pkcs.RSAPrivateKey;
import org.bouncycastle.asn1.sec.ECPrivateKey;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.util.io.pem.PemReader;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The C firmware's identities for the stored transcripts (native/sizzle/identities/test-*.h),
 * made by FirmwareIdentity from the transcripts' PEM files: as committed (run with
 * -Dsizzle.firmware.write=true to write them again), and holding exactly the chain and key of
 * the PEM files as the JDK and Bouncy Castle read them (not our own parsers).
 */
class FirmwareIdentityTest {
    private static final Path ROOT = root();
    private static final Path KEYS = ROOT.resolve("kssl-client/src/test/resources/transcripts/keys");
    private static final Path OUT = ROOT.resolve("native/sizzle/identities");

    private static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isRegularFile(p.resolve("sizzle")) || !Files.isRegularFile(p.resolve("pom.xml"))) {
            p = p.getParent();
        }
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = {"p256", "p160", "rsa1024"})
    void headerAsCommittedAndHoldingThePemFiles(String name) throws Exception {
        Path key = KEYS.resolve(name + "-key.pem");
        Path chain = KEYS.resolve(name + "-chain.pem");
        ServerIdentity id = ServerIdentities.load(key, chain).identities().get(0);
        String header = FirmwareIdentity.header("TEST KEYS ONLY (the stored transcripts' " + name + " identity)",
                List.of(id));
        Path file = OUT.resolve("test-" + name + ".h");
        if (Boolean.getBoolean("sizzle.firmware.write")) {
            Files.createDirectories(OUT);
            Files.writeString(file, header, StandardCharsets.US_ASCII);
        }
        assertEquals(Files.readString(file, StandardCharsets.US_ASCII), header, "matches " + file);

        Map<String, byte[]> arrays = arrays(header);
        boolean ec = !name.startsWith("rsa");
        String p = ec ? "ec" : "rsa";
        assertArrayEquals(certificateList(chain), arrays.get("sz_id_" + p + "_certificate_list"));
        PemObject pem = new PemReader(new StringReader(Files.readString(key))).readPemObject();
        if (ec) {
            BigInteger d = ECPrivateKey.getInstance(pem.getContent()).getKey();
            assertEquals(d, new BigInteger(1, arrays.get("sz_id_ec_d")));
            assertEquals(name.equals("p256") ? 32 : 21, arrays.get("sz_id_ec_d").length, "order length");
            assertTrue(header.contains(name.equals("p256") ? "KS_SECP256R1" : "KS_SECP160R1"));
        } else {
            RSAPrivateKey k = RSAPrivateKey.getInstance(pem.getContent());
            int half = (k.getModulus().bitLength() + 15) / 16;
            assertEquals(k.getModulus(), new BigInteger(1, arrays.get("sz_id_rsa_n")));
            assertEquals(k.getPublicExponent(), new BigInteger(1, arrays.get("sz_id_rsa_e")));
            BigInteger[] want = {k.getPrime1(), k.getPrime2(), k.getExponent1(), k.getExponent2(), k.getCoefficient()};
            String[] names = {"p", "q", "dp", "dq", "qinv"};
            for (int i = 0; i < names.length; i++) {
                byte[] v = arrays.get("sz_id_rsa_" + names[i]);
                assertEquals(half, v.length, names[i] + " padded to half of n");
                assertEquals(want[i], new BigInteger(1, v), names[i]);
            }
        }
    }

    /**
     * A mote build's fresh identity: the device certificate alone as the chain, issued by the
     * CA written beside it (as Bouncy Castle checks the signature), small (the papers' device
     * certificate was 222 bytes), named as asked, every file marked as a DEMO key, and the
     * header holding exactly the chain and the key.
     */
    @ParameterizedTest
    @ValueSource(strings = {"legacy-ecc", "legacy-rsa", "modern"})
    void deviceIdentityForAMoteBuild(String build, @TempDir Path dir) throws Exception {
        ksecurity.cert.X509Certificate made = FirmwareIdentity.device(build, "localhost", dir);
        for (String f : new String[] {"ca.pem", "device-chain.pem", "device-key.pem", "sz_identity.h"}) {
            assertTrue(Files.readString(dir.resolve(f)).contains("DEMO KEY"), f + " says DEMO KEY");
        }
        X509Certificate ca = (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(Files.readAllBytes(dir.resolve("ca.pem"))));
        Collection<? extends java.security.cert.Certificate> chain = CertificateFactory.getInstance("X.509")
                .generateCertificates(new ByteArrayInputStream(Files.readAllBytes(dir.resolve("device-chain.pem"))));
        assertEquals(1, chain.size(), "the device certificate alone");
        X509Certificate leaf = (X509Certificate) chain.iterator().next();
        assertArrayEquals(made.getEncoded(), leaf.getEncoded());
        org.bouncycastle.jce.provider.BouncyCastleProvider bc = new org.bouncycastle.jce.provider.BouncyCastleProvider();
        assertTrue(new X509CertificateHolder(leaf.getEncoded()).isSignatureValid(
                new JcaContentVerifierProviderBuilder().setProvider(bc).build(new X509CertificateHolder(ca.getEncoded()))),
                "signed by the CA beside it");
        assertEquals(ca.getSubjectX500Principal(), leaf.getIssuerX500Principal());
        assertTrue(leaf.getSubjectX500Principal().getName().equals("CN=localhost"));
        if (build.equals("modern")) {
            assertEquals(3, leaf.getSubjectAlternativeNames().size(), "name, localhost, 127.0.0.1: browsers want them");
            // RFC 5280 4.2.1.2 and 4.2.1.1: a CA certificate MUST carry a subjectKeyIdentifier and the
            // certificates it issues its keyIdentifier as authorityKeyIdentifier (strict validators,
            // pyca/cryptography's under sslyze, refuse the chain without)
            byte[] ski = ca.getExtensionValue("2.5.29.14"), aki = leaf.getExtensionValue("2.5.29.35");
            assertTrue(ski != null && aki != null, "the CA's subjectKeyIdentifier and the device's authorityKeyIdentifier");
            byte[] id = java.util.Arrays.copyOfRange(ski, ski.length - 20, ski.length);
            assertArrayEquals(id, java.util.Arrays.copyOfRange(aki, aki.length - 20, aki.length), "the device names its CA's key");
        } else {
            assertEquals(1, leaf.getVersion(), "a v1 certificate, as the papers'");
        }
        if (build.equals("legacy-ecc")) {
            assertTrue(leaf.getEncoded().length <= 230, "a papers'-size device certificate: " + leaf.getEncoded().length);
        }
        Map<String, byte[]> arrays = arrays(Files.readString(dir.resolve("sz_identity.h")));
        String p = build.equals("legacy-rsa") ? "rsa" : "ec";
        assertArrayEquals(certificateList(dir.resolve("device-chain.pem")), arrays.get("sz_id_" + p + "_certificate_list"));
        PemObject pem = new PemReader(new StringReader(Files.readString(dir.resolve("device-key.pem")))).readPemObject();
        if (p.equals("ec")) {
            assertEquals(ECPrivateKey.getInstance(pem.getContent()).getKey(), new BigInteger(1, arrays.get("sz_id_ec_d")));
        } else {
            assertEquals(RSAPrivateKey.getInstance(pem.getContent()).getPrime1(), new BigInteger(1, arrays.get("sz_id_rsa_p")));
        }
    }

    /** RFC 5246 §7.4.2's certificate_list of the PEM chain, as the JDK parses it. */
    private static byte[] certificateList(Path chain) throws Exception {
        Collection<? extends java.security.cert.Certificate> certs = CertificateFactory.getInstance("X.509")
                .generateCertificates(new ByteArrayInputStream(Files.readAllBytes(chain)));
        List<byte[]> ders = new ArrayList<>();
        int total = 0;
        for (java.security.cert.Certificate c : certs) {
            byte[] der = ((X509Certificate) c).getEncoded();
            ders.add(der);
            total += 3 + der.length;
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        u24(out, total);
        for (byte[] der : ders) {
            u24(out, der.length);
            out.write(der);
        }
        return out.toByteArray();
    }

    private static void u24(java.io.ByteArrayOutputStream out, int v) {
        out.write(v >>> 16);
        out.write(v >>> 8);
        out.write(v);
    }

    /** Every "static const uint8_t NAME[N] KS_FLASH = {...};" of the header, its length checked. */
    private static Map<String, byte[]> arrays(String header) {
        Map<String, byte[]> m = new HashMap<>();
        Matcher a = Pattern.compile("static const uint8_t (\\w+)\\[(\\d+)\\] KS_FLASH = \\{([^}]*)\\};").matcher(header);
        while (a.find()) {
            String[] hex = a.group(3).trim().split("\\s*,\\s*");
            byte[] v = new byte[hex.length];
            for (int i = 0; i < hex.length; i++) {
                v[i] = (byte) Integer.parseInt(hex[i].substring(2), 16);
            }
            assertEquals(Integer.parseInt(a.group(2)), v.length, a.group(1));
            m.put(a.group(1), v);
        }
        return m;
    }
}
