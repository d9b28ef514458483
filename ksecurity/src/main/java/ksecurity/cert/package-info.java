/**
 * X.509 certificates for KSecurity (CLDC 1.1): strict DER, certificate and key-file parsing,
 * a trust store with chain validation, and issuing small device certificates. The shapes are
 * subsets of J2SE's java.security.cert (X509Certificate, CertificateFactory, KeyStore), as
 * KSSL's were; keys and signatures go through ksecurity.security.
 *
 * <p>Decisions:
 * <ul>
 * <li>{@link ksecurity.cert.CertificateException} is checked, with a short reason code and a
 * detail: rejecting a certificate is an expected outcome the caller must handle.</li>
 * <li>DER is strict (X.690 section 10 plus RFC 5280): definite minimal lengths, nothing
 * trailing, minimal INTEGERs, DER BOOLEANs, DEFAULT values omitted, named-bit BIT STRINGs
 * without trailing zeros, times in the two RFC 5280 forms, nesting at most
 * {@link ksecurity.cert.DerReader#MAX_DEPTH}. The whole tree is checked before anything is
 * interpreted.</li>
 * <li>An unknown critical extension does not stop parsing (as in J2SE); path validation
 * rejects it ({@code UNKNOWN_CRITICAL_EXTENSION}).</li>
 * <li>Names chain by their DER bytes (what RFC 5280 7.1 allows when the issuer copied the
 * subject, which every CA does); no case folding or string-type conversion.</li>
 * <li>Trust anchors that issue must be CAs (basicConstraints cA), like intermediates; anchors
 * are checked for validity and unknown critical extensions too.</li>
 * <li>Host names: subjectAltName dNSName/iPAddress; CN only when there is no subjectAltName
 * (small device certificates carry just a CN); compared as ASCII, folding A-Z only, so that a
 * non-ASCII name matches nothing; a null host is an error, never a check skipped.</li>
 * <li>Every chain is validated under a {@link ksecurity.cert.CertificatePolicy}: MODERN (P-256,
 * RSA of 2048 bits or more, SHA-256) or LEGACY (what the papers ran: secp160r1, RSA of 768 bits
 * or more, MD5 and SHA-1). There is no default: callers choose.</li>
 * <li>Certificates are at most {@link ksecurity.cert.X509Certificate#MAX_SIZE} bytes.</li>
 * </ul>
 */
package ksecurity.cert;
