package ksecurity.cert;

import ksecurity.prim.Bytes;
import java.util.Vector;

import ksecurity.security.CryptoException;
import ksecurity.security.ECPrivateKey;
import ksecurity.security.MessageDigest;
import ksecurity.security.PrivateKey;
import ksecurity.security.PublicKey;
import ksecurity.security.RSAPrivateCrtKey;
import ksecurity.security.RSAPrivateKey;
import ksecurity.security.Signature;

/**
 * Issues certificates, smallest encoding first: names are a single CN (PrintableString when
 * possible), serials are minimal INTEGERs, times are UTCTime (through 2049), no extension is
 * written unless asked for, and a certificate without extensions is a v1 certificate (its
 * version field is then omitted as DER requires). EC subject keys may be written with a
 * compressed point (RFC 5480 2.2), which saves half the key but not every peer accepts.
 *
 * <p>The signature can come from a ksecurity.security private key ({@link #sign}) or from
 * elsewhere (a card, a test oracle): {@link #encodeTbs} then {@link #assemble}.
 */
public final class CertificateBuilder {
    private byte[] serial = {1};
    private byte[] issuer;
    private byte[] subject;
    private long notBefore;
    private long notAfter;
    private boolean validitySet;
    private PublicKey subjectKey;
    private boolean compressed;
    private String sigAlgOid = Oid.ECDSA_WITH_SHA256;
    private int ca = -2; // -2: no basicConstraints; -1: cA without pathLen; else pathLen
    private boolean[] keyUsage;
    private String[] extKeyUsage;
    private final Vector dnsNames = new Vector();
    private final Vector ipAddresses = new Vector();
    private boolean subjectKeyId;
    private byte[] authorityKeyId;

    /**
     * A positive serial number, written as a minimal INTEGER (1 to 9 bytes). The default is 1;
     * each certificate a CA issues needs its own (RFC 5280 4.1.2.2).
     */
    public CertificateBuilder setSerialNumber(long serial) {
        if (serial <= 0) {
            throw new IllegalArgumentException("serial must be positive (RFC 5280 4.1.2.2)");
        }
        DerWriter w = new DerWriter().integer(serial);
        byte[] der = w.toByteArray();
        this.serial = Bytes.copy(der, 2, der.length - 2);
        return this;
    }

    /** Issuer name: a single CN. */
    public CertificateBuilder setIssuer(String cn) {
        issuer = X500Name.encodeCommonName(cn);
        return this;
    }

    /**
     * Issuer name: the subject of the issuing CA's certificate, byte for byte. Its
     * subjectKeyIdentifier, if any, becomes this certificate's authorityKeyIdentifier whenever
     * this one has extensions anyway (RFC 5280 4.2.1.1); a v1 certificate stays without.
     */
    public CertificateBuilder setIssuer(X509Certificate caCert) {
        issuer = caCert.getSubjectEncoded();
        authorityKeyId = caCert.getSubjectKeyIdentifier();
        return this;
    }

    /**
     * Adds a subjectKeyIdentifier: SHA-1 of the subjectPublicKey bits (RFC 5280 4.2.1.2 method
     * 1). CA certificates must have one; {@link #selfSignedCa} sets it.
     */
    public CertificateBuilder setSubjectKeyIdentifier(boolean on) {
        subjectKeyId = on;
        return this;
    }

    /** Subject name: a single CN. */
    public CertificateBuilder setSubject(String cn) {
        subject = X500Name.encodeCommonName(cn);
        return this;
    }

    /** Validity, in milliseconds since the epoch (whole seconds are kept). */
    public CertificateBuilder setValidity(long notBefore, long notAfter) {
        if (notAfter < notBefore) {
            throw new IllegalArgumentException("notAfter before notBefore");
        }
        this.notBefore = notBefore;
        this.notAfter = notAfter;
        validitySet = true;
        return this;
    }

    /** The subject's public key (ECPublicKey or RSAPublicKey); EC points compressed if asked. */
    public CertificateBuilder setPublicKey(PublicKey key, boolean compressPoint) {
        subjectKey = key;
        compressed = compressPoint;
        return this;
    }

    /** The signature algorithm, as a Signature.ALG_* constant (default ECDSA with SHA-256). */
    public CertificateBuilder setSignatureAlgorithm(byte signatureAlgorithm) {
        sigAlgOid = SignatureAlgorithm.oid(signatureAlgorithm);
        return this;
    }

