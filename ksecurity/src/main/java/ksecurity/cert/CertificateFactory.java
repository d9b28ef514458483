package ksecurity.cert;

import java.util.Vector;

/**
 * Parses certificates, as J2SE's CertificateFactory.getInstance("X.509"): DER, or PEM
 * "CERTIFICATE" blocks (one or many, other blocks ignored).
 */
public final class CertificateFactory {
    private static final String LABEL = "CERTIFICATE";

    private CertificateFactory() {
    }

    /** One certificate: exactly one DER certificate, or the first CERTIFICATE block of PEM text. */
    public static X509Certificate generateCertificate(byte[] data) throws CertificateException {
        if (data == null || data.length == 0) {
            throw CertificateException.malformed("no input");
        }
        if (!Pem.isPem(data)) {
            return new X509Certificate(data, 0, data.length);
        }
        Vector all = generateCertificates(data);
        return (X509Certificate) all.elementAt(0);
    }

    /**
     * All certificates: each CERTIFICATE block of PEM text in order (at least one), or the one
     * DER certificate. Returns a Vector of X509Certificate.
     */
    public static Vector generateCertificates(byte[] data) throws CertificateException {
        Vector r = new Vector();
        if (!Pem.isPem(data)) {
            r.addElement(generateCertificate(data));
            return r;
        }
        Pem[] blocks = Pem.decodeAll(data);
        for (int i = 0; i < blocks.length; i++) {
            if (LABEL.equals(blocks[i].getLabel())) {
                byte[] der = blocks[i].getDer();
                r.addElement(new X509Certificate(der, 0, der.length));
            }
        }
        if (r.isEmpty()) {
            throw CertificateException.malformed("no CERTIFICATE block");
        }
        return r;
    }

    /** PEM text of a certificate. */
    public static String toPem(X509Certificate cert) {
        return Pem.encode(LABEL, cert.getEncoded());
    }
}
