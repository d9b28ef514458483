package ksecurity.cert;

import ksecurity.prim.Bytes;
import java.util.Vector;

import ksecurity.security.CryptoException;
import ksecurity.security.ECPublicKey;
import ksecurity.security.MessageDigest;
import ksecurity.security.PublicKey;
import ksecurity.security.RSAPublicKey;
import ksecurity.security.Signature;

/**
 * An X.509 v1/v2/v3 certificate (RFC 5280), shaped as a subset of J2SE's
 * java.security.cert.X509Certificate. Immutable; parsed strictly by
 * {@link CertificateFactory#generateCertificate}.
 *
 * <p>Extensions understood: basicConstraints, keyUsage, extendedKeyUsage, subjectAltName
 * (dNSName and iPAddress are kept, other name forms skipped), and the two key identifiers
 * (read, not used for path building). As in J2SE, a certificate with a critical extension outside that set
 * still parses — it can be examined and printed — and {@link #hasUnsupportedCriticalExtension}
 * says so; path validation ({@link KeyStore#verifyChain}) rejects it with
 * {@link CertificateException#UNKNOWN_CRITICAL_EXTENSION}, as J2SE's PKIX validator does.
 *
 * <p>Strict on what DER fixes: a version or critical flag written out at its DEFAULT value, a
 * repeated extension, mismatched inner and outer signature algorithms, extensions in a v1/v2
 * certificate all fail with {@link CertificateException#MALFORMED}.
 */
public final class X509Certificate {
    public static final int KU_DIGITAL_SIGNATURE = 0;
    public static final int KU_NON_REPUDIATION = 1;
    public static final int KU_KEY_ENCIPHERMENT = 2;
    public static final int KU_DATA_ENCIPHERMENT = 3;
    public static final int KU_KEY_AGREEMENT = 4;
    public static final int KU_KEY_CERT_SIGN = 5;
    public static final int KU_CRL_SIGN = 6;
    public static final int KU_ENCIPHER_ONLY = 7;
    public static final int KU_DECIPHER_ONLY = 8;

    /** subjectAltName GeneralName tags, as J2SE's getSubjectAltNames() numbers them. */
    public static final int SAN_DNS_NAME = 2;
    public static final int SAN_IP_ADDRESS = 7;

    /** Largest certificate accepted: far above any real one, and keeps lengths in a short. */
    public static final int MAX_SIZE = 16384;

    private final byte[] encoded;
    private final byte[] tbs;
    private int version;
    private byte[] serial;
    private String sigAlgOid;
    private byte[] signature;
    private byte[] issuer;
    private byte[] subject;
    private String issuerDN;
    private String subjectDN;
    private long notBefore;
    private long notAfter;
    private PublicKeyInfo publicKey;

    private int basicConstraints = -1;
    private boolean[] keyUsage;
    private String[] extKeyUsage;
    private Vector dnsNames;
    private Vector ipAddresses;
    private boolean hasSubjectAltName;
    private byte[] subjectKeyId;
    private byte[] authorityKeyId;
    private final Vector extensionOids = new Vector();
    private final Vector criticalOids = new Vector();
    private String unsupportedCritical; // the first critical extension not processed, or null

    /** Parses one DER certificate occupying exactly {@code der[off..off+len)}. */
    X509Certificate(byte[] der, int off, int len) throws CertificateException {
        if (len > MAX_SIZE) {
            throw CertificateException.malformed("certificate too large");
        }
        DerReader top = DerReader.open(der, off, len);
        DerReader cert = top.readSequence();
        encoded = top.elementBytes();
        DerReader t = cert.readSequence();
        tbs = cert.elementBytes();
        String outerAlg = SignatureAlgorithm.read(cert);
        signature = cert.readOctetAlignedBitString();
        cert.finish();
        parseTbs(t);
        if (!outerAlg.equals(sigAlgOid)) {
            throw CertificateException.malformed("signature algorithm differs from the one in the TBSCertificate");
        }
    }

