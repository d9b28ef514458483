package ksecurity.cert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ksecurity.security.KeyPair;
import ksecurity.security.PrivateKey;
import ksecurity.security.PublicKey;
import ksecurity.security.Signature;

import org.junit.jupiter.api.Test;

/**
 * The floor under chains (CertificatePolicy): every key and every signature but the trust
 * anchor's own, under the modern and the legacy policy, on chains issued here (TEST KEYS).
 */
class CertificatePolicyTest {
    private static final long NOW = System.currentTimeMillis() / 1000 * 1000;
    private static final long DAY = 86400000L;
    private static final String HOST = "device.example.com";
    private static final int DS = X509Certificate.KU_DIGITAL_SIGNATURE;

    private static KeyPair ec(int bits) {
        KeyPair kp = new KeyPair(KeyPair.ALG_EC_FP, (short) bits);
        kp.genKeyPair();
        return kp;
    }

    private static KeyPair rsa(int bits) {
        KeyPair kp = new KeyPair(KeyPair.ALG_RSA_CRT, (short) bits);
        kp.genKeyPair();
        return kp;
    }

    private static final KeyPair P256_ROOT = ec(256);
    private static final KeyPair P256_INTER = ec(256);
    private static final KeyPair P256_LEAF = ec(256);

    private static X509Certificate root(String cn, KeyPair keys, byte alg) throws CertificateException {
        return CertificateBuilder.selfSignedCa(cn, keys.getPublic(), NOW - DAY, NOW + DAY, -1).setSignatureAlgorithm(alg)
                .sign(keys.getPrivate());
    }

    private static X509Certificate inter(X509Certificate issuer, PrivateKey issuerKey, PublicKey key, byte alg)
            throws CertificateException {
        return new CertificateBuilder().setIssuer(issuer).setSubject("Inter").setValidity(NOW - DAY, NOW + DAY)
                .setPublicKey(key, false).setCa(0).setSubjectKeyIdentifier(true).setSerialNumber(2)
                .setSignatureAlgorithm(alg).sign(issuerKey);
    }

    private static X509Certificate leaf(X509Certificate issuer, PrivateKey issuerKey, PublicKey key, byte alg)
            throws CertificateException {
        return new CertificateBuilder().setIssuer(issuer).setSubject(HOST).addDnsName(HOST)
                .setValidity(NOW - DAY, NOW + DAY).setPublicKey(key, false).setSerialNumber(3)
                .setSignatureAlgorithm(alg).sign(issuerKey);
    }

    private static KeyStore store(X509Certificate anchor) {
        KeyStore ks = new KeyStore();
        ks.setCertificateEntry("anchor", anchor);
        return ks;
    }

    /** The failure under {@code policy}, which must be WEAK_ALGORITHM; returns its detail. */
    private static String weak(KeyStore ks, X509Certificate[] chain, CertificatePolicy policy) {
        CertificateException e = assertThrows(CertificateException.class,
                () -> ks.verifyChain(chain, NOW, HOST, DS, Oid.SERVER_AUTH, policy));
        assertEquals(CertificateException.WEAK_ALGORITHM, e.getReason(), e.getMessage());
        return e.getDetail();
    }

    private static void passes(KeyStore ks, X509Certificate[] chain, CertificatePolicy policy) throws Exception {
        ks.verifyChain(chain, NOW, HOST, DS, Oid.SERVER_AUTH, policy);
    }

    @Test
    void modernAcceptsP256AndRsa2048WithSha256() throws Exception {
        X509Certificate root = root("Root", P256_ROOT, Signature.ALG_ECDSA_SHA_256);
        X509Certificate inter = inter(root, P256_ROOT.getPrivate(), P256_INTER.getPublic(), Signature.ALG_ECDSA_SHA_256);
        X509Certificate leaf = leaf(inter, P256_INTER.getPrivate(), P256_LEAF.getPublic(), Signature.ALG_ECDSA_SHA_256);
        passes(store(root), new X509Certificate[] {leaf, inter}, CertificatePolicy.MODERN);
        passes(store(root), new X509Certificate[] {leaf, inter, root}, CertificatePolicy.MODERN);
        KeyPair rsa = rsa(2048);
        X509Certificate rsaLeaf = leaf(inter, P256_INTER.getPrivate(), rsa.getPublic(), Signature.ALG_ECDSA_SHA_256);
        passes(store(root), new X509Certificate[] {rsaLeaf, inter}, CertificatePolicy.MODERN);
    }

