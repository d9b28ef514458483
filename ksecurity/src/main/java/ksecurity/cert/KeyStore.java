package ksecurity.cert;

import ksecurity.prim.Bytes;
import java.util.Enumeration;
import java.util.Hashtable;
import java.util.Vector;

/**
 * A store of trusted certificates (the J2SE KeyStore subset for trusted-certificate entries)
 * and the validation of a peer's chain against it (RFC 5280 6.1, the parts a TLS client or
 * device needs: no policies, no name constraints, no revocation). Stricter than RFC 5280 in
 * three places, on purpose: self-issued intermediates count against pathLenConstraint, a trust
 * anchor must itself be a valid CA certificate (in date, cA, keyCertSign), and every chain is
 * held to a {@link CertificatePolicy} floor of keys and signature algorithms. Every change of
 * the contents moves the store to a new {@link #getGeneration generation}, so that results
 * cached against it can tell they are stale.
 */
public final class KeyStore {
    /** The last generation number handed out, by any store: no two contents share one. */
    private static long lastGeneration;

    private final Hashtable entries = new Hashtable();
    private long generation = nextGeneration();

    private static synchronized long nextGeneration() {
        return ++lastGeneration;
    }

    /**
     * A number that changes on every change of the contents (an entry added, replaced or
     * deleted), unique among all stores of this VM: a result cached under one generation
     * (e.g. a verified chain) is stale once the store is at another.
     */
    public synchronized long getGeneration() {
        return generation;
    }

    private synchronized void changed() {
        generation = nextGeneration();
    }

    /** The aliases (Strings). */
    public Enumeration aliases() {
        return entries.keys();
    }

    /** Adds or replaces a trusted certificate. */
    public void setCertificateEntry(String alias, X509Certificate cert) {
        if (alias == null || cert == null) {
            throw new IllegalArgumentException("null alias or certificate");
        }
        entries.put(alias, cert);
        changed();
    }

    /**
     * Adds every certificate of a PEM bundle or of DER certificates back to back (a trust file
     * such as `--trust CERT` names), each under its subject DN (made unique with "#2", "#3"...
     * if needed); certificates already stored are skipped. Returns how many were added;
     * nothing is added if any fails to parse.
     */
    public int loadCertificates(byte[] data) throws CertificateException {
        Vector certs = CertificateFactory.generateCertificates(data);
        int added = 0;
        for (int i = 0; i < certs.size(); i++) {
            X509Certificate c = (X509Certificate) certs.elementAt(i);
            if (contains(c)) {
                continue;
            }
            String alias = c.getSubjectDN();
            for (int k = 2; entries.containsKey(alias); k++) {
                alias = c.getSubjectDN().concat("#").concat(String.valueOf(k));
            }
            entries.put(alias, c);
            added++;
        }
        if (added > 0) {
            changed();
        }
        return added;
    }

    /** The certificate under {@code alias}, or null. */
    public X509Certificate getCertificate(String alias) {
        return (X509Certificate) entries.get(alias);
    }

    /** The alias of a stored certificate equal to {@code cert}, or null. */
    public String getCertificateAlias(X509Certificate cert) {
        for (Enumeration e = entries.keys(); e.hasMoreElements();) {
            String alias = (String) e.nextElement();
            if (entries.get(alias).equals(cert)) {
                return alias;
            }
        }
        return null;
    }

    public void deleteEntry(String alias) {
        if (entries.remove(alias) != null) {
            changed();
        }
    }

    public boolean containsAlias(String alias) {
        return entries.containsKey(alias);
    }

    /** True if a certificate with the same encoding is stored. */
    public boolean contains(X509Certificate cert) {
        return getCertificateAlias(cert) != null;
    }

    public int size() {
        return entries.size();
    }

    /**
     * Validates a chain, leaf first, each certificate issued by the next, at time {@code now}
     * (ms since the epoch), for a connection to {@code host}. The chain ends at a stored
     * certificate (it may be one of the chain, even the leaf itself, or the stored issuer of the
     * last one). Checked first, on the whole path: {@code policy}'s floor (every public key, the
     * anchor's included, and every signature but the anchor's own), so that no other failure
     * hides a weak chain. Then, in that order for each certificate from the leaf up: no
     * unprocessed critical extension; validity; issuer name equal (DER bytes) to the next
     * subject; the issuer is a CA (basicConstraints cA), its pathLenConstraint allows the
     * intermediates below it, its keyUsage (if present) has keyCertSign; the signature. The
     * anchor is checked for critical extensions and validity too. Then the leaf: keyUsage bit
     * {@code leafKeyUsage} (an X509Certificate.KU_* index, or -1 for none) if the leaf has
     * keyUsage; extendedKeyUsage {@code leafPurpose} (e.g. Oid.SERVER_AUTH, or null) if the leaf
     * has extendedKeyUsage; {@code host} by {@link HostName}.
     *
     * @param host the DNS name or IP literal the peer was reached by; never null (a chain
     *        that names no one in particular is checked by the overload without a host)
     * @return the trust anchor the chain ends at
     */
    public X509Certificate verifyChain(X509Certificate[] chain, long now, String host, int leafKeyUsage,
            String leafPurpose, CertificatePolicy policy) throws CertificateException {
        if (host == null) {
            throw new IllegalArgumentException("null host: a host name check cannot be skipped by passing null");
        }
        return verify(chain, now, host, leafKeyUsage, leafPurpose, policy);
    }

