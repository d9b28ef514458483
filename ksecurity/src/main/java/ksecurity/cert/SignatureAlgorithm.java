package ksecurity.cert;

import ksecurity.security.Signature;

/**
 * The certificate signature algorithms KSecurity verifies and issues: their OIDs, J2SE names
 * and the ksecurity.security.Signature algorithm that computes them.
 */
public final class SignatureAlgorithm {
    private static final String[] OIDS = {
        Oid.ECDSA_WITH_SHA1, Oid.ECDSA_WITH_SHA224, Oid.ECDSA_WITH_SHA256, Oid.ECDSA_WITH_SHA384, Oid.ECDSA_WITH_SHA512,
        Oid.MD5_WITH_RSA, Oid.SHA1_WITH_RSA, Oid.SHA224_WITH_RSA, Oid.SHA256_WITH_RSA, Oid.SHA384_WITH_RSA,
        Oid.SHA512_WITH_RSA,
    };
    private static final String[] NAMES = {
        "SHA1withECDSA", "SHA224withECDSA", "SHA256withECDSA", "SHA384withECDSA", "SHA512withECDSA",
        "MD5withRSA", "SHA1withRSA", "SHA224withRSA", "SHA256withRSA", "SHA384withRSA", "SHA512withRSA",
    };
    private static final byte[] ALGS = {
        Signature.ALG_ECDSA_SHA, Signature.ALG_ECDSA_SHA_224, Signature.ALG_ECDSA_SHA_256, Signature.ALG_ECDSA_SHA_384,
        Signature.ALG_ECDSA_SHA_512, Signature.ALG_RSA_MD5_PKCS1, Signature.ALG_RSA_SHA_PKCS1,
        Signature.ALG_RSA_SHA_224_PKCS1, Signature.ALG_RSA_SHA_256_PKCS1, Signature.ALG_RSA_SHA_384_PKCS1,
        Signature.ALG_RSA_SHA_512_PKCS1,
    };

    private SignatureAlgorithm() {
    }

    private static int index(String oid) {
        for (int i = 0; i < OIDS.length; i++) {
            if (OIDS[i].equals(oid)) {
                return i;
            }
        }
        return -1;
    }

    /** True for the ecdsa-with-* OIDs (whose AlgorithmIdentifier has no parameters). */
    public static boolean isEcdsa(String oid) {
        return oid.startsWith("1.2.840.10045.4.");
    }

    /** The J2SE name (e.g. "SHA256withECDSA"), or the OID itself if unknown. */
    public static String name(String oid) {
        int i = index(oid);
        return i < 0 ? oid : NAMES[i];
    }

    /** The ksecurity.security.Signature algorithm constant for an OID. */
    public static byte signatureAlgorithm(String oid) throws CertificateException {
        int i = index(oid);
        if (i < 0) {
            throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM,
                    "signature algorithm ".concat(oid));
        }
        return ALGS[i];
    }

    /** The OID for a ksecurity.security.Signature algorithm constant. */
    public static String oid(byte signatureAlgorithm) {
        for (int i = 0; i < ALGS.length; i++) {
            if (ALGS[i] == signatureAlgorithm) {
                return OIDS[i];
            }
        }
        throw new IllegalArgumentException("no certificate signature OID for this algorithm");
    }

    /**
     * Reads an AlgorithmIdentifier for a signature: ECDSA ones carry no parameters (RFC 5758
     * 3.2), RSA ones carry NULL (RFC 3279 2.2.1; an absent NULL is tolerated, as everyone does).
     * Returns the OID; unknown OIDs are returned too (rejected only when used).
     */
    static String read(DerReader outer) throws CertificateException {
        DerReader r = outer.readSequence();
        String oid = r.readOid();
        if (r.hasMore() && !isEcdsa(oid) && r.peekTag() == DerReader.NULL) {
            r.readNull();
        } else if (r.hasMore() && index(oid) >= 0) {
            throw CertificateException.malformed("unexpected signature algorithm parameters");
        } else {
            while (r.hasMore()) {
                r.skip();
            }
        }
        r.finish();
        return oid;
    }

    /** Writes the AlgorithmIdentifier for a signature OID. */
    static void write(DerWriter w, String oid) {
        w.begin(DerReader.SEQUENCE).oid(oid);
        if (!isEcdsa(oid)) {
            w.nul();
        }
        w.end();
    }
}
