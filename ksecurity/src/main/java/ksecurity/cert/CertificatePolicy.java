package ksecurity.cert;

/**
 * The floor under a certificate chain: which public keys and signature algorithms it may use.
 * {@link KeyStore#verifyChain} applies it to every certificate of the path, before anything
 * else: every public key (the trust anchor's included) and every signature except the trust
 * anchor's own (an anchor is trusted for its key, not for its self-signature). Only what is
 * known to meet the floor passes: a key or signature algorithm KSecurity supports but the
 * policy does not list fails with {@link CertificateException#WEAK_ALGORITHM}, one KSecurity
 * does not support at all (a P-384 or Ed25519 key, an MD2 or RSA-PSS signature) with
 * {@link CertificateException#UNSUPPORTED_ALGORITHM}.
 */
public final class CertificatePolicy {
    /**
     * Today's floor: ECDSA keys on P-256 or RSA keys of at least 2048 bits, signed with
     * SHA-256 or better (ecdsa-with-SHA256/384/512, sha256/384/512WithRSAEncryption). No MD5
     * or SHA-1 (RFC 9155 and the CA/Browser Forum), nor SHA-224.
     */
    public static final CertificatePolicy MODERN = new CertificatePolicy("modern", new String[] {Oid.SECP256R1}, 2048,
            new String[] {Oid.ECDSA_WITH_SHA256, Oid.ECDSA_WITH_SHA384, Oid.ECDSA_WITH_SHA512, Oid.SHA256_WITH_RSA,
                Oid.SHA384_WITH_RSA, Oid.SHA512_WITH_RSA});

    /**
     * What the papers ran, and INSECURE: EC keys on secp160r1 and the three larger curves,
     * RSA keys of at least 768 bits (the KSSL report's servers had 768- and 1024-bit keys,
     * Sizzle's 1024), and every signature algorithm KSecurity verifies, MD5 and SHA-1 included.
     * RSA keys of 512 bits appear in the papers only as RSA_EXPORT's temporary keys, which are
     * not certificates.
     */
    public static final CertificatePolicy LEGACY = new CertificatePolicy("legacy",
            new String[] {Oid.SECP160R1, Oid.SECP192R1, Oid.SECP224R1, Oid.SECP256R1}, 768,
            new String[] {Oid.ECDSA_WITH_SHA1, Oid.ECDSA_WITH_SHA224, Oid.ECDSA_WITH_SHA256, Oid.ECDSA_WITH_SHA384,
                Oid.ECDSA_WITH_SHA512, Oid.MD5_WITH_RSA, Oid.SHA1_WITH_RSA, Oid.SHA224_WITH_RSA, Oid.SHA256_WITH_RSA,
                Oid.SHA384_WITH_RSA, Oid.SHA512_WITH_RSA});

    private final String name;
    private final String[] curves;
    private final int minRsaBits;
    private final String[] signatureAlgorithms;

    private CertificatePolicy(String name, String[] curves, int minRsaBits, String[] signatureAlgorithms) {
        this.name = name;
        this.curves = curves;
        this.minRsaBits = minRsaBits;
        this.signatureAlgorithms = signatureAlgorithms;
    }

    /** "modern" or "legacy". */
    public String getName() {
        return name;
    }

    /** The smallest RSA modulus allowed, in bits. */
    public int getMinRsaBits() {
        return minRsaBits;
    }

    /** Fails with WEAK_ALGORITHM (or UNSUPPORTED_ALGORITHM) unless {@code cert}'s public key meets the floor. */
    public void checkKey(X509Certificate cert) throws CertificateException {
        PublicKeyInfo k = cert.getPublicKeyInfo();
        if (!k.isSupported()) {
            k.toKey(); // fails with UNSUPPORTED_ALGORITHM, naming the curve or algorithm
        }
        if ("RSA".equals(k.getAlgorithm())) {
            if (k.getKeySize() < minRsaBits) {
                throw weak("RSA key of ".concat(String.valueOf(k.getKeySize())).concat(" bits"), cert);
            }
        } else if (!contains(curves, k.getCurveOid())) {
            throw weak("EC key on ".concat(k.getCurveName()), cert);
        }
    }

    /**
     * Fails with WEAK_ALGORITHM (or UNSUPPORTED_ALGORITHM) unless the algorithm {@code cert} is
     * signed with meets the floor.
     */
    public void checkSignatureAlgorithm(X509Certificate cert) throws CertificateException {
        SignatureAlgorithm.signatureAlgorithm(cert.getSigAlgOID()); // UNSUPPORTED_ALGORITHM if unknown
        if (!contains(signatureAlgorithms, cert.getSigAlgOID())) {
            throw weak("signature ".concat(cert.getSigAlgName()), cert);
        }
    }

    private CertificateException weak(String what, X509Certificate cert) {
        return new CertificateException(CertificateException.WEAK_ALGORITHM, what.concat(" in ")
                .concat(cert.getSubjectDN()).concat(" is below the ").concat(name).concat(" floor"));
    }

    private static boolean contains(String[] list, String s) {
        for (int i = 0; i < list.length; i++) {
            if (list[i].equals(s)) {
                return true;
            }
        }
        return false;
    }

    public String toString() {
        return name;
    }
}