    /**
     * Validates a chain as {@link #verifyChain(X509Certificate[], long, String, int, String,
     * CertificatePolicy)} does, but for no host in particular: for certificates that are not a
     * server's (a client's or a device's, checked for themselves). A TLS client never uses it.
     */
    public X509Certificate verifyChain(X509Certificate[] chain, long now, int leafKeyUsage, String leafPurpose,
            CertificatePolicy policy) throws CertificateException {
        return verify(chain, now, null, leafKeyUsage, leafPurpose, policy);
    }

    private X509Certificate verify(X509Certificate[] chain, long now, String host, int leafKeyUsage,
            String leafPurpose, CertificatePolicy policy) throws CertificateException {
        if (policy == null) {
            throw new IllegalArgumentException("null policy: choose CertificatePolicy.MODERN or LEGACY");
        }
        if (chain == null || chain.length == 0) {
            throw new CertificateException(CertificateException.UNTRUSTED, "empty chain");
        }
        for (int i = 0; i < chain.length; i++) {
            if (chain[i] == null) {
                throw new IllegalArgumentException("null certificate in the chain");
            }
        }
        int last = chain.length - 1; // chain[0..last] are checked against their issuers
        X509Certificate anchor = null;
        for (int i = 0; i < chain.length && anchor == null; i++) {
            if (contains(chain[i])) {
                anchor = chain[i];
                last = i - 1;
            }
        }
        for (int i = 0; i <= last; i++) {
            policy.checkKey(chain[i]);
            policy.checkSignatureAlgorithm(chain[i]);
        }
        boolean lastVerified = false;
        if (anchor == null) {
            anchor = findIssuer(chain[last]);
            lastVerified = true;
        }
        policy.checkKey(anchor);
        for (int i = 0; i <= last; i++) {
            X509Certificate cert = chain[i];
            X509Certificate issuer = i < last ? chain[i + 1] : anchor;
            cert.checkCriticalExtensions();
            cert.checkValidity(now);
            if (!Bytes.equals(cert.getIssuerEncoded(), issuer.getSubjectEncoded())) {
                throw new CertificateException(CertificateException.BROKEN_CHAIN,
                        "issuer of ".concat(cert.getSubjectDN()).concat(" is not ").concat(issuer.getSubjectDN()));
            }
            checkIssuer(issuer, i);
            if (!(i == last && lastVerified)) {
                cert.verify(issuer.getPublicKey());
            }
        }
        anchor.checkCriticalExtensions();
        anchor.checkValidity(now);
        checkLeaf(chain[0], leafKeyUsage, leafPurpose);
        if (host != null) {
            HostName.check(chain[0], host);
        }
        return anchor;
    }

    /** The stored CA whose subject is {@code cert}'s issuer and whose key verifies it. */
    private X509Certificate findIssuer(X509Certificate cert) throws CertificateException {
        byte[] issuerName = cert.getIssuerEncoded();
        CertificateException failure = null;
        for (Enumeration e = entries.elements(); e.hasMoreElements();) {
            X509Certificate c = (X509Certificate) e.nextElement();
            if (!Bytes.equals(c.getSubjectEncoded(), issuerName)) {
                continue;
            }
            try {
                cert.verify(c.getPublicKey());
                return c;
            } catch (CertificateException ex) {
                failure = ex; // another stored certificate of that name may hold the key
            }
        }
        if (failure != null) {
            throw failure;
        }
        throw new CertificateException(CertificateException.UNTRUSTED,
                "no trusted certificate for issuer ".concat(cert.getIssuerDN()));
    }

    /** An issuer with {@code below} intermediate CAs between it and the leaf. */
    private static void checkIssuer(X509Certificate issuer, int below) throws CertificateException {
        int pathLen = issuer.getBasicConstraints();
        if (pathLen < 0) {
            throw new CertificateException(CertificateException.NOT_A_CA, issuer.getSubjectDN());
        }
        if (below > pathLen) {
            throw new CertificateException(CertificateException.PATH_TOO_LONG,
                    "pathLenConstraint ".concat(String.valueOf(pathLen)).concat(" of ").concat(issuer.getSubjectDN()));
        }
        boolean[] ku = issuer.getKeyUsage();
        if (ku != null && !ku[X509Certificate.KU_KEY_CERT_SIGN]) {
            throw new CertificateException(CertificateException.KEY_USAGE,
                    "no keyCertSign in ".concat(issuer.getSubjectDN()));
        }
    }

    private static void checkLeaf(X509Certificate leaf, int keyUsage, String purpose) throws CertificateException {
        boolean[] ku = leaf.getKeyUsage();
        if (keyUsage >= 0 && ku != null && !ku[keyUsage]) {
            throw new CertificateException(CertificateException.KEY_USAGE,
                    "keyUsage bit ".concat(String.valueOf(keyUsage)).concat(" not set in ").concat(leaf.getSubjectDN()));
        }
        String[] eku = leaf.getExtendedKeyUsage();
        if (purpose != null && eku != null) {
            for (int i = 0; i < eku.length; i++) {
                if (eku[i].equals(purpose) || eku[i].equals(Oid.ANY_EXTENDED_KEY_USAGE)) {
                    return;
                }
            }
            throw new CertificateException(CertificateException.KEY_USAGE,
                    "extendedKeyUsage lacks ".concat(purpose).concat(" in ").concat(leaf.getSubjectDN()));
        }
    }
}
