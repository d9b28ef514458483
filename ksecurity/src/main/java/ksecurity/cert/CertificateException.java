package ksecurity.cert;

/**
 * Every certificate, key-file and path-validation failure, with a reason code that programs
 * switch on and a detail that people read.
 *
 * <p>Checked, like J2SE's java.security.cert.CertificateException: a certificate comes from the
 * network or a file, so rejecting it is an expected outcome the caller must handle, not a
 * programming error. (Cryptographic misuse stays ksecurity.security.CryptoException, which is
 * unchecked as in Java Card.)
 */
public class CertificateException extends Exception {
    /** The DER is not strict DER or not the structure expected (detail says which rule). */
    public static final short MALFORMED = 1;
    /** An algorithm, curve, key size or name form that is parsed but not supported. */
    public static final short UNSUPPORTED_ALGORITHM = 2;
    /** A signature that does not verify under the issuer's key. */
    public static final short BAD_SIGNATURE = 3;
    /** notAfter is before the time of validation. */
    public static final short EXPIRED = 4;
    /** notBefore is after the time of validation. */
    public static final short NOT_YET_VALID = 5;
    /** An issuer without basicConstraints cA = TRUE. */
    public static final short NOT_A_CA = 6;
    /** More intermediate CAs below an issuer than its pathLenConstraint allows. */
    public static final short PATH_TOO_LONG = 7;
    /** keyUsage or extendedKeyUsage forbids the use asked for. */
    public static final short KEY_USAGE = 8;
    /** A critical extension this implementation does not process (RFC 5280 4.2). */
    public static final short UNKNOWN_CRITICAL_EXTENSION = 9;
    /** The chain does not end at a certificate of the trust store. */
    public static final short UNTRUSTED = 10;
    /** The host name or address is not one the certificate names. */
    public static final short NAME_MISMATCH = 11;
    /** A certificate's issuer name is not the subject name of the next one in the chain. */
    public static final short BROKEN_CHAIN = 12;
    /**
     * A public key or signature algorithm below the floor of the {@link CertificatePolicy} the
     * chain was checked under (e.g. an MD5- or SHA-1-signed certificate, an RSA-1024 or
     * secp160r1 key under {@link CertificatePolicy#MODERN}).
     */
    public static final short WEAK_ALGORITHM = 13;

    private final short reason;
    private final String detail;

    public CertificateException(short reason, String detail) {
        super(detail);
        this.reason = reason;
        this.detail = detail;
    }

    public short getReason() {
        return reason;
    }

    /** The human-readable part alone, e.g. "non-minimal length". */
    public String getDetail() {
        return detail;
    }

    public String getMessage() {
        String name;
        switch (reason) {
            case MALFORMED: name = "MALFORMED"; break;
            case UNSUPPORTED_ALGORITHM: name = "UNSUPPORTED_ALGORITHM"; break;
            case BAD_SIGNATURE: name = "BAD_SIGNATURE"; break;
            case EXPIRED: name = "EXPIRED"; break;
            case NOT_YET_VALID: name = "NOT_YET_VALID"; break;
            case NOT_A_CA: name = "NOT_A_CA"; break;
            case PATH_TOO_LONG: name = "PATH_TOO_LONG"; break;
            case KEY_USAGE: name = "KEY_USAGE"; break;
            case UNKNOWN_CRITICAL_EXTENSION: name = "UNKNOWN_CRITICAL_EXTENSION"; break;
            case UNTRUSTED: name = "UNTRUSTED"; break;
            case NAME_MISMATCH: name = "NAME_MISMATCH"; break;
            case BROKEN_CHAIN: name = "BROKEN_CHAIN"; break;
            case WEAK_ALGORITHM: name = "WEAK_ALGORITHM"; break;
            default: name = "reason ".concat(String.valueOf(reason));
        }
        return detail == null ? name : name.concat(": ").concat(detail);
    }

    static CertificateException malformed(String detail) {
        return new CertificateException(MALFORMED, detail);
    }
}
