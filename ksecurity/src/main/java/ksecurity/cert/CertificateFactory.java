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
     * One DER certificate occupying exactly {@code buf[off..off+len)} (as a TLS Certificate
     * message carries them), without copying the input first.
     */
    public static X509Certificate generateCertificate(byte[] buf, int off, int len) throws CertificateException {
        return new X509Certificate(buf, off, len);
    }

    /**
     * All certificates: each CERTIFICATE block of PEM text in order, or DER certificates one
     * after another (at least one). Returns a Vector of X509Certificate.
     */
    public static Vector generateCertificates(byte[] data) throws CertificateException {
        Vector r = new Vector();
        if (data == null || data.length == 0) {
            throw CertificateException.malformed("no input");
        }
        if (!Pem.isPem(data)) {
            int off = 0;
            while (off < data.length) {
                int n = DerReader.elementLength(data, off, data.length - off);
                r.addElement(new X509Certificate(data, off, n));
                off += n;
            }
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