    @Test
    void modernRefusesSha1SignedIntermediate() throws Exception {
        X509Certificate root = root("Root", P256_ROOT, Signature.ALG_ECDSA_SHA_256);
        X509Certificate inter = inter(root, P256_ROOT.getPrivate(), P256_INTER.getPublic(), Signature.ALG_ECDSA_SHA);
        X509Certificate leaf = leaf(inter, P256_INTER.getPrivate(), P256_LEAF.getPublic(), Signature.ALG_ECDSA_SHA_256);
        X509Certificate[] chain = {leaf, inter};
        String detail = weak(store(root), chain, CertificatePolicy.MODERN);
        assertEquals("signature SHA1withECDSA in CN=Inter is below the modern floor", detail);
        passes(store(root), chain, CertificatePolicy.LEGACY);
    }

    @Test
    void modernRefusesMd5SignedIntermediate() throws Exception {
        KeyPair rsaRoot = rsa(2048);
        X509Certificate root = root("RSA Root", rsaRoot, Signature.ALG_RSA_SHA_256_PKCS1);
        X509Certificate inter = inter(root, rsaRoot.getPrivate(), P256_INTER.getPublic(), Signature.ALG_RSA_MD5_PKCS1);
        X509Certificate leaf = leaf(inter, P256_INTER.getPrivate(), P256_LEAF.getPublic(), Signature.ALG_ECDSA_SHA_256);
        X509Certificate[] chain = {leaf, inter};
        assertEquals("signature MD5withRSA in CN=Inter is below the modern floor", weak(store(root), chain,
                CertificatePolicy.MODERN));
        passes(store(root), chain, CertificatePolicy.LEGACY);
        // SHA-224 is below "SHA-256 or better" too.
        X509Certificate inter224 = inter(root, rsaRoot.getPrivate(), P256_INTER.getPublic(),
                Signature.ALG_RSA_SHA_224_PKCS1);
        weak(store(root), new X509Certificate[] {leaf, inter224}, CertificatePolicy.MODERN);
    }

    @Test
    void modernRefusesRsa1024LeafAndLegacyRefusesRsa512() throws Exception {
        X509Certificate root = root("Root", P256_ROOT, Signature.ALG_ECDSA_SHA_256);
        X509Certificate rsa1024 = leaf(root, P256_ROOT.getPrivate(), rsa(1024).getPublic(), Signature.ALG_ECDSA_SHA_256);
        assertEquals("RSA key of 1024 bits in CN=" + HOST + " is below the modern floor",
                weak(store(root), new X509Certificate[] {rsa1024}, CertificatePolicy.MODERN));
        passes(store(root), new X509Certificate[] {rsa1024}, CertificatePolicy.LEGACY);
        X509Certificate rsa768 = leaf(root, P256_ROOT.getPrivate(), rsa(768).getPublic(), Signature.ALG_ECDSA_SHA_256);
        passes(store(root), new X509Certificate[] {rsa768}, CertificatePolicy.LEGACY);
        // 512-bit RSA keys were the papers' RSA_EXPORT temporary keys, never certificates.
        X509Certificate rsa512 = leaf(root, P256_ROOT.getPrivate(), rsa(512).getPublic(), Signature.ALG_ECDSA_SHA_256);
        assertEquals("RSA key of 512 bits in CN=" + HOST + " is below the legacy floor",
                weak(store(root), new X509Certificate[] {rsa512}, CertificatePolicy.LEGACY));
    }

    @Test
    void modernRefusesSecp160r1CaKey() throws Exception {
        KeyPair ca160 = ec(160);
        // The CA's own signature is SHA-256: only its key is below the floor.
        X509Certificate root = root("CA160", ca160, Signature.ALG_ECDSA_SHA_256);
        X509Certificate leaf = leaf(root, ca160.getPrivate(), P256_LEAF.getPublic(), Signature.ALG_ECDSA_SHA_256);
        assertEquals("EC key on secp160r1 in CN=CA160 is below the modern floor",
                weak(store(root), new X509Certificate[] {leaf}, CertificatePolicy.MODERN));
        weak(store(root), new X509Certificate[] {leaf, root}, CertificatePolicy.MODERN);
        // The papers' device certificate: secp160r1 and ecdsa-with-SHA1 throughout, under the legacy floor.
        X509Certificate paperCa = root("CA160", ca160, Signature.ALG_ECDSA_SHA);
        X509Certificate device = leaf(paperCa, ca160.getPrivate(), ec(160).getPublic(), Signature.ALG_ECDSA_SHA);
        passes(store(paperCa), new X509Certificate[] {device}, CertificatePolicy.LEGACY);
        weak(store(paperCa), new X509Certificate[] {device}, CertificatePolicy.MODERN);
    }