    private void parseTbs(DerReader t) throws CertificateException {
        version = 1;
        if (t.peekTag() == 0xA0) {
            DerReader v = t.readConstructed(0xA0);
            int n = v.readSmallInt();
            v.finish();
            if (n == 0) {
                throw CertificateException.malformed("version v1 written out (DER omits the DEFAULT)");
            }
            if (n > 2) {
                throw CertificateException.malformed("unknown version");
            }
            version = n + 1;
        }
        serial = t.readInteger(21);
        sigAlgOid = SignatureAlgorithm.read(t);
        t.readSequence();
        issuer = t.elementBytes();
        issuerDN = X500Name.format(issuer);
        DerReader validity = t.readSequence();
        notBefore = validity.readTime();
        notAfter = validity.readTime();
        validity.finish();
        t.readSequence();
        subject = t.elementBytes();
        subjectDN = X500Name.format(subject);
        publicKey = PublicKeyInfo.read(t);
        if (t.peekTag() == 0x81) {
            requireVersion(2, "issuerUniqueID");
            t.skip();
        }
        if (t.peekTag() == 0x82) {
            requireVersion(2, "subjectUniqueID");
            t.skip();
        }
        if (t.peekTag() == 0xA3) {
            requireVersion(3, "extensions");
            DerReader wrapper = t.readConstructed(0xA3);
            DerReader exts = wrapper.readSequence();
            wrapper.finish();
            if (!exts.hasMore()) {
                throw CertificateException.malformed("empty extensions");
            }
            while (exts.hasMore()) {
                parseExtension(exts.readSequence());
            }
        }
        t.finish();
    }

    private void requireVersion(int v, String what) throws CertificateException {
        if (version < v) {
            throw CertificateException.malformed(what.concat(" in a certificate of an earlier version"));
        }
    }

    private void parseExtension(DerReader e) throws CertificateException {
        String oid = e.readOid();
        boolean critical = false;
        if (e.peekTag() == DerReader.BOOLEAN) {
            critical = e.readBoolean();
            if (!critical) {
                throw CertificateException.malformed("critical FALSE written out (DER omits the DEFAULT)");
            }
        }
        byte[] value = e.readOctetString();
        e.finish();
        if (extensionOids.contains(oid)) {
            throw CertificateException.malformed("extension repeated: ".concat(oid));
        }
        extensionOids.addElement(oid);
        if (critical) {
            criticalOids.addElement(oid);
        }
        DerReader v = DerReader.open(value);
        if (Oid.BASIC_CONSTRAINTS.equals(oid)) {
            parseBasicConstraints(v.readSequence());
        } else if (Oid.KEY_USAGE.equals(oid)) {
            boolean[] bits = v.readNamedBits();
            if (bits.length == 0) {
                throw CertificateException.malformed("keyUsage with no bit set");
            }
            keyUsage = new boolean[Math.max(9, bits.length)];
            System.arraycopy(bits, 0, keyUsage, 0, bits.length);
        } else if (Oid.EXT_KEY_USAGE.equals(oid)) {
            DerReader s = v.readSequence();
            Vector list = new Vector();
            do {
                list.addElement(s.readOid());
            } while (s.hasMore());
            extKeyUsage = new String[list.size()];
            list.copyInto(extKeyUsage);
        } else if (Oid.SUBJECT_ALT_NAME.equals(oid)) {
            parseSubjectAltName(v.readSequence());
        } else if (Oid.SUBJECT_KEY_IDENTIFIER.equals(oid)) {
            subjectKeyId = v.readOctetString();
        } else if (Oid.AUTHORITY_KEY_IDENTIFIER.equals(oid)) {
            // AuthorityKeyIdentifier ::= SEQUENCE { [0] keyIdentifier, [1] issuer, [2] serial }.
            // Kept for reading; path building here goes by names, not key identifiers.
            DerReader aki = v.readSequence();
            if (aki.peekTag() == 0x80) {
                aki.read(0x80);
                authorityKeyId = aki.valueBytes();
            }
            while (aki.hasMore()) {
                aki.skip();
            }
        } else {
            if (critical && unsupportedCritical == null) {
                unsupportedCritical = oid;
            }
            return;
        }
        v.finish();
    }