    /** Marks the subject a CA (critical basicConstraints cA); pathLen -1 for no limit. */
    public CertificateBuilder setCa(int pathLen) {
        ca = pathLen < 0 ? -1 : pathLen;
        return this;
    }

    /** A critical keyUsage extension (X509Certificate.KU_* indices). */
    public CertificateBuilder setKeyUsage(boolean[] bits) {
        keyUsage = new boolean[bits.length];
        System.arraycopy(bits, 0, keyUsage, 0, bits.length);
        return this;
    }

    /** A non-critical extendedKeyUsage extension (dotted OIDs). */
    public CertificateBuilder setExtendedKeyUsage(String[] purposes) {
        extKeyUsage = new String[purposes.length];
        System.arraycopy(purposes, 0, extKeyUsage, 0, purposes.length);
        return this;
    }

    /** Adds a subjectAltName dNSName. */
    public CertificateBuilder addDnsName(String name) {
        dnsNames.addElement(name);
        return this;
    }

    /** Adds a subjectAltName iPAddress (a literal, IPv4 or IPv6). */
    public CertificateBuilder addIpAddress(String literal) {
        byte[] ip = HostName.parseIp(literal);
        if (ip == null) {
            throw new IllegalArgumentException("not an IP address: ".concat(literal));
        }
        ipAddresses.addElement(ip);
        return this;
    }

    /** The TBSCertificate DER, ready to be signed with the chosen algorithm. */
    public byte[] encodeTbs() throws CertificateException {
        if (issuer == null || subject == null || !validitySet || subjectKey == null) {
            throw new IllegalStateException("issuer, subject, validity and public key are required");
        }
        boolean v3 = ca != -2 || keyUsage != null || extKeyUsage != null || !dnsNames.isEmpty()
                || !ipAddresses.isEmpty() || subjectKeyId;
        DerWriter w = new DerWriter();
        w.begin(DerReader.SEQUENCE);
        if (v3) {
            w.begin(0xA0).integer(2).end();
        }
        w.primitive(DerReader.INTEGER, serial);
        SignatureAlgorithm.write(w, sigAlgOid);
        w.raw(issuer);
        w.begin(DerReader.SEQUENCE).time(notBefore).time(notAfter).end();
        w.raw(subject);
        byte[] spki = PublicKeyInfo.encode(subjectKey, compressed);
        w.raw(spki);
        if (v3) {
            w.begin(0xA3).begin(DerReader.SEQUENCE);
            writeExtensions(w, spki);
            w.end().end();
        }
        w.end();
        return w.toByteArray();
    }

    private void writeExtensions(DerWriter w, byte[] spki) throws CertificateException {
        if (ca != -2) {
            DerWriter v = new DerWriter().begin(DerReader.SEQUENCE).bool(true);
            if (ca >= 0) {
                v.integer(ca);
            }
            extension(w, Oid.BASIC_CONSTRAINTS, true, v.end().toByteArray());
        }
        if (keyUsage != null) {
            extension(w, Oid.KEY_USAGE, true, new DerWriter().namedBits(keyUsage).toByteArray());
        }
        if (extKeyUsage != null) {
            DerWriter v = new DerWriter().begin(DerReader.SEQUENCE);
            for (int i = 0; i < extKeyUsage.length; i++) {
                v.oid(extKeyUsage[i]);
            }
            extension(w, Oid.EXT_KEY_USAGE, false, v.end().toByteArray());
        }
        if (!dnsNames.isEmpty() || !ipAddresses.isEmpty()) {
            DerWriter v = new DerWriter().begin(DerReader.SEQUENCE);
            for (int i = 0; i < dnsNames.size(); i++) {
                v.string(0x82, (String) dnsNames.elementAt(i));
            }
            for (int i = 0; i < ipAddresses.size(); i++) {
                v.primitive(0x87, (byte[]) ipAddresses.elementAt(i));
            }
            extension(w, Oid.SUBJECT_ALT_NAME, false, v.end().toByteArray());
        }
        byte[] ski = null;
        if (subjectKeyId) {
            DerReader r = DerReader.open(spki).readSequence();
            r.skip();
            byte[] key = r.readOctetAlignedBitString();
            ski = new byte[MessageDigest.LENGTH_SHA];
            MessageDigest.getInstance(MessageDigest.ALG_SHA, false)
                    .doFinal(key, (short) 0, (short) key.length, ski, (short) 0);
            extension(w, Oid.SUBJECT_KEY_IDENTIFIER, false, new DerWriter().octetString(ski).toByteArray());
        }
        // Self-signed (the issuer's key identifier is our own): RFC 5280 lets it be omitted.
        if (authorityKeyId != null && !(ski != null && Bytes.equals(ski, authorityKeyId))) {
            extension(w, Oid.AUTHORITY_KEY_IDENTIFIER, false, new DerWriter().begin(DerReader.SEQUENCE)
                    .primitive(0x80, authorityKeyId).end().toByteArray());
        }
    }