    /** A trust anchor is trusted for its key: its own signature (here SHA-1) is not the floor's business. */
    @Test
    void theAnchorsOwnSignatureIsExempt() throws Exception {
        X509Certificate root = root("Root", P256_ROOT, Signature.ALG_ECDSA_SHA);
        X509Certificate leaf = leaf(root, P256_ROOT.getPrivate(), P256_LEAF.getPublic(), Signature.ALG_ECDSA_SHA_256);
        passes(store(root), new X509Certificate[] {leaf}, CertificatePolicy.MODERN);
        passes(store(root), new X509Certificate[] {leaf, root}, CertificatePolicy.MODERN);
        // Pinned: the leaf itself is the anchor, and only its key is checked.
        X509Certificate sha1Leaf = leaf(root, P256_ROOT.getPrivate(), P256_LEAF.getPublic(), Signature.ALG_ECDSA_SHA);
        passes(store(sha1Leaf), new X509Certificate[] {sha1Leaf}, CertificatePolicy.MODERN);
    }

    /**
     * The floor comes before trust: a weak chain nobody trusts fails as weak, not as untrusted,
     * so that a caller who may accept an untrusted chain (a TLS client's callback) never sees it
     * as merely untrusted.
     */
    @Test
    void weakBeforeUntrusted() throws Exception {
        X509Certificate root = root("Root", P256_ROOT, Signature.ALG_ECDSA_SHA_256);
        X509Certificate inter = inter(root, P256_ROOT.getPrivate(), P256_INTER.getPublic(), Signature.ALG_ECDSA_SHA);
        X509Certificate leaf = leaf(inter, P256_INTER.getPrivate(), P256_LEAF.getPublic(), Signature.ALG_ECDSA_SHA_256);
        weak(new KeyStore(), new X509Certificate[] {leaf, inter}, CertificatePolicy.MODERN);
        weak(new KeyStore(), new X509Certificate[] {leaf, inter, root}, CertificatePolicy.MODERN);
        // An expired chain below the floor: weak first too.
        X509Certificate old = new CertificateBuilder().setIssuer(root).setSubject(HOST).addDnsName(HOST)
                .setValidity(NOW - 3 * DAY, NOW - 2 * DAY).setPublicKey(P256_LEAF.getPublic(), false)
                .setSignatureAlgorithm(Signature.ALG_ECDSA_SHA).sign(P256_ROOT.getPrivate());
        weak(store(root), new X509Certificate[] {old}, CertificatePolicy.MODERN);
    }

    /** "SHA-256 or better": a chain signed with SHA-384 passes both floors (found by review: it was refused). */
    @Test
    void sha384SignaturesMeetTheModernFloor() throws Exception {
        KeyStore root = new KeyStore();
        root.setCertificateEntry("root", TestCerts.cert("root"));
        for (CertificatePolicy p : new CertificatePolicy[] {CertificatePolicy.MODERN, CertificatePolicy.LEGACY}) {
            root.verifyChain(new X509Certificate[] {TestCerts.cert("sha384sig")}, NOW, -1, null, p);
        }
    }

    /** Keys KSecurity cannot check at all fail the floor as unsupported. */
    @Test
    void unsupportedAlgorithmsFailTheFloor() throws Exception {
        for (CertificatePolicy p : new CertificatePolicy[] {CertificatePolicy.MODERN, CertificatePolicy.LEGACY}) {
            assertEquals(CertificateException.UNSUPPORTED_ALGORITHM, assertThrows(CertificateException.class,
                    () -> p.checkKey(TestCerts.cert("ca384"))).getReason());
            assertEquals(CertificateException.UNSUPPORTED_ALGORITHM, assertThrows(CertificateException.class,
                    () -> p.checkKey(TestCerts.cert("ed"))).getReason());
        }
    }

    @Test
    void namesAndRsaMinimums() {
        assertEquals("modern", CertificatePolicy.MODERN.getName());
        assertEquals("legacy", CertificatePolicy.LEGACY.toString());
        assertEquals(2048, CertificatePolicy.MODERN.getMinRsaBits());
        assertEquals(768, CertificatePolicy.LEGACY.getMinRsaBits());
    }
}