    private void parseBasicConstraints(DerReader s) throws CertificateException {
        boolean ca = false;
        if (s.peekTag() == DerReader.BOOLEAN) {
            ca = s.readBoolean();
            if (!ca) {
                throw CertificateException.malformed("cA FALSE written out (DER omits the DEFAULT)");
            }
        }
        int pathLen = Integer.MAX_VALUE;
        if (s.hasMore()) {
            pathLen = s.readSmallInt();
        }
        s.finish();
        basicConstraints = ca ? pathLen : -1;
    }

    private void parseSubjectAltName(DerReader s) throws CertificateException {
        hasSubjectAltName = true;
        dnsNames = new Vector();
        ipAddresses = new Vector();
        do {
            s.readAny();
            int tag = s.lastTag();
            if (tag == 0x82) {
                byte[] b = s.valueBytes();
                char[] c = new char[b.length];
                for (int i = 0; i < b.length; i++) {
                    if (b[i] < 0x20) { // IA5String with no controls; bytes >= 0x80 are negative
                        throw CertificateException.malformed("dNSName not printable IA5");
                    }
                    c[i] = (char) b[i];
                }
                dnsNames.addElement(new String(c));
            } else if (tag == 0x87) {
                if (s.valueLength() != 4 && s.valueLength() != 16) {
                    throw CertificateException.malformed("iPAddress of bad length");
                }
                ipAddresses.addElement(s.valueBytes());
            }
            // Other GeneralName forms (rfc822Name, URI, directoryName...) are skipped.
        } while (s.hasMore());
    }

    /** 1, 2 or 3. */
    public int getVersion() {
        return version;
    }

    /** The serial number's INTEGER contents (two's complement, big-endian). */
    public byte[] getSerialNumber() {
        return Bytes.copy(serial, 0, serial.length);
    }

    /** The issuer as an RFC 4514 string, e.g. "CN=Root,O=Example". */
    public String getIssuerDN() {
        return issuerDN;
    }

    /** The subject as an RFC 4514 string. */
    public String getSubjectDN() {
        return subjectDN;
    }

    /** The issuer Name's DER (what chaining compares). */
    public byte[] getIssuerEncoded() {
        return Bytes.copy(issuer, 0, issuer.length);
    }

    /** The subject Name's DER. */
    public byte[] getSubjectEncoded() {
        return Bytes.copy(subject, 0, subject.length);
    }

    /** The subject's most specific common name, or null. */
    public String getSubjectCommonName() {
        try {
            return X500Name.commonName(subject);
        } catch (CertificateException e) {
            return null; // cannot happen: the name was parsed with the certificate
        }
    }

    /** notBefore in milliseconds since the epoch. */
    public long getNotBefore() {
        return notBefore;
    }

    /** notAfter in milliseconds since the epoch. */
    public long getNotAfter() {
        return notAfter;
    }

    /** Fails with EXPIRED or NOT_YET_VALID unless notBefore &lt;= now &lt;= notAfter. */
    public void checkValidity(long now) throws CertificateException {
        if (now < notBefore) {
            throw new CertificateException(CertificateException.NOT_YET_VALID, "not valid before ".concat(subjectDN));
        }
        if (now > notAfter) {
            throw new CertificateException(CertificateException.EXPIRED, "expired: ".concat(subjectDN));
        }
    }

    /** The subject public key as parsed (algorithm, curve, numbers, SPKI encoding). */
    public PublicKeyInfo getPublicKeyInfo() {
        return publicKey;
    }

    /** The subject public key as a ksecurity.security key (ECPublicKey or RSAPublicKey). */
    public PublicKey getPublicKey() throws CertificateException {
        return publicKey.toKey();
    }