    private static void extension(DerWriter w, String oid, boolean critical, byte[] value) {
        w.begin(DerReader.SEQUENCE).oid(oid);
        if (critical) {
            w.bool(true);
        }
        w.octetString(value).end();
    }

    /** Signs the TBSCertificate with the issuer's private key and returns the certificate. */
    public X509Certificate sign(PrivateKey issuerKey) throws CertificateException {
        byte[] tbs = encodeTbs();
        boolean ecdsa = SignatureAlgorithm.isEcdsa(sigAlgOid);
        boolean keyFits = ecdsa ? issuerKey instanceof ECPrivateKey
                : issuerKey instanceof RSAPrivateKey || issuerKey instanceof RSAPrivateCrtKey;
        if (!keyFits) {
            throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM,
                    "issuer key type does not match ".concat(SignatureAlgorithm.name(sigAlgOid)));
        }
        byte[] sig = new byte[PublicKeyInfo.MAX_RSA_BYTES + 16];
        int n;
        try {
            Signature s = Signature.getInstance(SignatureAlgorithm.signatureAlgorithm(sigAlgOid), false);
            s.init(issuerKey, Signature.MODE_SIGN);
            n = s.sign(tbs, (short) 0, (short) tbs.length, sig, (short) 0);
        } catch (CryptoException e) {
            short reason = e.getReason() == CryptoException.NO_SUCH_ALGORITHM
                    ? CertificateException.UNSUPPORTED_ALGORITHM : CertificateException.BAD_SIGNATURE;
            throw new CertificateException(reason, "signing: ".concat(e.getMessage()));
        }
        return assemble(tbs, sigAlgOid, Bytes.copy(sig, 0, n));
    }

    /** The certificate from a TBSCertificate, its signature algorithm OID and the signature. */
    public static X509Certificate assemble(byte[] tbs, String sigAlgOid, byte[] signature) throws CertificateException {
        DerWriter w = new DerWriter();
        w.begin(DerReader.SEQUENCE).raw(tbs);
        SignatureAlgorithm.write(w, sigAlgOid);
        w.bitString(signature).end();
        byte[] der = w.toByteArray();
        return new X509Certificate(der, 0, der.length);
    }

    /**
     * A builder preset for a self-signed CA: issuer = subject = {@code cn}, critical
     * basicConstraints cA (pathLen as given, -1 for none), critical keyUsage keyCertSign and
     * cRLSign, and a subjectKeyIdentifier. Sign it with the private half of {@code key}.
     */
    public static CertificateBuilder selfSignedCa(String cn, PublicKey key, long notBefore, long notAfter, int pathLen) {
        boolean[] ku = new boolean[9];
        ku[X509Certificate.KU_KEY_CERT_SIGN] = true;
        ku[X509Certificate.KU_CRL_SIGN] = true;
        return new CertificateBuilder().setIssuer(cn).setSubject(cn).setValidity(notBefore, notAfter)
                .setPublicKey(key, false).setCa(pathLen).setKeyUsage(ku).setSubjectKeyIdentifier(true);
    }

    /**
     * A builder preset for the smallest device certificate: v1, CN-only names, no extensions;
     * issued by {@code caCert}.
     */
    public static CertificateBuilder device(X509Certificate caCert, String cn, PublicKey key, long notBefore,
            long notAfter) {
        return new CertificateBuilder().setIssuer(caCert).setSubject(cn).setValidity(notBefore, notAfter)
                .setPublicKey(key, false);
    }
}
