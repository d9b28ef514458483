package kssl;

import ksecurity.cert.X509Certificate;

/** A server certificate as MIDP 2.0 shows it (javax.microedition.pki.Certificate). */
public final class PkiCertificate implements javax.microedition.pki.Certificate {
    private final X509Certificate cert;

    public PkiCertificate(X509Certificate cert) {
        this.cert = cert;
    }

    /** The KSecurity certificate (encoding, key, extensions, fingerprint). */
    public X509Certificate getX509() {
        return cert;
    }

    public String getSubject() {
        return cert.getSubjectDN();
    }

    public String getIssuer() {
        return cert.getIssuerDN();
    }

    public String getType() {
        return "X.509";
    }

    public String getVersion() {
        return Integer.toString(cert.getVersion());
    }

    public String getSigAlgName() {
        return cert.getSigAlgName();
    }

    public long getNotBefore() {
        return cert.getNotBefore();
    }

    public long getNotAfter() {
        return cert.getNotAfter();
    }

    /** Hexadecimal bytes separated by ':', e.g. "0C:56:FA:80" (the MIDP form). */
    public String getSerialNumber() {
        return hexColons(cert.getSerialNumber());
    }

    static String hexColons(byte[] b) {
        StringBuffer s = new StringBuffer();
        String digits = "0123456789ABCDEF";
        for (int i = 0; i < b.length; i++) {
            if (i > 0) {
                s.append(':');
            }
            s.append(digits.charAt((b[i] >> 4) & 15)).append(digits.charAt(b[i] & 15));
        }
        return s.toString();
    }

    public String toString() {
        return getSubject();
    }
}