    /** J2SE-style name, e.g. "SHA256withECDSA". */
    public String getSigAlgName() {
        return SignatureAlgorithm.name(sigAlgOid);
    }

    public String getSigAlgOID() {
        return sigAlgOid;
    }

    /** The signatureValue octets (for ECDSA, the DER Ecdsa-Sig-Value). */
    public byte[] getSignature() {
        return Bytes.copy(signature, 0, signature.length);
    }

    /** The DER of the TBSCertificate: what the signature covers. */
    public byte[] getTBSCertificate() {
        return Bytes.copy(tbs, 0, tbs.length);
    }

    public byte[] getEncoded() {
        return Bytes.copy(encoded, 0, encoded.length);
    }

    /**
     * -1 if the subject is not a CA; otherwise its pathLenConstraint, or Integer.MAX_VALUE if
     * it has none (J2SE's contract).
     */
    public int getBasicConstraints() {
        return basicConstraints;
    }

    /** The keyUsage bits (KU_* indices, at least 9), or null without the extension. */
    public boolean[] getKeyUsage() {
        if (keyUsage == null) {
            return null;
        }
        boolean[] r = new boolean[keyUsage.length];
        System.arraycopy(keyUsage, 0, r, 0, r.length);
        return r;
    }

    /** The extendedKeyUsage purposes as dotted OIDs, or null without the extension. */
    public String[] getExtendedKeyUsage() {
        if (extKeyUsage == null) {
            return null;
        }
        String[] r = new String[extKeyUsage.length];
        System.arraycopy(extKeyUsage, 0, r, 0, r.length);
        return r;
    }

    /**
     * The dNSName and iPAddress entries of subjectAltName, J2SE-style: a Vector of Object[2]
     * {Integer type (SAN_DNS_NAME or SAN_IP_ADDRESS), String value}; IP addresses in dotted
     * (IPv4) or colon-hex (IPv6, uncompressed) form. Null without the extension.
     */
    public Vector getSubjectAltNames() {
        if (!hasSubjectAltName) {
            return null;
        }
        Vector r = new Vector();
        for (int i = 0; i < dnsNames.size(); i++) {
            r.addElement(new Object[] {new Integer(SAN_DNS_NAME), dnsNames.elementAt(i)});
        }
        for (int i = 0; i < ipAddresses.size(); i++) {
            r.addElement(new Object[] {new Integer(SAN_IP_ADDRESS), HostName.formatIp((byte[]) ipAddresses.elementAt(i))});
        }
        return r;
    }

    /** The subjectAltName dNSName entries (empty if none). */
    public String[] getDnsNames() {
        String[] r = new String[dnsNames == null ? 0 : dnsNames.size()];
        if (dnsNames != null) {
            dnsNames.copyInto(r);
        }
        return r;
    }

    /** The subjectAltName iPAddress entries, 4 or 16 bytes each (empty if none). */
    public byte[][] getIpAddresses() {
        byte[][] r = new byte[ipAddresses == null ? 0 : ipAddresses.size()][];
        for (int i = 0; i < r.length; i++) {
            byte[] a = (byte[]) ipAddresses.elementAt(i);
            r[i] = Bytes.copy(a, 0, a.length);
        }
        return r;
    }

    /** The subjectKeyIdentifier, or null without the extension. */
    public byte[] getSubjectKeyIdentifier() {
        return subjectKeyId == null ? null : Bytes.copy(subjectKeyId, 0, subjectKeyId.length);
    }

    /** The authorityKeyIdentifier's keyIdentifier, or null if absent. */
    public byte[] getAuthorityKeyIdentifier() {
        return authorityKeyId == null ? null : Bytes.copy(authorityKeyId, 0, authorityKeyId.length);
    }

    /** True if the certificate has a subjectAltName extension. */
    public boolean hasSubjectAltName() {
        return hasSubjectAltName;
    }

    /** The OIDs of all extensions present, in order. */
    public String[] getExtensionOIDs() {
        String[] r = new String[extensionOids.size()];
        extensionOids.copyInto(r);
        return r;
    }

    /** The OIDs of the critical extensions. */
    public String[] getCriticalExtensionOIDs() {
        String[] r = new String[criticalOids.size()];
        criticalOids.copyInto(r);
        return r;
    }

    /** True if a critical extension is one this class does not process. */
    public boolean hasUnsupportedCriticalExtension() {
        return unsupportedCritical != null;
    }

    /** Fails with UNKNOWN_CRITICAL_EXTENSION if {@link #hasUnsupportedCriticalExtension}. */
    public void checkCriticalExtensions() throws CertificateException {
        if (unsupportedCritical != null) {
            throw new CertificateException(CertificateException.UNKNOWN_CRITICAL_EXTENSION,
                    unsupportedCritical.concat(" in ").concat(subjectDN));
        }
    }

    /**
     * Verifies the signature with {@code key} (the issuer's public key). Fails with
     * BAD_SIGNATURE (also when the key's type does not fit the algorithm or the signature is not
     * well formed) or UNSUPPORTED_ALGORITHM.
     */
    public void verify(PublicKey key) throws CertificateException {
        byte alg = SignatureAlgorithm.signatureAlgorithm(sigAlgOid);
        boolean ecdsa = SignatureAlgorithm.isEcdsa(sigAlgOid);
        if (ecdsa ? !(key instanceof ECPublicKey) : !(key instanceof RSAPublicKey)) {
            throw new CertificateException(CertificateException.BAD_SIGNATURE,
                    "issuer key type does not match ".concat(getSigAlgName()));
        }
        if (ecdsa) {
            checkEcdsaSigValue();
        }
        boolean ok;
        try {
            Signature s = Signature.getInstance(alg, false);
            s.init(key, Signature.MODE_VERIFY);
            int off = 0;
            while (tbs.length - off > 0x4000) {
                s.update(tbs, (short) off, (short) 0x4000);
                off += 0x4000;
            }
            ok = s.verify(tbs, (short) off, (short) (tbs.length - off), signature, (short) 0, (short) signature.length);
        } catch (CryptoException e) {
            short reason = e.getReason() == CryptoException.NO_SUCH_ALGORITHM
                    ? CertificateException.UNSUPPORTED_ALGORITHM : CertificateException.BAD_SIGNATURE;
            throw new CertificateException(reason, e.getMessage());
        }
        if (!ok) {
            throw new CertificateException(CertificateException.BAD_SIGNATURE, "signature of ".concat(subjectDN));
        }
    }

    /** Ecdsa-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }, both positive and minimal. */
    private void checkEcdsaSigValue() throws CertificateException {
        try {
            DerReader seq = DerReader.open(signature).readSequence();
            seq.readUnsignedInteger(66);
            seq.readUnsignedInteger(66);
            seq.finish();
        } catch (CertificateException e) {
            throw new CertificateException(CertificateException.BAD_SIGNATURE,
                    "ECDSA signature not well formed: ".concat(e.getDetail()));
        }
    }

    /** SHA-256 of the DER encoding (the usual certificate fingerprint). */
    public byte[] getFingerprintSha256() {
        MessageDigest md = MessageDigest.getInstance(MessageDigest.ALG_SHA_256, false);
        byte[] out = new byte[32];
        md.doFinal(encoded, (short) 0, (short) encoded.length, out, (short) 0);
        return out;
    }

    /** True if {@code o} is a certificate with the same encoding. */
    public boolean equals(Object o) {
        if (!(o instanceof X509Certificate)) {
            return false;
        }
        return Bytes.equals(((X509Certificate) o).encoded, encoded);
    }

    public int hashCode() {
        int h = 1;
        for (int i = 0; i < encoded.length; i++) {
            h = 31 * h + encoded[i];
        }
        return h;
    }

    public String toString() {
        return "X509Certificate[subject=".concat(subjectDN).concat(", issuer=").concat(issuerDN).concat("]");
    }
}
